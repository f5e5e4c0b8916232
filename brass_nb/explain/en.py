"""English messages: one function per rule id, each turning a step's facts into plain sentences."""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from brass_nb.explain.facts import level_one_in_rail, loan_with_empty_deck, mines_used, usable_beer
from brass_nb.explain.numerals import roman

INDUSTRY = {"cotton": "cotton mill", "manufacturer": "manufacturer", "pottery": "pottery", "coal": "coal mine",
            "iron": "iron works", "brewery": "brewery", "port": "port", "shipyard": "shipyard"}
RESOURCE = {"coal": "coal", "iron": "iron", "beer": "beer", "slot": "slot", "merchant": "merchant", "loan": "loan"}
ERA = {"canal": "canal era", "rail": "rail era"}
GOODS = {"cotton": "cotton", "manufacturer": "manufactured goods", "pottery": "pottery"}
"""What a merchant buys: the goods a sold industry makes, not the industry."""
PRODUCT = {"coal": "coal", "iron": "iron", "brewery": "beer"}
TRADE = {"merchant": "a merchant", "port": "a port or an external location"}
PRINTED = {"merchant": "printed at the merchant", "external": "printed at the external location"}
SET_ASIDE = {"divider": ("goes under the divider tile", "go under the divider tile"),
             "face_down": ("is set aside face down at random", "are set aside face down at random")}
COUNT = {2: "two", 3: "three", 4: "four"}
PHASE = {"double_cards": "naming the two cards of a double-card build ('discard A, B')",
         "sell": "selling (sell another industry, or 'done')", "rail2": "a second rail (or 'done')",
         "develop2": "a second develop (or 'done')", "bonus_develop": "the beer bonus's free develop (or 'done')",
         "shortfall": "giving up industries to pay negative income"}


FILE_KIND = {"folder": "a folder", "pipe": "a pipe", "socket": "a socket", "device": "a device",
             "other": "something other than a regular file"}
"""What a path names that is not a file (brass_nb.rules.files)."""


def player(i: int) -> str:
    return f"Player {i + 1}"


def money(n: int) -> str:
    return f"£{n}" if n >= 0 else f"-£{-n}"


def a(noun: str) -> str:
    """The noun with its indefinite article ("a coal mine", "an iron works")."""
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


def upper_first(text: str) -> str:
    """The text with its first letter capitalised and the rest untouched (names and roman numerals keep their case)."""
    return text[:1].upper() + text[1:]


def plural(n: int, noun: str) -> str:
    return f"{n} {noun}" + ("" if n == 1 else "s")


def listing(items: list[str], last: str = "and") -> str:
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {last} " + items[-1]


def cubes(n: int, resource: str) -> str:
    if resource == "beer":
        return plural(n, "beer barrel")
    return f"{n} {resource} " + ("cube" if n == 1 else "cubes")


def tile(industry: str, level: int) -> str:
    return f"{INDUSTRY[industry]} {roman(level)}"


def prices(paid: list[int]) -> str:
    """What cubes cost: one price alone, or each price and their sum."""
    total = money(sum(paid))
    return total if len(paid) == 1 else f"{' + '.join(money(p) for p in paid)} = {total}"


def links(n: int) -> str:
    return "in the same place (0 links)" if n == 0 else f"{n} link" + ("s" if n != 1 else "") + " away"


def _candidates(cands: list[dict]) -> str:
    return listing([f"{c['source']} ({player(c['owner'])}, {cubes(c['cubes'], 'coal')}, {links(c['distance'])})"
                    for c in cands])


def _route(route: list[str]) -> str:
    return "in the same location" if len(route) == 1 else "along " + " → ".join(route)


def _next_nearest(f: dict) -> str:
    used = mines_used(f)
    if len(used) < 2:
        return ""
    (first, held), rest = used[0], f["from_mines"] - used[0][1]
    return (f" The nearest, {listing(first)}, {'has' if len(first) == 1 else 'have'} only {cubes(held, 'coal')}, "
            f"so the other {rest} {'comes' if rest == 1 else 'come'} from the next nearest: "
            f"{listing([name for names, _ in used[1:] for name in names], 'then')}.")


def _coal_nearest(f: dict) -> str:
    cands = f["candidates"]
    text = (f"{f['consumer']} needs {cubes(f['need'], 'coal')}. Coal comes from the nearest CONNECTED coal mine "
            f"that has coal, counting links (anyone's links); owner doesn't matter and it is free. "
            f"Connected mines with coal: {_candidates(cands)}.")
    text += _next_nearest(f)
    if f["tie"]:
        text += f" {listing(f['tie'], 'or')} are equally near: the player chooses which."
    if f["from_mines"] < f["need"]:
        text += f" They hold only {f['from_mines']}, so the rest must come from the market."
    return text


def _coal_market(f: dict) -> str:
    why = ("No connected coal mine has coal" if f["why"] == "no_mine"
           else "The connected mines do not have enough coal")
    verb = "is" if f["count"] == 1 else "are"
    return (f"{why}, so {cubes(f['count'], 'coal')} {verb} bought from the coal market at "
            f"{listing([money(p) for p in f['prices']])} (cheapest first; {money(f['empty_price'])} each once the "
            f"market is empty). Buying coal needs a connection to a market trade icon, which {TRADE[f['trade_kind']]} "
            f"shows; trade icons connected to {f['consumer']}: {listing(f['merchants'])}.")


def _coal_no_source(f: dict) -> str:
    have = (f" Connected mines hold only {f['from_mines']}." if f["candidates"] else
            " No connected coal mine has coal.")
    return (f"{f['consumer']} needs {cubes(f['need'], 'coal')}.{have} Coal from the market needs a connection "
            f"to a market trade icon, shown by {TRADE[f['trade_kind']]}, and {f['consumer']} is not connected to "
            f"any.")


def _iron_works(f: dict) -> str:
    works = listing([f"{c['source']} ({player(c['owner'])}, {cubes(c['cubes'], 'iron')})" for c in f["candidates"]])
    return (f"{cubes(f['need'], 'iron')} needed. Iron comes from ANY iron works on the board, connected or not, "
            f"with no nearest rule, free: {works}.")


def _iron_market(f: dict) -> str:
    why = "There is no iron on the board" if f["why"] == "no_works" else "The iron works do not hold enough iron"
    verb = "is" if f["count"] == 1 else "are"
    text = f"{why}, so {cubes(f['count'], 'iron')} {verb} bought from the iron market"
    if not f["market_cubes"]:
        text += (f", which is empty: {'the cube costs' if f['count'] == 1 else 'each cube costs'} "
                 f"{money(f['empty_price'])} (the price of an empty market).")
    else:
        text += (f" at {listing([money(p) for p in f['prices']])} (cheapest first; {money(f['empty_price'])} each "
                 f"once it is empty).")
    return text + " Iron needs no connection."


def _beer_parts(f: dict) -> str:
    parts = []
    if f["own"]:
        parts.append("your own breweries (no connection needed): "
                     + listing([f"{c['source']} ({cubes(c['cubes'], 'beer')})" for c in f["own"]]))
    if f["connected"]:
        parts.append("other players' breweries connected to " + _beer_place(f) + ": "
                     + listing([f"{c['source']} ({player(c['owner'])}, {links(c['distance'])})"
                                for c in f["connected"]]))
    if f["merchant"] and f["merchant_beer"]:
        parts.append(f"the merchant beer beside {f['merchant']} (gives that merchant's bonus)")
    return "; ".join(parts)


def _beer_sources(f: dict) -> str:
    return f"{cubes(f['need'], 'beer')} needed. Beer may come from {_beer_parts(f)}."


def _beer_short(f: dict) -> str:
    usable_n = usable_beer(f)
    what = "the tile cannot be sold" if f["merchant"] else "the second rail cannot be built"
    text = (f"{cubes(f['need'], 'beer')} needed, but "
            + (f"only {usable_n} may be used here" if usable_n else "none may be used here")
            + f", so {what} (beer is never bought).")
    usable = _beer_parts(f)
    if usable:
        text += f" Usable: {usable}."
    if f["unconnected"]:
        text += (" Other players' breweries must be connected to " + _beer_place(f) + "; not connected: "
                 + listing([c["source"] for c in f["unconnected"]]) + ".")
    return text


def _beer_place(f: dict) -> str:
    """Where beer is needed: the tile sold, or the second rail just placed (a brewery connected to either end)."""
    return f"the new rail {f['at']}" if f.get("rail") else f["at"]


def _build_card(f: dict) -> str:
    where, what = f["location"], a(INDUSTRY[f["industry"]])
    if f["why"] == "location_card":
        return (f"The location card {f['card']} builds any industry that {where}'s slots allow, whether or not it "
                f"is in your network.")
    if f["why"] == "virtual_link":
        return (f"The {f['card']} card builds {what} in a location of YOUR network, and {f['near']} is in your "
                f"network: {f['edition']}'s virtual link from {f['near']} to {where} counts one way, and only for "
                f"building an industry with an industry card there.")
    if f.get("card_kind") == "wild_industry":
        wild = f"The wild industry card counts as any industry card, here as one for {what}"
        if f["why"] == "first_build":
            return (f"{wild}. You have nothing on the board yet, so it may build in any location that allows it "
                    f"(first-build exception).")
        return f"{wild}: it builds in a location of YOUR network, and {where} is in your network."
    return {
        "wild_location": f"The wild location card counts as the {where} location card.",
        "network": f"The {f['card']} card builds {what} in a location of YOUR network; {where} is in your network.",
        "two_cards": f"Two cards together count as any location card: here the location card of {where}.",
        "first_build": f"You have nothing on the board yet, so the {f['card']} card may build {what} in any "
                       f"location that allows it (first-build exception).",
    }[f["why"]]


def _tile_era(f: dict) -> str:
    lowest = f"Your lowest {INDUSTRY[f['industry']]} is level {roman(f['level'])}"
    if not f["eras"]:
        return f"{lowest}, which can never be built; develop it away first."
    if f["eras"] != ["rail"]:
        return f"{lowest}, which cannot be built in the {ERA[f['era']]}; develop it away first."
    return (f"{lowest}, a tile of the rail era only (its space on the mat shows only the rail icon): it cannot be "
            f"built in the {ERA[f['era']]}; it can be built once the rail era begins.")


def _slot(f: dict) -> str:
    why = {"single_icon": "a free slot showing only this industry is always used first",
           "no_single_icon_free": "no free slot shows only this industry, so a two-icon slot is used",
           "overbuild": "it replaces a lower level of the same industry (overbuilding)"}[f["why"]]
    return f"Slot {f['slot']}: {why}."


def _slot_taken(f: dict) -> str:
    reasons = []
    for b in f["blocked"]:
        held = f"{b['slot']} holds {player(b['owner'])}'s {tile(b['industry'], b['level'])}"
        why = {
            "other_industry": "another industry",
            "not_higher": f"overbuilding needs a higher level than {roman(b['level'])} (yours would be "
                          f"{roman(f['level'])})",
            "not_coal_or_iron": "only coal mines and iron works of other players can be overbuilt",
            "resource_left": (f"another player's {INDUSTRY[b['industry']]} can be overbuilt only when no "
                              f"{b.get('resource')} is left anywhere, but {b.get('board')} on the board and "
                              f"{b.get('market')} in the market remain"),
        }[b["why"]]
        reasons.append(f"{held}: {why}")
    return f"Every {INDUSTRY[f['industry']]} slot in {f['location']} is taken: " + "; ".join(reasons) + "."


def _money_short(f: dict) -> str:
    parts = [f"cost {money(f['cost'])}"] if "cost" in f else []
    if f.get("coal_market"):
        parts.append(f"coal from the market {money(f['coal_market'])}")
    if f.get("iron_market"):
        parts.append(f"iron from the market {money(f['iron_market'])}")
    return f"This needs {money(f['need'])} ({listing(parts)}) but you have {money(f['have'])}."


def _flip(f: dict) -> str:
    why = {"sold": "it was sold", "emptied": "its last cube or barrel was used",
           "sold_to_market": "all its cubes were sold to the market", "built": "shipyards flip when built",
           "port_used": "cotton was sold through it"}[f["why"]]
    return (f"{player(f['owner'])}'s {tile(f['industry'], f['level'])} at {f['slot']} flips because {why}; "
            f"it will score {f['vp']} VP at the end of the era.")


def _income_advance(f: dict) -> str:
    why = {"flip": "for the flipped tile", "merchant_bonus": "(the merchant's beer bonus)",
           "distant_market": "(the distant market's bonus)"}[f["why"]]
    capped = f["to_space"] - f["from_space"] < f["spaces"]
    end = f" The track ends at space {f['to_space']}: the rest is lost." if capped else ""
    return (f"{player(f['player'])}'s income marker moves {plural(f['spaces'], 'track space')} {why}: space "
            f"{f['from_space']} → {f['to_space']}, income level {f['from_level']} → {f['to_level']}. Income rises by "
            f"spaces, not levels.{end}")


def _market_sell(f: dict) -> str:
    res = f["resource"]
    why = ("every new iron works sells to the iron market" if f["why"] == "iron_works" else
           f"a new coal mine connected to a trade icon ({listing(f.get('merchants', []))}) sells to the coal market")
    moved = f"{cubes(f['count'], res)} " + ("moves to the most expensive empty market space," if f["count"] == 1 else
                                             "move to the empty market spaces, most expensive first,")
    earned = listing([money(p) for p in f["prices"]]) + (f" = {money(f['total'])}" if len(f["prices"]) > 1 else "")
    return f"{upper_first(why)}: {moved} earning {earned}; {f['left']} left on the tile."


def _link(f: dict) -> str:
    if f["why"] == "first_link":
        return (f"You have nothing on the board, so your first link may go on any empty link space: "
                f"{f['link']} ({ERA[f['era']]}).")
    return f"{f['link']} touches your network at {listing(f['touching'])} ({ERA[f['era']]})."


def icons(n: int) -> str:
    return f"{n} icon" + ("s" if n != 1 else "")


def _link_part(p: dict, counts: str) -> str:
    if "printed" in p:
        return f"{PRINTED[p['kind']]}: {icons(p['icons'])}"
    what = f"{player(p['owner'])}'s flipped {tile(p['industry'], p['level'])}"
    return what if counts == "tiles" else f"{what}: {icons(p['icons'])}"


def _link_score(f: dict) -> str:
    ends = []
    for e in f["ends"]:
        parts = [_link_part(p, f["counts"]) for p in e["parts"]]
        ends.append(f"{e['location']} {e['icons']}" + (f" ({listing(parts)})" if parts else ""))
    n = COUNT.get(len(f["ends"]), len(f["ends"]))
    where = "at its ends" if len(f["ends"]) == 2 else f"at all {n} places it touches"
    note = "" if len(f["ends"]) == 2 else f"this link touches {n} places and scores all {n}; "
    what = (f"the link icons {where} ({note}icons, not tiles or their VP)" if f["counts"] == "icons" else
            f"1 VP for each flipped industry tile {where}, plus the icons printed there ({note}it counts tiles, "
            f"not their VP or income)")
    return f"{player(f['owner'])}'s link {f['link']} scores {what}: {' + '.join(ends)} = {f['vp']} VP."


def _loan_deck(f: dict) -> str:
    """A loan taken once the draw deck is empty: allowed, and in Lancashire only until its edition's rail-era end."""
    case = loan_with_empty_deck(f)
    if case is None:
        return ""
    if case == "never":
        return f" The draw deck is empty, and {f['game']} still allows loans."
    if case == "divider_round":
        return (f" The draw deck is empty, but {f['edition']} allows loans until the end of round "
                f"{f['last_loan_round']}, the round after the divider showed.")
    stop = ("once the rail era's deck is empty" if case == "canal_rail_deck_empty"
            else "after the round that follows the rail divider's showing")
    return (f" The draw deck is empty, but in the canal era {f['game']} ({f['edition']}) still allows loans (they "
            f"stop {stop}).")


def _rounds(counts: dict) -> str:
    canal, rail = counts["canal"], counts["rail"]
    return (f"{canal} rounds per era" if canal == rail
            else f"{canal} rounds in the canal era and {rail} in the rail era")


def _rounds_per_era(f: dict) -> str:
    rows = "; ".join(f"{c['players']} players, {c['deck']} cards, {_rounds(c['rounds'])}" for c in f["counts"])
    text = (f"{f['game']}: every action plays one card, and an era ends when the deck and every hand are empty, so "
            f"the number of players sets the rounds: {rows}. Each player holds {f['hand_size']} cards and has "
            f"{plural(f['per_turn'], 'action')} a turn ({f['first_canal_round']} in the canal era's first round)")
    if f["face_down"]:
        text += f"; {plural(f['face_down'], 'card')} each is discarded face down as the canal era starts"
    if f["set_aside"]:
        text += f"; {f['edition']}: some cards are set aside and not drawn"
    mine = next(c for c in f["counts"] if c["players"] == f["players"])
    return text + f". This game has {f['players']} players: {_rounds(mine['rounds'])}."


def _whole_action(cost: dict) -> str:
    return listing([money(cost["cost"])] + [cubes(cost[r], r) for r in ("coal", "beer") if cost[r]])


def _turn_order(f: dict) -> str:
    spent = listing([f"{player(int(i))} {money(n)}" for i, n in f["spent"].items()])
    return (f"Money spent this round: {spent}. New turn order, least spent first (ties keep their order; loans "
            f"are not spending): {listing([player(i) for i in f['after']])}.")


TIE_BREAK = {"vp": "most VP", "income_level": "highest income level", "money": "most money",
             "turn_order": "earlier in the turn order after the last round"}
LOWER = {"vp": "fewer VP", "income_level": "a lower income level", "money": "less money",
         "turn_order": "later in the final turn order"}
SAME = {"vp": "VP", "income_level": "income level", "money": "money", "turn_order": "turn order"}


def _behind(by: str | None, ties: list[str]) -> str:
    """Why a player ranks below the one above: equal on every earlier criterion, behind on ``by``."""
    criteria = ["vp"] + ties
    if by is None:
        return f"tied on {listing([SAME[c] for c in criteria])}: shared place"
    equal = criteria[:criteria.index(by)]
    return (f"same {listing([SAME[c] for c in equal])}, " if equal else "") + LOWER[by]


def _ranking(f: dict) -> str:
    rows = []
    for i, r in enumerate(f["ranking"]):
        row = (f"{r['place']}. {player(r['player'])}: {r['vp']} VP, income level {r['income_level']}, "
               f"{money(r['money'])}")
        if i:
            row += f" ({_behind(r['behind_by'], f['tie_breaks'])})"
        rows.append(row)
    order = ", then ".join(TIE_BREAK[c] for c in ["vp"] + f["tie_breaks"])
    return f"Final ranking ({order}): " + "; ".join(rows) + "."


def _winners(rows: list[dict]) -> str:
    """Who won, from a final ranking: one winner, or the players sharing first place."""
    first = [r for r in rows if r["place"] == 1]
    if len(first) == 1:
        return f"{player(first[0]['player'])} won with {first[0]['vp']} VP."
    return f"{listing([player(r['player']) for r in first])} share first place with {first[0]['vp']} VP."


def _question(f: dict) -> str:
    """Which bank question a quiz refusal is about (nothing for a quiz built on a game)."""
    return f"Lesson {f['lesson']}, question {f['number']}: " if f.get("lesson") else ""


def _build_cards(f: dict) -> str:
    what = f"building {a(INDUSTRY.get(f['industry'], f['industry']))} at {f['slot']}"
    if not f["cards"]:
        return f"{_question(f)}no card in the hand allows {what}; the question needs exactly one."
    return (f"{_question(f)}{len(f['cards'])} cards in the hand allow {what} ({listing(f['cards'])}); "
            f"the question needs exactly one.")


def _era_continues(f: dict) -> str:
    if f["era"] == "canal":
        return f"{_question(f)}'{f['action']}' does not end the canal era, so no industry tiles leave the board."
    return f"{_question(f)}'{f['action']}' is played in the rail era, so it cannot end the canal era."


def _coal_sources(f: dict) -> str:
    if f["mines"]:
        text = (f"Coal used at {f['location']} comes from the nearest connected mine with coal: "
                f"{_candidates(f['mines'])}. Nearest: {listing(f['nearest'], 'or')}"
                + (" (equally near: the player chooses)." if len(f["nearest"]) > 1 else "."))
    else:
        text = f"No coal mine with coal is connected to {f['location']}."
    if f["unconnected"]:
        text += f" Not connected, so never used here: {listing([c['source'] for c in f['unconnected']])}."
    if f["merchants"]:
        text += (f" {'When connected mines run out, the' if f['mines'] else 'So the'} coal market (next cube "
                 f"{money(f['market_price'])}) supplies it, reachable through {listing(f['merchants'])}.")
    else:
        text += (f" The coal market is out of reach: no connection to a market trade icon "
                 f"(shown by {TRADE[f['trade_kind']]}).")
    return text


def _iron_sources(f: dict) -> str:
    market = f"the iron market sells the next cube for {money(f['market_price'])} (no connection needed)."
    if not f["works"]:
        return "No iron works has iron, so " + market
    works = listing([f"{w['source']} ({player(w['owner'])}, {cubes(w['cubes'], 'iron')})" for w in f["works"]])
    return f"Iron comes from any iron works, connected or not: {works}. When they run out, " + market


def _held(f: dict) -> str:
    """What a mine, works or brewery holds when built, in each era it may be built in."""
    counts = [(era, f["cubes"][era]) for era in f["eras"] if f["cubes"].get(era)]
    if not counts:
        return ""
    if len({n for _, n in counts}) == 1:
        return f" When built it holds {cubes(counts[0][1], f['resource'])}."
    held = [f"{cubes(n, f['resource'])} in the {ERA[era]}" for era, n in counts]
    return f" When built it holds {listing(held)}."


def _next_tile(f: dict) -> str:
    what = INDUSTRY[f["industry"]]
    if f["level"] is None:
        return f"{player(f['player'])} has no {what} tiles left on the player mat."
    text = (f"{player(f['player'])}'s next {what} is level {roman(f['level'])}, the lowest left on the mat "
            f"({f['left']} of {f['printed']} {'tile' if f['printed'] == 1 else 'tiles'} of that level left).")
    if not f["eras"]:
        return text + " It can never be built: it can only be developed away."
    text += (f" Building it costs {money(f['cost'])}" + (f" + {cubes(f['coal'], 'coal')}" if f["coal"] else "")
             + (f" + {cubes(f['iron'], 'iron')}" if f["iron"] else "") + ".")
    if f["resource"]:
        text += _held(f)
    elif f["beer"]:
        text += f" Selling it needs {cubes(f['beer'], 'beer')}."
    text += f" Once flipped it scores {f['vp']} VP, moves its owner's income marker {plural(f['income'], 'space')}"
    text += (f" and shows {plural(f['link_vp'], 'link icon')}: at the era's end every link touching its location "
             f"scores {f['link_vp']} VP from {'it' if f['link_vp'] == 1 else 'them'}."
             if f["link_counts"] == "icons" else
             ", and every link touching its location scores 1 VP for it at the era's end.")
    text += (f" It can be built in the {ERA[f['eras'][0]]} only." if len(f["eras"]) == 1
             else " It can be built in either era.")
    if not f["developable"]:
        text += " It shows the crossed lightbulb: it can never be developed, only built."
    return text


def _income_space(f: dict) -> str:
    band = (f"space {f['first_space']} alone" if f["band_size"] == 1
            else f"spaces {f['first_space']}–{f['last_space']} share it")
    loan = (f"A {money(f['loan_money'])} loan from here drops {plural(f['loan_levels'], 'level')} to "
            f"{f['loan_level']}, on its highest space {f['loan_space']}." if f["loan_level"] is not None else
            f"No {money(f['loan_money'])} loan is possible from here: it would go below level {f['lowest']}.")
    return f"Track space {f['space']} shows income level {f['level']} ({band}). {loan}"


def _bonus(f: dict) -> str:
    text = {"money": f"take {money(f['amount'])} from the bank", "vp": f"gain {f['amount']} VP",
            "income_spaces": f"move the income marker {f['amount']} spaces",
            "free_develop": "develop one tile without iron (not a lightbulb pottery)"}[f["bonus"]]
    return (f"{player(f['player'])} drinks the merchant beer beside {f['merchant']} and receives that merchant's "
            f"bonus: {text}. Only merchant beer gives a bonus.")


def _scenario_shortfall(f: dict) -> str:
    who, owed = f"Player {f['player']}", money(f["owed"])
    if f["why"] == "position":
        return f"{at(f)}{who} is not at position {f['position']} of the turn order, so this shortfall is not theirs."
    if f["why"] == "owed":
        if f["level"] is None or f["level"] >= 0:
            return f"{at(f)}{who}'s income level is not negative, so they owe nothing at income time."
        return (f"{at(f)}{who} owes {owed}, but income level {f['level']} owes {money(-f['level'])}: negative income "
                f"costs the level's number of pounds.")
    if f["why"] == "cash":
        return (f"{at(f)}{who} has {money(f['money'])}, enough to pay the {owed} of negative income: the game never "
                f"waits for industries to be given up then (they are never sold by choice).")
    zero = f["worthless"]
    tiles = (f" ({listing(zero)} would raise {money(0)})" if zero else "")
    return (f"{at(f)}{who} owes {owed} with {money(f['money'])} and has no industry that would raise money{tiles}, "
            f"so the game does not wait for a choice: the cash is paid and each missing pound costs 1 VP at once. "
            f"Write the position before the round's income and play up to it to show this.")


def _extra_beer(f: dict) -> str:
    need = "no beer" if f["need"] == 0 else cubes(f["need"], "beer")
    text = (f"The {tile(f['industry'], f['level'])} at {f['slot']} needs {need} to sell, but the action names "
            f"{plural(len(f['chosen']), 'barrel')} ({listing(f['chosen'])}).")
    if f["merchant_beer"]:
        return text + (f" Drinking more beer than the tile needs, to take the bonus of the merchant at "
                       f"{f['merchant']}, is not allowed.")
    return text + " A sale drinks only the beer its tile needs."


def _kept(slots: list[str]) -> str:
    if not slots:
        return ""
    return (f" {listing(slots)} would raise {money(0)} (half of a {money(0)} cost), so "
            f"{'it stays' if len(slots) == 1 else 'they stay'} on the board.")


def _settle(f: dict) -> str:
    if f.get("missing"):
        return (f"{player(f['player'])} pays {money(f['paid'])} of the {money(f['owed'])} negative income; "
                f"the {money(f['missing'])} still missing costs {f['vp_lost']} VP (1 VP per {money(1)}, never "
                f"below 0).{_kept(f.get('kept', []))}")
    return (f"{player(f['player'])} pays {money(f['owed'])} of negative income (level {f['level']}); "
            f"{money(f['money_now'])} left.")


def _rail_begins(f: dict) -> str:
    text = (f"All discards and every card not drawn in the canal era are shuffled into the rail deck; each player "
            f"draws up to {f['hand_size']} (hands now {', '.join(map(str, f['hands']))}; {f['deck']} left in the "
            f"deck).")
    if f["set_aside"]:
        one, many = SET_ASIDE[f["set_aside_how"]]
        text += (f" {f['edition']}: {plural(f['set_aside'], 'card')} {one if f['set_aside'] == 1 else many} and "
                 f"{'is' if f['set_aside'] == 1 else 'are'} not drawn this era.")
    if f.get("divider"):
        text += (f" {f['edition']}: the divider goes {f['divider']} cards from the bottom of the deck; those cards are "
                 f"drawn too, and once the divider shows, the next round is the last in which loans may be taken.")
    stays = listing([f"{player(i)} on space {m['space']} (level {m['level']})" for i, m in enumerate(f["income"])])
    return text + f" The turn order carries over, and no income marker moves between eras: {stays}."


def _first_round(f: dict) -> str:
    """In an era's first round, how many actions the turn had and why (only the canal era's first round is short)."""
    if f["round"] != 1 or f["first_canal_round"] == f["usual"]:
        return ""
    done = f" after {plural(f['actions'], 'action')}"
    if f["era"] == "canal":
        return (f"{done} (the canal era's first round has {plural(f['per_turn'], 'action')} a turn, every later "
                f"round {f['usual']})")
    return (f"{done} (the {ERA[f['era']]}'s first round has {plural(f['per_turn'], 'action')} a turn: only the canal "
            f"era's first round has {f['first_canal_round']})")


def _turn_end(f: dict) -> str:
    if f["refill"] == "end_of_round":
        return (f"{player(f['player'])}'s turn ends{_first_round(f)} with {f['hand']} in hand ({f['edition']}: hands "
                f"are refilled only after the round's new turn order is set).")
    return (f"{player(f['player'])}'s turn ends{_first_round(f)}: {plural(f['drawn'], 'card')} drawn, {f['hand']} in "
            f"hand, {f['deck']} left in the deck.")


def _round_refill(f: dict) -> str:
    draws = listing([f"{player(i)} draws {f['drawn'][str(i)]}" for i in f["order"]])
    return (f"{f['edition']}: every hand is refilled after the new turn order is set, in that order ({draws}); "
            f"hands now {', '.join(map(str, f['hands']))}, {f['deck']} left in the deck.")


def _drawn_tile(f: dict) -> str:
    return (f"{f['edition']}: a drawn tile goes back under the pile" if f["drawn_tiles"] == "bottom"
            else f"{f['edition']}: drawn tiles stay out until the era ends")


def at(f: dict) -> str:
    return f"Line {f['line']}: " if f.get("line") else ""


SAVE_KINDS = {"missing": "missing", "null": "null", "boolean": "a boolean", "integer": "an integer",
              "number": "a number with a fraction", "text": "text", "list": "a list", "object": "an object",
              "action_list": "a list of actions written as text"}


def _save_field(f: dict) -> str:
    expected = SAVE_KINDS[f["expected"]]
    if f["found"] == "missing":
        return f"The save file has no '{f['field']}' field; it must be {expected}."
    return f"The save file's '{f['field']}' is {SAVE_KINDS.get(f['found'], f['found'])}; it must be {expected}."


def _save_format(f: dict) -> str:
    if f["holds"] != "object":
        return (f"This is not a brass_nb save file: it holds {SAVE_KINDS.get(f['holds'], f['holds'])}, not an object "
                f"with format '{f['expected']}'.")
    found = f"its format is '{f['found']}'" if f["found"] is not None else "it has no format field"
    return f"This is not a brass_nb save file: {found}, not '{f['expected']}'."


SCENARIO_FIELD = {"market": "{resource} market", "merchant beer": "beer at {space}", "wild cards": "{wild} cards",
                  "distant marker": "distant market marker", "distant tiles": "distant market tiles"}
SCENARIO_MUST = {"era_round": "canal or rail, round 1 or more", "tile_set": "tiles of this player count's set"}


def _scenario_value(f: dict) -> str:
    who = f"player {f['player']}'s " if f.get("player") else ""
    field = SCENARIO_FIELD.get(f["field"], f["field"]).format(
        resource=f.get("resource"), space=f.get("space"), wild=str(f.get("wild")).lower())
    must = (SCENARIO_MUST[f["must"]] if "must" in f
            else f"{f['low']} to {f['high']}" if f["high"] is not None else f"{f['low']} or more")
    return f"{at(f)}{who}{field} is {f['value']}; it must be {must}."


def _scenario_no_tile(f: dict) -> str:
    text = (f"{at(f)}player {f['player']} has no {tile(f['industry'], f['level'])} left to place: "
            f"{f['printed']} printed on the mat")
    if "on_mat" in f:
        text += f", {f['on_board']} on the board and {f['on_mat']} still on the mat"
    return text + "."



ACTION = {"build": "build", "network": "network", "develop": "develop", "sell": "sell", "loan": "loan",
          "scout": "scout", "pass": "pass", "done": "done", "discard": "discard", "remove": "remove"}
MEASURE = {"vp": "the most VP (counting what the era's end would score)", "money": "the most money",
           "income": "the highest income level"}
GOALS: dict[str, Callable[[dict], str]] = {
    "builds": lambda f: f"Build {_wanted_build(f)}.",
    "sells": lambda f: f"Sell {_wanted_sale(f)}.",
    "network_has": lambda f: f"Bring {f['location']} into your network.",
    "kind": lambda f: f"Take {a(ACTION[f['kind']])} action.",
    "no_market": lambda f: f"Buy no {RESOURCE[f['resource']]} from the market.",
    "source": lambda f: f"Use {RESOURCE[f['resource']]} from {f['location']}.",
    "first_next_round": lambda f: "Be the first to act in the next round.",
    "best": lambda f: f"Make the move that leaves you {MEASURE[f['measure']]}: no legal move may do better.",
}
"""What a "your move" exercise asks, one sentence per check of its goal (brass_nb.quizbank.goals)."""


def _goal(f: dict, met: str, missed: str) -> str:
    return f"Goal met: {met}." if f["ok"] else f"Goal not met: {missed}."


def _wanted_build(f: dict) -> str:
    return a(INDUSTRY[f["industry"]]) + (f" at {f['location']}" if f.get("location") else "")


def _built(f: dict) -> str:
    return listing([f"{a(INDUSTRY[i])} at {s}" for s, i in zip(f["built"], f["built_industries"], strict=True)])


def _wanted_sale(f: dict) -> str:
    what = a(INDUSTRY[f["industry"]]) if f.get("industry") else "an industry"
    return what + (f" at {f['location']}" if f.get("location") else "")


def _choice_invalid(f: dict) -> str:
    """A named choice that is not legal; when it names too few or too many sources, how many are needed."""
    sizes = {len(o) for o in f["options"]}
    count = ""
    if f["resource"] in ("coal", "iron", "beer") and len(sizes) == 1 and len(f["chosen"]) not in sizes:
        unit = "barrels" if f["resource"] == "beer" else "cubes"
        count = f" ({sizes.pop()} {unit} are needed, {len(f['chosen'])} named)"
    return (f"{listing(f['chosen'])} is not a legal {RESOURCE.get(f['resource'])} choice here{count}; "
            f"legal: {listing([listing(o) for o in f['options']], 'or')}.")


def _first_next_round(f: dict) -> str:
    spent = listing([f"{player(i)} {money(n)}" for i, n in enumerate(f["spent"])])
    basis = (f"money spent this round: {spent}" if f["decided"]
             else f"if the round ended now; money spent so far: {spent}")
    if f["ok"]:
        return f"Goal met: {player(f['first'])} acts first in the next round ({basis})."
    return (f"Goal not met: {player(f['first'])}, not {player(f['player'])}, acts first in the next round ({basis}; "
            f"least spent goes first, and a tie keeps the current order).")


def _measured(measure: str, n: int) -> str:
    return {"vp": f"{n} VP", "money": money(n), "income": f"income level {n}"}[measure]

def _wrong_source(f: dict) -> str:
    res, why = f["resource"], f["why"]
    if why == "farther":
        return (f"{f['option']} is connected to {f['consumer']} but {links(f['distance'])}; {f['answer']} is "
                f"{links(f['answer_distance'])}, and coal comes from the nearest connected coal mine with coal.")
    if why == "unconnected":
        return (f"{f['option']} has coal, but no links (anyone's) connect it to {f['consumer']}: coal travels only "
                f"along links.")
    if why == "empty":
        return f"{f['option']} has no {res} left."
    if why == "other_resource":
        return f"{f['option']} is {a(INDUSTRY[f['industry']])}: it holds {f['industry']}, not {res}."
    if res == "coal":
        return (f"Coal is bought only when no connected coal mine has coal; {f['answer']} is connected "
                f"({links(f['answer_distance'])}) and has coal.")
    return (f"Iron is bought only when no iron works on the board has iron; {f['answer']} has iron (no connection "
            f"needed).")


def _wrong_owner(f: dict) -> str:
    who, breweries, why = player(f["player"]), listing(f["breweries"]), f["why"]
    if why == "unconnected":
        return (f"{who}'s brewery ({breweries}) is not connected to {f['location']}: another player's beer must be "
                f"connected.")
    if why == "no_beer":
        return f"{who} has no brewery with beer on the board."
    if why == "own":
        return f"{who}'s own beer ({breweries}) may always be used: your own brewery needs no connection."
    return f"{who}'s brewery ({breweries}) is connected to {f['location']}, so its beer may be used too."


def _marker_moves(f: dict) -> str:
    moves = []
    if f["spaces"]:
        moves.append(f"the action moves it {plural(f['spaces'], 'track space')} forward")
    if f["levels"]:
        moves.append(f"the loan lowers it {plural(f['levels'], 'level')}")
    return listing(moves) or "the action does not move it"


def _wrong_level(f: dict) -> str:
    chosen, why = f["chosen"], f["why"]
    if why == "unchanged":
        return f"Income level {chosen} is the level before the action; {_marker_moves(f)}."
    if why == "levels_not_spaces":
        return (f"Income level {chosen} would follow if the marker moved {f['spaces']} levels; it moves "
                f"{plural(f['spaces'], 'track space')}, and higher levels span several spaces.")
    if why == "spaces_not_levels":
        return (f"Income level {chosen} would follow if the loan moved the marker back {f['levels']} spaces; a loan "
                f"lowers the income level by {plural(f['levels'], 'level')}, not spaces.")
    return (f"The marker does not stop at income level {chosen}: it starts at level {f['before']} (space "
            f"{f['space']}), and {_marker_moves(f)}.")


def _wrong_order(f: dict) -> str:
    first, other = player(f["first"]), player(f["other"])
    if f["why"] == "tie":
        return (f"That order puts {first} before {other}, but both spent {money(f['spent_first'])} this round, and a "
                f"tie keeps the current order, where {other} acts before {first}.")
    return (f"That order puts {first} before {other}, which would follow only if {first} had spent less. {first} "
            f"spent {money(f['spent_first'])} this round and {other} {money(f['spent_other'])}; the least spent acts "
            f"first (loans are not spending).")


def _wrong_tiles(f: dict) -> str:
    held = a(tile(f["industry"], f["level"]))
    if f["why"] == "not_level_one":
        return f"{f['slot']} holds {held}: only level I industries leave the board when the canal era ends."
    state = "flipped" if f["flipped"] else "unflipped"
    return f"{f['slot']} holds {held} ({state}): every level I industry leaves, flipped or not."


def _wrong_vp(f: dict) -> str:
    chosen, places, why = f["chosen"], listing(f["places"]), f["why"]
    if why == "one_end":
        return (f"{chosen} VP counts only the end at {f['location']}; a link scores at every place it touches "
                f"({places}).")
    if why == "tiles_not_icons":
        return (f"{chosen} VP counts the flipped tiles and printed places; a link scores their link icons, not the "
                f"number of tiles.")
    if f["counts"] == "icons":
        return (f"{chosen} VP is not the sum: add the link icons of the flipped industries and the icons printed at "
                f"{places}.")
    return f"{chosen} VP is not the sum: count 1 VP per flipped industry tile and add the icons printed at {places}."


# ---------------------------------------------------------------- a coach's principles and plan (brass_nb.bots)


def _plan(f: dict) -> str:
    kind = f["kind"]
    if kind == "build":
        what = f"build {a(tile(f['industry'], f['level']))} at {f['slot']}"
    elif kind == "build_two_cards":
        what = f"build {a(INDUSTRY[f['industry']])} at {f['slot']} with two cards"
    elif kind == "network":
        what = f"build a link on {listing(f['links'])}"
    elif kind == "sell":
        what = f"sell from {listing(f['slots'])}"
    elif kind == "develop":
        what = "develop " + listing([tile(t["industry"], t["level"]) for t in f["tiles"]]) + " off your mat"
    elif kind == "loan":
        what = f"take a {money(f['money'])} loan"
    elif kind == "scout":
        what = "scout"
    elif kind == "pass":
        what = "pass"
    elif kind == "done":
        return ("Plan: finish this action here. Going on (another tile, sale or rail in the same action) would "
                "cost more than it brings.")
    else:
        return f"Plan: {f['action']}"
    return f"Plan: {what}."


def _beer_scarce(f: dict) -> str:
    then = ("A brewery above level I built in the canal era stays for the rail era and scores at both era ends."
            if f["scores_twice"] else "Each barrel used from it brings it nearer to flipping, for income and VP.")
    return (f"Beer is scarce: most sales and a second rail in one action need beer, and the board holds "
            f"{cubes(f['barrels_on_board'], 'beer')} before this brewery at {f['slot']} adds "
            f"{cubes(f['barrels_new'], 'beer')}. {then}")


def _sell_to_merchant(f: dict) -> str:
    outlet = ("a merchant that buys it" if f.get("outlet", "merchant") == "merchant"
              else "where it can be sold: an unflipped port or an external location")
    return (f"Build where you can sell: {a(tile(f['industry'], f['level']))} at {f['slot']} is already connected to "
            f"{listing(f['merchants'])}, {outlet} (the nearest {links(f['distance'])}), so it can be sold and "
            f"flip soon.")


def _income_early(f: dict) -> str:
    return (f"Income early pays every round: income rises by {plural(f['levels'], 'level')} (to {f['to_level']}), "
            f"paid at each of the {f['payments']} income payments still to come, about {money(f['money'])} in all.")


def _flip_before_era_end(f: dict) -> str:
    return (f"Flip what you build before the era ends: only flipped tiles score. {listing(f['slots'])} flips now "
            f"and will score {f['vp']} VP at the end of the {ERA[f['era']]} ({plural(f['cards_left'], 'card')} "
            f"still to play in it).")


def _link_beside_flipped(f: dict) -> str:
    return (f"A link scores the link icons at its ends when the era ends: {listing(f['links'])} has "
            f"{plural(f['icons'], 'icon')} beside it ({listing(f['slots'])} flipped, and any icons the board "
            f"prints). A link built late in the era, beside tiles that have flipped, scores the most "
            f"({plural(f['cards_left'], 'card')} still to play in the {ERA[f['era']]}).")


def _level_one_leaves(f: dict) -> str:
    return (f"Level I tiles leave the board at the canal era's end; this {tile(f['industry'], f['level'])} at "
            f"{f['slot']} stays and can score again at the rail era's end.")


def _rival_resources(f: dict) -> str:
    taken = listing([f"{cubes(t['count'], t['resource'])} from {player(t['owner'])}'s {t['source']}"
                     + (" (which flips it)" if t["flips"] else "") for t in f["taken"]])
    return (f"Mind what you hand a rival: this takes {taken}. Each cube or barrel taken from a rival's tile brings "
            f"it nearer to flipping, which pays its owner income and VP; take it only when you gain more.")


def _resources_flip(f: dict) -> str:
    sold = (f", after {cubes(f['sold'], f['resource'])} sold to the market for {money(f['earned'])}"
            if f["sold"] else "")
    return (f"{upper_first(a(tile(f['industry'], f['level'])))} flips when its last {RESOURCE[f['resource']]} is "
            f"used, by you or a rival: {cubes(f['left'], f['resource'])} left at {f['slot']}{sold}. Each one a "
            f"rival uses brings your income and VP nearer.")


def _loan_cost(f: dict) -> str:
    held = (f"You hold {money(f['held'])}. " if f["builds_now"]
            else f"With {money(f['held'])} you can build nothing now. ")
    return (f"{held}A loan costs an action and {plural(f['levels'], 'income level')}: {money(f['money'])} now against "
            f"{money(f['levels'])} less at each of the {f['payments']} income payments left (about "
            f"{money(f['repaid'])}).")


def counted(cards: list[str]) -> str:
    """Cards listed once each, a repeated one with its count: "Brewery ×2 and Dudley"."""
    return listing([card if n == 1 else f"{card} ×{n}" for card, n in Counter(cards).items()])


def _scout_wilds(f: dict) -> str:
    stuck, given = f["stuck"], f["given"]
    if len(stuck) == len(given):
        why = f"Not one of the {len(given)} cards you give up ({counted(given)}) builds anything now. "
    elif stuck:
        why = (f"{len(stuck)} of the {len(given)} cards you give up {'builds' if len(stuck) == 1 else 'build'} "
               f"nothing now ({counted(stuck)}). ")
    else:
        why = ""
    return (f"{why}Scouting trades {len(given)} cards for {listing(f['took'])}: together they build any industry at "
            f"any location, even outside your network.")


def _develop_away(f: dict) -> str:
    why = {"not_this_era": f"may not be built in the {ERA[f['era']]}",
           "leaves_at_canal_end": "would leave the board at the canal era's end"}
    tiles = "; ".join(f"{tile(t['industry'], t['level'])} {why[t['why']]}" for t in f["tiles"])
    return (f"Develop away tiles that would waste a slot: {tiles}. Developing uncovers the next level on your "
            f"mat.")


MESSAGES: dict[str, Callable[[dict], str]] = {
    "card.discard": lambda f: (f"{player(f['player'])} discards {f['card']}"
                               + ("." if f["action"] == "build"
                                  else " (any card will do: only building reads the card).")),
    "card.wild_returned": lambda f: f"The {f['card']} card goes back to its own face-up pile, not to a discard pile.",
    "card.missing": lambda f: "Every action discards a card: name one with 'with card …'.",
    "card.not_in_hand": lambda f: f"{f['card']} is not in your hand (you hold {listing(f['hand'])}).",
    "choice.ambiguous": lambda f: (f"More than one {RESOURCE.get(f['resource'], f['resource'])} choice is legal, "
                                   f"so the action must name one: "
                                   + listing([', '.join(o) if isinstance(o, list) else o for o in f['options']], 'or')
                                   + "."),
    "choice.invalid": _choice_invalid,
    "phase.done": lambda f: "Done: the action ends here.",
    "phase.finish_first": lambda f: f"An action is still in progress: {PHASE[f['phase']]}.",
    "phase.nothing_to_finish": lambda f: "'done' only ends an action in progress; there is none.",
    "phase.no_double_build": lambda f: ("Two cards are named ('discard A, B') only right after a build "
                                        "'with card two cards'."),
    "phase.shortfall": lambda f: (f"{player(f['player'])} must first give up industries to pay {money(f['owed'])} "
                                  f"of negative income ('remove …')."),
    "phase.no_shortfall": lambda f: "Industries are only given up to pay negative income; they cannot be sold at will.",
    "game.over": lambda f: "The game is over.",
    "undo.nothing": lambda f: "There is nothing to undo.",
    "redo.nothing": lambda f: "There is nothing to redo.",
    "build.card": _build_card,
    "build.card_industry": lambda f: (f"The {f['card']} card builds only "
                                      f"{listing([a(INDUSTRY[i]) for i in f['card_industries']], 'or')}, "
                                      f"not {a(INDUSTRY[f['industry']])}."),
    "build.card_location": lambda f: (f"The location card {f['card']} builds only in {f['card']}, "
                                      f"not in {f['location']}."),
    "build.farm_brewery_card": lambda f: (f"{f['location']} is a farm brewery: build there with a brewery or wild "
                                          f"industry card, never a location card ({f['card']})."),
    "build.not_in_network": lambda f: (f"An industry card builds only in YOUR network (your industries and the ends "
                                       f"of your links); {f['location']} is not in it. Your network: "
                                       f"{listing(f['network']) or 'nothing yet'}."),
    "build.no_slots": lambda f: f"{f['location']} has no industry slots.",
    "build.no_icon": lambda f: (f"{f['location']} has no slot for {a(INDUSTRY[f['industry']])} "
                                f"(its slots show {listing([INDUSTRY[i] for i in f['icons']])})."),
    "build.no_tile": lambda f: f"No {INDUSTRY[f['industry']]} tiles are left on your player mat.",
    "build.tile_era": _tile_era,
    "build.tile": lambda f: (f"You build your lowest {INDUSTRY[f['industry']]} left: level {roman(f['level'])}, "
                             f"cost {money(f['cost'])}" + (f" + {cubes(f['coal'], 'coal')}" if f["coal"] else "")
                             + (f" + {cubes(f['iron'], 'iron')}" if f["iron"] else "")
                             + (f". Though it is level I, this tile is marked for both eras, so it may be built in "
                                f"the {ERA[f['era']]}" if level_one_in_rail(f) else "") + "."),
    "build.slot": _slot,
    "build.slot_taken": _slot_taken,
    "build.slot_invalid": lambda f: (f"{f['slot']} cannot take this tile: " + {
        "no_icon": f"it does not show {a(INDUSTRY[f['industry']])}",
        "no_such_slot": f"{f.get('location')} has no slot {f['slot'].rpartition('[')[2][:-1]} "
                        f"(its slots are 1 to {f.get('slots')})",
        "single_icon_first": "a free slot showing only this industry must be used first",
        "other_industry": "it holds another industry",
        "not_higher": "it holds a tile of the same or a higher level",
        "not_coal_or_iron": "another player's tile there can't be overbuilt (only coal mines and iron works)",
        "resource_left": "another player's tile there can be overbuilt only when none of its resource is left",
    }[f["why"]] + f". Allowed: {listing(f['options'], 'or') or 'none'}."),
    "build.canal_one_per_town": lambda f: (f"In the canal era you may have only one industry per location, and you "
                                           f"already have {listing(f['yours'])} in {f['location']}."),
    "build.two_cards": lambda f: (f"{player(f['player'])} builds with two cards: any two cards together count as the "
                                  f"location card of {f['location']}, using both actions of the turn. Next, name the "
                                  f"two cards ('discard A, B')."),
    "build.two_cards_not_in_game": lambda f: f"{f['game']} has no double-card build.",
    "build.two_cards_not_now": lambda f: (f"A double-card build needs both actions of a turn and two cards in hand "
                                          f"(actions taken this turn: {f['actions_done']} of {f['actions']}; cards: "
                                          f"{f['hand']})."),
    "build.pay": lambda f: (f"{player(f['player'])} pays {money(f['cost'])} to the bank "
                            f"({money(f['money_left'])} left)."),
    "build.overbuild": lambda f: (f"Overbuilding: {player(f['owner'])}'s {tile(f['industry'], f['old_level'])} at "
                                  f"{f['slot']} is replaced by level {roman(f['new_level'])} and leaves the game"
                                  + (f"; {'its' if f['cubes_returned'] > 1 else 'the'} "
                                     f"{cubes(f['cubes_returned'], PRODUCT[f['industry']])} left on it return"
                                     f"{'s' if f['cubes_returned'] == 1 else ''} to the supply"
                                     if f["cubes_returned"] else "") + ". Income and VP already gained stay."),
    "build.place": lambda f: (f"{player(f['player'])} places {tile(f['industry'], f['level'])} at {f['slot']}"
                              + (f" with {cubes(f['cubes'], f['resource'])} on it." if f["cubes"] else ".")),
    "money.short": _money_short,
    "coal.nearest": _coal_nearest,
    "coal.market": _coal_market,
    "coal.no_source": _coal_no_source,
    "coal.take": lambda f: (f"{cubes(f['count'], 'coal')} taken from {f['source']} ({player(f['owner'])}'s mine), "
                            f"free, {_route(f['route'])}; {f['left']} left."),
    "coal.buy": lambda f: f"{cubes(f['count'], 'coal')} bought from the coal market for {prices(f['prices'])}.",
    "iron.works": _iron_works,
    "iron.market": _iron_market,
    "iron.take": lambda f: (f"{cubes(f['count'], 'iron')} taken from {f['source']} ({player(f['owner'])}'s works), "
                            f"free; {f['left']} left."),
    "iron.buy": lambda f: f"{cubes(f['count'], 'iron')} bought from the iron market for {prices(f['prices'])}.",
    "beer.sources": _beer_sources,
    "beer.short": _beer_short,
    "beer.take": lambda f: (f"{cubes(f['count'], 'beer')} taken from {f['source']}, free: "
                            + ("your own brewery, no connection needed" if f["owner"] == f["player"]
                               else f"{player(f['owner'])}'s brewery, connected {_route(f['route'])}")
                            + f"; {f['left']} left."),
    "market.sell": _market_sell,
    "market.full": lambda f: f"The {f['resource']} market is full, so the cubes stay on {f['slot']}.",
    "market.not_connected": lambda f: (f"{f['slot']} is not connected to a market trade icon "
                                       f"(shown by {TRADE[f['trade_kind']]}), so its coal stays on the tile (a later "
                                       f"connection never sells it)."),
    "tile.flip": _flip,
    "income.advance": _income_advance,
    "network.link": _link,
    "network.link_built": lambda f: f"{f['link']} already has {player(f['owner'])}'s link.",
    "network.era": lambda f: (f"{f['link']} is a " + ("rail-only" if f["rail"] else "canal-only")
                              + f" link space; it cannot be used in the {ERA[f['era']]}."),
    "network.no_link_tiles": lambda f: "You have no link tiles left.",
    "network.not_in_network": lambda f: (f"A link must touch your network; {f['link']} does not. Your network: "
                                         f"{listing(f['network']) or 'nothing yet'}."
                                         + (f" {f['game']} has no exception for a first link placed anywhere: "
                                            f"your first link must touch an industry of yours."
                                            if f.get("no_first_link") else "")),
    "network.place": lambda f: (f"{player(f['player'])} places a " + ("canal" if f["era"] == "canal" else "rail")
                                + f" on {f['link']} for {money(f['cost'])}"
                                + (" (the second rail of the action costs "
                                   + listing([money(f["cost"])] + [cubes(f[r], r) for r in ("coal", "beer") if f[r]])
                                   + ")" if f["second"] else "")
                                + (f"; this action's two rails cost {_whole_action(f['action'])} in all"
                                   if "action" in f else "")
                                + f"; {money(f['money_left'])} left."),
    "network.second_card": lambda f: "The second rail belongs to the same action: it takes no card.",
    "network.beer_not_needed": lambda f: "Only the second rail of one action needs beer.",
    "network.unknown_link": lambda f: f"There is no link space {f['link']}.",
    "develop.tile": lambda f: f"The lowest {INDUSTRY[f['industry']]} on your mat is level {roman(f['level'])}.",
    "develop.remove": lambda f: (f"{player(f['player'])} removes {tile(f['industry'], f['level'])} from the mat"
                                 + (" for free (the merchant's beer bonus)" if f["free"] else "")
                                 + (f"; the lowest left is now level {roman(f['next_level'])} "
                                    f"({f['next_count']} of that level on the mat)."
                                    if f["next_level"] is not None else "; none of this industry is left.")),
    "develop.no_tile": lambda f: f"No {INDUSTRY[f['industry']]} tiles are left on your mat to develop.",
    "develop.lightbulb": lambda f: (f"Your lowest {INDUSTRY[f['industry']]} (level {roman(f['level'])}) shows the "
                                    f"crossed lightbulb: it can never be developed, only built."),
    "develop.unknown_industry": lambda f: f"There is no industry {f['industry']}.",
    "develop.extra_card": lambda f: "The second tile belongs to the same develop action: it takes no card.",
    "develop.free_only_bonus": lambda f: ("A free develop only comes from a merchant's beer bonus." if f["beer_bonus"]
                                          else "This game has no free develop: every develop uses iron."),
    "develop.bonus_is_free": lambda f: "The beer bonus's develop is free: write 'develop <industry> free'.",
    "sell.merchant": lambda f: (f"The merchant at {f['merchant']} buys {listing([GOODS[b] for b in f['buys']])} "
                                f"and {f['at']} is connected to it ({links(f['distance'])}, anyone's links)."),
    "sell.no_tile": lambda f: f"There is no tile at {f['slot']}.",
    "sell.not_yours": lambda f: f"The tile at {f['slot']} belongs to {player(f['owner'])}: you can only sell your own.",
    "sell.not_sold_industry": lambda f: (f"{upper_first(a(INDUSTRY[f['industry']]))} is not sold: it flips when its "
                                         f"last cube or barrel is used."),
    "sell.wrong_industry": lambda f: (f"{f['slot']} holds {a(INDUSTRY[f['industry']])}, not "
                                      f"{a(INDUSTRY[f['named']])}."),
    "sell.flipped": lambda f: f"The tile at {f['slot']} is already flipped (sold).",
    "sell.no_merchant": lambda f: f"There is no merchant tile {f['merchant']} in this game.",
    "sell.merchant_wont_buy": lambda f: (f"The merchant at {f['merchant']} does not buy {GOODS[f['industry']]}"
                                         + (f" (what {a(INDUSTRY[f['industry']])} makes)."
                                            if GOODS[f["industry"]] != INDUSTRY[f["industry"]] else ".")),
    "sell.not_connected": lambda f: (f"{f['at']} is not connected to {f['merchant']} by any links, so the "
                                     f"{INDUSTRY[f['industry']]} cannot be sold there."),
    "sell.extra_card": lambda f: "Further sales belong to the same sell action: they take no card.",
    "sell.extra_beer": _extra_beer,
    "sell.merchant_beer": _bonus,
    "sell.port": lambda f: (f"The cotton from {f['at']} is sold through {player(f['owner'])}'s unflipped port at "
                            f"{f['port']} ({links(f['distance'])}, anyone's links): both tiles flip and each owner's "
                            f"income rises."),
    "sell.distant": lambda f: (f"{f['at']} is connected to a trade icon ({listing(f['trade'])}), so its cotton may "
                               f"go to the distant market: a tile is drawn ({f['tiles_left']} in the pile, the demand "
                               f"marker is on space {f['marker']}; {_drawn_tile(f)})."),
    "sell.distant_draw": lambda f: (f"The distant market tile shows {f['tile']}: demand moves from space "
                                    f"{f['marker_from']} to {f['marker_to']}; {player(f['player'])} gains "
                                    f"{plural(f['bonus'], 'income space')} beside the marker and the mill flips."),
    "sell.no_demand": lambda f: (f"The distant market tile shows {f['tile']}: demand falls off the track ('no more "
                                 f"demand'). The sale fails, the mill stays unflipped, the whole sell action ends, "
                                 f"and the distant market is closed until the era ends."),
    "sell.distant_closed": lambda f: "The distant market has no more demand this era.",
    "sell.no_trade_connection": lambda f: (f"{f['at']} is connected to no port and no external location, so it "
                                           f"cannot sell to the distant market."),
    "sell.no_port": lambda f: f"{f['port']} is not a port.",
    "sell.port_flipped": lambda f: f"The port at {f['port']} is flipped: it has already shipped cotton.",
    "loan.deck_empty": lambda f: f"{f['edition']}: the rail era's deck is empty, so no more loans may be taken.",
    "loan.divider": lambda f: (f"{f['edition']}: the divider showed "
                               + (f"in round {f['revealed']} of the rail era" if f["revealed"]
                                  else "as the rail era's hands were dealt")
                               + f", so round {f['last']} was the last in which loans could be taken (this is round "
                                 f"{f['round']})."),
    "loan.amount": lambda f: (f"There is no {money(f['amount'])} loan; choose "
                              f"{listing([money(a) for a in f['amounts']], 'or')}."),
    "scout.not_in_game": lambda f: f"{f['game']} has no scout action.",
    "score.money": lambda f: (f"{player(f['player'])} scores 1 VP per {money(f['per'])}: {money(f['money'])} → "
                              f"{f['vp']} VP."),
    "era.distant_reset": lambda f: f"The distant market is reset: marker back to the top, {f['tiles']} tiles shuffled.",
    "sell.bonus_nothing_to_develop": lambda f: ("The beer bonus's free develop has no tile it could remove, "
                                                "so it lapses."),
    "loan.take": lambda f: (f"{player(f['player'])} takes a {money(f['money'])} loan ({money(f['money_now'])} now; "
                            f"a loan is not spending). The income drops {f['levels']} "
                            f"LEVEL{'' if f['levels'] == 1 else 'S'}, not spaces: level "
                            f"{f['from_level']} (space {f['from_space']}) → level {f['to_level']}, on its highest "
                            f"space {f['to_space']}." + _loan_deck(f)),
    "loan.too_low": lambda f: (f"A loan would take your income level from {f['level']} to {f['new_level']}, below "
                               f"{f['lowest']}."),
    "scout.take": lambda f: (f"Scouting: {player(f['player'])} also discards {listing(f['discarded'])} "
                             f"({COUNT.get(len(f['discarded']) + 1, len(f['discarded']) + 1)} cards in all) "
                             f"and takes {listing(f['took'])}."),
    "scout.card_count": lambda f: f"Scouting discards exactly {f['needed']} cards, not {f['count']}.",
    "scout.holding_wild": lambda f: f"You cannot scout while holding a wild card ({listing(f['wilds'])}).",
    "scout.no_wild_left": lambda f: f"No card is left in the {listing(f['piles'])} pile.",
    "pass.action": lambda f: f"{player(f['player'])} passes (the card is still discarded).",
    "turn.end": _turn_end,
    "round.refill": _round_refill,
    "turn.order": _turn_order,
    "round.start": lambda f: f"Round {f['round']} of the {ERA[f['era']]} begins.",
    "income.pay": lambda f: (f"{player(f['player'])} collects income level {f['level']} = {money(f['level'])} "
                             f"(marker on space {f['space']}); {money(f['money_now'])} now."),
    "income.negative": _settle,
    "income.shortfall": lambda f: (f"{player(f['player'])} owes {money(f['owed'])} of negative income but has "
                                   f"{money(f['money'])}: they must give up industries of their choice, each for half "
                                   f"its cost, until the debt can be paid.{_kept(f['kept'])}"),
    "income.vp_loss": _settle,
    "income.skipped_last_round": lambda f: "No income is paid after the last round of the game.",
    "shortfall.remove": lambda f: (f"{player(f['player'])} gives up {tile(f['industry'], f['level'])} at {f['slot']} "
                                   f"for half its cost {money(f['cost'])} → {money(f['gained'])} "
                                   f"({money(f['money_now'])} now, {money(f['owed'])} owed)."),
    "shortfall.not_yours": lambda f: (f"{f['slot']} is not one of your industries (yours: "
                                      f"{listing(f['yours'])})."),
    "shortfall.wrong_industry": lambda f: (f"{f['slot']} holds {a(INDUSTRY[f['industry']])}, not "
                                           f"{a(INDUSTRY[f['named']])}."),
    "shortfall.worthless": lambda f: (f"{upper_first(tile(f['industry'], f['level']))} at {f['slot']} cost "
                                      f"{money(f['cost'])}, so giving it up would raise {money(f['cost'] // 2)}: "
                                      f"a tile "
                                      f"worth nothing is never given up for negative income."),
    "era.end": lambda f: f"The deck and every hand are empty: the {ERA[f['era']]} ends and is scored.",
    "score.link": _link_score,
    "score.industry": lambda f: (f"{player(f['owner'])}'s flipped {tile(f['industry'], f['level'])} at {f['slot']} "
                                 f"scores {f['vp']} VP."),
    "era.remove_links": lambda f: ("There are no links to remove." if not f["count"] else
                                   "The only link leaves the board." if f["count"] == 1 else
                                   f"All {f['count']} links leave the board."),
    "era.remove_level1": lambda f: (f"Every level I industry leaves the board: {listing(f['slots']) or 'none'}. "
                                    f"Higher levels stay and can score again."),
    "era.merchant_beer": lambda f: (f"Every non-blank merchant tile gets its beer back ({listing(f['stocked'])}); "
                                    + (f"refilled: {listing(f['refilled'])}." if f["refilled"]
                                       else "none had been drunk.")),
    "era.rail_begins": _rail_begins,
    "era.divider_revealed": lambda f: (f"{f['edition']}: the last card above the divider has been drawn, so the "
                                       f"divider shows; the {plural(f['under'], 'card')} under it are drawn as usual. "
                                       f"Round {f['last']} of the rail era is the last in which loans may be taken."),
    "game.end": _ranking,
    "query.coal_sources": _coal_sources,
    "query.unknown_location": lambda f: f"No location is called {f['location']}.",
    "query.iron_sources": _iron_sources,
    "query.no_beer": lambda f: (f"{f['game']} ({f['edition']}) has no beer and no breweries: nothing in it needs beer. "
                                f"Its resources are {listing(f['resources'])}."),
    "query.beer_sources": lambda f: (
        f"Beer {player(f['player'])} could use at {f['location']}: "
        + (_beer_parts({**f, "merchant": None, "merchant_beer": 0, "at": f["location"]}) or "none")
        + (f". Not usable (another player's, not connected): {listing([c['source'] for c in f['unconnected']])}"
           if f["unconnected"] else "") + ". Merchant beer counts only when selling to that merchant."),
    "query.next_tile": _next_tile,
    "query.unknown_industry": lambda f: (f"There is no industry '{f['industry']}'; the industries are "
                                         f"{listing(f['industries'])}."),
    "query.income_space": _income_space,
    "query.rounds": _rounds_per_era,
    "query.bad_space": lambda f: f"The income track runs from space 0 to {f['last']}; there is no space {f['space']}.",
    "scenario.players": lambda f: f"This game is for {listing([str(n) for n in f['allowed']], 'or')} players, "
                                  f"not {f['players']}.",
    "scenario.syntax": lambda f: f"{at(f)}'{f['text']}' is not understood; expected {f['expected']}.",
    "scenario.unknown_name": lambda f: (f"{at(f)}unknown {f['kind']} '{f['text']}'"
                                        + (f"; did you mean {f['suggestion']}?" if f.get("suggestion") else ".")),
    "scenario.no_such_slot": lambda f: f"{at(f)}there is no slot {f['slot']}; the slots are {listing(f['slots'])}.",
    "scenario.slot_taken": lambda f: f"{at(f)}{f['slot']} already has a tile.",
    "scenario.link_taken": lambda f: f"{at(f)}{f['link']} already has a link.",
    "scenario.player": lambda f: f"{at(f)}there is no player {f['player']} in a {f['players']}-player game.",
    "scenario.slot_industry": lambda f: (f"{at(f)}{f['slot']} shows {listing([INDUSTRY[i] for i in f['icons']], 'or')}"
                                         f", not {INDUSTRY[f['industry']]}."),
    "scenario.value": _scenario_value,
    "scenario.divider": lambda f: at(f) + {
        "no_divider": f"{f['edition']} has no rail-era divider, so a position of it says nothing of one.",
        "not_rail": "a divider line needs a rail-era position (the canal era's divider is never revealed).",
        "round": (f"the divider showed in round {f['value']}; it must be a round from 0 (at the deal) to "
                  f"{f['round']} (this round)."),
    }[f["why"]],
    "scenario.canal_tile_in_rail": lambda f: (f"{at(f)}{tile(f['industry'], f['level'])} at {f['slot']} is a canal-era "
                                              f"tile; level I tiles leave the board when the canal era ends."),
    "scenario.cubes": lambda f: (f"{at(f)}{tile(f['industry'], f['level'])} at {f['slot']} cannot hold {f['cubes']}: "
                                 + {"sold": "cotton mills, manufacturers and potteries hold no cubes",
                                    "flipped": "a flipped tile has used its last cube or barrel",
                                    "too_many": f"it is built with {f['most']} at most"}[f["why"]] + "."),
    "scenario.empty_unflipped": lambda f: (f"{at(f)}the {INDUSTRY[f['industry']]} at {f['slot']} has nothing left, so "
                                           f"it has flipped: write 'flipped' or give it cubes."),
    "scenario.no_tile_left": _scenario_no_tile,
    "scenario.canal_one_per_town": lambda f: (f"{at(f)}in the canal era player {f['player']} may have only one "
                                              f"industry in {f['location']}, not {listing(f['slots'])}."),
    "scenario.link_era": lambda f: (f"{at(f)}{f['link']} is " + ("rail only" if f["rail"] else "canal only")
                                    + f", so no link can be there in the {ERA[f['era']]}."),
    "scenario.too_many_links": lambda f: f"Player {f['player']} has {f['links']} links; each player owns {f['most']}.",
    "scenario.merchant_space": lambda f: (f"{at(f)}there is no merchant space {f['space']} in a {f['players']}-player "
                                          f"game."),
    "scenario.order": lambda f: (f"{at(f)}The turn order {f['order']} must name each of the {f['players']} players "
                                 f"once, and the player to act must be in it."),
    "scenario.no_cards": lambda f: f"{at(f)}Player {f['player']} is to act but holds no cards.",
    "scenario.shortfall": _scenario_shortfall,
    "scenario.mat_levels": lambda f: (f"{at(f)}player {f['player']}'s mat: a {INDUSTRY[f['industry']]} has "
                                      f"{f['levels']} levels, not {f['given']}; give one number per level."),
    "scenario.card_count": lambda f: (f"{at(f)}{f['card']} appears {f['count']} times in the hands, discards, deck "
                                      f"and piles; a {f['players']}-player deck has {f['most']}."),
    "scenario.no_distant_market": lambda f: f"{at(f)}this game has no distant market.",
    "scenario.game": lambda f: (f"{at(f)}there is no game '{f['game']}'; write "
                                + " or ".join(f"game {g}" for g in f["games"]) + "."),
    "scenario.encoding": lambda f: (f"{f['path']} is not UTF-8 text (line {f['line']}, byte {f['byte']})"
                                    + ("; it looks like UTF-16" if f["utf16"] else "")
                                    + ": save it as UTF-8."),
    "scenario.too_large": lambda f: (f"The position is {f['size']} characters long; a position file has at most "
                                     f"{f['limit']}, so it was not read."),
    "scenario.line_too_long": lambda f: (f"{at(f)}the line is {f['length']} characters long; lines have at most "
                                         f"{f['limit']}."),
    "scenario.action": lambda f: f"{at(f)}the action '{f['action']}' is refused: {f['error']}",
    "game.seed": lambda f: (f"The seed {f['seed']} is not a whole number of at most {f['most']} digits "
                            f"(the longest a position file records)."),
    "game.players": lambda f: (f"{f['game']} ({f['edition']}) is for {', '.join(map(str, f['allowed']))} players, "
                               f"not {f['players']}."),
    "game.unknown": lambda f: f"There is no game {f['game']!r}: choose one of {', '.join(f['games'])}.",
    "edition.unknown": lambda f: (f"{f['game']} has no edition {f['edition']!r}: expected one of "
                                  f"{', '.join(f['editions'])}."),
    "scenario.edition": lambda f: (f"{at(f)}there is no edition '{f['edition']}' of this game; write "
                                   + " or ".join(f"edition {e}" for e in f["editions"]) + "."),
    "notation.shape": lambda f: (f"'{f['text']}' is not an action. Actions start with "
                                 f"{listing(f['verbs'], 'or')}, e.g. '{f['example']}'."),
    "notation.unknown_name": lambda f: (f"Unknown {f['kind']} '{f['text']}'"
                                        + (f"; did you mean {f['suggestion']}?" if f.get("suggestion") else ".")),
    "notation.slot_number": lambda f: f"'{f['text']}' needs a slot number, like {f['text']}[1].",
    "notation.clause": lambda f: (f"'{f['text']}' is not a clause this action takes; use "
                                  f"{listing(f['clauses'], 'or') or 'none'} after ';'."),
    "notation.discard_cards": lambda f: f"A double-card build discards exactly 2 cards, not {f['count']}.",
    "notation.scout_cards": lambda f: f"Scouting names exactly 3 cards, not {f['count']}.",
    "notation.not_text": lambda f: f"An action is written as text, not as {f['type']}.",
    "notation.too_long": lambda f: (f"This text is {f['length']} characters long; an action has at most "
                                    f"{f['limit']} characters, so it was not read."),
    "notation.number": lambda f: (f"The number {f['text'][:12]}… has {f['digits']} digits; numbers in actions "
                                  f"(slots, loan amounts) have at most {f['most']}."),
    "notation.empty_item": lambda f: (f"'{f['text']}' has an empty item in the {f['list']} list: "
                                      f"remove the extra comma."),
    "language.unknown": lambda f: f"Unknown language {f['language']}: choose one of {', '.join(f['languages'])}.",
    "explorer.seats": lambda f: (f"The Explorer takes one seat per player: {f['given']} given for a "
                                 f"{f['players']}-player game."),
    "explorer.seat": lambda f: (f"Seat {f['seat']} is neither \"human\" nor a bot (an object with choose(game) "
                                f"and a name)."),
    "file.not_a_path": lambda f: f"A file is named by its path (text), not by a value of type {f['type']}.",
    "file.not_regular": lambda f: (f"{f['path']} is {FILE_KIND[f['kind']]}, not a file, so it is not read."),
    "file.write_failed": lambda f: (f"Could not write {f['path']}: {f['error']}. The file that was there before is "
                                    f"unchanged."),
    "save.older_rules": lambda f: (f"This game was saved by an older brass_nb (rules {f['rules']}; this one plays "
                                   f"rules {f['current']}), and its action {f['number']} no longer replays under "
                                   f"today's rules. Open it with the brass_nb that saved it, or start the game again."),
    "save.newer_rules": lambda f: (f"This game was saved by a newer brass_nb (rules {f['rules']}; this one plays rules "
                                   f"{f['current']}): update brass_nb to open it."),
    "save.unreadable": lambda f: f"Cannot read {f['path']}: {f['error']}.",
    "save.too_large": lambda f: f"The save file is larger than {f['limit']:,} bytes, so it is not read.",
    "save.encoding": lambda f: f"{f['path']} is not UTF-8 text (byte {f['byte']}).",
    "save.too_deep": lambda f: (f"The save file nests lists or objects {f['depth']} deep; a save nests them at most "
                                f"{f['limit']} deep."),
    "save.not_json": lambda f: f"The save file is not JSON: line {f['line']}, column {f['column']}: {f['error']}.",
    "save.number": lambda f: (f"The save file has an integer of {f['digits']} digits; integers in a save have at most "
                              f"{f['limit']}."),
    "save.format": _save_format,
    "save.version": lambda f: (f"The save file is version {f['found']}, from a newer brass_nb: this one reads versions "
                               f"1 to {f['supported']}; update brass_nb to open it."
                               if isinstance(f['found'], int) and f['found'] > f['supported'] else
                               f"The save file is version {f['found']}; this brass_nb reads versions 1 to "
                               f"{f['supported']}."),
    "save.unknown_field": lambda f: (f"The save file has a field '{f['field']}' that brass_nb does not read; "
                                     f"its fields are {', '.join(f['fields'])}."),
    "save.field": _save_field,
    "save.start": lambda f: f"The save file's '{f['field']}' is refused: {f['error']}",
    "save.mismatch": lambda f: (f"The save file's '{f['field']}' is {f['saved']}, but its position has "
                                f"{f['position']}."),
    "save.bad_action": lambda f: f"Action {f['number']} of the save file, '{f['action']}', fails: {f['error']}",
    "hint.game_over": lambda f: f"The game is over: there is nothing to suggest. {_winners(f['ranking'])}",
    "hint.form": lambda f: f"A hint is shown as {listing(f['forms'], 'or')}, not {f['form']}.",
    "review.player": lambda f: (f"A review is of one of the game's {f['players']} players, numbered from 0 "
                                f"(0 is {player(0)}), not {f['player']}."),
    "review.form": lambda f: f"A review is shown as {listing(f['forms'], 'or')}, not {f['form']}.",
    "review.depth": lambda f: (f"A review rates moves against the hint's move (\"search\") or the best one ply deep "
                               f"(\"greedy\"), not {f['depth']}."),
    "bot.strength": lambda f: (f"A bot's strength is {listing([repr(s) for s in f['strengths']], 'or')} "
                               f"(weakest first), not {f['strength']}."),
    "hint.plan": _plan,
    "principle.beer_scarce": _beer_scarce,
    "principle.sell_to_merchant": _sell_to_merchant,
    "principle.income_early": _income_early,
    "principle.flip_before_era_end": _flip_before_era_end,
    "principle.link_beside_flipped": _link_beside_flipped,
    "principle.level_one_leaves": _level_one_leaves,
    "principle.rival_resources": _rival_resources,
    "principle.resources_flip": _resources_flip,
    "principle.loan_cost": _loan_cost,
    "principle.develop_away": _develop_away,
    "principle.network_reach": lambda f: (
        f"Reach where you will build: this link adds {listing(f['locations'])} to your network "
        f"({plural(f['slots'], 'industry slot')}). An industry card builds only in your network."),
    "principle.scout_wilds": _scout_wilds,
    "playout.seats": lambda f: (f"play_out takes one seat per player (a bot, or no bot where a person plays): "
                                f"{f['given']} given for a {f['players']}-player game."),
    "playout.seat": lambda f: (f"Seat {f['seat']} is neither a bot (an object with choose(game)) nor left empty "
                               f"for a person."),
    "quiz.unknown_lesson": lambda f: (f"No lesson {f['lesson']} has quiz questions: choose one of "
                                      f"{', '.join(f['lessons'])}."),
    "quiz.unknown_kind": lambda f: f"There is no kind of question {f['kind']}: choose one of {', '.join(f['kinds'])}.",
    "quiz.no_resource": lambda f: (f"{_question(f)}'{f['action']}' uses no {PRODUCT[f['resource']]}, so there is no "
                                   f"source to ask about."),
    "quiz.build_cards": _build_cards,
    "quiz.round_continues": lambda f: (f"{_question(f)}'{f['action']}' does not end round {f['round']}, so there is no "
                                       f"next turn order to ask about."),
    "quiz.era_continues": _era_continues,
    "quiz.legal": lambda f: (f"{_question(f)}'{f['action']}' is legal here, so it cannot be asked about in a "
                             f"\"why is it refused?\" question."),
    "quiz.no_link": lambda f: f"{_question(f)}no link is built on {f['link']}, so there is no score to ask about.",
    "quiz.wrong_source": _wrong_source,
    "quiz.wrong_owner": _wrong_owner,
    "quiz.wrong_level": _wrong_level,
    "quiz.wrong_order": _wrong_order,
    "quiz.wrong_tiles": _wrong_tiles,
    "quiz.wrong_vp": _wrong_vp,
    "quiz.other_refusal": lambda f: (f"That is why `{f['action']}` would be refused; `{f['asked']}` fails on another "
                                     f"condition first."),
    "library.unknown": lambda f: f"There is no ready scenario {f['name']}: choose one of {', '.join(f['names'])}.",
    "class.account_taken": lambda f: (f"There is already an account called {f['name']} on this machine that is not a "
                                      f"learner's; choose another name for this learner."),
    "class.hub": lambda f: f"The class hub at {f['url']} could not be asked: {f['error']}.",
    "answer.too_large": lambda f: (f"An answer is at most {f['limit']:,} bytes; this one has {f['size']:,}, so it "
                                   f"was not recorded."),
    "answer.not_json": lambda f: "An answer is sent as JSON; this was not JSON, so it was not recorded.",
    "answer.fields": lambda f: (f"An answer is an object with exactly the fields {', '.join(f['expected'])}"
                                + (f" (and {', '.join(f['optional'])} together, or none of them)"
                                   if f.get("optional") else "") + "; this "
                                + (f"one is a JSON {f['kind']}" if "kind" in f else
                                   f"one had {', '.join(f['found']) or 'none'}") + ", so it was not recorded."),
    "answer.field": lambda f: ("An answer's 'correct' is true or false, so this one was not recorded."
                               if f["field"] == "correct" else
                               f"An answer's 'kind' is {' or '.join(f['allowed'])}, so this one was not recorded."
                               if f["field"] == "kind" else
                               f"An answer's 'tries' is a whole number from 1 to {f['limit']}, so this one was not "
                               f"recorded." if f["field"] == "tries" else
                               f"An answer's '{f['field']}' is text of at most {f['limit']} characters, so this one "
                               f"was not recorded."),
    "class.line": lambda f: (f"{f['path']}, line {f['line']}: expected 'name:hash' with a lower-case name, "
                             f"got '{f['text']}'."),
    "class.names": lambda f: (f"Learner names are lower-case letters, digits, '-' or '_', start with a letter and have "
                              f"at most {f['most']} characters; names that do not ({f['count']}): "
                              f"{', '.join(f['names'])}."),
    "ruleset.data": lambda f: f"The rules in brass_nb's data file are malformed: {f['error']}.",
    # "your move" exercises (brass_nb.quizbank.goals): what the move did against what the goal needed
    "goal.builds": lambda f: _goal(f, f"{_built(f)} is built",
                                   f"the goal is {_wanted_build(f)}, and this move builds {_built(f) or 'nothing'}"),
    "goal.sells": lambda f: _goal(f, f"{listing(f['sold'])} is sold",
                                  f"the goal is to sell {_wanted_sale(f)}, and this move "
                                  + (f"is {a(ACTION[f['kind']])} action, not a sale" if f["kind"] != "sell"
                                     else f"sells {listing(f['sold'])}" if f["sold"]
                                     else "sells nothing")),
    "goal.network_has": lambda f: _goal(f, f"{f['location']} is now in {player(f['player'])}'s network",
                                        f"{f['location']} is still outside {player(f['player'])}'s network, which "
                                        f"reaches {listing(f['network']) or 'nowhere yet'}"),
    "goal.kind": lambda f: _goal(f, f"this is {a(ACTION[f['kind']])} action",
                                 f"the goal is {a(ACTION[f['wanted']])} action, and this move is "
                                 f"{a(ACTION[f['kind']])} action"),
    "goal.no_market": lambda f: _goal(f, f"no {RESOURCE[f['resource']]} is bought from the market",
                                      f"this move buys {f['bought']} {RESOURCE[f['resource']]} from the market, "
                                      f"and the goal is to buy none"),
    "goal.source": lambda f: _goal(f, f"the {RESOURCE[f['resource']]} comes from {listing(f['sources'])}",
                                   f"the goal is {RESOURCE[f['resource']]} from {f['location']}, and this move takes "
                                   + (f"it from {listing(f['sources'])}" if f["sources"]
                                      else f"no {RESOURCE[f['resource']]} from the board")),
    "goal.first_next_round": _first_next_round,
    "goal.best": lambda f: _goal(f, f"this move gives {_measured(f['measure'], f['got'])}, and no legal move gives "
                                    f"more",
                                 f"this move gives {_measured(f['measure'], f['got'])}; the best move here gives "
                                 f"{_measured(f['measure'], f['best'])}"),

}
