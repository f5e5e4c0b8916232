"""scripts/tournament.py: seat-rotated games kept as results files, summarized and paired without playing again."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "tournament.py"


def tournament(*args: str) -> str:
    done = subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=300,
                          check=True)
    return done.stdout


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> dict[str, Path]:
    """Two heroes, each against the same random field on the same two deals (both seats of a 2-player game)."""
    folder = tmp_path_factory.mktemp("tournament")
    files = {}
    for hero in ("greedy", "today"):
        files[hero] = folder / f"{hero}.json"
        tournament("--players", "2", "--hero", hero, "--field", "random", "--games", "4", "--results",
                   str(files[hero]))
    return files


def test_every_game_is_kept_with_the_hero_in_every_seat_of_every_deal(runs):
    games = json.loads(runs["greedy"].read_text(encoding="utf-8"))["games"]
    assert sorted((g["deal"], g["hero_seat"]) for g in games) == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert all(g["winner_vp"] == max(g["hero_vp"], g["field_vp"]) and g["share"] in (0, 0.5, 1) for g in games)
    summary = tournament("--summary", str(runs["greedy"]))
    wins = sum(g["share"] for g in games)
    assert f"greedy wins {wins:g} of 4 = {wins / 4:.1%}" in summary


def test_compare_pairs_the_same_deal_and_seat_and_reports_the_margins_difference(runs):
    first, second = (json.loads(runs[h].read_text(encoding="utf-8"))["games"] for h in ("today", "greedy"))
    before = {(g["deal"], g["hero_seat"]): g["hero_vp"] - g["field_vp"] for g in first}
    gains = [g["hero_vp"] - g["field_vp"] - before[(g["deal"], g["hero_seat"])] for g in second]
    said = tournament("--compare", str(runs["today"]), str(runs["greedy"]))
    assert "4 paired games (2 deals)" in said
    assert f"margin over the best of the field: {sum(gains) / 4:+.1f} VP" in said
    assert (f"higher in {sum(g > 0 for g in gains)} games, lower in {sum(g < 0 for g in gains)}") in said


def test_compare_refuses_files_played_against_different_fields(runs, tmp_path):
    other = json.loads(runs["today"].read_text(encoding="utf-8")) | {"field": "greedy"}
    (tmp_path / "other.json").write_text(json.dumps(other), encoding="utf-8")
    done = subprocess.run([sys.executable, str(SCRIPT), "--compare", str(runs["greedy"]), str(tmp_path / "other.json")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0 and "not played against the same field" in done.stderr
