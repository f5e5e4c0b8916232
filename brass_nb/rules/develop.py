"""The develop action: remove the lowest tile of an industry from your mat, 1 iron each (or free as a bonus)."""
from __future__ import annotations

from collections.abc import Sequence
from enum import Enum

from brass_nb.rules import actions as A
from brass_nb.rules.actions import Develop
from brass_nb.rules.cards import discard
from brass_nb.rules.effects import consume
from brass_nb.rules.legal import Choices
from brass_nb.rules.phases import Phase
from brass_nb.rules.plan import Plan, check_card_in_hand
from brass_nb.rules.records import Explanation, Step
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
    plan.steps.append(Step("develop.tile", {"industry": industry, "level": level,
                                            "next_level": level + 1 if level < state.facts.tiles[industry][-1].level
                                            else None}))
    return level


class Which(Enum):
    """Which develop of an action: the first (with a card), the optional second tile, or a merchant's free one."""

    FIRST = "first"
    SECOND = "second"
    FREE = "free"


FIRST, SECOND, FREE = Which.FIRST, Which.SECOND, Which.FREE
DEVELOP2 = Phase.DEVELOP2
"""Enum members as module names, read in this module's functions in place of ``Which.MEMBER``: a read through
the Enum class costs several times a global's on every interpreter we support (docs/performance.md)."""


def plan_develop(view: View, player: int, action: Develop, which: Which) -> Plan:
    state = view.state
    p = state.players[player]
    plan = Plan()
    if which is FIRST:
        check_card_in_hand(plan, p.hand, action.card)
    elif action.card is not None:
        plan.fail("develop.extra_card", card=action.card)
    if action.free != (which is FREE):
        plan.fail("develop.free_only_bonus" if action.free else "develop.bonus_is_free", phase=which.value,
                  beer_bonus=bool(state.facts.rules.merchant_beer_per_tile))
    level = _check_tile(state, player, action.industry, plan)
    allocation: tuple[str, ...] | None = ()
    cost = 0
    if which is not FREE:
        iron = plan_iron(view, 1)
        allocation = plan.choose_sources(iron, action.iron)
        cost = iron.market_cost
        if cost > p.money:
            plan.fail("money.short", need=cost, have=p.money, iron_market=cost)
    elif action.iron:
        plan.fail("develop.bonus_is_free", phase=which.value)
    if plan.failures:
        return plan

    assert level is not None, "_check_tile failed the plan when there is no tile"

    def apply(state: State, expl: Explanation) -> list[Phase]:
        me = state.players[player]
        if which is FIRST:
            discard(state, player, action.card, "develop", expl)
        state.take_from_mat(me, action.industry, level)
        me.tiles_gone += 1
        next_level = me.lowest_level(action.industry)
        next_count = 0 if next_level is None else me.mat[action.industry][
            state.facts.level_index(action.industry, next_level)]
        expl.steps.append(Step("develop.remove", {"player": player, "industry": action.industry, "level": level,
                                                  "free": which is FREE, "next_level": next_level,
                                                  "next_count": next_count}, (f"player:{player}",)))
        consume(state, "iron", allocation, player, expl, ())
        return [DEVELOP2] if which is FIRST else []

    plan.apply = apply
    return plan


def develop_actions(view: View, player: int, which: Which = FIRST) -> list[Sequence[A.Action]]:
    if which is not FREE:
        iron = plan_iron(view, 1)                   # (asked first: when it costs too much, nothing else is)
        if iron.market_cost > view.state.players[player].money:
            return []
    industries = []
    for industry, tile in view.next_tiles(player).items():
        if tile.developable:
            industries.append(industry)
    if which is FREE:
        return [[Develop(i, free=True) for i in industries]]
    cards = view.cards(player) if which is FIRST else [None]
    return [Choices(Develop, (), industries, cards, iron.options)] if industries else []
