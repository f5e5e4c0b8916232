"""Tile levels as the boards print them: Roman numerals, and "0" for Lancashire's level-0 shipyard.

The one table shared by the words, the pictures and the position-file notation.
"""
from __future__ import annotations

NUMERALS = ("0", "I", "II", "III", "IV", "V", "VI", "VII", "VIII")


def roman(level: int) -> str:
    """The printed numeral of ``level`` (the number itself past the table)."""
    return NUMERALS[level] if 0 <= level < len(NUMERALS) else str(level)


def level_of(numeral: str) -> int | None:
    """The level a printed numeral names ("0", "I" … "VIII"), or None when it is not one."""
    return NUMERALS.index(numeral) if numeral in NUMERALS else None
