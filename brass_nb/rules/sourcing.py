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
from functools import cache
from typing import Any, Concatenate, ParamSpec, cast

from brass_nb.rules.facts import MARKET
from brass_nb.rules.records import Step
from brass_nb.rules.state import Tile
from brass_nb.rules.view import ConnectedMine, Holder, View

P = ParamSpec("P")


Explain = Callable[..., tuple[list[Step], "Step | None"]]
"""The steps that explain a plan and the failing step, if it failed: written by the planner that decided, from the
facts it decided by."""


class SourcePlan:
    """Every legal way to take ``need`` units of ``resource`` (none: it cannot be supplied), and why.

    The options decide at once; the steps that explain them are written only when asked (legal-action lists
    need none), by the planner's explainer over the same facts it decided by, handed over as a tuple of them (a
    closure over them would cost a cell per fact, made for every plan and kept with it; a ``partial`` a dict).
    """

    __slots__ = ("resource", "need", "options", "market_cost", "choices", "_explain", "_facts", "_explanation")

    def __init__(self, resource: str, need: int, options: list[tuple[str, ...]],
                 market_prices: list[int] | None = None, explain: Explain | None = None,
                 facts: tuple[Any, ...] = ()):
        self.resource = resource
        self.need = need
        self.options = options
        self.market_cost = sum(market_prices) if market_prices else 0
        # as an action names them: an option names a source per cube, so only a plan for no cube has the empty one,
        # named None (no search of the options for it)
        self.choices = tuple(options) if need else (None,) * len(options)
        self._explain = explain
        self._facts = facts
        self._explanation: tuple[list[Step], Step | None] | None = None

    @property
    def _explained(self) -> tuple[list[Step], Step | None]:
        if self._explanation is None:
            self._explanation = self._explain(*self._facts) if self._explain is not None else ([], None)
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


def _explain_coal(starts: tuple[str, ...], need: int, consumer: str, mines: list[ConnectedMine],
                  remaining: int, tie: list[str], merchants: list[str], prices: list[int], market_cubes: int,
                  empty_price: int, trade_kind: str) -> tuple[list[Step], Step | None]:
    """The steps of a coal plan, over the facts :func:`plan_coal` decided by (not over the view: a kept plan would
    keep it)."""
    steps = []
    entities = tuple(starts)
    who = consumer or starts[0]
    candidates, named = [], []
    for mine in mines:
        candidates.append(holder_facts(mine.label, mine.location, mine.tile, mine.distance))
        named.append(mine.label)
    if mines:
        steps.append(Step("coal.nearest", {"consumer": who, "need": need, "candidates": candidates,
                                           "from_mines": need - remaining, "tie": tie},
                          entities + tuple(named)))
    if remaining and not merchants:
        return steps, Step("coal.no_source", {"consumer": who, "need": need, "from_mines": need - remaining,
                                              "candidates": candidates, "trade_kind": trade_kind},
                           entities, ok=False)
    if remaining:
        steps.append(Step("coal.market", {"consumer": who, "count": remaining, "prices": prices,
                                          "merchants": merchants,
                                          "why": "no_mine" if not mines else "mines_short",
                                          "market_cubes": market_cubes, "empty_price": empty_price,
                                          "trade_kind": trade_kind},
                          entities + ("market:coal",) + tuple(merchants)))
    return steps, None


@cache
def _unsupplied_coal(starts: tuple[str, ...], need: int, consumer: str, trade_kind: str) -> SourcePlan:
    """The plan of a consumer connected to no coal mine with coal and no trade place: it fails, over facts that
    are the request's alone (nothing of the position), so it is made once per request and kept for good, where
    a plan kept by the view is made again whenever the coal or the links move (half the coal plans made)."""
    return SourcePlan("coal", need, [], [], _explain_coal,
                      (starts, need, consumer, [], need, [], [], [], 0, 0, trade_kind))


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
    facts = (starts, need, consumer, mines, remaining, tie, merchants, prices, market_cubes, empty_price,
             view.trade_kind)

    if remaining and not merchants:
        return SourcePlan("coal", need, [], prices, _explain_coal, facts)
    if fixed or remaining:
        head, tail, options = tuple(fixed), (MARKET,) * remaining, []
        for choice in choices:
            options.append(head + choice + tail)
    else:
        options = choices
    return SourcePlan("coal", need, options, prices, _explain_coal, facts)


def _explain_iron(need: int, works: list[Holder], total: int, remaining: int, prices: list[int],
                  market_cubes: int, empty_price: int) -> tuple[list[Step], Step | None]:
    """The steps of an iron plan, over the facts :func:`plan_iron` decided by."""
    steps = []
    if works:
        steps.append(Step("iron.works", {"need": need, "candidates": [holder_facts(*w) for w in works],
                                         "from_works": min(need, total)}, tuple(label for label, _, _ in works)))
    if remaining:
        steps.append(Step("iron.market", {"count": remaining, "prices": prices,
                                          "why": "no_works" if not works else "works_short",
                                          "market_cubes": market_cubes, "empty_price": empty_price},
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
    facts = (need, works, total, remaining, prices, market_cubes, empty_price)
    if not remaining:
        caps = []
        for label, _, tile in works:
            caps.append((label, tile.cubes))
        return SourcePlan("iron", need, distributions(caps, need), None, _explain_iron, facts)
    every_cube: list[str] = []
    for label, _, tile in works:
        every_cube += [label] * tile.cubes
    return SourcePlan("iron", need, [tuple(every_cube) + (MARKET,) * remaining], prices, _explain_iron, facts)


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


def _explain_beer(supplied: bool, facts: dict[str, Any], entities: tuple[str, ...]) -> tuple[list[Step], Step | None]:
    """The step of a beer plan, over the facts :func:`plan_beer` decided by."""
    if not supplied:
        return [], Step("beer.short", facts, entities, ok=False)
    return [Step("beer.sources", facts, entities)], None


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
    return SourcePlan("beer", need, options, None, _explain_beer, (bool(options), facts, tuple(entities)))
