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

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, Concatenate, ParamSpec, cast

from brass_nb.rules.facts import MARKET
from brass_nb.rules.records import Step
from brass_nb.rules.state import Tile
from brass_nb.rules.view import ConnectedMine, Holder, View

P = ParamSpec("P")


class SourcePlan:
    """Every legal way to take ``need`` units of ``resource`` (none: it cannot be supplied), and why.

    The options decide at once; the steps that explain them are written only when asked (legal-action lists need
    none), by the plan's :meth:`explain` over the facts its planner decided by, kept as the fields of a plan of that
    resource (:class:`CoalPlan`, :class:`IronPlan`, :class:`BeerPlan`; this base class is a plan for nothing).
    """

    __slots__ = ("resource", "need", "options", "market_cost", "choices", "_explanation")

    def __init__(self, resource: str, need: int, options: list[tuple[str, ...]], market_cost: int = 0):
        self.resource = resource
        self.need = need
        self.options = options
        self.market_cost = market_cost
        # as an action names them: an option names a source per cube, so only a plan for no cube has the empty one,
        # named None (no search of the options for it)
        self.choices = tuple(options) if need else (None,) * len(options)
        self._explanation: tuple[list[Step], Step | None] | None = None

    def explain(self) -> tuple[list[Step], Step | None]:
        """The steps that explain the plan, and the failing step if it failed (a plan for nothing: none)."""
        return [], None

    @property
    def _explained(self) -> tuple[list[Step], Step | None]:
        if self._explanation is None:
            self._explanation = self.explain()
        return self._explanation

    @property
    def steps(self) -> list[Step]:
        return self._explained[0]

    @property
    def failure(self) -> Step | None:
        return self._explained[1]

    def choose(self, chosen: tuple[str, ...] | None) -> tuple[tuple[str, ...] | None, Step | None]:
        """The allocation the action names (or the only one), else the failing step."""
        failure = self._explained[1]
        if failure:
            return None, failure
        if chosen is None:
            if len(self.options) == 1:
                return self.options[0], None
            return None, Step("choice.ambiguous", {"resource": self.resource,
                                                   "options": [list(o) for o in self.options]}, ok=False)
        order: dict[str, int] = {}                  # each source by its first place in the options
        for option in self.options:
            for source in option:
                if source not in order:
                    order[source] = len(order)
        for source in chosen:
            if source not in order:                 # (a source no option has: no order of the sources can help)
                break
        else:
            wanted = tuple(sorted(chosen, key=order.__getitem__))
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
    if not rest:                                       # (the usual case: one source, taken from or not)
        return [(label,) * k] if cap >= k else []
    out: list[tuple[str, ...]] = []
    for take in range(min(cap, k), -1, -1):
        head = (label,) * take
        for tail in distributions(rest, k - take):
            out.append(head + tail)
    return out


def holder_facts(label: str, location: str, tile: Tile, distance: int | None = None) -> dict[str, Any]:
    """A source as explanations name it; ``tile`` is the holders' snapshot, so facts never read a later state."""
    facts = {"source": label, "location": location, "owner": tile.owner, "level": tile.level, "cubes": tile.cubes}
    if distance is not None:
        facts["distance"] = distance
    return facts


NOTHING_NEEDED = {resource: SourcePlan(resource, 0, [()]) for resource in ("coal", "iron", "beer")}
"""The plan when no cube is needed: take nothing, from nowhere, and nothing to explain."""


def _memoised(resource: str, need_at: int) -> Callable[[Callable[Concatenate[View, P], SourcePlan]],
                                                       Callable[Concatenate[View, P], SourcePlan]]:
    """Plans depend only on the links, the arguments and ``resource``'s holders and market: compute each once
    for as long as those stay as they are (the view's shared plans for that resource). Arguments are positional,
    so that equal requests find the same plan; when the one at ``need_at`` (the cubes needed) is 0, the plan is
    :data:`NOTHING_NEEDED`, with no search and nothing kept. (The planner takes no keywords: an empty ``**kwargs``
    would cost a dict on every request.)"""
    nothing, plans = NOTHING_NEEDED[resource], f"plans:{resource}"

    def memoise(plan_function: Callable[Concatenate[View, P], SourcePlan]
                ) -> Callable[Concatenate[View, P], SourcePlan]:
        def planner(view: View, /, *args: Any) -> SourcePlan:
            if args[need_at] == 0:
                return nothing
            kept = view.kept[plans]
            found: SourcePlan | None = kept.get(args)
            if found is None:
                found = kept[args] = plan_function(view, *args)  # type: ignore[call-arg]
            return found

        planner.__doc__ = plan_function.__doc__
        planner.__wrapped__ = plan_function  # type: ignore[attr-defined]
        return cast(Callable[Concatenate[View, P], SourcePlan], planner)
    return memoise


class CoalPlan(SourcePlan):
    """A coal plan with the facts :func:`plan_coal` decided by (never the view: a kept plan would keep it)."""

    __slots__ = ("starts", "consumer", "mines", "remaining", "tie", "merchants", "prices", "market_cubes",
                 "empty_price", "trade_kind")

    def __init__(self, need: int, options: list[tuple[str, ...]], starts: tuple[str, ...], consumer: str,
                 mines: Sequence[ConnectedMine], remaining: int, tie: list[str], merchants: list[str],
                 prices: list[int], market_cubes: int, empty_price: int, trade_kind: str):
        SourcePlan.__init__(self, "coal", need, options, sum(prices))
        self.starts = starts                        # where the coal is used
        self.consumer = consumer                    # what uses it, as explanations name it ("" for the place)
        self.mines = mines                          # the connected mines with coal, nearest first
        self.remaining = remaining                  # cubes the mines do not give
        self.tie = tie                              # the mines tied at the deciding distance (the player chooses)
        self.merchants = merchants                  # the trade places the market's coal comes through
        self.prices = prices                        # of the market cubes
        self.market_cubes = market_cubes
        self.empty_price = empty_price
        self.trade_kind = trade_kind                # "merchant" or "port" (see View.trade_kind)

    def explain(self) -> tuple[list[Step], Step | None]:
        steps = []
        entities = tuple(self.starts)
        who = self.consumer or self.starts[0]
        need, remaining, merchants = self.need, self.remaining, self.merchants
        candidates, named = [], []
        for mine in self.mines:
            candidates.append(holder_facts(mine.label, mine.location, mine.tile, mine.distance))
            named.append(mine.label)
        if self.mines:
            steps.append(Step("coal.nearest", {"consumer": who, "need": need, "candidates": candidates,
                                               "from_mines": need - remaining, "tie": self.tie},
                              entities + tuple(named)))
        if remaining and not merchants:
            return steps, Step("coal.no_source", {"consumer": who, "need": need, "from_mines": need - remaining,
                                                  "candidates": candidates, "trade_kind": self.trade_kind},
                               entities, ok=False)
        if remaining:
            steps.append(Step("coal.market", {"consumer": who, "count": remaining, "prices": self.prices,
                                              "merchants": merchants,
                                              "why": "no_mine" if not self.mines else "mines_short",
                                              "market_cubes": self.market_cubes, "empty_price": self.empty_price,
                                              "trade_kind": self.trade_kind},
                              entities + ("market:coal",) + tuple(merchants)))
        return steps, None


@cache
def _unsupplied_coal(starts: tuple[str, ...], need: int, consumer: str, trade_kind: str) -> SourcePlan:
    """The plan of a consumer connected to no coal mine with coal and no trade place: it fails, over facts that
    are the request's alone (nothing of the position), so it is made once per request and kept for good, where
    a plan kept by the view is made again whenever the coal or the links move (half the coal plans made)."""
    return CoalPlan(need, [], starts, consumer, (), need, [], [], [], 0, 0, trade_kind)


@_memoised("coal", need_at=1)
def plan_coal(view: View, starts: tuple[str, ...], need: int, consumer: str = "") -> SourcePlan:
    """Coal for a consumer at ``starts`` (a location, or both ends of a rail just placed)."""
    mines, trade = view.coal_sources(starts)
    if not mines and not trade:
        return _unsupplied_coal(starts, need, consumer, view.trade_kind)
    fixed: list[str] = []
    choices: list[tuple[str, ...]] = [()]
    remaining = need
    tie: list[str] = []
    i = 0
    while remaining and i < len(mines):
        distance, end, total = mines[i].distance, i, 0
        while end < len(mines) and mines[end].distance == distance:    # the tier: every mine this near (sorted)
            total += mines[end].tile.cubes
            end += 1
        tier, i = mines[i:end], end
        if total <= remaining:
            for mine in tier:
                fixed.extend([mine.label] * mine.tile.cubes)
            remaining -= total
        else:
            caps = []
            for mine in tier:
                caps.append((mine.label, mine.tile.cubes))
            choices = distributions(caps, remaining)
            tie = [mine.label for mine in tier] if len(choices) > 1 else []
            remaining = 0
    merchants = list(trade) if remaining and trade else []  # (a copy: the explanation keeps it)
    if merchants:                                          # (what the market step reads; no step without it)
        prices = view.state.market_buy_prices("coal", remaining)
        market_cubes, empty_price = view.state.markets["coal"], view.state.facts.markets["coal"].price_when_empty
    else:
        prices, market_cubes, empty_price = [], 0, 0
    if remaining and not merchants:
        return CoalPlan(need, [], starts, consumer, mines, remaining, tie, merchants, prices, market_cubes,
                        empty_price, view.trade_kind)
    if fixed or remaining:
        head, tail, options = tuple(fixed), (MARKET,) * remaining, []
        for choice in choices:
            options.append(head + choice + tail)
    else:
        options = choices
    return CoalPlan(need, options, starts, consumer, mines, remaining, tie, merchants, prices, market_cubes,
                    empty_price, view.trade_kind)


class IronPlan(SourcePlan):
    """An iron plan with the facts :func:`plan_iron` decided by."""

    __slots__ = ("works", "total", "remaining", "prices", "market_cubes", "empty_price")

    def __init__(self, need: int, options: list[tuple[str, ...]], works: Sequence[Holder], total: int,
                 remaining: int, prices: list[int], market_cubes: int, empty_price: int):
        SourcePlan.__init__(self, "iron", need, options, sum(prices))
        self.works = works                          # the iron works with iron, anywhere
        self.total = total                          # their cubes
        self.remaining = remaining                  # cubes bought from the market
        self.prices = prices
        self.market_cubes = market_cubes
        self.empty_price = empty_price

    def explain(self) -> tuple[list[Step], Step | None]:
        steps = []
        if self.works:
            steps.append(Step("iron.works", {"need": self.need, "candidates": [holder_facts(*w) for w in self.works],
                                             "from_works": min(self.need, self.total)},
                              tuple(label for label, _, _ in self.works)))
        if self.remaining:
            steps.append(Step("iron.market", {"count": self.remaining, "prices": self.prices,
                                              "why": "no_works" if not self.works else "works_short",
                                              "market_cubes": self.market_cubes, "empty_price": self.empty_price},
                              ("market:iron",)))
        return steps, None


@_memoised("iron", need_at=0)
def plan_iron(view: View, need: int) -> SourcePlan:
    """Iron from any works anywhere (player's choice), then the market; no connection needed."""
    works = view.holders("iron")
    total = 0
    for _, _, tile in works:
        total += tile.cubes
    remaining = need - total if need > total else 0
    prices = view.state.market_buy_prices("iron", remaining) if remaining else []
    market_cubes = view.state.markets["iron"]
    empty_price = view.state.facts.markets["iron"].price_when_empty
    if not remaining:
        caps = []
        for label, _, tile in works:
            caps.append((label, tile.cubes))
        return IronPlan(need, distributions(caps, need), works, total, remaining, prices, market_cubes, empty_price)
    every_cube: list[str] = []
    for label, _, tile in works:
        every_cube += [label] * tile.cubes
    return IronPlan(need, [tuple(every_cube) + (MARKET,) * remaining], works, total, remaining, prices, market_cubes,
                    empty_price)


Holders = list[dict[str, Any]]


def breweries_for(view: View, player: int, reach: dict[str, int]) -> tuple[Holders, Holders, Holders]:
    """Breweries with beer as ``player`` sees them from ``reach``: own (no connection needed), another player's
    that are connected, and another player's that are not (never usable)."""
    own, connected, unconnected = [], [], []
    for label, loc, t in view.holders("brewery"):
        if t.owner == player:
            own.append(holder_facts(label, loc, t))
        elif loc in reach:
            connected.append(holder_facts(label, loc, t, reach[loc]))
        else:
            unconnected.append(holder_facts(label, loc, t))
    return own, connected, unconnected


class BeerPlan(SourcePlan):
    """A beer plan with the facts :func:`plan_beer` decided by, as its step reads them."""

    __slots__ = ("facts", "entities")

    def __init__(self, need: int, options: list[tuple[str, ...]], facts: dict[str, Any], entities: tuple[str, ...]):
        SourcePlan.__init__(self, "beer", need, options)
        self.facts = facts
        self.entities = entities

    def explain(self) -> tuple[list[Step], Step | None]:
        if not self.options:
            return [], Step("beer.short", self.facts, self.entities, ok=False)
        return [Step("beer.sources", self.facts, self.entities)], None


@_memoised("beer", need_at=2)
def plan_beer(view: View, player: int, starts: tuple[str, ...], need: int,
              merchant: tuple[str, int] | None = None) -> SourcePlan:
    """Beer for a sale (``merchant`` = its label and barrels) or a second rail (no merchant beer)."""
    own, others, unconnected = breweries_for(view, player, view.reachable(starts))
    caps, entities = [], []
    for brewery in own + others:
        caps.append((brewery["source"], brewery["cubes"]))
        entities.append(brewery["source"])
    if merchant and merchant[1]:
        caps.append(merchant)
        entities.append(merchant[0])
    facts = {"need": need, "own": own, "connected": others, "unconnected": unconnected,
             "merchant": merchant[0] if merchant else None, "merchant_beer": merchant[1] if merchant else 0,
             "at": starts[0] if len(starts) == 1 else " - ".join(starts), "rail": len(starts) > 1}
    options = distributions(caps, need)
    return BeerPlan(need, options, facts, tuple(entities))
