"""\"Your move\" exercises: a written position, a goal, and the learner's move judged by the engine.

An exercise sits in a lesson's quiz bank beside its questions, as a ``[[question]]`` table of kind ``your_move``::

    [[question]]
    kind = "your_move"
    id = "beer-for-the-mill"                  # stable within the lesson: progress is kept under it
    position = "south_west"                   # a name under [positions], or a position file's text
    goal = [{check = "sells", industry = "cotton"}]
    story = {en = "Your cotton mill in Worcester waits for beer.", ja = "…"}
    nudge = {en = "Where is the nearest beer?", ja = "…"}
    principle = {en = "A sale needs beer from …", ja = "…"}
    answer = "sell Worcester[1] beer …"        # optional: the move the last hint shows (else the engine's)
    wrong = "sell …"                          # a plausible wrong move, played by the tests
    wrong_reason = "goal.sells"               # the rule id its first reason must carry

The goal is a list of checks on the position after the move (:mod:`.goals`), all of which must hold; ``best``
asks for a move no legal move beats, computed exactly over every legal move. The story sets the scene; the goal's
own words come from its checks, so that what is asked is what is judged.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from inspect import signature

from brass_nb.explain import en, ja, localize
from brass_nb.quizbank import YOUR_MOVE, bank, goals
from brass_nb.quizbank.goals import CHECKS, MEASURES, Check, Verdict, best
from brass_nb.rules.actions import Action
from brass_nb.rules.game import Game
from brass_nb.scenario.text import game_from_text

LANGUAGES = ("en", "ja")
GOALS = {"en": en.GOALS, "ja": ja.GOALS}


@dataclass(frozen=True, eq=False)
class Exercise:
    """One "your move" exercise: where, what to reach, the hint ladder, and a wrong move the tests play.

    Compared by identity: the bank reads each once, and its moves' answers are kept per exercise."""

    lesson: str
    id: str
    position: str
    goal: tuple[Check, ...]
    story: dict[str, str]
    nudge: dict[str, str]
    principle: dict[str, str]
    answer: str = ""
    wrong: str = ""
    wrong_reason: str = ""

    @property
    def key(self) -> str:
        """The exercise's name in a learner's progress: ``<lesson>/<id>``."""
        return f"{self.lesson}/{self.id}"

    def game(self) -> Game:
        """A fresh game at the exercise's position (the learner's games are never touched)."""
        return game_from_text(self.position)


def params(check: Check) -> dict[str, object]:
    """The check's parameters, with the check's own defaults for those the bank leaves out."""
    defaults = {} if check.name not in CHECKS else {
        name: p.default for name, p in signature(CHECKS[check.name]).parameters.items() if p.default is not p.empty}
    return {**defaults, **dict(check.params)}


def goal_words(exercise: Exercise, language: str) -> list[str]:
    """The goal in ``language``, one sentence per check, with the position's names translated."""
    return [GOALS[language][c.name](localize(params(c), language)) for c in exercise.goal]


@cache
def _best(exercise: Exercise, name: str) -> int:
    return best(exercise.game(), name)


def judge(exercise: Exercise, action: Action | str) -> Verdict:
    """Play ``action`` on a fresh copy of the exercise's position and check it against the goal."""
    return goals.judge(exercise.game(), exercise.goal, action, lambda name: _best(exercise, name))


@cache
def solutions(exercise: Exercise) -> tuple[Action, ...]:
    """Every legal move that meets the goal, in the engine's order of legal moves."""
    game = exercise.game()
    return tuple(a for a in game.legal_actions() if judge(exercise, a).ok)


def answer(exercise: Exercise) -> Action:
    """The move the last hint shows: the bank's, which must meet the goal, else the engine's first."""
    found = solutions(exercise)
    if not found:
        raise ValueError(f"{exercise.key}: no legal move meets the goal")
    if exercise.answer:
        written = exercise.game().parse(exercise.answer)
        if written not in found:
            raise ValueError(f"{exercise.key}: the written answer {exercise.answer!r} does not meet the goal")
        return written
    return found[0]


def _words(table: dict, key: str, where: str) -> dict[str, str]:
    words = table.get(key, {})
    if not isinstance(words, dict) or set(words) != set(LANGUAGES) or not all(words.values()):
        raise ValueError(f"{where}: '{key}' needs both {' and '.join(LANGUAGES)} words")
    return dict(words)


def _exercise(lesson: str, table: dict) -> Exercise:
    where = f"{lesson} exercise {table.get('id', '?')}"
    checks = tuple(Check(c["check"], tuple(sorted((k, v) for k, v in c.items() if k != "check")))
                   for c in table["goal"])
    unknown = [c.name for c in checks if c.name not in CHECKS and c.name != "best"]
    if unknown or any(c.get("measure") not in MEASURES for c in checks if c.name == "best"):
        raise ValueError(f"{where}: unknown check {unknown or 'best measure'}; checks are {[*CHECKS, 'best']}")
    return Exercise(lesson=lesson, id=table["id"], position=table["position"], goal=checks,
                    story=_words(table, "story", where), nudge=_words(table, "nudge", where),
                    principle=_words(table, "principle", where), answer=table.get("answer", ""),
                    wrong=table.get("wrong", ""), wrong_reason=table.get("wrong_reason", ""))


@cache
def exercises(lesson: str) -> tuple[Exercise, ...]:
    """The "your move" exercises of one lesson, in the bank's order."""
    return tuple(_exercise(lesson, t) for t in bank(lesson)["question"] if t.get("kind") == YOUR_MOVE)


def exercise(key: str) -> Exercise:
    """The exercise named ``<lesson>/<id>``."""
    lesson, _, name = key.partition("/")
    for found in exercises(lesson):
        if found.id == name:
            return found
    raise KeyError(key)
