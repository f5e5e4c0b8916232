"""The income track (spaces vs levels), loans, and paying income including negative income."""
from __future__ import annotations

from collections.abc import Callable
from functools import cache

from brass_nb.rules.actions import Loan, Remove
from brass_nb.rules.cards import discard
from brass_nb.rules.effects import remove_tile
from brass_nb.rules.facts import GameFacts
from brass_nb.rules.legal import Choices
from brass_nb.rules.plan import Plan, check_card_in_hand
from brass_nb.rules.records import Explanation, Step
from brass_nb.rules.ruleset import LoansEnd
from brass_nb.rules.state import State, Tile
from brass_nb.rules.view import View


@cache
def highest_space(levels: tuple[int, ...], level: int) -> int:
    """The highest track space showing ``level`` (where a loan puts the marker); a game's track never changes."""
    return max(i for i, lv in enumerate(levels) if lv == level)


def loans_closed(state: State) -> Step | None:
    """Why no loan may be taken now, if none may: Warfrog 2007 ends loans with the rail era's draw deck; Roxley's
    last loan round is the one after the round in which the rail-era divider was revealed."""
    rules = state.facts.rules
    if state.era != "rail" or rules.loans_end is LoansEnd.NEVER:
        return None
    if rules.loans_end is LoansEnd.RAIL_DECK_EMPTY:
        return None if state.deck else Step("loan.deck_empty", {"edition": rules.edition_name}, ok=False)
    revealed = state.divider_round
    if revealed is None or state.round <= revealed + 1:
        return None
    return Step("loan.divider", {"revealed": revealed, "last": revealed + 1, "round": state.round,
                                 "edition": rules.edition_name}, ok=False)


def removal_value(state: State, tile: Tile) -> int:
    """What giving up a tile to pay negative income raises: half its build cost, rounded down."""
    return state.facts.tile(tile.industry, tile.level).cost // 2      # (asked of every tile at each shortfall)


def removable_tiles(state: State, player: int) -> list[tuple[str, Tile]]:
    """The player's industries that negative income may force off: a tile that raises £0 can never help pay."""
    found = []
    for label, t in state.tiles_of(player):
        if removal_value(state, t) > 0:
            found.append((label, t))
    return found


def plan_loan(view: View, player: int, action: Loan) -> Plan:
    state = view.state
    p = state.players[player]
    plan = Plan()
    check_card_in_hand(plan, p.hand, action.card)
    options = state.facts.rules.loans
    closed = loans_closed(state)
    if closed is not None:
        plan.fail(closed.rule, (f"player:{player}",), **closed.facts)
        return plan
    lowest = state.facts.rules.min_income_level
    if action.amount is not None and action.amount not in [o.money for o in options]:
        plan.fail("loan.amount", amount=action.amount, amounts=[o.money for o in options])
        return plan
    level = p.income_level
    chosen, allowed = [], []                # the loans the action names, and those the income track allows
    for option in options:
        if action.amount in (None, option.money):
            chosen.append(option)
            if level - option.levels >= lowest:
                allowed.append(option)
    if len(allowed) > 1:
        plan.fail("choice.ambiguous", resource="loan", options=[f"£{o.money}" for o in allowed])
        return plan
    money, levels_lost = (allowed or chosen)[0].money, (allowed or chosen)[0].levels
    new_level = level - levels_lost
    if new_level < lowest:
        plan.fail("loan.too_low", (f"player:{player}",), level=level, new_level=new_level, lowest=lowest)
        return plan
    to_space = highest_space(state.facts.income_levels, new_level)

    def apply(state: State, expl: Explanation) -> None:
        discard(state, player, action.card, "loan", expl)
        me = state.players[player]
        before_space, before_level = me.income_space, me.income_level
        state.receive(me, money)
        me.income_space = to_space
        expl.steps.append(Step("loan.take", {"player": player, "money": money, "levels": levels_lost,
                                             "from_space": before_space, "from_level": before_level,
                                             "to_space": to_space, "to_level": new_level,
                                             "money_now": me.money, "deck": len(state.deck),
                                             "game": state.facts.title, "era": state.era,
                                             "edition": state.facts.rules.edition_name,
                                             "loans_end": state.facts.rules.loans_end.value,
                                             "last_loan_round": None if state.divider_round is None
                                             else state.divider_round + 1},
                               (f"player:{player}",)))

    plan.apply = apply
    return plan


def loan_generator(facts: GameFacts) -> Callable[[View, int], list[Choices]]:
    """The generator of one game's loan actions: its loans, lowest level and income track read once, not from the
    ruleset at every decision."""
    rules = facts.rules
    options, lowest, track = rules.loans, rules.min_income_level, facts.income_levels
    closing = rules.loans_end is not LoansEnd.NEVER
    amounts = []                            # each loan's levels, and its money as an action names it
    for option in options:
        amounts.append((option.levels, option.money if len(options) > 1 else None))

    def loan_actions(view: View, player: int) -> list[Choices]:
        state = view.state
        if closing and loans_closed(state) is not None:     # (the rule read first: a call less without it)
            return []
        level = track[state.players[player].income_space]   # (the track read: no property call)
        groups = []
        for levels, amount in amounts:
            if level - levels >= lowest:
                groups.append(Choices(Loan, (), view.cards(player), (amount,)))
        return groups

    return loan_actions


def collect_income(state: State, player: int, expl: Explanation) -> bool:
    """Pay one player's income; returns False when they must first give up industries to cover it."""
    p = state.players[player]
    level = state.facts.income_levels[p.income_space]      # (the track read: no property call for every player)
    if level >= 0:
        state.receive(p, level)
        expl.steps.append(Step("income.pay", {"player": player, "level": level, "space": p.income_space,
                                              "money_now": p.money}, (f"player:{player}",)))
        return True
    owed = -level
    if p.money >= owed:
        state.pay(p, owed, spending=False)
        expl.steps.append(Step("income.negative", {"player": player, "level": level, "owed": owed,
                                                   "money_now": p.money}, (f"player:{player}",)))
        return True
    removable = removable_tiles(state, player)
    if not removable:
        settle_shortfall(state, player, owed, expl)
        return True
    kept = [label for label, t in state.tiles_of(player) if removal_value(state, t) == 0]
    expl.steps.append(Step("income.shortfall", {"player": player, "owed": owed, "money": p.money,
                                                "tiles": [label for label, _ in removable], "kept": kept},
                           (f"player:{player}",)))
    return False


def settle_shortfall(state: State, player: int, owed: int, expl: Explanation) -> None:
    """Pay what cash allows; each pound still missing costs 1 VP (never below 0)."""
    p = state.players[player]
    paid = min(p.money, owed)
    state.pay(p, paid, spending=False)
    missing = owed - paid
    lost = min(missing, p.vp)
    p.vp -= lost
    kept = [label for label, _ in state.tiles_of(player)] if missing else []
    expl.steps.append(Step("income.vp_loss" if missing else "income.negative",
                           {"player": player, "level": p.income_level, "owed": owed, "paid": paid, "missing": missing,
                            "vp_lost": lost, "money_now": p.money, "kept": kept}, (f"player:{player}",)))


def plan_remove(view: View, player: int, action: Remove) -> Plan:
    """Give up one of your own industries for half its cost (rounded down) to pay negative income."""
    state = view.state
    owed = state.shortfall[1] if state.shortfall else 0
    plan = Plan()
    tile = state.tiles.get(action.slot)
    if tile is None or tile.owner != player:
        plan.fail("shortfall.not_yours", (action.slot,), slot=action.slot,
                  yours=[label for label, _ in state.tiles_of(player)])
        return plan
    if tile.industry != action.industry:
        plan.fail("shortfall.wrong_industry", (action.slot,), slot=action.slot, industry=tile.industry,
                  named=action.industry)
        return plan
    value = removal_value(state, tile)
    if value == 0:
        plan.fail("shortfall.worthless", (action.slot,), slot=action.slot, industry=tile.industry,
                  level=tile.level, cost=state.spec(tile).cost)
        return plan

    def apply(state: State, expl: Explanation) -> None:
        me = state.players[player]
        remove_tile(state, action.slot)
        state.receive(me, value)
        expl.steps.append(Step("shortfall.remove", {"player": player, "slot": action.slot, "industry": tile.industry,
                                                    "level": tile.level,
                                                    "cost": state.facts.tile(tile.industry, tile.level).cost,
                                                    "gained": value, "money_now": me.money,
                                                    "owed": owed}, (action.slot,)))

    plan.apply = apply
    return plan


def remove_actions(state: State, player: int) -> list[Remove]:
    return [Remove(t.industry, label) for label, t in removable_tiles(state, player)]
