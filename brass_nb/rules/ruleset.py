"""The rules of one game and edition as a typed, frozen object, read from the data file and checked when read.

Every number and switch the engine or an explanation needs (link costs, loans, when income is paid, how cards are
set aside, how cotton is sold...) is a field here, so rule code never looks a rule up by a string and a Lancashire
sentence can only be built from Lancashire's numbers. An edition is the game's ``rules`` block with the edition's
own block laid over it.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import Enum
from types import MappingProxyType
from typing import Any

from brass_nb.rules.errors import BrassError
from brass_nb.rules.records import Step

ERAS = ("canal", "rail")


class IncomeTiming(Enum):
    """When income is paid: after each round (Birmingham) or at the start of each round but the first."""

    ROUND_END = "round_end"
    ROUND_START = "round_start"


class SaleKind(Enum):
    """What the sell action does: goods to merchants with beer, or cotton to ports and the distant market."""

    MERCHANTS = "merchants"
    COTTON = "cotton"


class SetAside(Enum):
    """How unused cards leave an era: under Roxley's divider tile, or face down at random (Warfrog 2007)."""

    DIVIDER = "divider"
    FACE_DOWN = "face_down"


class Refill(Enum):
    """When hands are refilled: at the end of each player's turn, or for everyone after the round's turn order."""

    END_OF_TURN = "end_of_turn"
    END_OF_ROUND = "end_of_round"


class FirstOrder(Enum):
    """The first round's turn order: shuffled, or a random start player and then seat order ("clockwise")."""

    SHUFFLED = "shuffled"
    CLOCKWISE = "clockwise"


class DrawnTiles(Enum):
    """Where a drawn distant-market tile goes: out of the pile until the era ends, or back under the pile."""

    OUT = "out"
    BOTTOM = "bottom"


class LoansEnd(Enum):
    """When loans stop: never (Birmingham), once the rail era's draw deck is empty (Warfrog 2007), or after the round
    that follows the round in which Roxley's rail-era divider is revealed."""

    NEVER = "never"
    RAIL_DECK_EMPTY = "rail_deck_empty"
    ROUND_AFTER_DIVIDER = "round_after_divider"


class LinkScoring(Enum):
    """What a link scores at its ends: the link icons on flipped tiles (Birmingham), or one per flipped tile
    (Lancashire); both add the icons printed at merchants or external locations."""

    ICONS = "icons"
    TILES = "tiles"


class RulesetError(BrassError):
    """A data file's rules block is malformed: raised when the file is read, never during play.

    A developer's error in the data brass_nb ships (learners and teachers only choose among its games and
    editions), so the detail names the data file's own keys and stays as written; the catalogued
    ``ruleset.data`` sentence around it is in the learner's language, and ``except BrassError`` catches it."""

    def __init__(self, detail: str):
        super().__init__([Step("ruleset.data", {"error": detail}, ok=False)])


@dataclass(frozen=True)
class LinkCost:
    """What one network action's link costs: money, coal cubes and beer barrels."""

    money: int
    coal: int
    beer: int = 0


@dataclass(frozen=True)
class LoanOption:
    """One loan a player may take: the money received and the income levels it costs."""

    money: int
    levels: int


@dataclass(frozen=True)
class DistantMarket:
    """Lancashire's distant cotton market: the tile pile per player count, the demand track and where tiles go."""

    tiles: Mapping[int, Mapping[int, int]]   # players -> {tile value: copies}
    bonuses: tuple[int, ...]                 # income spaces beside each demand space; past the last: no demand
    drawn_tiles: DrawnTiles

    def pile(self, players: int) -> list[int]:
        """The tiles used with ``players`` players, unshuffled."""
        return [value for value, copies in self.tiles[players].items() for _ in range(copies)]


@dataclass(frozen=True)
class Ruleset:
    """Every rule number and switch of one game in one edition."""

    game: str
    edition: str
    edition_name: str
    player_counts: tuple[int, ...]
    starting_money: int
    hand_size: int
    face_down_discards: int
    actions_per_turn: int
    actions_first_round: int
    link_tiles: int
    min_income_level: int
    max_income_level: int
    canal_link: LinkCost
    rail_link: LinkCost
    second_rail: LinkCost
    scout_discards: int | None                # None: the game has no scout action
    merchant_beer_per_tile: int
    first_link_anywhere: bool
    double_card_build: bool
    loans: tuple[LoanOption, ...]
    loans_end: LoansEnd
    rail_divider: Mapping[int, int] | None    # players -> cards under Roxley's rail-era divider (they are drawn)
    income_paid: IncomeTiming
    money_vp_per: int | None                  # None: money never scores
    tie_breaks: tuple[str, ...]               # after VP, in order: income_level, money, turn_order
    link_scoring: LinkScoring
    sale: SaleKind
    set_aside: Mapping[str, Mapping[int, int]]   # era -> players -> cards set aside that era
    set_aside_how: SetAside
    refill: Refill
    first_order: FirstOrder
    distant_market: DistantMarket | None

    @property
    def largest_loan(self) -> LoanOption:
        return max(self.loans, key=lambda loan: loan.levels)

    def link_cost(self, era: str, second: bool = False) -> LinkCost:
        """The cost of a link this era; ``second`` for the second rail of one action (its extra cost)."""
        if second:
            return self.second_rail
        return self.canal_link if era == "canal" else self.rail_link

    def set_aside_count(self, era: str, players: int) -> int:
        return self.set_aside[era][players]

    def rounds(self, era: str, players: int, deck: int) -> int:
        """Rounds an era lasts with a ``deck``-card deck: every card not set aside is played, one per action."""
        played = deck - self.set_aside_count(era, players) - (self.face_down_discards * players if era == "canal"
                                                              else 0)
        first = self.actions_first_round if era == "canal" else self.actions_per_turn
        rest = played - first * players
        per_round = self.actions_per_turn * players
        return 1 + -(-rest // per_round)


TIE_BREAKS = ("income_level", "money", "turn_order")


def _expect(value: Any, kind: type | tuple[type, ...], where: str) -> Any:
    if isinstance(value, bool) and kind is int or not isinstance(value, kind):
        name = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise RulesetError(f"{where}: expected {name}, got {value!r}")
    return value


def _enum(cls: type[Enum], value: Any, where: str) -> Any:
    try:
        return cls(value)
    except ValueError:
        raise RulesetError(f"{where}: expected one of {[m.value for m in cls]}, got {value!r}") from None


def _per_players(raw: Any, counts: tuple[int, ...], where: str) -> Mapping[int, int]:
    _expect(raw, dict, where)
    table = {int(k): _expect(v, int, f"{where}[{k}]") for k, v in raw.items()}
    missing = [n for n in counts if n not in table]
    if missing:
        raise RulesetError(f"{where}: no value for {missing} players")
    return MappingProxyType(table)


def _link(raw: Any, where: str) -> LinkCost:
    _expect(raw, dict, where)
    unknown = set(raw) - {"money", "coal", "beer"}
    if unknown:
        raise RulesetError(f"{where}: unknown keys {sorted(unknown)}")
    return LinkCost(**{k: _expect(v, int, f"{where}.{k}") for k, v in raw.items()})


def _distant(raw: Any, counts: tuple[int, ...]) -> DistantMarket | None:
    if raw is None:
        return None
    where = "distant_market"
    _expect(raw, dict, where)
    tiles = {}
    for n in counts:
        per = _expect(raw["tiles"].get(str(n)), dict, f"{where}.tiles[{n}]")
        tiles[n] = MappingProxyType({int(v): _expect(k, int, f"{where}.tiles[{n}][{v}]") for v, k in per.items()})
    bonuses = tuple(_expect(b, int, f"{where}.bonuses") for b in _expect(raw["bonuses"], list, f"{where}.bonuses"))
    drawn = _enum(DrawnTiles, raw["drawn_tiles"], f"{where}.drawn_tiles")
    return DistantMarket(MappingProxyType(tiles), bonuses, drawn)


def build_ruleset(game: str, edition: str, base: dict[str, Any], overlay: dict[str, Any]) -> Ruleset:
    """Lay ``overlay`` (the edition's block) over ``base`` (the game's rules) and check every field."""
    raw = {**base, **overlay}
    names = {f.name for f in fields(Ruleset)} - {"game", "edition"}
    unknown, missing = set(raw) - names, names - set(raw)
    if unknown or missing:
        raise RulesetError(f"{game} {edition}: unknown rules {sorted(unknown)}, missing rules {sorted(missing)}")
    counts = tuple(_expect(n, int, "player_counts") for n in _expect(raw["player_counts"], list, "player_counts"))
    ints = ("starting_money", "hand_size", "face_down_discards", "actions_per_turn", "actions_first_round",
            "link_tiles", "min_income_level", "max_income_level", "merchant_beer_per_tile")
    loans = tuple(LoanOption(_expect(m, int, "loans"), _expect(lv, int, "loans"))
                  for m, lv in _expect(raw["loans"], list, "loans"))
    if not loans:
        raise RulesetError(f"{game} {edition}: loans: at least one loan option")
    ties = tuple(_expect(raw["tie_breaks"], list, "tie_breaks"))
    if any(t not in TIE_BREAKS for t in ties):
        raise RulesetError(f"{game} {edition}: tie_breaks: expected names from {TIE_BREAKS}, got {ties}")
    set_aside = _expect(raw["set_aside"], dict, "set_aside")
    if sorted(set_aside) != sorted(ERAS):
        raise RulesetError(f"{game} {edition}: set_aside: expected the eras {ERAS}, got {sorted(set_aside)}")
    if (raw["loans_end"] == LoansEnd.ROUND_AFTER_DIVIDER.value) != (raw["rail_divider"] is not None):
        raise RulesetError(f"{game} {edition}: loans_end {raw['loans_end']!r} and rail_divider go together")
    return Ruleset(
        game=game, edition=edition, edition_name=_expect(raw["edition_name"], str, "edition_name"),
        player_counts=counts,
        **{name: _expect(raw[name], int, name) for name in ints},
        canal_link=_link(raw["canal_link"], "canal_link"), rail_link=_link(raw["rail_link"], "rail_link"),
        second_rail=_link(raw["second_rail"], "second_rail"),
        scout_discards=None if raw["scout_discards"] is None else _expect(raw["scout_discards"], int, "scout_discards"),
        first_link_anywhere=_expect(raw["first_link_anywhere"], bool, "first_link_anywhere"),
        double_card_build=_expect(raw["double_card_build"], bool, "double_card_build"),
        loans=loans,
        loans_end=_enum(LoansEnd, raw["loans_end"], "loans_end"),
        rail_divider=None if raw["rail_divider"] is None else _per_players(raw["rail_divider"], counts,
                                                                           "rail_divider"),
        income_paid=_enum(IncomeTiming, raw["income_paid"], "income_paid"),
        money_vp_per=None if raw["money_vp_per"] is None else _expect(raw["money_vp_per"], int, "money_vp_per"),
        tie_breaks=ties,
        link_scoring=_enum(LinkScoring, raw["link_scoring"], "link_scoring"),
        sale=_enum(SaleKind, raw["sale"], "sale"),
        set_aside=MappingProxyType({era: _per_players(set_aside[era], counts, f"set_aside.{era}") for era in ERAS}),
        set_aside_how=_enum(SetAside, raw["set_aside_how"], "set_aside_how"),
        refill=_enum(Refill, raw["refill"], "refill"),
        first_order=_enum(FirstOrder, raw["first_order"], "first_order"),
        distant_market=_distant(raw["distant_market"], counts),
    )
