"""Fuzzing with hypothesis: notation, position files, save files and the Explorer's widgets, fed text that is
almost right and text that is nothing like it. Nothing but a BrassError may escape, and every refusal carries a
catalogued rule id whose words render in English and Japanese.

``BRASS_FUZZ_EXAMPLES`` sets the examples per target (150 by default); the Explorer, which draws the board after
each change, takes a tenth of it unless ``BRASS_WIDGET_FUZZ_EXAMPLES`` says otherwise.
"""
from __future__ import annotations

import json
import os
import random
import re
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import brass_nb as bn
from brass_nb.explain import reason
from brass_nb.rules.catalog import RULES
from brass_nb.rules.randomplay import random_action
from brass_nb.saves import game_from_json, parse_save
from brass_nb.scenario import game_from_text, library
from brass_nb.scenario.text import decode, read
from brass_nb.widgets import Explorer

EXAMPLES = int(os.environ.get("BRASS_FUZZ_EXAMPLES", 150))
FUZZ = settings(max_examples=EXAMPLES, deadline=2000, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
WIDGET_EXAMPLES = int(os.environ.get("BRASS_WIDGET_FUZZ_EXAMPLES", max(1, EXAMPLES // 10)))
WIDGET_FUZZ = settings(FUZZ, max_examples=WIDGET_EXAMPLES, deadline=None)


def refused_cleanly(attempt: Callable[[], Any]) -> Any:
    """Run ``attempt``; a BrassError is fine when its rule is catalogued and reads in both languages."""
    try:
        result = attempt()
    except bn.BrassError as err:
        event(f"refused: {err.rule}")               # shown by pytest --hypothesis-show-statistics
        assert err.rule in RULES and str(err)
        assert all(reason(step, "ja") for step in err.steps)
        return None
    event("accepted")
    return result


# ---------------------------------------------------------------- positions to fuzz against


@cache
def positions() -> tuple[bn.Game, ...]:
    """Seeded games stopped in every kind of moment: the first turn, a compound action of each kind, a shortfall,
    the rail era and the end, in Birmingham and Lancashire."""
    found: dict[tuple[str, object], bn.Game] = {}
    for name, edition, players in (("birmingham", None, 3), ("lancashire", None, 3), ("lancashire", "2007", 4)):
        for seed in range(6):
            game = bn.new_game(name, players=players, seed=seed, edition=edition)
            rng = random.Random(seed)
            while True:
                key = (name, game.phase or (game.era if not game.is_over else "over"))
                if key not in found:
                    found[key] = bn.game_from_json(game.to_json())
                if game.is_over:
                    break
                game.play(random_action(game, rng))
    return tuple(found.values())


@cache
def words() -> tuple[str, ...]:
    """Every word and mark of the legal actions in :func:`positions`, plus words the notation knows."""
    texts = {str(a) for game in positions() for a in game.legal_actions()}
    tokens = {t for text in texts for t in re.split(r"(\s+|[;,\[\]£-])", text) if t and not t.isspace()}
    return tuple(sorted(tokens | {"then", "two", "cards", "to", "distant", "market", "with", "card", "£", "Town[1]"}))


def almost_actions() -> st.SearchStrategy[str]:
    """Legal action texts with a few words dropped, swapped or inserted, and lines of notation words."""
    atom = st.one_of(st.sampled_from(words()), st.integers(-10, 10**40).map(str), st.text(max_size=6))

    @st.composite
    def edited(draw: st.DrawFn) -> str:
        game = draw(st.sampled_from(positions()))
        legal = game.legal_actions()
        parts = str(draw(st.sampled_from(legal))).split(" ") if legal else []
        for _ in range(draw(st.integers(1, 3))):
            where = draw(st.integers(0, len(parts)))
            change = draw(st.sampled_from(("drop", "insert", "replace")))
            if change == "insert" or not parts:
                parts.insert(where, draw(atom))
            elif change == "drop":
                del parts[min(where, len(parts) - 1)]
            else:
                parts[min(where, len(parts) - 1)] = draw(atom)
        return draw(st.sampled_from((" ", "", "  ", ";", ","))).join(parts) if draw(st.booleans()) else " ".join(parts)

    return st.one_of(edited(), st.lists(atom, max_size=30).map(" ".join), st.text(max_size=600))


# ---------------------------------------------------------------- notation


@FUZZ
@given(st.data(), almost_actions())
def test_notation_refuses_with_brass_errors_only(data, text):
    game = data.draw(st.sampled_from(positions()))
    action = refused_cleanly(lambda: game.parse(text))
    refused_cleanly(lambda: game.why_not(text))
    if action is not None and refused_cleanly(lambda: game.play(text)) is not None:
        assert game.log[-1] == action
        game.undo()


# ---------------------------------------------------------------- position files


@cache
def position_texts() -> tuple[str, ...]:
    return tuple(library.text(name) for name in library.names())


@cache
def position_words() -> tuple[str, ...]:
    return tuple(sorted({w for text in position_texts() for w in text.split()} | set(words())))


@st.composite
def edited_positions(draw: st.DrawFn) -> str:
    """A library position with lines dropped, doubled, moved or edited word by word, or lines of random words."""
    lines = draw(st.sampled_from(position_texts())).splitlines()
    atom = st.one_of(st.sampled_from(position_words()), st.integers(-5, 10**30).map(str), st.text(max_size=8))
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(lines) - 1)) if lines else 0
        change = draw(st.sampled_from(("drop", "double", "move", "word", "line")))
        if change == "line" or not lines:
            lines.insert(i, " ".join(draw(st.lists(atom, min_size=1, max_size=8))))
        elif change == "drop":
            del lines[i]
        elif change == "double":
            lines.insert(i, lines[i])
        elif change == "move":
            lines.insert(draw(st.integers(0, len(lines))), lines.pop(i))
        else:
            parts = lines[i].split(" ")
            parts[draw(st.integers(0, len(parts) - 1))] = draw(atom)
            lines[i] = " ".join(parts)
    return "\n".join(lines) + "\n"


@FUZZ
@given(st.one_of(edited_positions(), st.text(max_size=400)))
def test_position_files_refuse_with_brass_errors_only(text):
    game = refused_cleanly(lambda: game_from_text(text))
    if game is not None and not game.is_over:                   # an accepted position can be played on
        legal = game.legal_actions()
        assert game.parse(str(legal[0])) == legal[0]
        game.play(legal[0])


@FUZZ
@given(st.one_of(st.binary(max_size=300), edited_positions().map(lambda t: t.encode("utf-16")),
                 edited_positions().map(lambda t: b"\xef\xbb\xbf" + t.encode("utf-8"))))
def test_position_file_bytes_refuse_with_brass_errors_only(data):
    refused_cleanly(lambda: read(decode(data, "fuzz.brass")).state())


# ---------------------------------------------------------------- save files

JSON = st.recursive(st.none() | st.booleans() | st.integers(-10**40, 10**40) | st.floats() | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=12)
FIELDS = ("format", "version", "game", "edition", "players", "seed", "scenario", "actions")


@cache
def valid_saves() -> tuple[dict, ...]:
    return tuple(game.to_json() for game in positions()) + (library.load("first_build").game().to_json(),)


@st.composite
def edited_saves(draw: st.DrawFn) -> Any:
    """A valid save with fields dropped, retyped or renamed, or actions edited like notation."""
    data = json.loads(json.dumps(draw(st.sampled_from(valid_saves()))))
    for _ in range(draw(st.integers(1, 3))):
        field = draw(st.sampled_from(FIELDS + ("action", "")))
        change = draw(st.sampled_from(("drop", "value", "action")))
        if change == "drop":
            data.pop(field, None)
        elif change == "value":
            data[field] = draw(JSON)
        elif isinstance(data.get("actions"), list):
            actions = data["actions"]
            actions.insert(draw(st.integers(0, len(actions))), draw(st.one_of(almost_actions(), JSON)))
    return data


@FUZZ
@given(st.one_of(edited_saves(), JSON))
def test_save_values_refuse_with_brass_errors_only(data):
    refused_cleanly(lambda: game_from_json(data))


@FUZZ
@given(st.one_of(edited_saves().map(json.dumps), st.text(max_size=300)), st.lists(st.tuples(
    st.integers(0, 10**6), st.sampled_from(("[", "]", "{", "}", '"', "\\", ",", ":", "9" * 40, ""))), max_size=4))
def test_save_text_refuses_with_brass_errors_only(text, edits):
    for where, mark in edits:
        where %= len(text) + 1
        text = text[:where] + mark + text[where:]
    refused_cleanly(lambda: game_from_json(parse_save(text)))


@FUZZ
@given(st.one_of(st.binary(max_size=300), edited_saves().map(lambda d: json.dumps(d).encode("utf-16"))))
def test_save_file_bytes_refuse_with_brass_errors_only(data):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.json"
        path.write_bytes(data)
        refused_cleanly(lambda: bn.load_game(path))


# ---------------------------------------------------------------- the Explorer's widgets


def value_of(option: object) -> object:
    """A dropdown option is a value, or a (label, value) pair."""
    return option[1] if isinstance(option, tuple) else option


@WIDGET_FUZZ
@given(st.data())
def test_explorer_widgets_show_reasons_instead_of_raising(data):
    """Choose among the dropdowns' options, type anything, switch languages and press every button."""
    game = bn.game_from_json(data.draw(st.sampled_from(positions())).to_json())
    explorer = Explorer(game)
    try:
        fiddle(explorer, data)
    finally:
        explorer.close()                       # else each example's widgets and pictures stay in the kernel


def fiddle(explorer: Explorer, data: st.DataObject) -> None:
    for _ in range(data.draw(st.integers(1, 6))):
        move = data.draw(st.sampled_from(("kind", "field", "typed", "play", "check", "play_typed", "undo", "redo",
                                          "language", "step")))
        if move == "kind" and explorer.kind.options:
            explorer.kind.value = value_of(data.draw(st.sampled_from(explorer.kind.options)))
        elif move == "field":
            field = data.draw(st.sampled_from(explorer.fields))
            if field.options:
                field.value = value_of(data.draw(st.sampled_from(field.options)))
        elif move == "typed":
            explorer.typed.value = data.draw(almost_actions())
        elif move == "language":
            explorer.toggle.value = data.draw(st.sampled_from(explorer.toggle.options))[1]
        elif move == "step" and explorer.steps.options:
            explorer.steps.value = data.draw(st.sampled_from(explorer.steps.options))[1]
        elif move in ("play", "check", "play_typed", "undo", "redo"):
            getattr(explorer, f"{move}_button").click()
    assert explorer.status.value
