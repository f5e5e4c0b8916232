"""Readings of a step's facts that every language's messages share (counts, never words)."""
from __future__ import annotations


def mines_used(f: dict) -> list[tuple[list[str], int]]:
    """The connected mines a coal step draws on, nearest first, grouped by distance: (their names, their cubes).
    More than one group means the nearest ran short and the rest came from the next nearest."""
    tiers: list[tuple[int, list[str], int]] = []
    for c in f["candidates"]:
        if tiers and tiers[-1][0] == c["distance"]:
            tiers[-1] = (c["distance"], tiers[-1][1] + [c["source"]], tiers[-1][2] + c["cubes"])
        else:
            tiers.append((c["distance"], [c["source"]], c["cubes"]))
    used, got = [], 0
    for _, names, held in tiers:
        if got >= f["from_mines"]:
            break
        used.append((names, held))
        got += held
    return used


def usable_beer(f: dict) -> int:
    """Barrels a beer step may use: own breweries, other players' connected ones, and the merchant's beer."""
    return sum(c["cubes"] for c in f["own"] + f["connected"]) + (f["merchant_beer"] if f["merchant"] else 0)


def level_one_in_rail(f: dict) -> bool:
    """A level I tile built in the rail era (Birmingham's pottery I), which learners expect to be canal-only."""
    return bool(f["level"] == 1 and f["era"] == "rail" and "canal" in f.get("eras", ()))


def loan_with_empty_deck(f: dict) -> str | None:
    """Why a loan taken once the draw deck is empty is allowed (None while cards are left): the game never ends
    loans ("never"), it is Roxley's last loan round ("divider_round"), or it is the canal era of a game whose loans
    end in the rail era ("canal_rail_deck_empty" or "canal_round_after_divider")."""
    if f.get("deck", 1):
        return None
    if f["loans_end"] == "never":
        return "never"
    if f["era"] == "rail":
        return "divider_round"
    return f"canal_{f['loans_end']}"
