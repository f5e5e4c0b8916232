"""Errors raised by brass_nb, all :class:`BrassError` (a :class:`ValueError`) carrying the failing steps.

As in python-chess, a refusal says which kind of failure it is: text that is not an action
(:class:`NotationError`), an action against the rules (:class:`IllegalAction`), an action that fits
several legal ones (:class:`AmbiguousAction`); files and hand-built positions have their own kinds.
"""
from __future__ import annotations

from brass_nb.rules.records import Step


class BrassError(ValueError):
    """Base class: ``rule`` is the id of the first failing step, ``steps`` all of them."""

    def __init__(self, steps: list[Step], action: str = ""):
        super().__init__(action)
        self.steps = list(steps)
        self.rule = self.steps[0].rule
        self.action = action

    def __str__(self) -> str:
        """The first failing step in words, in the language chosen when it is read: worded only then, so the rules
        raise their errors without importing the explanations above them."""
        from brass_nb.explain import reason

        text = reason(self.steps[0])
        return f"{self.action}: {text}" if self.action else text


class NotationError(BrassError):
    """The text is not an action in brass_nb notation (unknown word, name or shape, or too long)."""


class IllegalAction(BrassError):
    """The action breaks a rule in this position; nothing was changed."""


class AmbiguousAction(BrassError):
    """The action leaves a choice open that has several legal answers (``choice.ambiguous``); name one."""


class ScenarioError(BrassError):
    """A hand-built position or a position file is malformed or impossible."""


class SaveFileError(BrassError):
    """A save file is unreadable, malformed, or replays an action that fails."""


class GameSetupError(BrassError):
    """:func:`~brass_nb.new_game` was asked for a game its edition cannot set up (a player count it does not allow),
    or an Explorer for seats that do not fit the game."""


class UnknownName(BrassError):
    """A query or an option names something brass_nb does not know (a location, a language)."""


class QuizError(BrassError):
    """A quiz question does not fit its position: its action, card, link or era end does not ask what its kind
    asks (a teacher's question, or a quiz built on a learner's game)."""


class ClassListError(BrassError):
    """A teacher's class list or list of learner names has a line brass_nb cannot use."""


class AnswerRefused(BrassError):
    """A quiz answer the class's answers service does not record, and why."""


def refusal(steps: list[Step], action: str) -> BrassError:
    """The error for a validator's failures: ambiguous when the only thing missing is a choice, else illegal."""
    cls = AmbiguousAction if all(s.rule == "choice.ambiguous" for s in steps) else IllegalAction
    return cls(steps, action)
