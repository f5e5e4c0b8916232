"""Lancashire's sell action: cotton to a connected unflipped port, or to the distant market.

* Port: the mill must be connected (anyone's links) to an unflipped port of any owner; both tiles
  flip and each owner's income rises by their own tile's spaces.
* Distant market: the mill must be connected to a trade icon (any port tile, flipped or not, or
  an external market). A tile is drawn and the demand marker moves down; if it reaches "no more
  demand" the sale fails, the whole action ends and the market is closed for the era; otherwise
  the seller gains the bonus beside the marker (track spaces) and the mill flips.

Several mills may be sold in one action; later sales take no card.
"""
from __future__ import annotations

from brass_nb.rules.actions import DISTANT, Sell
from brass_nb.rules.cards import discard
from brass_nb.rules.distant import DistantPile
from brass_nb.rules.effects import advance_income, flip
from brass_nb.rules.phases import Phase
from brass_nb.rules.plan import Plan, check_card_in_hand
from brass_nb.rules.records import Explanation, Step
from brass_nb.rules.ruleset import DistantMarket
from brass_nb.rules.sell import check_goods_tile, sellable
from brass_nb.rules.state import State
from brass_nb.rules.view import View


def plan_cotton_sale(view: View, player: int, action: Sell, first: bool) -> Plan:
    state = view.state
    plan = Plan()
    if first:
        check_card_in_hand(plan, state.players[player].hand, action.card)
    elif action.card is not None:
        plan.fail("sell.extra_card", card=action.card)
    if action.beer:
        plan.fail("notation.clause", text=f"beer {', '.join(action.beer)}", clauses=[])
    if not check_goods_tile(state, player, action, plan):
        return plan
    location = state.facts.board.slot_of[action.slot][0]
    reach = view.reachable((location,))
    if action.merchant == DISTANT:
        distant, rules = _market(state)
        trade = view.trade_connected((location,))
        if not distant.is_open:
            plan.fail("sell.distant_closed", (action.slot,))
        if not trade:
            plan.fail("sell.no_trade_connection", (action.slot,), at=location)
        if plan.failures:
            return plan
        plan.note("sell.distant", (action.slot,) + tuple(trade), at=location, trade=trade,
                  marker=distant.marker, tiles_left=len(distant.tiles),
                  drawn_tiles=rules.drawn_tiles.value, edition=state.facts.rules.edition_name)

        def sell_distant(state: State, expl: Explanation) -> list[Phase]:
            if first:
                discard(state, player, action.card, "sell", expl)
            return _sell_distant(state, player, action.slot, expl)

        plan.apply = sell_distant
        return plan
    port = state.tiles.get(action.merchant)
    if port is None or port.industry not in state.facts.trade_industries:
        plan.fail("sell.no_port", (action.merchant,), port=action.merchant)
        return plan
    port_location = state.facts.board.slot_of[action.merchant][0]
    if port.flipped:
        plan.fail("sell.port_flipped", (action.merchant,), port=action.merchant, owner=port.owner)
    if port_location not in reach:
        plan.fail("sell.not_connected", (location, port_location), merchant=action.merchant, at=location,
                  industry="cotton")
    if plan.failures:
        return plan
    plan.note("sell.port", (action.slot, action.merchant), port=action.merchant, owner=port.owner, at=location,
              distance=reach[port_location])

    def apply(state: State, expl: Explanation) -> list[Phase]:
        if first:
            discard(state, player, action.card, "sell", expl)
        flip(state, action.slot, expl, "sold")
        flip(state, action.merchant, expl, "port_used")
        return [Phase.SELL]

    plan.apply = apply
    return plan


def _market(state: State) -> tuple[DistantPile, DistantMarket]:
    """The distant market in play and its printed rules: cotton is sold only in a game that has one."""
    pile, rules = state.distant, state.facts.rules.distant_market
    assert pile is not None and rules is not None, "the cotton sale is chosen only for a game with a distant market"
    return pile, rules


def _sell_distant(state: State, player: int, slot: str, expl: Explanation) -> list[Phase]:
    distant, rules = _market(state)
    bonuses = rules.bonuses
    value = distant.draw(rules)
    before = distant.marker
    distant.marker = min(before - value, len(bonuses))
    if distant.marker >= len(bonuses):
        distant.closed = True
        expl.steps.append(Step("sell.no_demand", {"player": player, "slot": slot, "tile": value,
                                                  "marker_from": before}, (slot,)))
        return [Phase.END]
    bonus = bonuses[distant.marker]
    expl.steps.append(Step("sell.distant_draw", {"player": player, "slot": slot, "tile": value, "marker_from": before,
                                                 "marker_to": distant.marker, "bonus": bonus,
                                                 "drawn_tiles": rules.drawn_tiles.value}, (slot,)))
    if bonus:
        advance_income(state, player, bonus, expl, "distant_market")
    flip(state, slot, expl, "sold")
    return [Phase.SELL]


def cotton_sale_actions(view: View, player: int, first: bool = True) -> list[list[Sell]]:
    state = view.state
    cards = view.cards(player) if first else [None]
    ports = [label for label, t in state.tiles.items() if t.industry in state.facts.trade_industries and not t.flipped]
    out: list[Sell] = []
    for slot, tile in sellable(view, player):
        at = (state.facts.board.slot_of[slot][0],)
        reach = view.reachable(at)
        targets = [p for p in ports if state.facts.board.slot_of[p][0] in reach]
        if _market(state)[0].is_open and view.trade_connected(at):
            targets.append(DISTANT)
        out += [Sell(tile.industry, slot, target, card) for target in targets for card in cards]
    return [out]
