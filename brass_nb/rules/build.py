"""The build action: which card allows which place, which tile and slot, what it costs, what follows."""
from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from enum import Enum
from itertools import combinations
from typing import Any, Literal

from brass_nb.rules.actions import Build, Discard
from brass_nb.rules.cards import discard
from brass_nb.rules.effects import consume, flip, remove_tile, sell_to_market
from brass_nb.rules.facts import Board, BuildSpace, TileSpec
from brass_nb.rules.legal import Choices
from brass_nb.rules.notation import TWO_CARDS
from brass_nb.rules.phases import Phase
from brass_nb.rules.plan import WILD_INDUSTRY, WILD_LOCATION, Plan, check_card_in_hand, missing_cards
from brass_nb.rules.records import Explanation, Step
from brass_nb.rules.sourcing import NOTHING_NEEDED, SourcePlan, plan_coal, plan_iron
from brass_nb.rules.state import State, Tile
from brass_nb.rules.turns import actions_this_turn
from brass_nb.rules.view import View


def check_two_cards(state: State, player: int, plan: Plan) -> None:
    """The double-card build takes the whole turn: two actions left, two cards in hand, a game that has it."""
    if not state.facts.rules.double_card_build:
        plan.fail("build.two_cards_not_in_game", game=state.facts.title)
    elif state.actions_done or actions_this_turn(state) < 2 or len(state.players[player].hand) < 2:
        plan.fail("build.two_cards_not_now", actions_done=state.actions_done, actions=actions_this_turn(state),
                  hand=len(state.players[player].hand))


WILD_KINDS = {WILD_INDUSTRY: "wild_industry", WILD_LOCATION: "wild_location", TWO_CARDS: "two_cards"}
"""The kind of each card that names no industry nor location of its own."""


class FirstBuild(Enum):
    """Where industry cards build while you have nothing on the board (the first-build exception)."""
    ANYWHERE = "anywhere"


ANYWHERE = FirstBuild.ANYWHERE

NOWHERE: Collection[str] = ()
"""Where industry cards build when the cards hold none."""

IndustryCardPlaces = Collection[str] | Literal[FirstBuild.ANYWHERE]
"""Where industry cards build: the places of your network, :data:`ANYWHERE` or, without one, :data:`NOWHERE`."""


def card_scopes(view: View, player: int, cards: Iterable[str], industries: Collection[str]
                ) -> tuple[dict[str, tuple[str]], list[str], dict[str, list[str]], IndustryCardPlaces]:
    """Where ``cards`` allow building, grouped as the build list reads them (one call for a whole hand): (each
    location card by its town; the cards that name any town; the industry cards, wild or not, that build each of
    ``industries``; the places those build in), each list in the cards' order.

    A location card builds in its own town, network or not; a wild location card in any town but
    never a farm brewery; an industry card (or wild industry) in your network, or anywhere while
    you have nothing on the board (first-build exception). Lancashire's two cards count as any
    location card.
    """
    card_industries = view.state.facts.card_industries
    named_at: dict[str, tuple[str]] = {}
    town_cards: list[str] = []
    building: dict[str, list[str]] = {}
    network: frozenset[str] | None = None           # (asked of the view at the first industry card)
    for card in cards:
        built = card_industries.get(card)
        if not built and card not in WILD_KINDS:    # (most cards: one look-up, not three comparisons)
            named_at[card] = (card,)
        elif built or card == WILD_INDUSTRY:
            if network is None:
                network = view.industry_card_places(player)
            for industry in built or industries:
                if industry in industries:
                    building.setdefault(industry, []).append(card)
        else:                                       # (a wild location card, or Lancashire's two cards)
            town_cards.append(card)
    # (with nothing built, your network is empty and so are its places: then anywhere)
    return named_at, town_cards, building, NOWHERE if network is None else network or ANYWHERE


CARD_WHY = {"location": "location_card", "wild_location": "wild_location", "two_cards": "two_cards"}
"""Why a card of each kind that names places allows a build there (an industry card: the network, or none yet)."""


def check_card(view: View, player: int, card: str, industry: str, location: str, plan: Plan) -> None:
    """Record why ``card`` does or does not allow building ``industry`` in ``location``."""
    named_at, town_cards, building, network = card_scopes(view, player, (card,), (industry,))
    kind = "location" if named_at else WILD_KINDS.get(card, "industry")     # (as card_scopes sorted it)
    places: Collection[str] | FirstBuild = named_at.keys() if named_at else view.board.town_set if town_cards \
        else network
    board = view.board
    facts = {"card": card, "card_kind": kind, "industry": industry, "location": location}
    ok = True
    if kind == "industry" and not building:
        plan.fail("build.card_industry", (location,), card_industries=list(view.state.facts.card_industries[card]),
                  **facts)
        ok = False
    if places is not ANYWHERE and location not in places:
        if kind == "location":
            at_farm = board.locations[location].kind == "farm_brewery"
            plan.fail("build.farm_brewery_card" if at_farm else "build.card_location", (location,), **facts)
        elif kind == "wild_location":
            plan.fail("build.farm_brewery_card", (location,), **facts)
        else:
            plan.fail("build.not_in_network", (location,), network=sorted(places), **facts)
        ok = False
    if ok:
        why = CARD_WHY.get(kind, "first_build" if places is ANYWHERE else "network")
        near = view.virtual_link_to(player, location) if why == "network" else None
        if near is not None:
            plan.steps.append(Step("build.card", {"why": "virtual_link", "near": near,
                                                  "edition": view.state.facts.rules.edition_name, **facts},
                                   (near, location)))
        else:
            plan.steps.append(Step("build.card", {"why": why, **facts}, (location,)))


def slot_candidates(view: View, player: int, industry: str, spaces: tuple[BuildSpace, ...], level: int
                    ) -> tuple[list[int], list[int]]:
    """(empty slots allowed, slots that may be overbuilt) of ``industry``'s build spaces at a location (the board's
    ``build_spaces``), numbered from 1 as the notation names them.

    An empty slot showing only this industry is preferred: two-icon slots are allowed only when
    no such slot is free.
    """
    tiles = view.state.tiles
    single: list[int] = []
    double: list[int] = []
    over: list[int] = []
    for space in spaces:
        tile = tiles.get(space.label)
        if tile is None:
            (single if space.alone else double).append(space.position + 1)
        elif tile.industry == industry and tile.level < level and overbuild_block(view, player, tile, industry,
                                                                                   level) is None:
            over.append(space.position + 1)     # (what overbuild_block tests first, read here: most need no call)
    return (single or double), over


def overbuild_block(view: View, player: int, tile: Tile, industry: str, level: int) -> dict[str, Any] | None:
    """Why ``tile`` cannot be overbuilt by ``player`` with ``industry`` at ``level`` (None if it can).

    Overbuilding needs a higher level of the same industry; another player's tile only if it is a
    coal mine or iron works and no cube of that resource is left on the board or in its market.
    """
    if tile.industry != industry:
        return {"why": "other_industry"}
    if tile.level >= level:
        return {"why": "not_higher"}
    if tile.owner == player:
        return None
    resource = view.state.facts.resource_of.get(industry)
    if resource not in ("coal", "iron"):
        return {"why": "not_coal_or_iron"}
    board, market = view.cubes_on_board(industry), view.state.markets[resource]
    if board or market:
        return {"why": "resource_left", "resource": resource, "board": board, "market": market}
    return None


def _own_tiles_in(state: State, player: int, location: str, except_slot: str | None) -> list[str]:
    tiles, mine = state.tiles, []
    for label in state.facts.board.slot_labels[location]:
        if label != except_slot and label in tiles and tiles[label].owner == player:
            mine.append(label)
    return mine


def plan_build(view: View, player: int, action: Build, cards_named: bool = False) -> Plan:
    """The build validator; a double-card build waits for its two cards unless ``cards_named``."""
    state, board = view.state, view.board
    p = state.players[player]
    plan = Plan()
    industry, location = action.industry, action.location
    loc = board.locations.get(location)
    if action.card == TWO_CARDS:
        check_two_cards(state, player, plan)
    else:
        check_card_in_hand(plan, p.hand, action.card)
    if loc is None or not loc.slots:
        plan.fail("build.no_slots", (location,), location=location)
        return plan
    if industry not in board.build_spaces[location]:      # (the industries of its slots' icons)
        plan.fail("build.no_icon", (location,), location=location, industry=industry,
                  icons=sorted({i for icons in loc.slots for i in icons}))
        return plan
    if action.card is not None:
        check_card(view, player, action.card, industry, location, plan)
    level = p.lowest_level(industry)
    if level is None:
        plan.fail("build.no_tile", industry=industry)
        return plan
    spec = state.facts.tile(industry, level)
    if state.era not in spec.eras:
        plan.fail("build.tile_era", industry=industry, level=level, era=state.era, eras=list(spec.eras))
    else:
        plan.steps.append(Step("build.tile", {"industry": industry, "level": level, "cost": spec.cost,
                                              "coal": spec.coal, "iron": spec.iron, "era": state.era,
                                              "eras": list(spec.eras)}))
    empty, over = slot_candidates(view, player, industry, board.build_spaces[location][industry], level)
    labels = board.slot_labels[location]
    slot = _choose_slot(plan, view, player, location, industry, level, action.slot, empty, over)
    if slot is not None and state.era == "canal":
        mine = _own_tiles_in(state, player, location, labels[slot] if slot + 1 in over else None)
        if mine:
            plan.fail("build.canal_one_per_town", (location,) + tuple(mine), location=location, yours=mine)
    coal = plan_coal(view, (location,), spec.coal)
    iron = plan_iron(view, spec.iron)
    coal_choice = plan.choose_sources(coal, action.coal)
    iron_choice = plan.choose_sources(iron, action.iron)
    total = spec.cost + coal.market_cost + iron.market_cost
    if total > p.money:
        plan.fail("money.short", need=total, have=p.money, cost=spec.cost,
                  coal_market=coal.market_cost, iron_market=iron.market_cost)
    if plan.failures or slot is None:
        return plan

    label = labels[slot]

    if action.card == TWO_CARDS and not cards_named:
        plan.apply = _await_two_cards(player, action, label)
        return plan
    # A build moves no link and no trade icon: the validator's view already says where a new mine may sell coal.
    merchants = view.trade_connected((location,)) if industry == "coal" else []

    def apply(state: State, expl: Explanation) -> None:
        me = state.players[player]
        if action.card != TWO_CARDS:
            discard(state, player, action.card, "build", expl)
        consume(state, "coal", coal_choice, player, expl, (location,))
        consume(state, "iron", iron_choice, player, expl, (location,))
        state.pay(me, spec.cost)
        expl.steps.append(Step("build.pay", {"player": player, "cost": spec.cost, "money_left": me.money}, (label,)))
        if label in state.tiles:
            old = remove_tile(state, label)
            expl.steps.append(Step("build.overbuild", {"slot": label, "owner": old.owner, "industry": industry,
                                                       "old_level": old.level, "new_level": level,
                                                       "cubes_returned": old.cubes,
                                                       "own": old.owner == player}, (label,)))
        state.take_from_mat(me, industry, level)
        cubes = spec.cubes_when_built(state.era)
        state.place_tile(label, Tile(player, industry, level, cubes=cubes))
        expl.steps.append(Step("build.place", {"slot": label, "player": player, "industry": industry, "level": level,
                                               "cubes": cubes,
                                               "resource": state.facts.resource_of.get(industry)}, (label,)))
        if industry in state.facts.flips_on_build:
            flip(state, label, expl, "built")
        _after_build(state, label, industry, expl, merchants, view.trade_kind)

    plan.apply = apply
    return plan


def _after_build(state: State, label: str, industry: str, expl: Explanation, merchants: list[str],
                 trade_kind: str) -> None:
    """New coal mines connected to a trade icon (``merchants``: those connected), and every new iron works, sell to
    their market."""
    if industry == "iron":
        sell_to_market(state, label, expl, "iron_works")
    elif industry == "coal":
        if merchants:
            sell_to_market(state, label, expl, "coal_mine_connected", merchants=merchants, trade_kind=trade_kind)
        else:
            expl.steps.append(Step("market.not_connected", {"slot": label, "resource": "coal",
                                                            "trade_kind": trade_kind}, (label,)))


def _choose_slot(plan: Plan, view: View, player: int, location: str, industry: str, level: int,
                 wanted: int | None, empty: list[int], over: list[int]) -> int | None:
    state = view.state
    labels = view.board.slot_labels[location]
    options = empty + over
    names = []
    for number in options:
        names.append(labels[number - 1])
    if not options:
        taken = [labels[i] for i, icons in enumerate(view.board.locations[location].slots) if industry in icons]
        blocked = [{"slot": label, "owner": state.tiles[label].owner, "industry": state.tiles[label].industry,
                    "level": state.tiles[label].level,
                    **(overbuild_block(view, player, state.tiles[label], industry, level) or {})} for label in taken]
        plan.fail("build.slot_taken", tuple(taken), location=location, industry=industry, level=level,
                  slots=taken, blocked=blocked)
        return None
    if wanted is None:
        if len(options) > 1:
            plan.fail("choice.ambiguous", tuple(names), resource="slot", options=names)
            return None
        index = options[0] - 1
    elif wanted not in options:
        slots = view.board.locations[location].slots
        label = f"{location}[{wanted}]"
        where = {}
        if not 1 <= wanted <= len(slots):
            why, where = "no_such_slot", {"location": location, "slots": len(slots)}
        elif industry not in slots[wanted - 1]:
            why = "no_icon"
        elif label in state.tiles:
            why = (overbuild_block(view, player, state.tiles[label], industry, level) or {}).get("why", "")
        else:
            why = "single_icon_first"
        plan.fail("build.slot_invalid", (label,), slot=label, options=names, why=why, industry=industry, **where)
        return None
    else:
        index = wanted - 1
    icons = view.board.locations[location].slots[index]
    why = "overbuild" if index + 1 in over else ("single_icon" if len(icons) == 1 else "no_single_icon_free")
    plan.steps.append(Step("build.slot", {"slot": labels[index], "icons": list(icons), "why": why, "options": names},
                           (labels[index],)))
    return index



def _await_two_cards(player: int, action: Build, label: str) -> Callable[[State, Explanation], list[Phase]]:
    """A double-card build is checked first and built once its two cards are named (``discard A, B``)."""
    def apply(state: State, expl: Explanation) -> list[Phase]:
        state.double_build = action
        expl.steps.append(Step("build.two_cards", {"player": player, "industry": action.industry,
                                                   "location": action.location}, (label,)))
        return [Phase.DOUBLE_CARDS]
    return apply


def plan_double_build_cards(view: View, player: int, action: Discard) -> Plan:
    """The two cards of a double-card build: both are discarded and the waiting build is checked again and made."""
    state = view.state
    plan = Plan()
    missing = missing_cards(state.players[player].hand, action.cards)
    if missing:
        plan.fail("card.not_in_hand", card=", ".join(sorted(missing)), hand=sorted(state.players[player].hand))
        return plan
    waiting = state.double_build
    assert waiting is not None, "the double_cards phase opens only with a build waiting"
    build = plan_build(view, player, waiting, cards_named=True)
    if build.failures:
        return build

    def apply(state: State, expl: Explanation) -> None:
        for card in action.cards:
            discard(state, player, card, "build", expl)
        assert build.apply is not None
        build.apply(state, expl)
        state.double_build = None
        state.actions_done += 1          # the double-card build is both actions of the turn

    plan.steps = build.steps
    plan.apply = apply
    return plan


def double_build_card_pairs(state: State, player: int) -> list[Discard]:
    return [Discard(pair) for pair in dict.fromkeys(combinations(sorted(state.players[player].hand), 2))]


NO_COAL = NOTHING_NEEDED["coal"]
"""The coal plan of a tile that needs none (and whose money was counted with its iron)."""

NO_INDUSTRY_CARDS: dict[str, list[str]] = {}
"""A place no industry card reaches (read, never written)."""


AffordableTile = tuple[TileSpec, SourcePlan]
"""An industry's next tile, buildable this era, with the plan for its iron, both within the player's money (a plain
pair, not a NamedTuple: the build list makes one per industry each time, where a NamedTuple costs eight times
as much to make)."""


def build_actions(view: View, player: int) -> Iterator[Choices]:
    """Every legal build for ``player``: for each place and industry, every card × slot × coal × iron choice,
    found one place at a time (a caller that needs only the first reads no further)."""
    tiles = affordable_tiles(view, player)
    if not tiles:
        return
    state, board = view.state, view.board
    hand = build_cards(view, player)
    cards_at, town_cards, industry_cards, network = card_scopes(view, player, hand, tiles)
    own_at = own_tiles_by_town(view, player)
    placed, money = state.tiles.keys(), state.players[player].money
    town_card_places, industry_card_places = card_places(board, town_cards, network)
    for location, offers in board.build_offers.items():      # (one loop in one function: a call per place or
        named: Sequence[str] = cards_at.get(location, ())     # per industry would cost the build list a tenth)
        if location in town_card_places:
            named = with_town_cards(hand, named, town_cards)
        built_by = industry_cards if location in industry_card_places else NO_INDUSTRY_CARDS
        if not named and not built_by:
            continue
        mine = own_at.get(location)
        for offer in offers:
            industry = offer.industry
            found = tiles.get(industry)
            if found is None:
                continue
            cards: Sequence[str] | None = built_by.get(industry)
            if cards is None:
                cards = named
            elif named:                                 # (both kinds here: merged back into hand order)
                cards = in_hand_order(hand, named, cards)
            if not cards:
                continue
            spec, iron = found
            if mine is None and placed.isdisjoint(offer.labels):   # (its spaces all free: the board's slots, no call)
                slots: Sequence[int] = offer.vacant_slots
            else:
                slots = open_slots(view, player, location, industry, offer.spaces, spec.level, mine)
                if not slots:
                    continue
            if spec.coal:
                if not view.coal_at(location):      # (plan_coal's own first test, asked here: most requests; no plan)
                    continue
                coal = plan_coal(view, (location,), spec.coal)
                if not coal.options or spec.cost + coal.market_cost + iron.market_cost > money:
                    continue
            else:
                coal = NO_COAL
            yield Choices(Build, (industry, location), cards, slots, coal.choices, iron.choices)


def card_places(board: Board, town_cards: list[str], network: IndustryCardPlaces
                ) -> tuple[Collection[str], Collection[str]]:
    """Where the cards that name any town build (every town, if there are any), and where the industry cards do."""
    return board.town_set if town_cards else NOWHERE, board.locations.keys() if network is ANYWHERE else network


def affordable_tiles(view: View, player: int) -> dict[str, AffordableTile]:
    """Each industry whose next tile may be built in this era and, with its iron, paid for (coal is counted per
    place)."""
    money, era = view.state.players[player].money, view.state.era
    tiles: dict[str, AffordableTile] = {}
    for industry, spec in view.next_tiles(player).items():
        if spec.cost <= money and era in spec.eras:    # (the money first: it rules out more)
            iron = plan_iron(view, spec.iron) if spec.iron else NOTHING_NEEDED["iron"]  # (none needed: no planner)
            if spec.cost + iron.market_cost <= money:
                tiles[industry] = spec, iron
    return tiles


def build_cards(view: View, player: int) -> tuple[str, ...]:
    """The cards ``player`` may build with: the hand, and Lancashire's two cards when a double-card build is open."""
    hand = view.cards(player)
    if view.state.facts.rules.double_card_build:
        two = Plan()
        check_two_cards(view.state, player, two)
        if two.ok:
            hand = (*hand, TWO_CARDS)
    return hand


def own_tiles_by_town(view: View, player: int) -> dict[str, set[str]]:
    """In the canal era, the slots of ``player``'s tiles in each town (one tile per town, your own overbuilt one
    aside); in the rail era, none."""
    slot_of = view.board.slot_of
    own_at: dict[str, set[str]] = {}
    if view.state.era != "canal":
        return own_at
    for label, _ in view.tiles_of(player):
        own_at.setdefault(slot_of[label][0], set()).add(label)
    return own_at


def with_town_cards(hand: Sequence[str], named: Sequence[str], town_cards: list[str]) -> Sequence[str]:
    """The cards that name a town: its own location cards and those that name any town, in hand order."""
    return in_hand_order(hand, named, town_cards) if named else town_cards


def in_hand_order(hand: Sequence[str], first: Sequence[str], second: Sequence[str]) -> list[str]:
    """Two lists of cards that allow a build, merged back into hand order."""
    return sorted((*first, *second), key=hand.index)


def open_slots(view: View, player: int, location: str, industry: str, spaces: tuple[BuildSpace, ...], level: int,
               mine: set[str] | None) -> Sequence[int]:
    """The slots of ``industry``'s build ``spaces`` here when some are taken or you have a tile here already: with one
    of yours here in the canal era, only that tile's slot, to overbuild."""
    empty, over = slot_candidates(view, player, industry, spaces, level)
    if mine:
        here, kept = view.board.slot_labels[location], []
        for number in over:
            if mine == {here[number - 1]}:
                kept.append(number)
        return kept
    return empty + over if over else empty
