"""Replay the recorded reference games (``scripts/record_games.py``) and find no difference: the same legal-action
lists and the same position after every action, for every game, edition and player count."""
from __future__ import annotations

import hashlib
import sys
from pathlib import Path

import pytest

from brass_nb.rules.game import RULES_VERSION, new_game

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


RECORDED_FOR = {2: "dd6d8d1a010f007c"}
"""The recorded games' fingerprint for each rules version: re-recording them (a rule change meant to change games)
fails here until ``RULES_VERSION`` (brass_nb/rules/game.py) is raised and its fingerprint written here, so that saves
from before the change are told apart from today's."""


def test_the_recorded_games_belong_to_this_rules_version():
    text = "".join(path.read_text(encoding="utf-8") for path in sorted(OUT.glob("*.txt")))
    fingerprint = hashlib.sha256(text.encode()).hexdigest()[:16]
    assert RECORDED_FOR.get(RULES_VERSION) == fingerprint, (
        f"the recorded games changed ({fingerprint}): raise RULES_VERSION in brass_nb/rules/game.py and add "
        f"{{{RULES_VERSION + 1}: {fingerprint!r}}} to RECORDED_FOR")
