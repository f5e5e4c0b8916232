"""Teaching queries: what the rules say about a position without playing anything."""
from __future__ import annotations

from brass_nb.rules.facts import GameFacts
from brass_nb.rules.records import Step
from brass_nb.rules.ruleset import LoanOption
from brass_nb.rules.sourcing import breweries_for, holder_facts
from brass_nb.rules.turns import deck_for
from brass_nb.rules.view import View


def unknown_location(view: View, location: str) -> Step:
    """The refusal of every query about a place the board does not have."""
    return Step("query.unknown_location", {"location": location, "locations": sorted(view.board.locations)}, ok=False)


def coal_sources(view: View, location: str) -> Step:
    """Where coal used at ``location`` would come from: connected mines with coal by distance, then the market."""
    if location not in view.board.locations:
        return unknown_location(view, location)
    reach = view.reachable((location,))
    mines, trade = view.coal_sources((location,))
    merchants = list(trade)
    unconnected = [holder_facts(label, loc, t) for label, loc, t in view.holders("coal")
                   if loc not in reach]
    return Step("query.coal_sources", {
        "location": location,
        "mines": [holder_facts(mine.label, mine.location, mine.tile, mine.distance) for mine in mines],
        "nearest": [mine.label for mine in mines if mine.distance == mines[0].distance],
        "unconnected": unconnected, "merchants": merchants,
        "market_price": view.state.market_price("coal"), "market_cubes": view.state.markets["coal"],
        "trade_kind": view.trade_kind,
    }, (location,) + tuple(mine.label for mine in mines) + tuple(merchants))


def iron_sources(view: View) -> Step:
    """Every iron works with iron (any owner, connected or not) and the market's next price."""
    works = [holder_facts(label, loc, t) for label, loc, t in view.holders("iron")]
    return Step("query.iron_sources", {"works": works, "market_price": view.state.market_price("iron"),
                                       "market_cubes": view.state.markets["iron"]},
                tuple(w["source"] for w in works))


def resources(view: View) -> list[str]:
    """The resources this game's tiles hold (Birmingham: coal, iron, beer; Lancashire: coal and iron)."""
    held = set(view.state.facts.resource_of.values())
    return [r for r in ("coal", "iron", "beer") if r in held]


def no_beer(view: View) -> Step | None:
    """The refusal of a beer query in a game without beer (Lancashire), naming the game; None if it has beer."""
    if "beer" in resources(view):
        return None
    facts = view.state.facts
    return Step("query.no_beer", {"game": facts.title, "edition": facts.rules.edition_name,
                                  "resources": resources(view)}, ok=False)


def beer_sources(view: View, player: int, location: str) -> Step:
    """Beer ``player`` could use at ``location``: own breweries anywhere, others' only if connected."""
    if location not in view.board.locations:
        return unknown_location(view, location)
    own, connected, unconnected = breweries_for(view, player, view.reachable((location,)))
    return Step("query.beer_sources", {"player": player, "location": location, "own": own, "connected": connected,
                                       "unconnected": unconnected},
                (location,) + tuple(c["source"] for c in own + connected))


def next_tile(view: View, player: int, industry: str) -> Step:
    """What the player mat prints for ``player``'s next tile of ``industry`` (the lowest level left): cost, coal and
    iron to build, beer to sell or cubes when built, VP, income spaces and link icons once flipped, eras."""
    facts = view.state.facts
    if industry not in facts.industries:
        return Step("query.unknown_industry", {"industry": industry, "industries": list(facts.industries)}, ok=False)
    p = view.state.players[player]
    level = p.lowest_level(industry)
    if level is None:
        return Step("query.next_tile", {"player": player, "industry": industry, "level": None})
    spec = facts.tile(industry, level)
    return Step("query.next_tile", {
        "player": player, "industry": industry, "level": level,
        "left": p.mat[industry][facts.level_index(industry, level)], "printed": spec.count,
        "cost": spec.cost, "coal": spec.coal, "iron": spec.iron, "beer": spec.beer,
        "resource": facts.resource_of.get(industry),
        "cubes": {era: spec.cubes_when_built(era) for era in ("canal", "rail")},
        "vp": spec.vp, "income": spec.income, "link_vp": spec.link_vp,
        "link_counts": facts.rules.link_scoring.value, "eras": list(spec.eras), "developable": spec.developable,
    })


def income_space(levels: tuple[int, ...], space: int, loan: LoanOption, lowest: int) -> Step:
    """What income level a track space shows, which spaces share it, and what the largest loan would do there."""
    if not 0 <= space < len(levels):
        return Step("query.bad_space", {"space": space, "last": len(levels) - 1}, ok=False)
    level = levels[space]
    band = [i for i, lv in enumerate(levels) if lv == level]
    after_loan = level - loan.levels
    return Step("query.income_space", {
        "space": space, "level": level, "first_space": band[0], "last_space": band[-1], "band_size": len(band),
        "loan_money": loan.money, "loan_levels": loan.levels, "lowest": lowest,
        "loan_level": after_loan if after_loan >= lowest else None,
        "loan_space": max(i for i, lv in enumerate(levels) if lv == after_loan) if after_loan >= lowest else None,
    }, (f"space:{space}",))


def rounds_per_era(facts: GameFacts, players: int) -> Step:
    """How many rounds each era lasts for every player count: every action plays one card, so the deck decides."""
    rules = facts.rules
    counts = []
    for n in rules.player_counts:
        deck = len(deck_for(facts, n))
        counts.append({"players": n, "deck": deck,
                       "rounds": {era: rules.rounds(era, n, deck) for era in ("canal", "rail")}})
    return Step("query.rounds", {
        "game": facts.title, "players": players, "counts": counts, "hand_size": rules.hand_size,
        "per_turn": rules.actions_per_turn, "first_canal_round": rules.actions_first_round,
        "face_down": rules.face_down_discards,
        "set_aside": any(rules.set_aside_count(era, n) for era in ("canal", "rail") for n in rules.player_counts),
        "edition": rules.edition_name,
    })
