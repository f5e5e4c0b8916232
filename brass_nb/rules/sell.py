"""The sell action: flip your unflipped cotton mill, manufacturer or pottery by selling to a connected merchant.

Several tiles may be sold in one action: the first sale discards the card, each further sale is
a sub-decision of the same action, ended by ``done``.
"""
from __future__ import annotations

from collections import Counter

from brass_nb.rules.actions import Sell
from brass_nb.rules.cards import discard
from brass_nb.rules.effects import advance_income, consume, flip
from brass_nb.rules.legal import Choices
from brass_nb.rules.phases import Phase
from brass_nb.rules.plan import Plan, check_card_in_hand
from brass_nb.rules.records import Explanation, Step
from brass_nb.rules.sourcing import plan_beer
from brass_nb.rules.state import MerchantSpace, State, Tile
from brass_nb.rules.view import View


def check_goods_tile(state: State, player: int, action: Sell, plan: Plan) -> bool:
    """Is the slot holding the seller's own unflipped tile of a sold industry (the one the action names)?"""
    tile = state.tiles.get(action.slot)
    entities = (action.slot,)
    if tile is None:
        plan.fail("sell.no_tile", entities, slot=action.slot)
        return False
    ok = True
    if tile.owner != player:
        plan.fail("sell.not_yours", entities, slot=action.slot, owner=tile.owner)
        ok = False
    if tile.industry not in state.facts.sold_industries:
        plan.fail("sell.not_sold_industry", entities, slot=action.slot, industry=tile.industry)
        ok = False
    elif tile.industry != action.industry:
        plan.fail("sell.wrong_industry", entities, slot=action.slot, industry=tile.industry, named=action.industry)
        ok = False
    if tile.flipped:
        plan.fail("sell.flipped", entities, slot=action.slot)
        ok = False
    return ok


def merchant_spaces(state: State, merchant: str) -> list[MerchantSpace]:
    """The merchant spaces a label names: one space (``"Oxford[1]"``) or every space at a location."""
    if merchant in state.merchants:
        return [state.merchants[merchant]]
    return [m for m in state.merchants.values() if m.location == merchant]


def _choose_merchant(view: View, tile_location: str, industry: str, action: Sell, plan: Plan) -> MerchantSpace | None:
    state = view.state
    spaces = merchant_spaces(state, action.merchant)
    if not spaces:
        plan.fail("sell.no_merchant", (action.merchant,), merchant=action.merchant,
                  merchants=sorted(state.merchants))
        return None
    reach = view.reachable((tile_location,))
    buying = [m for m in spaces if industry in m.buys]
    if not buying:
        plan.fail("sell.merchant_wont_buy", tuple(m.label for m in spaces), merchant=action.merchant,
                  industry=industry, buys={m.label: list(m.buys) for m in spaces})
    connected = [m for m in buying if m.location in reach]
    if buying and not connected:
        plan.fail("sell.not_connected", (tile_location, spaces[0].location), merchant=action.merchant,
                  at=tile_location, industry=industry)
    if len(connected) > 1:
        plan.fail("choice.ambiguous", tuple(m.label for m in connected), resource="merchant",
                  options=[m.label for m in connected])
        return None
    if not connected:
        return None
    m = connected[0]
    plan.steps.append(Step("sell.merchant", {"merchant": m.label, "industry": industry, "at": tile_location,
                                             "distance": reach[m.location], "buys": list(m.buys)},
                           (m.label, tile_location)))
    return m


def plan_sell(view: View, player: int, action: Sell, first: bool) -> Plan:
    state = view.state
    p = state.players[player]
    plan = Plan()
    if first:
        check_card_in_hand(plan, p.hand, action.card)
    elif action.card is not None:
        plan.fail("sell.extra_card", card=action.card)
    if action.slot not in state.facts.board.slot_of:
        plan.fail("sell.no_tile", slot=action.slot)
        return plan
    if not check_goods_tile(state, player, action, plan):
        return plan
    tile = state.tiles[action.slot]
    location = state.facts.board.slot_of[action.slot][0]
    merchant = _choose_merchant(view, location, tile.industry, action, plan)
    if merchant is None:
        return plan
    spec = state.spec(tile)
    if action.beer is not None and len(action.beer) > spec.beer:
        # more barrels named than the tile needs: beer is drunk only as needed, never to reach a merchant's bonus
        plan.fail("sell.extra_beer", (action.slot,) + tuple(dict.fromkeys(action.beer)), slot=action.slot,
                  industry=tile.industry, level=tile.level, need=spec.beer, chosen=list(action.beer),
                  merchant=merchant.label, merchant_beer=merchant.label in action.beer)
        return plan
    beer = plan_beer(view, player, (location,), spec.beer, (merchant.label, merchant.beer))
    beer_choice = plan.choose_sources(beer, action.beer)
    if plan.failures:
        return plan
    slot = action.slot

    def apply(state: State, expl: Explanation) -> list[Phase]:
        if first:
            discard(state, player, action.card, "sell", expl)
        counts = Counter(beer_choice)
        merchant_barrels = counts.pop(merchant.label, 0)
        consume(state, "beer", tuple(counts.elements()), player, expl, (location,))
        flip(state, slot, expl, "sold")
        if merchant_barrels:
            state.merchant_beer_to_supply(merchant, merchant_barrels)
            return _bonus(state, player, merchant, expl) + [Phase.SELL]
        return [Phase.SELL]

    plan.apply = apply
    return plan


def _bonus(state: State, player: int, merchant: MerchantSpace, expl: Explanation) -> list[Phase]:
    """The merchant's beer bonus, only for drinking that merchant's own beer; returns a follow-up decision."""
    bonus = state.facts.board.locations[merchant.location].beer_bonus
    assert bonus is not None, "only a merchant location with a beer bonus gets beer"
    kind, amount = bonus
    me = state.players[player]
    expl.steps.append(Step("sell.merchant_beer", {"merchant": merchant.label, "bonus": kind, "amount": amount,
                                                  "player": player}, (merchant.label,)))
    if kind == "money":
        state.receive(me, amount)
    elif kind == "vp":
        me.vp += amount
    elif kind == "income_spaces":
        advance_income(state, player, amount, expl, "merchant_bonus")
    elif kind == "free_develop":
        return [Phase.BONUS_DEVELOP]
    return []


def sellable(view: View, player: int) -> list[tuple[str, Tile]]:
    """(slot, tile) of ``player``'s unflipped tiles of a sold industry: what a sale may sell."""
    sold, found = view.state.facts.sold_industries, []
    for slot, tile in view.tiles_of(player):
        if not tile.flipped and tile.industry in sold:
            found.append((slot, tile))
    return found


def sell_actions(view: View, player: int, first: bool = True) -> list[Choices]:
    """Every sale of your unflipped tiles of a sold industry to a connected merchant that buys it."""
    tiles = sellable(view, player)
    if not tiles:                   # (most lists: nothing else asked)
        return []
    state = view.state
    cards = view.cards(player) if first else [None]
    pieces = view.pieces()          # (what is connected, without a search: a sale needs no distance)
    out = []
    for slot, tile in tiles:
        location = state.facts.board.slot_of[slot][0]
        industry, piece = tile.industry, pieces[location]
        for m in state.merchants.values():
            if pieces[m.location] != piece or industry not in m.buys:   # (most tiles reach no merchant: asked first)
                continue
            beer = plan_beer(view, player, (location,), state.spec(tile).beer, (m.label, m.beer))
            out.append(Choices(Sell, (industry, slot, m.label), cards, beer.choices))
    return out
