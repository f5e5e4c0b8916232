"""The decisions that continue one action (more sales, a second rail or tile, a bonus develop, the two cards of
a double-card build) or interrupt the round (giving up industries to pay negative income).

A planner's ``apply`` returns the phases its action opens, in the order they are to be decided; the game keeps
them in ``State.pending``. Values are plain strings so that saved states and explanations stay JSON.
"""
from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    SELL = "sell"
    RAIL2 = "rail2"
    DEVELOP2 = "develop2"
    BONUS_DEVELOP = "bonus_develop"
    DOUBLE_CARDS = "double_cards"
    SHORTFALL = "shortfall"
    END = "end"
    """Not a decision: the action stops at once and every later phase of it is dropped (no more cotton demand)."""


PHASES: dict[str, Phase] = {phase._value_: phase for phase in Phase}
"""Each phase by its text, as ``State.pending`` may hold it (a dict read: ``Phase(text)`` runs the Enum's lookup in
Python, several times slower on every interpreter we support)."""
