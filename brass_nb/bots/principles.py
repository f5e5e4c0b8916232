"""The ideas a teacher names when a move is good (or costly), each detected from the position and the move.

A principle is a small function ``(game, action, explanation) -> Step | None``: ``game`` is the position before
the move (left unchanged), ``explanation`` what ``game.copy().play(action)`` explained. It reads the rules'
records (the tile placed, the flip, the cubes taken and from whom, the loan's levels) and the position's facts
(merchants connected, icons at a link's ends, income payments left as :class:`Rates` counts them), never the
evaluation's terms, and returns a ``principle.*`` step whose facts are the places and numbers the sentence needs
and whose entities are what the board should highlight. Words live in :mod:`brass_nb.explain` (en.py, ja.py).
"""
from __future__ import annotations

from collections.abc import Callable

from brass_nb.bots.evaluation import Rates
from brass_nb.bots.playout import is_last_action
from brass_nb.rules.actions import Action
from brass_nb.rules.game import Game
from brass_nb.rules.records import Explanation, Step

Principle = Callable[[Game, Action, Explanation], "Step | None"]

EARLY_PAYMENTS = 4
"""Income payments still to come from which a rise in income counts as early (it pays at least this often)."""


def _steps(explanation: Explanation, rule: str) -> list[Step]:
    return [s for s in explanation.steps if s.rule == rule]


def _own(step: Step, player: int, key: str = "player") -> bool:
    return step.facts.get(key) == player


def _cards_left_in_era(game: Game) -> int:
    """Cards still to be played this era: the deck and every hand (each action plays at least one)."""
    state = game.state
    return len(state.deck) + sum(len(p.hand) for p in state.players)


def _placed(game: Game, explanation: Explanation) -> Step | None:
    """The mover's tile placed by this move (the first, for a double-card build)."""
    mover = explanation.player
    return next((s for s in _steps(explanation, "build.place") if _own(s, mover)), None)


def beer_scarce(game: Game, action: Action, explanation: Explanation) -> Step | None:
    """A brewery built: beer is needed by every sale and second rail and few barrels exist; a brewery above level I
    built in the canal era also stays for the rail era and scores at both era ends."""
    placed = _placed(game, explanation)
    if placed is None or placed.facts["industry"] != "brewery":
        return None
    state = game.state
    barrels = sum(t.cubes for t in state.tiles.values() if t.industry == "brewery")
    level = placed.facts["level"]
    twice = state.era == "canal" and level > 1
    return Step("principle.beer_scarce", {"player": explanation.player, "slot": placed.facts["slot"],
                                          "level": level, "barrels_new": placed.facts["cubes"],
                                          "barrels_on_board": barrels, "scores_twice": twice},
                (placed.facts["slot"],))


def sell_to_merchant(game: Game, action: Action, explanation: Explanation) -> Step | None:
    """A good built where it is already connected to an outlet: a merchant that buys it (Birmingham), or, where the
    game has no merchants (Lancashire), an unflipped port or an external location; it can be sold, and flip, soon."""
    placed = _placed(game, explanation)
    if placed is None or placed.facts["industry"] not in game.facts.sold_industries:
        return None
    industry = placed.facts["industry"]
    state, board = game.state, game.facts.board
    location = board.slot_of[placed.facts["slot"]][0]
    reach = game.view().reachable((location,))
    if state.merchants:
        outlets = [(m.location, m.label) for m in state.merchants.values() if industry in m.buys]
    else:
        outlets = [(board.slot_of[label][0], label) for label, t in state.tiles.items()
                   if t.industry in game.facts.trade_industries and not t.flipped]
        outlets += [(place, place) for place in board.trade_locations]
    buyers = sorted((reach[where], name) for where, name in outlets if where in reach)
    if not buyers:
        return None
    return Step("principle.sell_to_merchant", {"player": explanation.player, "slot": placed.facts["slot"],
                                               "industry": industry, "level": placed.facts["level"],
                                               "merchants": [name for _, name in buyers],
                                               "outlet": "merchant" if state.merchants else "port",
                                               "distance": buyers[0][0]},
                (placed.facts["slot"],) + tuple(name for _, name in buyers))


def resources_flip(game: Game, action: Action, explanation: Explanation) -> Step | None:
    """A coal mine, iron works or brewery built: it flips once its last cube or barrel is used, by anyone, so
    every one a rival uses brings the owner's income and VP nearer (the other side of :func:`rival_resources`)."""
    placed = _placed(game, explanation)
    if placed is None or placed.facts["resource"] is None:
        return None
    slot = placed.facts["slot"]
    sold = [s for s in _steps(explanation, "market.sell") if s.facts["slot"] == slot]
    left = sold[-1].facts["left"] if sold else placed.facts["cubes"]
    if left == 0:
        return None                              # sold out at once: it has flipped already
    return Step("principle.resources_flip", {"player": explanation.player, "slot": slot,
                                             "industry": placed.facts["industry"], "level": placed.facts["level"],
                                             "resource": placed.facts["resource"], "left": left,
                                             "sold": sum(s.facts["count"] for s in sold),
                                             "earned": sum(s.facts["total"] for s in sold)},
                (slot,) + tuple(e for s in sold for e in s.entities if e != slot))


def income_early(game: Game, action: Action, explanation: Explanation) -> Step | None:
    """The mover's income rises while many income payments are still to come: each level pays every round."""
    mover = explanation.player
    rises = [s for s in _steps(explanation, "income.advance") if _own(s, mover)]
    if not rises:
        return None
    levels = rises[-1].facts["to_level"] - rises[0].facts["from_level"]
    payments = Rates.of(game.state).payments_left
    if levels <= 0 or payments < EARLY_PAYMENTS:
        return None
    flipped = tuple(s.facts["slot"] for s in _steps(explanation, "tile.flip") if _own(s, mover, "owner"))
    return Step("principle.income_early", {"player": mover, "levels": levels, "payments": payments,
                                           "money": levels * payments, "to_level": rises[-1].facts["to_level"]},
                flipped + (f"player:{mover}",))


def flip_before_era_end(game: Game, action: Action, explanation: Explanation) -> Step | None:
    """One of the mover's tiles flips: only flipped tiles score at the era's end."""
    mover = explanation.player
    flips = [s for s in _steps(explanation, "tile.flip") if _own(s, mover, "owner")]
    if not flips:
        return None
    return Step("principle.flip_before_era_end", {"player": mover, "slots": [s.facts["slot"] for s in flips],
                                                  "vp": sum(s.facts["vp"] for s in flips),
                                                  "cards_left": _cards_left_in_era(game), "era": game.era},
                tuple(s.facts["slot"] for s in flips))


def link_beside_flipped(game: Game, action: Action, explanation: Explanation) -> Step | None:
    """A link built beside flipped tiles (or printed icons): it scores their link icons at the era's end, so it
    is worth most built late, next to tiles already flipped."""
    mover = explanation.player
    placed = [s for s in _steps(explanation, "network.place") if _own(s, mover)]
    if not placed:
        return None
    state, board = game.state, game.facts.board
    flipped_now = {s.facts["slot"] for s in _steps(explanation, "tile.flip")}
    index = {link.label: link for link in board.links}
    icons = 0
    beside: list[str] = []
    for step in placed:
        for end in index[step.facts["link"]].ends:
            icons += board.locations[end].link_vp
            for label, tile in state.tiles.items():
                if board.slot_of[label][0] == end and (tile.flipped or label in flipped_now):
                    icons += state.spec(tile).link_vp
                    beside.append(label)
    if not beside:
        return None
    links = [s.facts["link"] for s in placed]
    return Step("principle.link_beside_flipped", {"player": mover, "links": links, "icons": icons,
                                                  "slots": beside, "cards_left": _cards_left_in_era(game),
                                                  "era": game.era},
                tuple(s.entities[0] for s in placed if s.entities) + tuple(beside))


def level_one_leaves(game: Game, action: Action, explanation: Explanation) -> Step | None:
    """A tile above level I built in the canal era: every level I tile leaves at the canal era's end, this one
    stays and can score again at the rail era's end."""
    placed = _placed(game, explanation)
    if placed is None or game.era != "canal" or placed.facts["level"] < 2:
        return None
    return Step("principle.level_one_leaves", {"player": explanation.player, "slot": placed.facts["slot"],
                                               "industry": placed.facts["industry"], "level": placed.facts["level"]},
                (placed.facts["slot"],))


def rival_resources(game: Game, action: Action, explanation: Explanation) -> Step | None:
    """Coal, iron or beer taken from a rival's tile: each cube or barrel brings that tile nearer to flipping,
    which pays its owner income and VP. At the game's last action nothing is used after it, so only a take that
    flips the tile gives the rival anything (its VP at the final scoring)."""
    mover = explanation.player
    taken = [(s, resource) for resource in ("coal", "iron", "beer") for s in _steps(explanation, f"{resource}.take")
             if s.facts["owner"] != mover]
    flips = {s.facts["slot"] for s in _steps(explanation, "tile.flip") if s.facts["owner"] != mover}
    rows = [{"source": s.facts["source"], "owner": s.facts["owner"], "resource": resource,
             "count": s.facts["count"], "flips": s.facts["source"] in flips} for s, resource in taken]
    if is_last_action(game):
        rows = [row for row in rows if row["flips"]]
    if not rows:
        return None
    return Step("principle.rival_resources", {"player": mover, "taken": rows},
                tuple(dict.fromkeys(row["source"] for row in rows)))


def loan_cost(game: Game, action: Action, explanation: Explanation) -> Step | None:
    """A loan costs an action and income levels: money now against less at every income payment left; worth it
    most when the money held builds nothing (no legal build now)."""
    loans = _steps(explanation, "loan.take")
    if not loans:
        return None
    f = loans[0].facts
    levels = f["from_level"] - f["to_level"]
    payments = Rates.of(game.state).payments_left
    return Step("principle.loan_cost", {"player": f["player"], "money": f["money"], "levels": levels,
                                        "payments": payments, "repaid": levels * payments,
                                        "held": game.state.players[f["player"]].money,
                                        "builds_now": "build" in game.legal_actions().kinds()},
                (f"player:{f['player']}",))


def develop_away(game: Game, action: Action, explanation: Explanation) -> Step | None:
    """Tiles developed away that would waste a slot: a tile this era may not build, or (in the canal era) a level I
    tile that would leave the board at the era's end."""
    mover = explanation.player
    wasted = []
    for step in _steps(explanation, "develop.remove"):
        f = step.facts
        spec = game.facts.tiles[f["industry"]][f["level"] - 1]
        if game.era not in spec.eras:
            wasted.append({"industry": f["industry"], "level": f["level"], "why": "not_this_era"})
        elif game.era == "canal" and f["level"] == 1:
            wasted.append({"industry": f["industry"], "level": f["level"], "why": "leaves_at_canal_end"})
    if not wasted:
        return None
    return Step("principle.develop_away", {"player": mover, "tiles": wasted, "era": game.era},
                (f"player:{mover}",))


def network_reach(game: Game, action: Action, explanation: Explanation) -> Step | None:
    """A link that adds locations with industry slots to the mover's network, where an industry card builds."""
    mover = explanation.player
    placed = [s for s in _steps(explanation, "network.place") if _own(s, mover)]
    if not placed:
        return None
    board = game.facts.board
    index = {link.label: link for link in board.links}
    network = game.view().network(mover)
    new = list(dict.fromkeys(end for s in placed for end in index[s.facts["link"]].ends
                             if end not in network and board.locations[end].slots))
    if not new:
        return None
    slots = sum(len(board.locations[loc].slots) for loc in new)
    return Step("principle.network_reach", {"player": mover, "locations": new, "slots": slots},
                tuple(new))


def scout_wilds(game: Game, action: Action, explanation: Explanation) -> Step | None:
    """Scouting: the two wild cards it brings build any industry anywhere, even outside the network; worth most when
    the cards given up build nothing now (no legal build names them)."""
    scouted = _steps(explanation, "scout.take")
    if not scouted:
        return None
    f = scouted[0].facts
    building = {a.card for a in game.legal_actions().of_kind("build")}
    stuck = [card for card in action.cards if card not in building]
    return Step("principle.scout_wilds", {"player": f["player"], "took": f["took"], "given": list(action.cards),
                                          "stuck": stuck}, (f"player:{f['player']}",))


PRINCIPLES: tuple[Principle, ...] = (beer_scarce, sell_to_merchant, flip_before_era_end, income_early,
                                     link_beside_flipped, level_one_leaves, resources_flip, loan_cost, develop_away,
                                     network_reach, scout_wilds, rival_resources)
"""Every principle, the ones a hint names first first."""


LOOKING_AHEAD: tuple[Principle, ...] = (beer_scarce, sell_to_merchant, resources_flip, network_reach, scout_wilds)
"""The principles about what a move brings later (a sale, a flip when the cubes are used, builds, wild cards): after
the game's last action only the final scoring comes, so none of them is a reason there."""


def principles_of(game: Game, action: Action, explanation: Explanation) -> list[Step]:
    """Every principle that applies to ``action`` in ``game`` (whose play explained ``explanation``), in the
    order of :data:`PRINCIPLES`; at the game's last action, none of :data:`LOOKING_AHEAD`."""
    last = is_last_action(game)
    found = (principle(game, action, explanation) for principle in PRINCIPLES
             if not (last and principle in LOOKING_AHEAD))
    return [step for step in found if step is not None]


def plan(action: Action, explanation: Explanation) -> Step:
    """The move in words a learner reads as a plan: what is built, linked, sold, developed or borrowed."""
    mover = explanation.player
    kind = action.kind
    facts: dict = {"player": mover, "kind": kind, "action": explanation.action}
    entities: tuple[str, ...] = ()
    if kind == "build":
        placed = next((s for s in _steps(explanation, "build.place") if _own(s, mover)), None)
        if placed is not None:
            facts.update(industry=placed.facts["industry"], level=placed.facts["level"], slot=placed.facts["slot"])
            entities = (placed.facts["slot"],)
        else:                                       # a double-card build names its two cards before it builds
            place = action.location if action.slot is None else f"{action.location}[{action.slot}]"
            facts.update(kind="build_two_cards", industry=action.industry, slot=place)
    elif kind == "network":
        placed = _steps(explanation, "network.place")
        facts["links"] = [s.facts["link"] for s in placed]
        entities = tuple(e for s in placed for e in s.entities)
    elif kind == "sell":
        sold = [s for s in _steps(explanation, "tile.flip") if s.facts["why"] == "sold" and _own(s, mover, "owner")]
        facts["slots"] = [s.facts["slot"] for s in sold] or [f"{action.location}[{action.slot}]"]
        entities = tuple(facts["slots"])
    elif kind == "develop":
        facts["tiles"] = [{"industry": s.facts["industry"], "level": s.facts["level"]}
                          for s in _steps(explanation, "develop.remove")]
    elif kind == "loan":
        facts["money"] = _steps(explanation, "loan.take")[0].facts["money"]
    elif kind not in ("scout", "pass", "done"):
        facts["kind"] = "other"
    return Step("hint.plan", facts, entities)
