"""The actions whose only effect is on cards: scout and pass (every action also discards its card)."""
from __future__ import annotations

from collections.abc import Callable

from brass_nb.rules.actions import Pass, Scout
from brass_nb.rules.facts import GameFacts
from brass_nb.rules.legal import Choices, Combinations
from brass_nb.rules.plan import WILD_INDUSTRY, WILD_LOCATION, Plan, check_card_in_hand, missing_cards
from brass_nb.rules.records import Explanation, Step
from brass_nb.rules.state import State
from brass_nb.rules.view import View


def discard(state: State, player: int, card: str | None, action: str, expl: Explanation) -> None:
    """Discard a played card; wild cards go back to their own face-up piles, never to a discard pile.

    ``card`` is None only for an action that names no card, which its validator has already refused.

    Only a build reads what the card shows; every other ``action`` kind takes any card.
    """
    assert card is not None, "a validator refuses an action without its card (card.missing)"
    p = state.players[player]
    p.hand.remove(card)
    if card in state.wilds:
        state.wilds[card] += 1
        expl.steps.append(Step("card.wild_returned", {"player": player, "card": card,
                                                      "action": action}, (f"player:{player}",)))
    else:
        p.discard.append(card)
        expl.steps.append(Step("card.discard", {"player": player, "card": card,
                                                "action": action}, (f"player:{player}",)))


def plan_pass(view: View, player: int, action: Pass) -> Plan:
    plan = Plan()
    check_card_in_hand(plan, view.state.players[player].hand, action.card)
    if plan.failures:
        return plan

    def apply(state: State, expl: Explanation) -> None:
        discard(state, player, action.card, "pass", expl)
        expl.steps.append(Step("pass.action", {"player": player}, (f"player:{player}",)))

    plan.apply = apply
    return plan


def plan_scout(view: View, player: int, action: Scout) -> Plan:
    state = view.state
    p = state.players[player]
    plan = Plan()
    needed = state.facts.rules.scout_discards
    if needed is None:
        plan.fail("scout.not_in_game", game=state.facts.title)
        return plan
    if len(action.cards) != needed:
        plan.fail("scout.card_count", count=len(action.cards), needed=needed)
    missing = missing_cards(p.hand, action.cards)
    if missing:
        plan.fail("card.not_in_hand", card=", ".join(sorted(missing)), hand=sorted(p.hand))
    # The wild cards held and the wild piles run out
    wilds, empty = [], []
    for card in p.hand:
        if card in state.wilds:
            wilds.append(card)
    if wilds:
        plan.fail("scout.holding_wild", (f"player:{player}",), wilds=wilds)
    for name, n in state.wilds.items():
        if n == 0:
            empty.append(name)
    if empty:
        plan.fail("scout.no_wild_left", piles=empty)
    if plan.failures:
        return plan

    def apply(state: State, expl: Explanation) -> None:
        discard(state, player, action.cards[0], "scout", expl)
        me = state.players[player]
        for card in action.cards[1:]:
            me.hand.remove(card)
            me.discard.append(card)
        for wild in (WILD_LOCATION, WILD_INDUSTRY):
            state.wilds[wild] -= 1
            me.hand.append(wild)
        expl.steps.append(Step("scout.take", {"player": player, "discarded": list(action.cards[1:]),
                                              "took": [WILD_LOCATION, WILD_INDUSTRY]}, (f"player:{player}",)))

    plan.apply = apply
    return plan


def scout_generator(facts: GameFacts) -> Callable[[View, int], list[Choices]]:
    """The generator of one game's scout actions: the cards a scout discards read once, not from the ruleset at
    every decision."""
    needed = facts.rules.scout_discards

    def scout_actions(view: View, player: int) -> list[Choices]:
        state = view.state
        hand, wilds = state.players[player].hand, state.wilds
        if needed is None or not wilds.keys().isdisjoint(hand) or not all(wilds.values()):
            return []
        return [Choices.uncounted(Scout, (), Combinations(hand, needed))]

    return scout_actions


def pass_actions(view: View, player: int) -> list[Choices]:
    return [Choices(Pass, (), view.cards(player))]
