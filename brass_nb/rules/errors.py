"""Errors raised by the rules core, all :class:`ValueError` subclasses carrying the failing steps."""
from __future__ import annotations

from brass_nb.rules.records import Step


class BrassError(ValueError):
    """Base class: ``rule`` is the id of the first failing step, ``steps`` all of them."""

    def __init__(self, steps: list[Step], action: str = ""):
        self.steps = list(steps)
        self.rule = self.steps[0].rule
        self.action = action
        from brass_nb.explain import reason

        text = reason(self.steps[0])
        super().__init__(f"{action}: {text}" if action else text)


class IllegalAction(BrassError):
    """The action breaks a rule in this position; nothing was changed."""


class NotationError(IllegalAction):
    """The text is not an action in brass_nb notation (unknown word, name or shape)."""


class ScenarioError(BrassError):
    """A position or save file is malformed or impossible."""
