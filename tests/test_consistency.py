"""legal_actions() and the validator that play() uses agree: the generator lists exactly what the validator allows.

Each configuration plays a fifth of ``BRASS_GAMES`` (at least 2; 4 by default): a game here tries every
conceivable action in a quarter of its positions, so it costs about as much as ten games of the property test.
"""
from __future__ import annotations

import math
import random
from itertools import combinations

import pytest
from invariants import games_per_config

import brass_nb as bn
from brass_nb.rules.actions import Build, Develop, Discard, Loan, Network, Pass, Scout, Sell
from brass_nb.rules.game import new_game
from brass_nb.rules.notation import TWO_CARDS
from brass_nb.rules.randomplay import random_action

CHOICE = {"choice.ambiguous"}
GAMES = max(2, math.ceil(games_per_config(20) / 5))


def _key(action):
    """An action without its resource and loan-amount choices."""
    fields = action._asdict()
    for name in ("coal", "iron", "beer", "amount"):
        fields.pop(name, None)
    return tuple(sorted(fields.items()))


def _candidates(game: bn.Game):
    state, player, phase = game.state, game.current_player, game.phase
    facts = state.facts
    cards = sorted(set(state.players[player].hand)) if phase is None else [None]
    if phase == "double_cards":
        for pair in set(combinations(sorted(state.players[player].hand), 2)):
            yield Discard(pair)
    if phase is None:
        for card in cards + [TWO_CARDS]:
            for name, loc in facts.board.locations.items():
                for industry in {i for icons in loc.slots for i in icons}:
                    for slot in range(1, len(loc.slots) + 1):
                        yield Build(industry, name, card, slot)
            if card == TWO_CARDS:
                continue
            for amount in (None, 10, 20, 30):
                yield Loan(card, amount)
            yield Pass(card)
        for trio in set(combinations(sorted(state.players[player].hand), 3)):
            yield Scout(trio)
    if phase in (None, "rail2"):
        for card in cards:
            for link in facts.board.links:
                yield Network(link.label, card)
    if phase in (None, "develop2", "bonus_develop"):
        for card in cards:
            for industry in facts.industries:
                yield Develop(industry, card, free=phase == "bonus_develop")
    if phase in (None, "sell"):
        for card in cards:
            targets = list(state.merchants) + [label for label, t in state.tiles.items() if t.industry == "port"]
            for slot, tile in state.tiles.items():
                for merchant in targets + ["distant market"]:
                    yield Sell(tile.industry, slot, merchant, card)


@pytest.mark.slow
@pytest.mark.parametrize("name, players", [("birmingham", 2), ("birmingham", 3), ("birmingham", 4),
                                           ("lancashire", 3), ("lancashire", 4)])
def test_generator_matches_validator(name, players):
    positions = 0
    for seed in range(GAMES):
        game = new_game(name, players=players, seed=100 + seed)
        rng = random.Random(seed)
        while not game.is_over:
            if rng.random() < 0.25 and game.phase != "shortfall":
                positions += 1
                legal = {_key(a) for a in game.legal_actions() if a.kind != "done"}
                allowed = set()
                for candidate in _candidates(game):
                    failures = {s.rule for s in game.why_not(candidate)}
                    if failures <= CHOICE:
                        allowed.add(_key(candidate))
                assert legal == allowed, (game.phase, legal ^ allowed)
                for action in game.legal_actions():
                    assert game.why_not(action) == []
            game.play(random_action(game, rng))
    assert positions > 30
