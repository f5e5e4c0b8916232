"""Saved games: the start (a seed, or a position written as text) and the action log, replayed on load.

A save file is untrusted input. It is read only from a regular file, with bounded size, nesting and integers, every
field is checked for presence and type before the game is built, and any defect is a :class:`SaveFileError` whose
rule id and words name the field; a game is returned only once every action has replayed.

A save from an older engine (an older ``rules``, or layout 1, from before the rules were recorded) is replayed
under this engine's rules: it loads when every action is still legal, and is refused as a save from an older version
when one is not.
"""
from __future__ import annotations

import json
import re
from itertools import accumulate
from math import log10
from pathlib import Path
from typing import Any

from brass_nb.rules.errors import BrassError, SaveFileError
from brass_nb.rules.files import read_bytes
from brass_nb.rules.game import RULES_VERSION, SAVE_FORMAT, SAVE_VERSION, Game, new_game
from brass_nb.rules.records import Step
from brass_nb.scenario.text import game_from_text

MAX_SAVE_BYTES = 4_000_000
"""Far above any real save (a position has a few thousand characters, a game a few hundred actions), and low
enough that a hostile file is refused in well under a second."""
MAX_DEPTH = 8
"""A save nests two deep (an object holding the list of actions)."""
MAX_INT_DIGITS = 30
"""Seeds, player counts and versions are short; longer numbers are refused before Python converts them."""

HEADER = ("format", "version", "rules")
READ_VERSIONS = (1, SAVE_VERSION)
"""The save layouts read: 1 has no ``rules`` (it is taken as rules 1, the engine before they were recorded)."""
SEED_START = ("game", "edition", "players", "seed")
SCENARIO_START = ("game", "edition", "players", "scenario")
FIELD_OF_START_RULE = {"game.unknown": "game", "edition.unknown": "edition", "game.players": "players",
                       "game.seed": "seed"}
"""Which field of a seed save a refusal from :func:`~brass_nb.rules.game.new_game` is about."""

_ESCAPE = re.compile(r"\\.", re.DOTALL)
_STRING = re.compile(r'"[^"]*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_DEPTH_CHANGE = {"[": 1, "{": 1, "]": -1, "}": -1}


def load_game(path: str | Path) -> Game:
    """Rebuild a saved game by replaying its actions; a bad file (or anything but a path to a regular file) raises
    :class:`SaveFileError`."""
    data = read_bytes(path, MAX_SAVE_BYTES, SaveFileError)
    if len(data) > MAX_SAVE_BYTES:
        raise SaveFileError([Step("save.too_large", {"limit": MAX_SAVE_BYTES}, ok=False)])
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise SaveFileError([Step("save.encoding", {"path": str(path), "byte": err.start}, ok=False)]) from None
    return game_from_json(parse_save(text))


def parse_save(text: str) -> Any:
    """The JSON value of ``text``, refusing deep nesting before parsing and long integers while parsing."""
    depth = nesting_depth(text)
    if depth > MAX_DEPTH:
        raise SaveFileError([Step("save.too_deep", {"depth": depth, "limit": MAX_DEPTH}, ok=False)])
    try:
        return json.loads(text, parse_int=_bounded_int)
    except json.JSONDecodeError as err:
        raise SaveFileError([Step("save.not_json", {"line": err.lineno, "column": err.colno, "error": err.msg},
                                  ok=False)]) from None


def nesting_depth(text: str) -> int:
    """How deep lists and objects nest in JSON ``text`` (brackets inside strings do not count)."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", _ESCAPE.sub("", text)))
    return max(accumulate(map(_DEPTH_CHANGE.__getitem__, brackets)), default=0)


def _bounded_int(digits: str) -> int:
    count = len(digits.lstrip("-"))
    if count > MAX_INT_DIGITS:
        raise SaveFileError([Step("save.number", {"digits": count, "limit": MAX_INT_DIGITS}, ok=False)])
    return int(digits)


def game_from_json(data: Any) -> Game:
    """The game a save (``Game.to_json()``) describes, with its actions replayed."""
    rules = _check_header(data)
    actions = _field(data, "actions", "action_list")
    for number, text in enumerate(actions, start=1):
        _expect(text, f"actions[{number}]", "text")
    game = _start_from_scenario(data) if "scenario" in data else _start_from_seed(data)
    for number, text in enumerate(actions, start=1):
        try:
            game.play(text)
        except BrassError as err:
            bad = Step("save.bad_action", {"number": number, "action": text, "error": str(err)}, ok=False)
            older = [Step("save.older_rules", {"rules": rules, "current": RULES_VERSION, "number": number},
                          ok=False)] if rules < RULES_VERSION else []
            raise SaveFileError([*older, bad, *err.steps]) from None
    return game


def _check_header(data: Any) -> int:
    """Check the save's format, layout and fields; the rules it was written with."""
    if not isinstance(data, dict):
        raise SaveFileError([Step("save.format", {"expected": SAVE_FORMAT, "found": None, "holds": kind_of(data)},
                                  ok=False)])
    if data.get("format") != SAVE_FORMAT:
        found = data.get("format")
        raise SaveFileError([Step("save.format", {"expected": SAVE_FORMAT, "holds": "object",
                                                  "found": found[:40] if isinstance(found, str) else None},
                                  ok=False)])
    version = _field(data, "version", "integer")
    if version not in READ_VERSIONS:
        raise SaveFileError([Step("save.version", {"found": version, "supported": SAVE_VERSION}, ok=False)])
    rules = _field(data, "rules", "integer") if version >= 2 else 1
    if rules > RULES_VERSION:
        raise SaveFileError([Step("save.newer_rules", {"rules": rules, "current": RULES_VERSION}, ok=False)])
    fields = (*HEADER[:2 if version == 1 else 3], *(SCENARIO_START if "scenario" in data else SEED_START),
              "actions")
    for field in data:
        if field not in fields:
            raise SaveFileError([Step("save.unknown_field", {"field": str(field)[:40], "fields": list(fields)},
                                      ok=False)])
    return rules


def _start_from_seed(data: dict) -> Game:
    game, players, seed = (_field(data, "game", "text"), _field(data, "players", "integer"),
                           _field(data, "seed", "integer"))
    edition = _field(data, "edition", "text") if "edition" in data else None
    try:
        return new_game(game, players=players, seed=seed, edition=edition)
    except BrassError as err:
        raise _start_refused(FIELD_OF_START_RULE.get(err.rule, "game"), err) from None


def _start_from_scenario(data: dict) -> Game:
    text = _field(data, "scenario", "text")
    header = {field: _field(data, field, kind) for field, kind in (("game", "text"), ("edition", "text"),
                                                                   ("players", "integer")) if field in data}
    try:
        game = game_from_text(text)
    except BrassError as err:
        raise _start_refused("scenario", err) from None
    position = {"game": game.facts.game, "edition": game.facts.edition, "players": len(game.players)}
    for field, value in header.items():
        if value != position[field]:
            raise SaveFileError([Step("save.mismatch", {"field": field, "saved": repr(value)[:40],
                                                        "position": repr(position[field])}, ok=False)])
    return game


def _start_refused(field: str, err: BrassError) -> SaveFileError:
    return SaveFileError([Step("save.start", {"field": field, "error": str(err)}, ok=False), *err.steps])


def _field(data: dict, field: str, expected: str) -> Any:
    """``data[field]``, which must be present and of the ``expected`` kind (see :func:`kind_of`)."""
    if field not in data:
        raise SaveFileError([Step("save.field", {"field": field, "expected": expected, "found": "missing"},
                                  ok=False)])
    return _expect(data[field], field, expected)


def _expect(value: Any, field: str, expected: str) -> Any:
    found = kind_of(value)
    if found != expected and not (expected == "action_list" and found == "list"):
        raise SaveFileError([Step("save.field", {"field": field, "expected": expected, "found": found}, ok=False)])
    if found == "integer" and abs(value) >= 10**MAX_INT_DIGITS:
        raise SaveFileError([Step("save.number", {"digits": _digits(value), "limit": MAX_INT_DIGITS}, ok=False)])
    return value


def _digits(number: int) -> int:
    """The decimal digits of ``number``: counted when short, estimated from its bits when too long to print."""
    if number.bit_length() < 10_000:
        return len(str(abs(number)))
    return int(abs(number).bit_length() * log10(2)) + 1


def kind_of(value: Any) -> str:
    """The JSON kind of a value, in the words the messages use."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "list"
    return "object" if isinstance(value, dict) else type(value).__name__
