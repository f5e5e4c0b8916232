"""The develop action: remove the lowest tile of an industry from your mat, 1 iron each (or free as a bonus)."""
from __future__ import annotations

from brass_nb.rules.actions import Develop
from brass_nb.rules.effects import consume
from brass_nb.rules.plan import Plan, check_card_in_hand
from brass_nb.rules.records import Explanation
from brass_nb.rules.sourcing import plan_iron
from brass_nb.rules.state import State
from brass_nb.rules.view import View


def _check_tile(state: State, player: int, industry: str, plan: Plan) -> int | None:
    p = state.players[player]
    if industry not in p.mat:
        plan.fail("develop.unknown_industry", industry=industry)
        return None
    level = p.lowest_level(industry)
    if level is None:
        plan.fail("develop.no_tile", industry=industry)
        return None
    spec = state.facts.tile(industry, level)
    if not spec.developable:
        plan.fail("develop.lightbulb", industry=industry, level=level)
        return None
    plan.note("develop.tile", industry=industry, level=level,
              next_level=level + 1 if level < state.facts.tiles[industry][-1].level else None)
    return level


def plan_develop(view: View, player: int, action: Develop, phase: str) -> Plan:
    """``phase`` is "first" (with a card), "second" (the optional second tile) or "free" (Gloucester's bonus)."""
    state = view.state
    p = state.players[player]
    plan = Plan()
    if phase == "first":
        check_card_in_hand(plan, p.hand, action.card)
    elif action.card is not None:
        plan.fail("develop.extra_card", card=action.card)
    if action.free != (phase == "free"):
        plan.fail("develop.free_only_bonus" if action.free else "develop.bonus_is_free", phase=phase)
    level = _check_tile(state, player, action.industry, plan)
    allocation: tuple[str, ...] | None = ()
    cost = 0
    if phase != "free":
        iron = plan_iron(view, 1)
        allocation = plan.choose_sources(iron, action.iron)
        cost = iron.market_cost
        if cost > p.money:
            plan.fail("money.short", need=cost, have=p.money, iron_market=cost)
    elif action.iron:
        plan.fail("develop.bonus_is_free", phase=phase)
    if plan.failures:
        return plan

    def apply(state: State, expl: Explanation) -> None:
        me = state.players[player]
        me.mat[action.industry][state.facts.level_index(action.industry, level)] -= 1
        me.tiles_gone += 1
        expl.add("develop.remove", (f"player:{player}",), player=player, industry=action.industry, level=level,
                 free=phase == "free", next_level=me.lowest_level(action.industry))
        consume(state, "iron", allocation, player, expl, ())

    plan.apply = apply
    return plan


def develop_actions(view: View, player: int, phase: str) -> list[Develop]:
    state = view.state
    p = state.players[player]
    industries = []
    for industry in state.facts.industries:
        level = p.lowest_level(industry)
        if level is not None and state.facts.tile(industry, level).developable:
            industries.append(industry)
    if phase == "free":
        return [Develop(i, free=True) for i in industries]
    iron = plan_iron(view, 1)
    if iron.market_cost > p.money:
        return []
    cards = list(dict.fromkeys(p.hand)) if phase == "first" else [None]
    return [Develop(i, card, alloc) for i in industries for card in cards for alloc in iron.options]
