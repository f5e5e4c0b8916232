"""State changes shared by several actions, each recording the step that explains it.

Only validated plans call these; each keeps the money and cube ledgers of :class:`State` balanced.
"""
from __future__ import annotations

from typing import Any

from brass_nb.rules.facts import MARKET
from brass_nb.rules.records import Explanation, Step
from brass_nb.rules.state import State, Tile


def advance_income(state: State, player: int, spaces: int, expl: Explanation, why: str) -> None:
    """Move the income marker forward by track *spaces* (not levels), stopping at the last space."""
    p = state.players[player]
    before_space, before_level = p.income_space, p.income_level
    p.income_space = min(p.income_space + spaces, len(state.facts.income_levels) - 1)
    expl.steps.append(Step("income.advance", {"player": player, "spaces": spaces, "why": why,
                                              "from_space": before_space, "to_space": p.income_space,
                                              "from_level": before_level,
                                              "to_level": p.income_level}, (f"player:{player}",)))


def flip(state: State, label: str, expl: Explanation, why: str) -> None:
    """Turn a tile to its flipped side and raise its owner's income by the tile's income spaces."""
    tile = state.tiles[label]
    state.flip_tile(tile)
    spec = state.spec(tile)
    expl.steps.append(Step("tile.flip", {"slot": label, "owner": tile.owner, "industry": tile.industry,
                                         "level": tile.level, "why": why, "income": spec.income,
                                         "vp": spec.vp}, (label,)))
    advance_income(state, tile.owner, spec.income, expl, "flip")


def consume(state: State, resource: str, allocation: tuple[str, ...] | None, player: int, expl: Explanation,
            consumer: tuple[str, ...]) -> None:
    """Take the allocated cubes from tiles (free, maybe flipping them) and the market (paid, counted as spending).

    ``consumer`` is where the cubes are used (a location, or both ends of a new rail): each take of
    coal or beer records the route it travels, for the explanation and the board picture. Iron
    needs no connection, so it gets no route.
    """
    if not allocation:
        return
    board = state.facts.board
    bought = 0
    counts: dict[str, int] = {}             # (counted by hand: a Counter runs its update and a Mapping check in Python)
    for source in allocation:
        counts[source] = counts.get(source, 0) + 1
    for source, n in counts.items():
        if source == MARKET:
            bought = n
            continue
        tile = state.tiles[source]
        state.tile_cubes_to_supply(tile, n)
        route: list[str] | None = None
        crossed: list[int] = []
        if resource != "iron":
            found = board.route(board.slot_of[source][0], consumer, state.links)    # (the links by index: no set made)
            if found:
                route, crossed = found
        expl.steps.append(Step(f"{resource}.take", {"source": source, "count": n, "owner": tile.owner,
                                                    "left": tile.cubes, "player": player,
                                                    "route": route}, (source, *[f"link:{i}" for i in crossed])))
        if tile.cubes == 0:
            flip(state, source, expl, "emptied")
    if bought:
        prices = state.market_buy_prices(resource, bought)
        from_market = min(bought, state.markets[resource])
        if from_market:
            state.market_cubes_to_supply(resource, from_market)
        state.pay(state.players[player], sum(prices))
        expl.steps.append(Step(f"{resource}.buy", {"count": bought, "prices": prices, "total": sum(prices),
                                                   "from_supply": bought - from_market,
                                                   "player": player}, (f"market:{resource}",)))


def sell_to_market(state: State, label: str, expl: Explanation, why: str, **extra: Any) -> None:
    """Move a new mine's or works' cubes to the empty market spaces, most expensive first, for money."""
    tile = state.tiles[label]
    resource = state.facts.resource_of[tile.industry]
    prices = state.market_sell_prices(resource, tile.cubes)
    if not prices:
        expl.steps.append(Step("market.full", {"slot": label, "resource": resource, "why": why,
                                               **extra}, (label, f"market:{resource}")))
        return
    state.tile_cubes_to_market(tile, len(prices))
    state.receive(state.players[tile.owner], sum(prices))
    expl.steps.append(Step("market.sell", {"slot": label, "resource": resource, "count": len(prices), "prices": prices,
                                           "total": sum(prices), "left": tile.cubes, "why": why, "owner": tile.owner,
                                           **extra}, (label, f"market:{resource}")))
    if tile.cubes == 0:
        flip(state, label, expl, "sold_to_market")


def remove_tile(state: State, label: str) -> Tile:
    """Take a tile off the board for good (overbuilt, era end, or given up); its cubes return to the supply."""
    tile = state.remove_tile(label)
    state.players[tile.owner].tiles_gone += 1
    return tile
