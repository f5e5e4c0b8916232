"""Invariants over many seeded random games played to the final score."""
from __future__ import annotations

import random

import pytest

import brass_nb as bn
from brass_nb.explain import render_text
from brass_nb.rules.facts import editions, known_games, load_facts
from brass_nb.rules.game import new_game
from brass_nb.rules.state import State
from brass_nb.rules.turns import deal_deck
from brass_nb.saves import game_from_json
from brass_nb.rules.randomplay import random_action

GAMES_PER_COUNT = 200
RESOURCES = (("coal", "coal"), ("iron", "iron"), ("beer", "brewery"))


def check_invariants(game: bn.Game, players: int) -> None:
    s = game.state
    facts = s.facts
    assert sum(p.money for p in s.players) + s.bank == 0, "money is only moved between players and the bank"
    for resource, industry in RESOURCES:
        on_tiles = sum(t.cubes for t in s.tiles.values() if t.industry == industry)
        in_market = s.markets.get(resource, 0)
        merchant = sum(m.beer for m in s.merchants.values()) if resource == "beer" else 0
        assert on_tiles + in_market + merchant + s.supply[resource] == 0, resource
    for p in s.players:
        assert p.money >= 0 and p.vp >= 0 and p.links_left >= 0
        on_board = sum(1 for t in s.tiles.values() if t.owner == p.index)
        assert on_board + p.tiles_on_mat() + p.tiles_gone == sum(t.count for ts in facts.tiles.values() for t in ts)
        assert all(n >= 0 for counts in p.mat.values() for n in counts)
        assert p.links_left + sum(1 for o in s.links.values() if o == p.index) == 14
    assert all(t.cubes >= 0 for t in s.tiles.values())
    assert all(0 <= s.markets[m] <= len(facts.markets[m].prices) for m in s.markets)
    cards = len(s.deck) + len(s.set_aside) + sum(len(p.hand) + len(p.discard) for p in s.players)
    wilds_out = sum(1 for p in s.players for c in p.hand if c in s.wilds)
    assert cards - wilds_out == len(deal_deck(State(facts, players, 0)))
    assert sum(s.wilds.values()) + wilds_out == facts.wild_location + facts.wild_industry
    if s.distant is not None:
        assert len(s.distant.tiles) + len(s.distant.drawn) == len(facts.rules.distant_market.pile(players))


def play_checked(players: int, seed: int, name: str = "birmingham", edition: str | None = None) -> bn.Game:
    game = new_game(name, players=players, seed=seed, edition=edition)
    rng = random.Random(seed)
    last = None
    while not game.is_over:
        action = random_action(game, rng)
        assert action in game.legal_actions()
        assert game.parse(str(action)) == action, str(action)
        last = game.play(action)
        check_invariants(game, players)
    for language in ("en", "ja"):              # the final ranking, with every tie-break, reads in both languages
        text = render_text(last, language)
        assert last.find("game.end") and str(game.scores()[0]["vp"]) in text
    return game


CONFIGS = [(game, edition, players) for game in known_games() for edition in editions(game)
           for players in load_facts(game, edition).rules.player_counts]


@pytest.mark.parametrize("name, edition, players", CONFIGS)
def test_random_games_keep_every_invariant(name, edition, players):
    for seed in range(GAMES_PER_COUNT):
        game = play_checked(players, seed, name, edition)
        final = game.state.to_dict()
        assert game.state.era == "rail" and game.is_over and game.legal_actions() == []
        replay = new_game(name, players=players, seed=seed, edition=edition)
        for action in game.log:
            replay.play(action)
        assert replay.state.to_dict() == final, f"replay differs, seed {seed}"
        assert game_from_json(game.to_json()).state.to_dict() == final, f"save/load differs, seed {seed}"


def test_save_file_round_trip(tmp_path):
    game = play_checked(3, 11)
    path = tmp_path / "game.json"
    game.save(path)
    loaded = bn.load_game(path)
    assert loaded.state.to_dict() == game.state.to_dict()
    assert loaded.scores() == game.scores()
