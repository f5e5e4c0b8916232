"""Replay the recorded reference games (``scripts/record_games.py``) and find no difference: the same legal-action
lists and the same position after every action, for every game, edition and player count."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from brass_nb.rules.game import new_game

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
from record_games import OUT, configs, legal_hash, state_hash  # noqa: E402


@pytest.mark.parametrize("name, edition, players", configs())
def test_recorded_games_replay_identically(name, edition, players):
    lines = (OUT / f"{name}_{edition}_{players}p.txt").read_text(encoding="utf-8").splitlines()
    game = None
    games = 0
    for number, line in enumerate(lines, start=1):
        if line.startswith("seed "):
            _, seed, _, start = line.split()
            game = new_game(name, players=players, seed=int(seed), edition=edition)
            assert state_hash(game) == start, f"line {number}: the set-up position differs"
            games += 1
            continue
        action, count, before, after = line.split("\t")
        where = f"{OUT.name}/{name}_{edition}_{players}p.txt line {number} ({action})"
        assert (len(game.legal_actions()), legal_hash(game)) == (int(count), before), f"{where}: legal actions differ"
        game.play(action)
        assert state_hash(game) == after, f"{where}: the position after it differs"
    assert games >= 8
