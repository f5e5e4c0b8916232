"""Hostile save files: every defect is a SaveFileError with its own rule id, naming the field, in both languages;
a file is refused whole (never a half-built game) and read without unbounded recursion, numbers or sizes."""
from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

import brass_nb as bn
from brass_nb.explain import reason
from brass_nb.saves import MAX_DEPTH, MAX_INT_DIGITS, MAX_SAVE_BYTES
from brass_nb.scenario import library

PLAYED = ["loan with card Kidderminster", "pass with card Iron Works"]


def saved(drop: tuple[str, ...] = (), **changes: object) -> dict:
    """A valid save of seed 7 after two actions, without the fields ``drop`` and with ``changes``."""
    game = bn.new_game("birmingham", players=3, seed=7)
    for text in PLAYED:
        game.play(text)
    data = game.to_json()
    for field in drop:
        del data[field]
    data.update(changes)
    return data


def refusal(tmp_path: Path, content: str | bytes | dict) -> bn.SaveFileError:
    """The error of loading ``content`` (a dict is written as JSON) from a file."""
    path = tmp_path / "game.json"
    if isinstance(content, dict):
        content = json.dumps(content)
    if isinstance(content, str):
        content = content.encode("utf-8")
    path.write_bytes(content)
    with pytest.raises(bn.SaveFileError) as err:
        bn.load_game(path)
    return err.value


def test_a_valid_save_loads_with_its_actions():
    game = bn.game_from_json(saved())
    assert [str(a) for a in game.log] == PLAYED
    assert game.players[0].money == 17 + 30


@pytest.mark.parametrize("changes, field, words", [
    ({"actions": 5}, "actions",
     "The save file's 'actions' is an integer; it must be a list of actions written as text."),
    ({"actions": [None]}, "actions[1]", "The save file's 'actions[1]' is null; it must be text."),
    ({"actions": ["loan with card Kidderminster", 7]}, "actions[2]", "'actions[2]' is an integer; it must be text."),
    ({"actions": "done"}, "actions", "'actions' is text; it must be a list of actions"),
    ({"drop": ("actions",)}, "actions", "The save file has no 'actions' field; it must be a list of actions"),
    ({"seed": None}, "seed", "The save file's 'seed' is null; it must be an integer."),
    ({"seed": 7.5}, "seed", "'seed' is a number with a fraction; it must be an integer."),
    ({"drop": ("seed",)}, "seed", "The save file has no 'seed' field; it must be an integer."),
    ({"players": "3"}, "players", "'players' is text; it must be an integer."),
    ({"players": True}, "players", "'players' is a boolean; it must be an integer."),
    ({"game": ["birmingham"]}, "game", "'game' is a list; it must be text."),
    ({"edition": {"name": "roxley"}}, "edition", "'edition' is an object; it must be text."),
    ({"version": "1"}, "version", "'version' is text; it must be an integer."),
    ({"drop": ("seed",), "scenario": 5}, "scenario", "'scenario' is an integer; it must be text."),
])
def test_missing_fields_and_wrong_types_name_the_field(tmp_path, changes, field, words):
    err = refusal(tmp_path, saved(**changes))
    assert err.rule == "save.field" and err.steps[0].facts["field"] == field
    assert words in str(err)


def test_a_field_of_the_wrong_type_reads_in_japanese():
    with pytest.raises(bn.SaveFileError) as err:
        bn.game_from_json(saved(actions=5))
    assert reason(err.value.steps[0], "ja") == ("セーブファイルの「actions」が整数です。"
                                                "文字列で書いたアクションのリストでなければなりません。")
    with pytest.raises(bn.SaveFileError) as err:
        bn.game_from_json(saved(drop=("actions",)))
    assert reason(err.value.steps[0], "ja") == ("セーブファイルに「actions」がありません。"
                                                "文字列で書いたアクションのリストが必要です。")


def test_a_null_seed_is_refused_instead_of_dealing_a_different_game_each_time():
    with pytest.raises(bn.SaveFileError) as err:
        bn.game_from_json(saved(seed=None))
    assert err.value.rule == "save.field"


@pytest.mark.parametrize("content, rule, words", [
    ([1, 2], "save.format", "This is not a brass_nb save file: it holds a list, not an object with format "
                            "'brass_nb.game'."),
    ({"format": "chess.pgn"}, "save.format", "its format is 'chess.pgn', not 'brass_nb.game'"),
    ({"actions": []}, "save.format", "it has no format field"),
])
def test_what_is_not_a_save_is_named(tmp_path, content, rule, words):
    err = refusal(tmp_path, json.dumps(content))
    assert err.rule == rule and words in str(err)


@pytest.mark.parametrize("version, words", [(3, "version 3, from a newer brass_nb"), (0, "version 0;"),
                                            (10**20, "version 1000")])
def test_only_versions_1_and_2_are_read(tmp_path, version, words):
    err = refusal(tmp_path, saved(version=version))
    assert err.rule == "save.version" and words in str(err) and "reads versions 1 to 2" in str(err)


def test_a_missing_version_is_named(tmp_path):
    err = refusal(tmp_path, saved(drop=("version",)))
    assert err.rule == "save.field" and err.steps[0].facts["field"] == "version"


@pytest.mark.parametrize("changes, field", [({"action": []}, "action"),
                                            ({"drop": ("seed",), "scenario": "x", "seed": 7}, "seed")])
def test_a_field_brass_nb_does_not_read_is_named_with_the_fields_it_does(tmp_path, changes, field):
    err = refusal(tmp_path, saved(**changes))
    assert err.rule == "save.unknown_field" and f"'{field}'" in str(err)
    assert "format, version, rules, game, edition, players" in str(err)


@pytest.mark.parametrize("changes, field, inner", [
    ({"game": "catan"}, "game", "game.unknown"),
    ({"game": "../../../etc/passwd"}, "game", "game.unknown"),
    ({"edition": "deluxe"}, "edition", "edition.unknown"),
    ({"players": 7}, "players", "game.players"),
    ({"game": "lancashire", "edition": "2007", "players": 2}, "players", "game.players"),
])
def test_an_unknown_game_edition_or_player_count_is_a_save_file_error_naming_the_field(tmp_path, changes, field,
                                                                                      inner):
    err = refusal(tmp_path, saved(actions=[], **changes))
    assert err.rule == "save.start" and err.steps[0].facts["field"] == field
    assert [s.rule for s in err.steps[1:]] == [inner]
    assert str(err).startswith(f"The save file's '{field}' is refused: ")
    assert reason(err.steps[0], "ja") == f"セーブファイルの `{field}` が使えません。理由は次のとおりです。"
    assert reason(err.steps[1], "ja"), "the reason follows, in Japanese"


def test_a_bad_position_in_a_save_names_the_scenario_field_and_the_line(tmp_path):
    data = library.load("first_build").game().to_json()
    data["scenario"] = data["scenario"].replace("players 2", "players IX")
    err = refusal(tmp_path, data)
    assert err.rule == "save.start" and err.steps[0].facts["field"] == "scenario"
    line = data["scenario"].splitlines().index("players IX") + 1
    assert err.steps[1].rule.startswith("scenario.") and f"Line {line}: " in str(err)


@pytest.mark.parametrize("field, value", [("game", "lancashire"), ("players", 4), ("edition", "2007")])
def test_a_scenario_save_whose_header_disagrees_with_its_position_is_refused(tmp_path, field, value):
    data = library.load("first_build").game().to_json()
    data[field] = value
    err = refusal(tmp_path, data)
    assert err.rule == "save.mismatch" and err.steps[0].facts["field"] == field
    assert f"'{field}'" in str(err) and repr(value) in str(err)


def test_a_refused_action_names_its_number_and_keeps_the_engines_reason(tmp_path):
    err = refusal(tmp_path, saved(actions=["loan with card Kidderminster", "build cotton Leek with card Leek"]))
    assert err.rule == "save.bad_action" and err.steps[0].facts["number"] == 2
    assert err.steps[1].rule == "card.not_in_hand"
    err = refusal(tmp_path, saved(actions=["construct coal Dudley"]))
    assert err.steps[1].rule == "notation.shape"


def test_deep_nesting_is_refused_before_parsing(tmp_path):
    for depth in (MAX_DEPTH + 1, 100_000):
        text = '{"format": "brass_nb.game", "version": 1, "actions": ' + "[" * depth + "]" * depth + "}"
        err = refusal(tmp_path, text)
        assert err.rule == "save.too_deep" and f"at most {MAX_DEPTH} deep" in str(err)
    brackets_in_text = saved(actions=["[" * 1000])              # brackets inside strings do not count
    assert refusal(tmp_path, brackets_in_text).rule == "save.bad_action"


@pytest.mark.parametrize("digits", [MAX_INT_DIGITS + 1, 4301, 100_000])
def test_an_integer_with_too_many_digits_is_refused_by_name(tmp_path, digits):
    text = json.dumps(saved(seed=0)).replace('"seed": 0', '"seed": ' + "9" * digits)
    start = time.perf_counter()
    err = refusal(tmp_path, text)
    assert time.perf_counter() - start < 0.5
    assert err.rule == "save.number" and f"{digits} digits" in str(err) and f"at most {MAX_INT_DIGITS}" in str(err)


def test_a_huge_file_is_refused_without_being_read(tmp_path):
    path = tmp_path / "game.json"
    with open(path, "wb") as file:
        file.write(b" " * (MAX_SAVE_BYTES + 1))
    with pytest.raises(bn.SaveFileError) as err:
        bn.load_game(path)
    assert err.value.rule == "save.too_large" and f"{MAX_SAVE_BYTES:,}" in str(err.value)


def test_not_json_names_the_line_and_column(tmp_path):
    err = refusal(tmp_path, '{"format": "brass_nb.game",\n "version": 1,,}')
    assert err.rule == "save.not_json" and "line 2, column 15" in str(err)


def test_encodings(tmp_path):
    text = json.dumps(saved())
    assert refusal(tmp_path, text.encode("utf-16")).rule == "save.encoding"
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert [str(a) for a in bn.load_game(path).log] == PLAYED


def test_a_missing_file_is_a_save_file_error(tmp_path):
    with pytest.raises(bn.SaveFileError) as err:
        bn.load_game(tmp_path / "nowhere.json")
    assert err.value.rule == "save.unreadable" and "nowhere.json" in str(err.value)


def test_game_from_json_refuses_an_oversized_seed_given_directly():
    with pytest.raises(bn.SaveFileError) as err:
        bn.game_from_json(saved(seed=10**5000))
    assert err.value.rule == "save.number"
