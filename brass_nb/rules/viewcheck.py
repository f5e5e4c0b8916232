"""A debug mode for the answers a game keeps from one position to the next: with ``BRASS_NB_CHECK_VIEWS=1`` in the
environment (:data:`brass_nb.rules.view.CHECK_ANSWERS`), every view made with a game's kept answers is compared,
answer by answer, with a view of the same position made from nothing, and the first difference raises
:class:`StaleAnswer`.

The kept answers are right only if every change of the state moves the epochs it should (the state's verbs) and
:data:`~brass_nb.rules.view.DEPENDS_ON` names everything each answer reads. Both are checked here the only way that
cannot share their mistakes: by answering again without them. The suite plays a sample of games in this mode
(``tests/test_view_check.py``); ``scripts/check_views.py`` plays hundreds per rule system.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from brass_nb.rules.sourcing import SourcePlan, plan_beer, plan_coal, plan_iron
from brass_nb.rules.state import Tile
from brass_nb.rules.view import View

PLANNERS: dict[str, Callable[..., SourcePlan]] = {
    "coal": plan_coal.__wrapped__,  # type: ignore[attr-defined]
    "iron": plan_iron.__wrapped__,  # type: ignore[attr-defined]
    "beer": plan_beer.__wrapped__,  # type: ignore[attr-defined]
}
"""Each resource's planner without its keeping: what a kept plan is compared with."""


class StaleAnswer(AssertionError):
    """A kept answer differs from the same question answered from nothing: a verb moved too few epochs, or
    ``DEPENDS_ON`` misses something an answer reads."""


def check_view(view: View) -> None:
    """Ask ``view`` (which reads the answers its game kept) and a new view of the same state every question the game
    keeps answers to, and raise :class:`StaleAnswer` at the first that differs."""
    fresh = View(view.state)
    state = view.state
    for player in range(len(state.players)):
        _same(f"tiles_of({player})", _tiles(view.tiles_of(player)), _tiles(fresh.tiles_of(player)))
        _same(f"network({player})", view.network(player), fresh.network(player))
        _same(f"next_tiles({player})", view.next_tiles(player), fresh.next_tiles(player))
        _same(f"industry_card_places({player})", view.industry_card_places(player),
              fresh.industry_card_places(player))
    for industry in sorted(state.facts.resource_of):
        _same(f"holders({industry})", _holders(view.holders(industry)), _holders(fresh.holders(industry)))
    _same("pieces", _partition(view.pieces()), _partition(fresh.pieces()))
    kept_starts = set(view._reach)
    for location in view.board.locations:
        starts: tuple[str, ...] = (location,)
        kept_starts.discard(starts)
        _same(f"reachable({location})", view.reachable(starts), fresh.reachable(starts))
        _same(f"coal_at({location})", view.coal_at(location), fresh.coal_at(location))
        _same(f"coal_sources({location})", _coal(view.coal_sources(starts)), _coal(fresh.coal_sources(starts)))
    for starts in sorted(kept_starts):
        _same(f"reachable{starts}", view.reachable(starts), fresh.reachable(starts))
        _same(f"coal_sources{starts}", _coal(view.coal_sources(starts)), _coal(fresh.coal_sources(starts)))
    for resource in PLANNERS:
        for args, plan in list(view.kept[f"plans:{resource}"].items()):
            again = PLANNERS[resource](fresh, *args)
            _same(f"plan_{resource}{args}", _plan(plan), _plan(again))


def _same(question: str, kept: Any, fresh: Any) -> None:
    if kept == fresh:
        return
    if isinstance(kept, set | frozenset) and isinstance(fresh, set | frozenset):      # (the difference only)
        kept, fresh = kept - fresh, fresh - kept
    elif isinstance(kept, dict) and isinstance(fresh, dict):
        keys = {k for k in kept.keys() | fresh.keys() if kept.get(k) != fresh.get(k)}
        kept, fresh = {k: kept.get(k) for k in keys}, {k: fresh.get(k) for k in keys}
    raise StaleAnswer(f"{question}: kept {kept!r}, but the position says {fresh!r}")


def _tiles(found: Iterable[tuple[str, Tile]]) -> list[tuple[str, dict[str, Any]]]:
    return [(label, tile.to_dict()) for label, tile in found]


def _holders(found: Iterable[tuple[str, str, Tile]]) -> list[tuple[str, str, dict[str, Any]]]:
    return [(label, location, tile.to_dict()) for label, location, tile in found]


def _partition(pieces: dict[str, str]) -> set[frozenset[str]]:
    """The pieces as sets of locations (their names depend on the order links were joined in)."""
    groups: dict[str, set[str]] = {}
    for location, piece in pieces.items():
        groups.setdefault(piece, set()).add(location)
    return {frozenset(group) for group in groups.values()}


def _coal(found: tuple[Any, Any]) -> tuple[list[Any], list[str]]:
    mines, trade = found
    return [(m.distance, m.board_order, m.label, m.location, m.tile.to_dict()) for m in mines], list(trade)


def _plan(plan: SourcePlan) -> tuple[Any, ...]:
    return (plan.options, plan.market_cost, [step.to_dict() for step in plan.steps],
            plan.failure.to_dict() if plan.failure else None)
