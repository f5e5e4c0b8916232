"""Where coal, iron and beer come from: every legal way to supply a need, with the reasons.

* Coal: the consumer must be connected to the source. Nearest connected mine with coal first
  (distance in links, 0 in the same town, any owner); a tie at the deciding distance is the
  player's choice. Only what the mines cannot give comes from the coal market, and only if the
  consumer is connected to a merchant location with the trade icon.
* Iron: any iron works anywhere, no connection, no nearest rule; the market only for what the
  board lacks, no connection needed.
* Beer: your own breweries need no connection, another player's must be connected to where the
  beer is used; merchant beer only when selling to that merchant. Beer is never bought.

Each plan lists every allocation the player may choose (a sorted tuple of source labels, one per
cube, ``"market"`` for market cubes) and the :class:`Step` records that explain it.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Concatenate, ParamSpec

from brass_nb.rules.facts import MARKET
from brass_nb.rules.records import Step
from brass_nb.rules.view import View

P = ParamSpec("P")


@dataclass
class SourcePlan:
    """Every legal way to take ``need`` units of ``resource``, or the reason there is none."""

    resource: str
    need: int
    options: list[tuple[str, ...]]
    steps: list[Step] = field(default_factory=list)
    market_prices: list[int] = field(default_factory=list)
    failure: Step | None = None

    @property
    def market_cost(self) -> int:
        return sum(self.market_prices)

    def choose(self, chosen: tuple[str, ...] | None) -> tuple[tuple[str, ...] | None, Step | None]:
        """The allocation the action names (or the only one), else the failing step."""
        if self.failure:
            return None, self.failure
        if chosen is None:
            if len(self.options) == 1:
                return self.options[0], None
            return None, Step("choice.ambiguous", {"resource": self.resource,
                                                   "options": [list(o) for o in self.options]}, ok=False)
        order = {src: i for i, src in enumerate(dict.fromkeys(s for o in self.options for s in o))}
        wanted = tuple(sorted(chosen, key=lambda s: order.get(s, len(order))))
        if wanted in self.options:
            return wanted, None
        return None, Step("choice.invalid", {"resource": self.resource, "chosen": list(chosen),
                                             "options": [list(o) for o in self.options]}, ok=False)


def distributions(caps: list[tuple[str, int]], k: int) -> list[tuple[str, ...]]:
    """Every way to take ``k`` units from sources with the given capacities (each way sorted by source)."""
    if k == 0:
        return [()]
    if not caps:
        return []
    (label, cap), rest = caps[0], caps[1:]
    out: list[tuple[str, ...]] = []
    for take in range(min(cap, k), -1, -1):
        out.extend((label,) * take + tail for tail in distributions(rest, k - take))
    return out


def holder_facts(view: View, label: str, location: str, cubes: int, distance: int | None = None) -> dict[str, Any]:
    tile = view.state.tiles[label]
    facts = {"source": label, "location": location, "owner": tile.owner, "level": tile.level, "cubes": cubes}
    if distance is not None:
        facts["distance"] = distance
    return facts


def connected_mines(view: View, reach: dict[str, int]) -> list[tuple[int, int, str, str, int]]:
    """(distance, board order, slot, location, cubes) of every coal mine with coal among ``reach``, nearest first."""
    order = view.board.slot_order
    return sorted((reach[loc], order[label], label, loc, t.cubes) for label, loc, t in view.holders("coal")
                  if loc in reach)


def _memoised(plan_function: Callable[Concatenate[View, P], SourcePlan]
              ) -> Callable[Concatenate[View, P], SourcePlan]:
    """Plans depend only on the position and the arguments: compute each once per :class:`View`."""
    def planner(view: View, /, *args: P.args, **kwargs: P.kwargs) -> SourcePlan:
        key = (plan_function.__name__, args, tuple(sorted(kwargs.items())))
        found: SourcePlan | None = view.plans.get(key)
        if found is None:
            found = view.plans[key] = plan_function(view, *args, **kwargs)
        return found

    planner.__doc__ = plan_function.__doc__
    return planner


@_memoised
def plan_coal(view: View, starts: tuple[str, ...], need: int, consumer: str = "") -> SourcePlan:
    """Coal for a consumer at ``starts`` (a location, or both ends of a rail just placed)."""
    if need == 0:
        return SourcePlan("coal", 0, [()])
    reach = view.reachable(starts)
    mines = connected_mines(view, reach)
    candidates = [holder_facts(view, label, loc, cubes, d) for d, _, label, loc, cubes in mines]
    fixed: list[str] = []
    choices: list[tuple[str, ...]] = [()]
    remaining = need
    tie: list[str] = []
    i = 0
    while remaining and i < len(mines):
        distance = mines[i][0]
        tier = [m for m in mines[i:] if m[0] == distance]
        i += len(tier)
        total = sum(m[4] for m in tier)
        if total <= remaining:
            for m in tier:
                fixed.extend([m[2]] * m[4])
            remaining -= total
        else:
            choices = distributions([(m[2], m[4]) for m in tier], remaining)
            tie = [m[2] for m in tier] if len(choices) > 1 else []
            remaining = 0
    plan = SourcePlan("coal", need, [])
    entities = tuple(starts)
    if mines:
        plan.steps.append(Step("coal.nearest", {"consumer": consumer or starts[0], "need": need,
                                                "candidates": candidates, "from_mines": need - remaining,
                                                "tie": tie}, entities + tuple(m[2] for m in mines)))
    if remaining:
        merchants = view.trade_reached(reach)
        if not merchants:
            plan.failure = Step("coal.no_source", {"consumer": consumer or starts[0], "need": need,
                                                   "from_mines": need - remaining, "candidates": candidates,
                                                   "trade_kind": view.trade_kind},
                                entities, ok=False)
            plan.options = []
            return plan
        plan.market_prices = view.state.market_buy_prices("coal", remaining)
        plan.steps.append(Step("coal.market", {"consumer": consumer or starts[0], "count": remaining,
                                               "prices": plan.market_prices, "merchants": merchants,
                                               "why": "no_mine" if not mines else "mines_short",
                                               "market_cubes": view.state.markets["coal"],
                                               "empty_price": view.state.facts.markets["coal"].price_when_empty,
                                               "trade_kind": view.trade_kind},
                               entities + ("market:coal",) + tuple(merchants)))
    plan.options = [tuple(fixed) + c + (MARKET,) * remaining for c in choices]
    return plan


@_memoised
def plan_iron(view: View, need: int) -> SourcePlan:
    """Iron from any works anywhere (player's choice), then the market; no connection needed."""
    if need == 0:
        return SourcePlan("iron", 0, [()])
    works = [(label, loc, t.cubes) for label, loc, t in view.holders("iron")]
    total = sum(w[2] for w in works)
    plan = SourcePlan("iron", need, [])
    if works:
        plan.steps.append(Step("iron.works", {"need": need, "candidates": [holder_facts(view, *w) for w in works],
                                              "from_works": min(need, total)}, tuple(w[0] for w in works)))
    if total >= need:
        plan.options = distributions([(w[0], w[2]) for w in works], need)
        return plan
    remaining = need - total
    plan.market_prices = view.state.market_buy_prices("iron", remaining)
    plan.steps.append(Step("iron.market", {"count": remaining, "prices": plan.market_prices,
                                           "why": "no_works" if not works else "works_short",
                                           "market_cubes": view.state.markets["iron"],
                                           "empty_price": view.state.facts.markets["iron"].price_when_empty},
                           ("market:iron",)))
    plan.options = [tuple(label for label, _, cubes in works for _ in range(cubes)) + (MARKET,) * remaining]
    return plan


Holders = list[dict[str, Any]]


def breweries_for(view: View, player: int, reach: dict[str, int]) -> tuple[Holders, Holders, Holders]:
    """Breweries with beer as ``player`` sees them from ``reach``: own (no connection needed), another player's
    that are connected, and another player's that are not (never usable)."""
    own, connected, unconnected = [], [], []
    for label, loc, t in view.holders("brewery"):
        if t.owner == player:
            own.append(holder_facts(view, label, loc, t.cubes))
        elif loc in reach:
            connected.append(holder_facts(view, label, loc, t.cubes, reach[loc]))
        else:
            unconnected.append(holder_facts(view, label, loc, t.cubes))
    return own, connected, unconnected


@_memoised
def plan_beer(view: View, player: int, starts: tuple[str, ...], need: int,
              merchant: tuple[str, int] | None = None) -> SourcePlan:
    """Beer for a sale (``merchant`` = its label and barrels) or a second rail (no merchant beer)."""
    if need == 0:
        return SourcePlan("beer", 0, [()])
    own, others, unconnected = breweries_for(view, player, view.reachable(starts))
    caps = [(f["source"], f["cubes"]) for f in own + others]
    if merchant and merchant[1]:
        caps.append(merchant)
    facts = {"need": need, "own": own, "connected": others, "unconnected": unconnected,
             "merchant": merchant[0] if merchant else None, "merchant_beer": merchant[1] if merchant else 0,
             "at": starts[0]}
    entities = tuple(c[0] for c in caps)
    plan = SourcePlan("beer", need, distributions(caps, need))
    if not plan.options:
        plan.failure = Step("beer.short", facts, entities, ok=False)
    else:
        plan.steps.append(Step("beer.sources", facts, entities))
    return plan
