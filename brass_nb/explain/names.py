"""Board and card names in a language: the translations every game's data file gives, and :func:`localize`."""
from __future__ import annotations

import re
from functools import cache
from typing import Any

from brass_nb.rules.facts import known_games, load_facts

__all__ = ["localize"]


@cache
def _names(language: str) -> dict[str, str]:
    """Board and card names in ``language``, from every game's data file."""
    table: dict[str, str] = {}
    for game in known_games():
        table.update(load_facts(game).translations.get(language, {}))
    return table


_SLOT = re.compile(r"(.+)\[(\d+)\]")


def localize(value: Any, language: str) -> Any:
    """Translate the board and card names inside a step's facts (slots "Dudley[1]", links "A - B" too)."""
    table = _names(language)
    if not table:
        return value
    if isinstance(value, str):
        if value in table:
            return table[value]
        m = _SLOT.fullmatch(value)
        if m and m.group(1) in table:
            return f"{table[m.group(1)]}[{m.group(2)}]"
        parts = value.split(" - ")
        if len(parts) > 1 and all(p in table for p in parts):
            return " - ".join(table[p] for p in parts)
        return value
    if isinstance(value, list):
        return [localize(v, language) for v in value]
    if isinstance(value, dict):
        return {k: localize(v, language) for k, v in value.items()}
    return value
