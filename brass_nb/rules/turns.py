"""Setup and the machinery between actions: turns, rounds, income, era end scoring, game end.

Every automatic change records a step, so the explanation of the action that triggered a round
or era end also tells what happened at that end.
"""
from __future__ import annotations

from brass_nb.rules.distant import DistantPile
from brass_nb.rules.effects import remove_tile
from brass_nb.rules.facts import GameFacts
from brass_nb.rules.income import collect_income
from brass_nb.rules.records import Explanation, Step
from brass_nb.rules.ruleset import FirstOrder, IncomeTiming, Refill
from brass_nb.rules.scoring import industry_scores, link_scores, ranking
from brass_nb.rules.state import MerchantSpace, Player, State

END_OF_TURN, END_OF_ROUND = Refill.END_OF_TURN, Refill.END_OF_ROUND
ROUND_END, ROUND_START = IncomeTiming.ROUND_END, IncomeTiming.ROUND_START
"""Enum members as module names, read in this module's functions in place of ``Enum.MEMBER``: a read through
the Enum class costs several times a global's on every interpreter we support (docs/performance.md)."""


def deal_deck(state: State) -> list[str]:
    """The draw deck for this player count: every card whose printed minimum is <= the players."""
    return deck_for(state.facts, len(state.players))


def deck_for(facts: GameFacts, n: int) -> list[str]:
    """Every card of an ``n``-player game's deck (wild cards apart), unshuffled."""
    deck = [town for town, copies, least in facts.location_cards if least <= n for _ in range(copies)]
    deck += [facts.industry_card_name(inds) for inds, copies, least in facts.industry_cards if least <= n
             for _ in range(copies)]
    return deck


def setup(state: State) -> None:
    """Markets, merchants, money, hands, cards set aside and the first turn order, all from the game's own RNG."""
    facts, rules, rng, n = state.facts, state.facts.rules, state.shuffler("setup"), len(state.players)
    for name, market in facts.markets.items():
        state.supply_cubes_to_market(name, market.start_cubes)
    tiles = [buys for least, buys in facts.merchant_tiles if least <= n]
    rng.shuffle(tiles)
    spaces = [(loc, i + 1) for loc in facts.board.merchants
              for i, counts in enumerate(facts.board.locations[loc].merchant_spaces) if n in counts]
    for (loc, index), buys in zip(spaces, tiles, strict=True):
        state.place_merchant(MerchantSpace(loc, index, buys))
    _refill_merchant_beer(state, None)
    if rules.distant_market:
        state.distant = DistantPile.shuffled(rules.distant_market, n, rng)
    state.deck = deal_deck(state)
    rng.shuffle(state.deck)
    for p in state.players:
        state.receive(p, rules.starting_money)
        p.hand = [state.deck.pop() for _ in range(rules.hand_size)]
        p.discard = [state.deck.pop() for _ in range(rules.face_down_discards)]
    _set_aside(state)
    if rules.first_order is FirstOrder.CLOCKWISE:
        start = rng.randrange(n)
        state.order = [(start + i) % n for i in range(n)]
    else:
        rng.shuffle(state.order)


def _set_aside(state: State) -> None:
    """The era's unused cards leave the deck after the hands are dealt: from under Roxley's divider tile (the
    bottom of the shuffled deck) or face down at random (Warfrog 2007); either way they are never drawn this era."""
    count = min(state.facts.rules.set_aside_count(state.era, len(state.players)), len(state.deck))
    state.set_aside = [state.deck.pop(0) for _ in range(count)]


def _refill_merchant_beer(state: State, expl: Explanation | None) -> None:
    per_tile = state.facts.rules.merchant_beer_per_tile
    filled = []
    for m in state.merchants.values():
        if m.buys and m.beer < per_tile:
            state.fill_merchant_beer(m, per_tile)
            filled.append(m.label)
    if expl is not None:
        stocked = [m.label for m in state.merchants.values() if m.buys]
        expl.steps.append(Step("era.merchant_beer", {"refilled": filled, "stocked": stocked}, tuple(stocked)))


def actions_this_turn(state: State) -> int:
    rules = state.facts.rules
    return rules.actions_first_round if state.era == "canal" and state.round == 1 else rules.actions_per_turn


def finish_action(state: State, expl: Explanation) -> None:
    """After a whole action: next action, or the turn ends (the end of its player's turn is done here, not by a
    function of its own: a call at every other action) and the next player's turn or the end of the round follows."""
    state.actions_done += 1
    player = state.order[state.turn_index]
    p = state.players[player]
    if state.actions_done < actions_this_turn(state) and p.hand:
        return
    rules = state.facts.rules
    refill = rules.refill
    drawn = _draw_up(state, p) if refill is END_OF_TURN else 0
    # (the member's ``_value_``, as Enum documents it: ``.value`` is a property, two Python calls at every turn)
    # (the actions done and allowed, with the era and round: an era's first round says how many actions it gives)
    expl.steps.append(Step("turn.end", {"player": player, "drawn": drawn, "hand": len(p.hand), "deck": len(state.deck),
                                        "spent": p.spent_this_round, "refill": refill._value_,
                                        "edition": rules.edition_name, "era": state.era, "round": state.round,
                                        "actions": state.actions_done, "per_turn": actions_this_turn(state),
                                        "usual": rules.actions_per_turn,
                                        "first_canal_round": rules.actions_first_round}, (f"player:{player}",)))
    if rules.rail_divider is not None:
        _reveal_divider(state, expl)
    _next_turn(state, expl)


def _draw_up(state: State, p: Player) -> int:
    """Draw until the hand is full or the deck is empty; returns the number of cards drawn."""
    hand, deck, size = p.hand, state.deck, state.facts.rules.hand_size      # (read once, not at every card)
    drawn = 0
    while len(hand) < size and deck:
        hand.append(deck.pop())
        drawn += 1
    return drawn


def _reveal_divider(state: State, expl: Explanation, at_the_deal: bool = False) -> None:
    """Roxley's rail era: the divider shows once the last card above it is drawn (the cards under it are drawn too);
    the round after the one in which it shows is the last in which loans may be taken. Shown by the deal itself
    (a short deck), it counts as shown in round 0, so round 1 is the last."""
    under = state.facts.rules.rail_divider
    if under is None or state.era != "rail" or state.divider_round is not None:
        return
    if len(state.deck) > under[len(state.players)]:
        return
    state.divider_round = shown = state.round - 1 if at_the_deal else state.round
    expl.steps.append(Step("era.divider_revealed", {"round": shown, "last": shown + 1,
                                                    "under": under[len(state.players)], "deck": len(state.deck),
                                                    "edition": state.facts.rules.edition_name}))


def _next_turn(state: State, expl: Explanation) -> None:
    state.actions_done = 0
    state.turn_index += 1
    while state.turn_index < len(state.order) and not state.players[state.order[state.turn_index]].hand:
        state.turn_index += 1
    if state.turn_index >= len(state.order):
        _end_round(state, expl)


def _end_round(state: State, expl: Explanation) -> None:
    """New turn order by money spent (ties keep their order), then income unless it is the game's last round."""
    before = list(state.order)
    spent: dict[int, int] = {}
    spent_shown: dict[str, int] = {}
    for i in before:
        spent[i] = spent_shown[str(i)] = state.players[i].spent_this_round
    state.order = sorted(before, key=spent.__getitem__)
    shown = []
    for i in state.order:
        shown.append(f"player:{i}")
    players = tuple(shown)
    expl.steps.append(Step("turn.order", {"before": before, "after": list(state.order), "spent": spent_shown,
                                          "era": state.era, "round": state.round}, players))
    for p in state.players:
        p.spent_this_round = 0
    if state.facts.rules.refill is END_OF_ROUND:
        drawn = {str(i): _draw_up(state, state.players[i]) for i in state.order}
        expl.steps.append(Step("round.refill", {"drawn": drawn, "order": list(state.order),
                                                "hands": [len(p.hand) for p in state.players], "deck": len(state.deck),
                                                "edition": state.facts.rules.edition_name}, players))
        _reveal_divider(state, expl)
    if state.facts.rules.income_paid is ROUND_START:
        continue_after_income(state, expl)
        return
    last_round = _era_over(state) and state.era == "rail"
    if last_round:
        expl.steps.append(Step("income.skipped_last_round", {"era": state.era, "round": state.round}))
        continue_after_income(state, expl)
        return
    pay_income_from(state, 0, expl)


def pay_income_from(state: State, position: int, expl: Explanation) -> None:
    """Pay income in turn order from ``position``; pause at a player who must give up industries.

    Income comes after the round (Birmingham) or before the round's turns (Lancashire), as the ruleset says.
    """
    for pos in range(position, len(state.order)):
        player = state.order[pos]
        if not collect_income(state, player, expl):
            state.shortfall = (player, -state.players[player].income_level, pos)
            return
    if state.facts.rules.income_paid is ROUND_END:
        continue_after_income(state, expl)
    else:
        _next_turn(state, expl)


def continue_after_income(state: State, expl: Explanation) -> None:
    if _era_over(state):
        _end_era(state, expl)
        if state.over:
            return
    else:
        state.round += 1
    state.turn_index = -1
    state.actions_done = 0
    _start_round(state, expl)


def _start_round(state: State, expl: Explanation) -> None:
    expl.steps.append(Step("round.start", {"era": state.era, "round": state.round, "order": list(state.order)}))
    if state.facts.rules.income_paid is ROUND_START and not (state.era == "canal" and state.round == 1):
        pay_income_from(state, 0, expl)
        return
    _next_turn(state, expl)


def _era_over(state: State) -> bool:
    if state.deck:
        return False
    for p in state.players:
        if p.hand:
            return False
    return True


def _end_era(state: State, expl: Explanation) -> None:
    era = state.era
    expl.steps.append(Step("era.end", {"era": era}))
    for step in link_scores(state) + industry_scores(state):
        state.players[step.facts["owner"]].vp += step.facts["vp"]
        expl.steps.append(step)
    for owner in state.links.values():
        state.players[owner].links_left += 1
    expl.steps.append(Step("era.remove_links", {"count": len(state.links)}, tuple(f"link:{i}" for i in state.links)))
    state.clear_links()
    if era == "rail":
        per = state.facts.rules.money_vp_per
        if per:
            for i, p in enumerate(state.players):
                p.vp += p.money // per
                expl.steps.append(Step("score.money", {"player": i, "money": p.money, "per": per,
                                                       "vp": p.money // per}, (f"player:{i}",)))
        state.over = True
        expl.steps.append(Step("game.end", {"ranking": ranking(state),
                                            "tie_breaks": list(state.facts.rules.tie_breaks)}))
        return
    level_one = [label for label, t in state.tiles.items() if t.level == 1]
    for label in level_one:
        remove_tile(state, label)
    expl.steps.append(Step("era.remove_level1", {"slots": level_one}, tuple(level_one)))
    if state.merchants:
        _refill_merchant_beer(state, expl)
    if state.distant is not None:
        state.distant.reset(state.shuffler("canal end"))
        expl.steps.append(Step("era.distant_reset", {"tiles": len(state.distant.tiles)}))
    state.deck.extend(state.set_aside)
    for p in state.players:
        state.deck.extend(p.discard)
        p.discard = []
    state.shuffler("canal end deck").shuffle(state.deck)
    rules = state.facts.rules
    for p in state.players:
        p.hand = [state.deck.pop() for _ in range(min(rules.hand_size, len(state.deck)))]
    state.era = "rail"
    state.round = 1
    _set_aside(state)
    expl.steps.append(Step("era.rail_begins", {"deck": len(state.deck), "order": list(state.order),
                                               "income": [{"space": p.income_space, "level": p.income_level}
                                                          for p in state.players],
                                               "hands": [len(p.hand) for p in state.players],
                                               "hand_size": rules.hand_size, "set_aside": len(state.set_aside),
                                               "set_aside_how": rules.set_aside_how.value,
                                               "divider": (rules.rail_divider or {}).get(len(state.players), 0),
                                               "edition": rules.edition_name}))
    _reveal_divider(state, expl, at_the_deal=True)
