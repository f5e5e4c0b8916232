"""Era-end scoring as records: computed without changing anything, so a position can be previewed."""
from __future__ import annotations

from typing import Any

from brass_nb.rules.records import Step
from brass_nb.rules.state import State


def link_scores(state: State) -> list[Step]:
    """Each link scores at all its ends: the link icons of flipped industries (any owner; in Lancashire one per
    flipped tile) and the icons printed at merchants or external locations; never the tiles' VP."""
    board = state.facts.board
    icons_at: dict[str, list[dict[str, Any]]] = {}
    for label, t in state.tiles.items():
        if t.flipped:
            icons_at.setdefault(board.slot_of[label][0], []).append(
                {"slot": label, "owner": t.owner, "industry": t.industry, "level": t.level,
                 "icons": state.spec(t).link_vp})
    counts = state.facts.rules.link_scoring.value
    steps = []
    for index, owner in sorted(state.links.items()):
        link = board.links[index]
        ends, contributors, vp = [], [], 0
        for end in link.ends:
            parts = list(icons_at.get(end, []))
            printed = board.locations[end].link_vp
            if printed:
                parts.append({"printed": end, "kind": board.locations[end].kind, "icons": printed})
            icons = 0
            for part in parts:
                icons += part["icons"]
                if "slot" in part:
                    contributors.append(part["slot"])
            ends.append({"location": end, "icons": icons, "parts": parts})
            vp += icons
        steps.append(Step("score.link", {"link": link.label, "owner": owner, "ends": ends, "vp": vp, "counts": counts},
                          (f"link:{index}", *contributors)))
    return steps


def industry_scores(state: State) -> list[Step]:
    """Each flipped industry scores its VP for its owner; unflipped ones score nothing."""
    return [Step("score.industry", {"slot": label, "owner": t.owner, "industry": t.industry, "level": t.level,
                                    "vp": state.spec(t).vp}, (label,))
            for label, t in state.tiles.items() if t.flipped]


def ranking(state: State) -> list[dict[str, Any]]:
    """Players best first: most VP, then the ruleset's tie-breaks in order (income level, money, and in Lancashire
    the final turn order); players equal on all of these share a place.

    ``behind_by`` names what put a player below the one ranked just above (None when they share the place).
    """
    names = ("vp",) + state.facts.rules.tie_breaks

    def key(i: int) -> tuple[int, ...]:
        p = state.players[i]
        value = {"vp": p.vp, "income_level": p.income_level, "money": p.money, "turn_order": -state.order.index(i)}
        return tuple(value[name] for name in names)

    ordered = sorted(range(len(state.players)), key=key, reverse=True)
    out: list[dict[str, Any]] = []
    for position, i in enumerate(ordered):
        p = state.players[i]
        row: dict[str, Any] = {"player": i, "place": position + 1, "vp": p.vp, "income_level": p.income_level,
                               "money": p.money, "behind_by": None}
        if position:
            above = key(ordered[position - 1])
            differs = [name for name, a, b in zip(names, above, key(i), strict=True) if a != b]
            if differs:
                row["behind_by"] = differs[0]
            else:
                row["place"] = out[-1]["place"]
        out.append(row)
    return out
