"""Saved games: the start (a seed, or a position written as text) and the action log, replayed on load."""
from __future__ import annotations

import json
from pathlib import Path

from brass_nb.rules.errors import ScenarioError
from brass_nb.rules.game import SAVE_FORMAT, Game, new_game
from brass_nb.rules.records import Step
from brass_nb.scenario.text import game_from_text


def load_game(path: str | Path) -> Game:
    """Rebuild a saved game by replaying its actions; a bad file raises :class:`ScenarioError`."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as err:
        raise ScenarioError([Step("save.unreadable", {"path": str(path), "error": str(err)}, ok=False)]) from None
    return game_from_json(data)


def game_from_json(data: dict) -> Game:
    """The game a save (``Game.to_json()``) describes, with its actions replayed."""
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise ScenarioError([Step("save.format", {"expected": SAVE_FORMAT}, ok=False)])
    try:
        if "scenario" in data:
            game = game_from_text(data["scenario"])
        else:
            game = new_game(data["game"], players=data["players"], seed=data["seed"], edition=data.get("edition"))
    except ScenarioError:
        raise
    except (KeyError, TypeError, ValueError) as err:
        raise ScenarioError([Step("save.start", {"error": str(err)}, ok=False)]) from None
    for number, text in enumerate(data.get("actions", []), start=1):
        try:
            game.play(text)
        except ValueError as err:
            raise ScenarioError([Step("save.bad_action", {"number": number, "action": text, "error": str(err)},
                                      ok=False)]) from None
    return game
