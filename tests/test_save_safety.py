"""Saves a class can trust: a write cut short leaves the previous save as it was, saves of the previous layout load
or are refused as from an older version, and only a path to a regular file of bounded size is read."""
from __future__ import annotations

import errno
import json
import os
import time
from pathlib import Path

import pytest

import brass_nb as bn
from brass_nb.rules import files
from brass_nb.rules.errors import ScenarioError
from brass_nb.rules.game import RULES_VERSION, SAVE_VERSION
from brass_nb.rules.randomplay import random_action
from brass_nb.scenario import text as position_files

V1 = Path(__file__).parent / "saves_v1"


def played(moves: int, seed: int = 3) -> bn.Game:
    import random
    game, rng = bn.new_game("birmingham", players=3, seed=seed), random.Random(seed)
    for _ in range(moves):
        game.play(random_action(game, rng))
    return game


def fail_at_fsync(monkeypatch) -> None:
    """The disk fills up after the new save has been partly written (its data is never flushed)."""
    def full(descriptor: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(files.os, "fsync", full)


def test_a_save_cut_short_leaves_the_previous_save_intact(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    earlier = played(20)
    earlier.save(path)
    before = path.read_bytes()
    later = played(40)
    fail_at_fsync(monkeypatch)
    with pytest.raises(bn.SaveFileError) as err:
        later.save(path)
    assert err.value.rule == "file.write_failed" and "No space left on device" in str(err.value)
    assert "unchanged" in str(err.value) and "元のファイルはそのまま" in err.value.steps[0].text("ja")
    assert path.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]
    monkeypatch.undo()
    assert bn.load_game(path).log == earlier.log


def test_a_position_file_cut_short_leaves_the_previous_one_intact(tmp_path, monkeypatch):
    path = tmp_path / "lesson.brass"
    position_files.save(position_files.read(played(10).position()), path)
    before = path.read_text(encoding="utf-8")
    fail_at_fsync(monkeypatch)
    with pytest.raises(ScenarioError) as err:
        position_files.save(position_files.read(played(30).position()), path)
    assert err.value.rule == "file.write_failed"
    assert path.read_text(encoding="utf-8") == before and len(list(tmp_path.iterdir())) == 1


def test_a_save_replaces_the_file_whole_and_keeps_its_permissions_usual(tmp_path):
    path = tmp_path / "game.json"
    played(5).save(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert (data["version"], data["rules"]) == (SAVE_VERSION, RULES_VERSION)
    assert path.stat().st_mode & 0o777 == 0o666 & ~_umask()


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def test_a_layout_1_save_of_this_engine_loads(tmp_path):
    game = played(30)
    data = {key: value for key, value in game.to_json().items() if key != "rules"} | {"version": 1}
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    loaded = bn.load_game(path)
    assert loaded.log == game.log and loaded.state.to_dict() == game.state.to_dict()


@pytest.mark.parametrize("path", sorted(V1.glob("canal_*.json")), ids=lambda p: p.stem)
def test_previous_layout_saves_of_the_canal_era_replay(path, tmp_path):
    saved = json.loads(path.read_text(encoding="utf-8"))
    game = bn.load_game(path)
    assert [str(a) for a in game.log] == saved["actions"] and not game.is_over
    game.save(tmp_path / "again.json")                      # saved again in today's layout
    assert json.loads((tmp_path / "again.json").read_text(encoding="utf-8"))["rules"] == RULES_VERSION


@pytest.mark.parametrize("path", sorted(p for p in V1.glob("*.json") if not p.name.startswith("canal_")),
                         ids=lambda p: p.stem)
def test_previous_layout_saves_that_no_longer_replay_are_refused_as_older(path):
    with pytest.raises(bn.SaveFileError) as err:
        bn.load_game(path)
    first, bad = err.value.steps[:2]
    assert first.rule == "save.older_rules" and bad.rule == "save.bad_action"
    assert first.facts["number"] == bad.facts["number"] > 30
    assert str(err.value).startswith("This game was saved by an older brass_nb (rules 1; this one plays rules 2)")
    assert "古いbrass_nb" in first.text("ja")


def test_a_save_from_a_newer_engine_is_refused_as_newer(tmp_path):
    path = tmp_path / "new.json"
    path.write_text(json.dumps({**played(3).to_json(), "rules": RULES_VERSION + 1}), encoding="utf-8")
    with pytest.raises(bn.SaveFileError) as err:
        bn.load_game(path)
    assert err.value.rule == "save.newer_rules" and "update brass_nb" in str(err.value)


def test_a_pipe_is_refused_at_once_not_waited_on(tmp_path):
    pipe = tmp_path / "game.json"
    os.mkfifo(pipe)
    start = time.monotonic()
    for load in (bn.load_game, position_files.load):
        with pytest.raises(bn.BrassError) as err:
            load(pipe)
        assert err.value.rule == "file.not_regular" and "a pipe" in str(err.value)
    assert time.monotonic() - start < 1


def test_a_folder_or_a_number_is_refused_and_no_descriptor_is_touched(tmp_path):
    with pytest.raises(bn.SaveFileError) as folder:
        bn.load_game(tmp_path)
    assert folder.value.rule == "file.not_regular" and "a folder" in str(folder.value)
    with open(tmp_path / "kept.txt", "w", encoding="utf-8") as kept:
        with pytest.raises(bn.SaveFileError) as number:
            bn.load_game(kept.fileno())  # type: ignore[arg-type]
        assert number.value.rule == "file.not_a_path" and "int" in str(number.value)
        kept.write("still open")                            # the descriptor was neither read nor closed


def test_a_huge_position_file_is_refused_by_size_at_once(tmp_path):
    path = tmp_path / "huge.brass"
    path.write_text("title x\n" * 130_000, encoding="utf-8")      # about 1 MB
    start = time.monotonic()
    with pytest.raises(ScenarioError) as err:
        position_files.load(path)
    assert err.value.rule == "scenario.too_large" and time.monotonic() - start < 0.5
