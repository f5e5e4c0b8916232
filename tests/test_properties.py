"""Invariants over many seeded random games played to the final score, in every game, edition and player count.

``BRASS_GAMES`` sets the number of games per configuration (default 20, so the suite stays fast);
``scripts/soak.py`` plays thousands and reports the figures.
"""
from __future__ import annotations

import pytest
from invariants import CONFIGS, games_per_config, play_checked

import brass_nb as bn

GAMES = games_per_config(20)


@pytest.mark.slow
@pytest.mark.parametrize("name, edition, players", CONFIGS)
def test_random_games_keep_every_invariant(name, edition, players):
    for seed in range(GAMES):
        _, broken = play_checked(name, edition, players, seed)
        assert broken == [], f"seed {seed}: {broken}"


def test_save_file_round_trip(tmp_path):
    game, broken = play_checked("birmingham", None, 3, 11)
    assert broken == []
    path = tmp_path / "game.json"
    game.save(path)
    loaded = bn.load_game(path)
    assert loaded.state.to_dict() == game.state.to_dict()
    assert loaded.scores() == game.scores()
