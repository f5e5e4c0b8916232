"""The network action: one canal (£3), one rail (£5 + 1 coal), or a second rail (+£10, 1 coal, 1 beer)."""
from __future__ import annotations

from collections.abc import Iterable, Iterator

from brass_nb.rules.actions import Network
from brass_nb.rules.cards import discard
from brass_nb.rules.effects import consume
from brass_nb.rules.facts import LinkSpace
from brass_nb.rules.legal import Choices
from brass_nb.rules.phases import Phase
from brass_nb.rules.plan import Plan, check_card_in_hand
from brass_nb.rules.records import Explanation, Step
from brass_nb.rules.sourcing import NOTHING_NEEDED, plan_beer, plan_coal
from brass_nb.rules.state import State
from brass_nb.rules.view import View

NO_COAL = NOTHING_NEEDED["coal"]
NO_BEER: tuple[tuple[str, ...] | None, ...] = (None,)
"""The beer choice of a link that needs none."""

# Coal and beer for a new link are searched from all its ends at once. Counting the new link itself
# would change nothing: it only joins those ends, which are all at distance 0 already.


def _check_space(view: View, player: int, link: LinkSpace, plan: Plan) -> None:
    """Is the space free, usable in this era, next to your network, and do you have a link tile?"""
    state = view.state
    entities = (f"link:{link.index}",)
    if link.index in state.links:
        plan.fail("network.link_built", entities, link=link.label, owner=state.links[link.index])
    if not link.allows(state.era):
        plan.fail("network.era", entities, link=link.label, era=state.era, canal=link.canal, rail=link.rail)
    if state.players[player].links_left <= 0:
        plan.fail("network.no_link_tiles", entities)
    network = view.network(player)
    if not network.isdisjoint(link.ends):
        touching = []
        for end in link.ends:
            if end in network:
                touching.append(end)
        plan.steps.append(Step("network.link", {"link": link.label, "ends": list(link.ends), "era": state.era,
                                                "why": "network", "touching": touching}, entities))
    elif not view.has_anything_built(player) and state.facts.rules.first_link_anywhere:
        plan.steps.append(Step("network.link", {"link": link.label, "ends": list(link.ends), "era": state.era,
                                                "why": "first_link"}, entities))
    else:
        # a game without Birmingham's first-link exception says so to a player with nothing built
        no_exception = not network and not view.has_anything_built(player)
        plan.fail("network.not_in_network", entities, link=link.label, network=sorted(network),
                  no_first_link=no_exception, game=state.facts.title)



def plan_network(view: View, player: int, action: Network, second: bool) -> Plan:
    state = view.state
    p = state.players[player]
    plan = Plan()
    if second:
        if action.card is not None:
            plan.fail("network.second_card", card=action.card)
    else:
        check_card_in_hand(plan, p.hand, action.card)
    link = state.facts.board.link_named.get(action.link)
    if link is None:
        plan.fail("network.unknown_link", link=action.link)
        return plan
    _check_space(view, player, link, plan)
    terms = state.facts.rules.link_cost(state.era, second)
    coal = plan_coal(view, link.ends, terms.coal, link.label)
    coal_choice = plan.choose_sources(coal, action.coal)
    beer_choice: tuple[str, ...] | None = ()
    if terms.beer:
        beer_choice = plan.choose_sources(plan_beer(view, player, link.ends, terms.beer), action.beer)
    elif action.beer:
        plan.fail("network.beer_not_needed", beer=list(action.beer))
    total = terms.money + coal.market_cost
    if total > p.money:
        plan.fail("money.short", need=total, have=p.money, cost=terms.money, coal_market=coal.market_cost)
    if plan.failures:
        return plan

    def apply(state: State, expl: Explanation) -> list[Phase]:
        me = state.players[player]
        if not second:
            discard(state, player, action.card, "network", expl)
        state.pay(me, terms.money)
        state.place_link(link.index, player)
        me.links_left -= 1
        facts = {"link": link.label, "player": player, "era": state.era, "cost": terms.money, "coal": terms.coal,
                 "beer": terms.beer, "second": second, "money_left": me.money}
        if second:      # what the whole action's two rails cost, to set beside two single-rail actions
            one = state.facts.rules.link_cost(state.era)
            facts["action"] = {"cost": one.money + terms.money, "coal": one.coal + terms.coal,
                               "beer": one.beer + terms.beer}
        expl.steps.append(Step("network.place", facts, (f"link:{link.index}",)))
        consume(state, "coal", coal_choice, player, expl, link.ends)
        consume(state, "beer", beer_choice, player, expl, link.ends)
        return [Phase.RAIL2] if state.era == "rail" and not second else []

    plan.apply = apply
    return plan


def network_actions(view: View, player: int, second: bool = False) -> Iterator[Choices]:
    """Every legal link for ``player``: for each free space, every card × coal × beer choice, found one space at
    a time (a link that needs neither coal nor beer: every free space at once, as one group)."""
    state = view.state
    p = state.players[player]
    terms = state.facts.rules.link_cost(state.era, second)
    if p.links_left <= 0 or p.money < terms.money or (terms.beer and not view.holders("brewery")):
        return                                       # (a second rail's beer comes only from breweries)
    links = state.facts.board.links
    free = free_spaces(view, player)
    cards = [None] if second else view.cards(player)
    if not terms.coal and not terms.beer:            # (a canal: every free space offers the same choices, so one
        if free:                                     # group lists them all, in the same order; its money was
            labels = []                              # counted above)
            for index in free:
                labels.append(links[index].label)
            yield Choices(Network, (), labels, cards, NO_COAL.choices, (None,))
        return
    for index in free:
        link = links[index]
        coal = plan_coal(view, link.ends, terms.coal, link.label)     # the validator's plan, found again
        if not coal.options or terms.money + coal.market_cost > p.money:
            continue
        beers = link_beers(view, player, link, terms.beer) if terms.beer else NO_BEER
        if beers is None:
            continue
        yield Choices(Network, (link.label,), cards, coal.choices, beers)


def free_spaces(view: View, player: int) -> list[int]:
    """The indices of the free spaces of this era that ``player`` may link, in board order: those touching their
    network, or all of them for a first link where the game allows it anywhere."""
    state = view.state
    board = state.facts.board
    network = view.network(player)
    if not network and state.facts.rules.first_link_anywhere:      # (nothing built, as the network is empty)
        spaces: Iterable[int] = range(len(board.links))
    else:                                            # the spaces touching your network, in board order
        touching: set[int] = set()
        for location in network:
            touching.update(board.links_at[location])
        spaces = sorted(touching)
    usable, built, free = board.era_links[state.era], state.links, []
    for index in spaces:                             # (by index: a space is read only once free and usable)
        if index not in built and index in usable:
            free.append(index)
    return free


def link_beers(view: View, player: int, link: LinkSpace, beer: int) -> tuple[tuple[str, ...], ...] | None:
    """The choices of ``beer`` barrels for ``link``, or None when they cannot be had."""
    plan = plan_beer(view, player, link.ends, beer)
    return tuple(plan.options) if plan.options else None
