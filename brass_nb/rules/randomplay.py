"""Random play for property tests, benchmarks and quick demos: a seeded policy over the legal actions."""
from __future__ import annotations

import random

from brass_nb.rules.actions import Action
from brass_nb.rules.game import Game, new_game


def random_action(game: Game, rng: random.Random) -> Action:
    """Pick an action kind uniformly, then an action of that kind, so builds and sales are not drowned
    out by the many ways to pass or scout."""
    by_kind: dict[str, list[Action]] = {}
    for action in game.legal_actions():
        by_kind.setdefault(action.kind, []).append(action)
    kind = rng.choice(sorted(by_kind))
    return rng.choice(by_kind[kind])


def random_game(players: int, seed: int, game: str = "birmingham") -> Game:
    """Play a whole game with :func:`random_action` (the same seed gives the same game)."""
    g = new_game(game, players=players, seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        g.play(random_action(g, rng))
    return g
