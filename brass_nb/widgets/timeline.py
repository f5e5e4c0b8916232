"""A finished game replayed from its start: the explanation of every action and the position after it."""
from __future__ import annotations

from dataclasses import dataclass

from brass_nb.rules.game import Game
from brass_nb.rules.records import Explanation
from brass_nb.saves import game_from_json


@dataclass(frozen=True)
class Moment:
    """The position after ``explanation`` (None for the start), as an independent game."""

    game: Game
    explanation: Explanation | None


def timeline(game: Game) -> list[Moment]:
    """The start and every position after each logged action, replayed by the engine (``game`` is not touched)."""
    replay = game_from_json({**game.to_json(), "actions": []})
    moments = [Moment(replay.copy(), None)]
    for action in game.log:
        explanation = replay.play(action)
        moments.append(Moment(replay.copy(), explanation))
    return moments
