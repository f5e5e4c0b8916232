"""How good a position is for each player, as a sum of named terms a teacher can read, all in victory points.

A bot compares positions by these terms; a hint shows them side by side. Every number comes from the game's
own data and state (tiles, links, tracks, cards), so the same evaluation serves Birmingham and Lancashire.

The terms, each in VP (:data:`TERMS`):

``vp``
    Victory points already on the track: secured, whatever happens next.
``links``
    What the player's links would score at this era's end: link icons of flipped industries and merchants at
    their ends, plus unflipped industries' icons times their chance to flip (:attr:`Weights.flip_chance`).
``tiles``
    What the player's industries would score at the era ends still ahead of them (a tile that survives into
    the rail era scores twice): flipped ones surely, unflipped ones times their chance to flip.
``income``
    The income level, plus the levels unflipped tiles would add when they flip times their chance to flip,
    times the income payments left, converted to VP at the money rate.
``money``
    Money in hand at the money rate: worth most early (it builds), worth only its end-of-game VP at the end;
    the first few pounds are worth more (they keep the player able to act).
``cards``
    Hand flexibility: different cards widen the builds open to the player, and wild cards do in the measure that the
    other cards build nowhere (a location card whose town has no empty slot, an industry card with no empty slot of
    its industry in the player's network): at the start, when every card builds, a wild card adds nothing.
``network``
    Locations in the player's network: where they may build next.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path

from brass_nb.rules.game import Game
from brass_nb.rules.state import State, Tile

TERMS = ("vp", "links", "tiles", "income", "money", "cards", "network")


@dataclass(frozen=True)
class Weights:
    """Every tunable number of the evaluation; the values live in :data:`WEIGHTS_FILE` (:func:`named_weights`).

    Attributes:
        flip_chance: chance that an unflipped industry which is sold (or flips when used) flips before its era
            ends; resource industries use ``cube_keep_chance`` instead.
        unconnected: the share of that chance left when the tile is connected to no outlet (a resource tile:
            to no other location).
        cube_keep_chance: a resource industry flips once its cubes are used up; each cube left multiplies its
            chance by this (0 cubes: flipped).
        pound_vp_early: VP one pound is worth at the start of the game (what it can build); it falls linearly to
            the game's end-of-game rate (Lancashire: 1 VP per £10; Birmingham: none).
        income_discount: an income level paid later is worth this share of the same money in hand now.
        working_money, working_money_vp: each of the first ``working_money`` pounds is worth ``working_money_vp``
            more: a player without money can only pass.
        wild_card_vp, distinct_card_vp: VP worth of each wild card, and of each different card, in hand.
        network_location_vp: VP worth of each location in the player's network.
        rivals: how much a rival's gain counts against the player (the mean over rivals' totals).
    """

    flip_chance: float
    unconnected: float
    cube_keep_chance: float
    pound_vp_early: float
    income_discount: float
    working_money: int
    working_money_vp: float
    wild_card_vp: float
    distinct_card_vp: float
    network_location_vp: float
    rivals: float


WEIGHTS_FILE = Path(__file__).resolve().parent / "weights.json"
"""Named weight sets ("baseline": before tuning; "tuned": the coach's) and the tournaments that justify them."""


def named_weights(name: str) -> Weights:
    """The weight set ``name`` of :data:`WEIGHTS_FILE` (every field named there, so a new field cannot silently
    change a stored set)."""
    sets = json.loads(WEIGHTS_FILE.read_text(encoding="utf-8"))["weights"]
    return Weights(**sets[name])


WEIGHTS = named_weights("tuned")


@dataclass(frozen=True)
class Rates:
    """What the stage of the game makes a pound and an income level worth, read once per decision.

    Attributes:
        payments_left: income payments still to come (approximately: cards left over cards per round).
        pound_vp: VP worth of one pound now.
        share_left: share of the game's rounds still to play (1 at the start, 0 at the end).
    """

    payments_left: int
    pound_vp: float
    share_left: float

    @classmethod
    def of(cls, state: State, weights: Weights = WEIGHTS) -> Rates:
        rules = state.facts.rules
        per_round = len(state.players) * rules.actions_per_turn
        in_hands = sum(len(p.hand) for p in state.players)
        all_cards = (len(state.deck) + in_hands + sum(len(p.discard) for p in state.players)
                     + len(state.set_aside))
        era_rounds = max(1, math.ceil(all_cards / per_round))
        left = math.ceil((len(state.deck) + in_hands) / per_round)
        if state.era == "canal":
            left += era_rounds                  # every card comes back for the rail era
        share = min(1.0, left / (2 * era_rounds))
        final = 1 / rules.money_vp_per if rules.money_vp_per else 0.0
        return cls(max(0, left - 1), final + (weights.pound_vp_early - final) * share, share)


@dataclass(frozen=True)
class Evaluation:
    """One player's terms for one position; ``value`` is their sum (all in VP)."""

    player: int
    terms: dict[str, float]
    amounts: dict[str, float] = field(default_factory=dict)
    final: bool = False     # the game is over: the terms are its result

    @property
    def value(self) -> float:
        return sum(self.terms.values())


class Outlets:
    """Which locations are connected (by anyone's links), and what each connected group can use or buy."""

    def __init__(self, state: State):
        board = state.facts.board
        self.group: dict[str, str] = {}
        for index in state.links:
            ends = [self.find(end) for end in board.links[index].ends]
            for end in ends[1:]:
                if end != ends[0]:
                    self.group[end] = ends[0]
        facts = state.facts
        self.linked = {self.find(end) for index in state.links for end in board.links[index].ends}
        self.buys: dict[str, set[str]] = {}
        for m in state.merchants.values():
            self.buys.setdefault(self.find(m.location), set()).update(m.buys)
        trade = [loc for loc in board.trade_locations]
        trade += [board.slot_of[label][0] for label, t in state.tiles.items() if t.industry in facts.trade_industries]
        self.trade = {self.find(loc) for loc in trade}
        self.goods = {self.find(board.slot_of[label][0]) for label, t in state.tiles.items()
                      if not t.flipped and t.industry in facts.sold_industries}
        self.has_merchants = bool(state.merchants)

    def find(self, location: str) -> str:
        while location in self.group:
            location = self.group[location]
        return location


def flip_chance(state: State, outlets: Outlets, label: str, tile: Tile, weights: Weights = WEIGHTS) -> float:
    """Chance that ``tile`` is flipped when its era ends (1 when it already is).

    A resource industry flips when its cubes are used up, which needs a connection for its cubes to travel.
    A sold industry needs an outlet it is connected to: a merchant that buys it (where the game has merchant
    tiles), else a location with a trade icon. A trade industry (Lancashire's port) flips when goods are sold
    through it, so it needs an unflipped sold industry connected to it.
    """
    if tile.flipped:
        return 1.0
    facts = state.facts
    group = outlets.find(facts.board.slot_of[label][0])
    if state.spec(tile).produces:
        return weights.cube_keep_chance ** tile.cubes * (1.0 if group in outlets.linked else weights.unconnected)
    if tile.industry in facts.sold_industries and outlets.has_merchants:
        outlet = tile.industry in outlets.buys.get(group, ())
    elif tile.industry in facts.sold_industries:
        outlet = group in outlets.trade
    elif tile.industry in facts.trade_industries:
        outlet = group in outlets.goods
    else:
        outlet = False
    return weights.flip_chance * (1.0 if outlet else weights.unconnected)


def empty_slots(state: State) -> dict[str, set[str]]:
    """The industries each location's empty slots allow."""
    board = state.facts.board
    free: dict[str, set[str]] = {}
    for label, (location, index) in board.slot_of.items():
        if label not in state.tiles:
            free.setdefault(location, set()).update(board.locations[location].slots[index])
    return free


def stuck_share(state: State, player: int, network: frozenset[str], free: dict[str, set[str]]) -> float:
    """The share of ``player``'s cards other than wild ones that build nowhere now (1 with only wild cards): what a
    wild card would unlock. An industry card builds anywhere while the player has nothing on the board."""
    facts = state.facts
    cards = [card for card in state.players[player].hand if card not in state.wilds]
    if not cards:
        return 1.0
    places = network or free.keys()
    stuck = 0
    for card in cards:
        industries = facts.card_industries.get(card)
        if industries is None:
            stuck += not free.get(card)
        else:
            stuck += not any(free.get(place, set()).intersection(industries) for place in places)
    return stuck / len(cards)


def era_ends_ahead(state: State, tile: Tile) -> int:
    """Era ends at which ``tile`` will still be on the board to score (level 1 tiles leave after the canal era)."""
    return 2 if state.era == "canal" and tile.level > 1 else 1


TIE_BREAKS = {"income": 1e-2, "money": 1e-5}
"""A finished game's income level and money, in VP: they only break ties, as the ranking does (VP, then income,
then money); 300 pounds weigh less than one income level, and a whole income track less than one VP."""


def result(game: Game) -> list[Evaluation]:
    """A finished game is worth its result: the VP scored, income and money only to break ties. (The terms of a game
    still in play would count the tiles and links already scored a second time.)"""
    out = []
    for i, p in enumerate(game.state.players):
        terms = dict.fromkeys(TERMS, 0.0)
        terms |= {"vp": float(p.vp), "income": p.income_level * TIE_BREAKS["income"],
                  "money": p.money * TIE_BREAKS["money"]}
        out.append(Evaluation(i, terms, {"vp": p.vp, "income": p.income_level, "money": p.money}, final=True))
    return out


def evaluate(game: Game, rates: Rates, weights: Weights = WEIGHTS) -> list[Evaluation]:
    """Every player's terms for the position of ``game``, with the money and income rates ``rates`` (a finished
    game: its :func:`result`)."""
    if game.is_over:
        return result(game)
    state = game.state
    board = state.facts.board
    levels = state.facts.income_levels
    top = len(levels) - 1
    view = game.view()
    outlets = Outlets(state)
    chance = {label: flip_chance(state, outlets, label, t, weights) for label, t in state.tiles.items()}
    icons_at: dict[str, float] = {}
    tiles = {i: 0.0 for i in range(len(state.players))}
    coming_levels = dict.fromkeys(tiles, 0.0)
    for label, t in state.tiles.items():
        spec = state.spec(t)
        location = board.slot_of[label][0]
        icons_at[location] = icons_at.get(location, 0.0) + chance[label] * spec.link_vp
        tiles[t.owner] += chance[label] * spec.vp * era_ends_ahead(state, t)
        if not t.flipped:
            p = state.players[t.owner]
            base = max(p.income_space, state.facts.start_income_space)   # a loan must not make flips look richer
            coming_levels[t.owner] += chance[label] * (levels[min(top, base + spec.income)] - levels[base])
    links = dict.fromkeys(tiles, 0.0)
    for index, owner in state.links.items():
        for end in board.links[index].ends:
            links[owner] += icons_at.get(end, 0.0) + board.locations[end].link_vp
    out = []
    free: dict[str, set[str]] | None = None     # listed only once a player holds a wild card: few do
    for i, p in enumerate(state.players):
        income_levels = p.income_level + coming_levels[i]
        wilds = sum(1 for card in p.hand if card in state.wilds)
        reach = view.network(i)
        network = len(reach)
        cards = len(set(p.hand)) * weights.distinct_card_vp
        if wilds:
            free = free if free is not None else empty_slots(state)
            cards += wilds * weights.wild_card_vp * stuck_share(state, i, reach, free)
        amounts = {"vp": p.vp, "links": links[i], "tiles": tiles[i], "income": income_levels, "money": p.money,
                   "cards": len(p.hand), "network": network}
        terms = {
            "vp": float(p.vp),
            "links": links[i],
            "tiles": tiles[i],
            "income": income_levels * rates.payments_left * rates.pound_vp * weights.income_discount,
            "money": p.money * rates.pound_vp + min(p.money, weights.working_money) * weights.working_money_vp,
            "cards": cards,
            "network": network * weights.network_location_vp * rates.share_left,
        }
        out.append(Evaluation(i, terms, amounts))
    return out


def advantage(evaluations: list[Evaluation], player: int, weights: Weights = WEIGHTS) -> float:
    """``player``'s value less ``weights.rivals`` times the mean of the rivals' values; for a finished game, the
    margin over the best rival (the place is all that counts then)."""
    rivals = [e.value for e in evaluations if e.player != player]
    if evaluations and evaluations[0].final:
        return evaluations[player].value - max(rivals, default=0.0)
    return evaluations[player].value - weights.rivals * (sum(rivals) / len(rivals) if rivals else 0.0)
