"""Random play for property tests, benchmarks and quick demos: a seeded policy over the legal actions."""
from __future__ import annotations

import random

from brass_nb.rules.actions import SPECS, Action
from brass_nb.rules.game import Game, new_game

KIND_WEIGHTS = {kind: spec.random_weight for kind, spec in SPECS.items()}
"""How often random play picks each kind (its spec's): random games should reach sales, flips and scoring, not drown
in passes and loans."""


def random_action(game: Game, rng: random.Random) -> Action:
    """Pick an action kind by :data:`KIND_WEIGHTS`, then any action of that kind uniformly (only it is built)."""
    legal = game.legal_actions()
    kinds = legal.kinds()
    weights = []
    for k in kinds:
        weights.append(KIND_WEIGHTS[k])
    kind = rng.choices(kinds, weights)[0]
    return rng.choice(legal.of_kind(kind))


def random_game(players: int, seed: int, game: str = "birmingham", edition: str | None = None) -> Game:
    """Play a whole game with :func:`random_action` (the same seed gives the same game)."""
    g = new_game(game, players=players, seed=seed, edition=edition)
    rng = random.Random(seed)
    while not g.is_over:
        g.play(random_action(g, rng))
    return g
