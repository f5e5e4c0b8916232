"""The changing state of one game: players, tiles on the board, links, markets, cards.

Plain mutable objects with ``__slots__``: the engine mutates them only after an action has been
validated, and :meth:`State.to_dict` gives the canonical form compared by replay and save tests.
Money and cubes move only through :meth:`State.pay`, :meth:`State.receive` and
:meth:`State.take_cubes`/:meth:`State.return_cubes`, which keep a bank and a supply ledger so
that conservation can be checked.
"""
from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, replace
from itertools import count
from typing import TYPE_CHECKING, Any

from brass_nb.rules.distant import DistantPile
from brass_nb.rules.facts import GameFacts, TileSpec

if TYPE_CHECKING:
    from brass_nb.rules.actions import Build


_VERSIONS = count(1)


class Tile:
    """An industry tile on the board."""

    __slots__ = ("owner", "industry", "level", "flipped", "cubes")

    def __init__(self, owner: int, industry: str, level: int, flipped: bool = False, cubes: int = 0):
        self.owner = owner
        self.industry = industry
        self.level = level
        self.flipped = flipped
        self.cubes = cubes

    def __repr__(self) -> str:
        side = "flipped" if self.flipped else "unflipped"
        return f"Tile(player {self.owner}, {self.industry} {self.level}, {side}, cubes={self.cubes})"

    def copy(self) -> Tile:
        return Tile(self.owner, self.industry, self.level, self.flipped, self.cubes)

    def to_dict(self) -> dict[str, Any]:
        return {"owner": self.owner, "industry": self.industry, "level": self.level,
                "flipped": self.flipped, "cubes": self.cubes}


class Player:
    """One player's money, tracks, cards and mat."""

    __slots__ = ("index", "money", "income_space", "vp", "hand", "discard", "mat", "links_left",
                 "spent_this_round", "tiles_gone", "_levels", "_first")

    def __init__(self, index: int, facts: GameFacts):
        self.index = index
        self.money = 0
        self.income_space = facts.start_income_space
        self.vp = 0
        self.hand: list[str] = []
        self.discard: list[str] = []
        self.mat: dict[str, list[int]] = {ind: [t.count for t in facts.tiles[ind]] for ind in facts.industries}
        self.links_left: int = facts.rules.link_tiles
        self.spent_this_round = 0
        self.tiles_gone = 0
        self._levels = facts.income_levels
        self._first = {ind: facts.tiles[ind][0].level for ind in facts.industries}

    @property
    def income_level(self) -> int:
        """The income paid each round, read beside the marker's track space."""
        return self._levels[self.income_space]

    def lowest_level(self, industry: str) -> int | None:
        """The lowest level of ``industry`` still on the mat (the only one that can be built or developed)."""
        counts = self.mat[industry]
        if counts[0]:                           # (a tile left at the first level, as for most industries: no search)
            return self._first[industry]
        for i, n in enumerate(counts):
            if n:
                return i + self._first[industry]
        return None

    def copy(self) -> Player:
        """An independent copy (the level tables are shared: they never change)."""
        twin = Player.__new__(Player)
        twin.index, twin.money, twin.income_space, twin.vp = self.index, self.money, self.income_space, self.vp
        twin.hand, twin.discard = list(self.hand), list(self.discard)
        twin.mat = {industry: list(counts) for industry, counts in self.mat.items()}
        twin.links_left, twin.spent_this_round = self.links_left, self.spent_this_round
        twin.tiles_gone = self.tiles_gone
        twin._levels, twin._first = self._levels, self._first
        return twin

    def tiles_on_mat(self) -> int:
        return sum(sum(counts) for counts in self.mat.values())

    def __repr__(self) -> str:
        return (f"Player({self.index}: £{self.money}, income level {self.income_level} "
                f"(space {self.income_space}), {self.vp} VP, {len(self.hand)} cards)")

    def to_dict(self) -> dict[str, Any]:
        return {"money": self.money, "income_space": self.income_space, "vp": self.vp, "hand": sorted(self.hand),
                "discard": list(self.discard), "mat": {k: list(v) for k, v in self.mat.items()},
                "links_left": self.links_left, "spent_this_round": self.spent_this_round,
                "tiles_gone": self.tiles_gone}


@dataclass
class MerchantSpace:
    """A merchant space with its face-up tile (``buys`` empty for a blank tile) and its beer."""

    location: str
    index: int
    buys: tuple[str, ...]
    beer: int = 0

    @property
    def label(self) -> str:
        return f"{self.location}[{self.index}]"


def copy_slots(target: object, source: object, names: Iterable[str]) -> None:
    """Give ``target`` each of ``source``'s fields ``names``: how a slotted object is copied or taken over, field by
    field (never through ``__dict__``: see :class:`State`)."""
    for name in names:
        setattr(target, name, getattr(source, name))


class State:
    """Everything that changes during a game."""

    # (slots, copied one by one: reading an instance's ``__dict__``, as a copy by dict would, takes its fields out of
    # the object's inline values in Python 3.11, and every later read of them, the original's too, costs over three
    # times as much)
    __slots__ = ("facts", "seed", "players", "tiles", "links", "markets", "merchants", "deck", "wilds", "era", "round",
                 "order", "turn_index", "actions_done", "pending", "shortfall", "bank", "supply", "over", "version",
                 "links_epoch", "tiles_epoch", "mats_epoch", "supply_epochs", "set_aside", "distant", "double_build",
                 "divider_round")

    def __init__(self, facts: GameFacts, players: int, seed: int | None):
        self.facts = facts
        self.seed = seed
        self.players = [Player(i, facts) for i in range(players)]
        self.tiles: dict[str, Tile] = {}
        self.links: dict[int, int] = {}
        self.markets: dict[str, int] = {name: 0 for name in facts.markets}
        self.merchants: dict[str, MerchantSpace] = {}
        self.deck: list[str] = []
        self.wilds: dict[str, int] = {"Wild Location": facts.wild_location, "Wild Industry": facts.wild_industry}
        self.era = "canal"
        self.round = 1
        self.order: list[int] = list(range(players))
        self.turn_index = 0
        self.actions_done = 0
        self.pending: tuple[str, ...] | None = None
        self.shortfall: tuple[int, int, int] | None = None  # player, owed, position in the turn order
        self.bank = 0
        self.supply: dict[str, int] = {"coal": 0, "iron": 0, "beer": 0}
        self.over = False
        self.version = next(_VERSIONS)
        self.links_epoch = next(_VERSIONS)      # changes whenever a link is placed or removed
        # Changes whenever a tile is placed or removed (see tile_changed), and for a copy, whose tiles are other
        # objects: what was found from these tiles is never read for another state's.
        self.tiles_epoch = next(_VERSIONS)
        self.mats_epoch = next(_VERSIONS)       # changes whenever a tile leaves a mat (see mat_changed)
        # One epoch per resource (coal, iron, beer): it changes whenever that resource's cubes on tiles or in its
        # market change (see tile_changed for tiles placed or removed). Replaced, never mutated (copies share it).
        self.supply_epochs: dict[str, int] = {r: next(_VERSIONS) for r in sorted(set(facts.resource_of.values()))}
        self.set_aside: list[str] = []     # Lancashire: cards under the divider or set aside face down this era
        self.distant: DistantPile | None = None   # Lancashire: the distant cotton market
        self.double_build: Build | None = None   # Lancashire: a double-card build waiting for its two cards
        self.divider_round: int | None = None    # Roxley Lancashire: the rail round in which the divider was revealed

    def shuffler(self, event: str) -> random.Random:
        """The random source of one event (the setup, the canal era's end), derived from the seed alone: a state
        holds no generator, so a position written mid-game (:meth:`Game.position`) replays the same shuffles."""
        return random.Random(f"{self.seed}/{event}") if event != "setup" else random.Random(self.seed)

    def mark_changed(self) -> None:
        """Give the position a version no other position of this process has had: caches keyed by it never show
        an old picture or action list, even after an undo returns to an earlier position."""
        self.version = next(_VERSIONS)

    def copy(self) -> State:
        """An independent copy of the position, field by field (the facts are shared: they never change)."""
        twin = State.__new__(State)
        copy_slots(twin, self, State.__slots__)
        twin.players = [p.copy() for p in self.players]
        twin.tiles = {label: t.copy() for label, t in self.tiles.items()}
        twin.tiles_epoch = next(_VERSIONS)
        twin.links = dict(self.links)
        twin.markets = dict(self.markets)
        twin.merchants = {label: replace(m) for label, m in self.merchants.items()}
        twin.deck, twin.order, twin.set_aside = list(self.deck), list(self.order), list(self.set_aside)
        twin.wilds, twin.supply = dict(self.wilds), dict(self.supply)
        if self.distant is not None:
            twin.distant = self.distant.copy()
        return twin

    def links_changed(self) -> None:
        """Connections changed: searches and source plans cached for the old links no longer apply."""
        self.links_epoch = next(_VERSIONS)

    def supply_changed(self, resource: str) -> None:
        """Cubes of ``resource`` on tiles or in its market changed: its cached holders and source plans no longer
        apply; the other resources' still do."""
        self.supply_epochs = {**self.supply_epochs, resource: next(_VERSIONS)}

    def mat_changed(self) -> None:
        """A tile left a player's mat (built or developed): the next tile of each industry is found again."""
        self.mats_epoch = next(_VERSIONS)

    def tile_changed(self, tile: Tile) -> None:
        """``tile`` was placed or removed: its resource's holders change if it holds cubes, and a trade industry's
        tile (Lancashire's ports) changes where coal can be bought. Any other tile leaves every plan as it was; every
        tile moves the tiles epoch, by which the players' tiles and networks are kept."""
        self.tiles_epoch = next(_VERSIONS)
        resource = self.facts.resource_of.get(tile.industry)
        if resource is not None and tile.cubes:
            self.supply_changed(resource)
        if tile.industry in self.facts.trade_industries:
            self.supply_changed("coal")

    def adopt(self, other: State) -> None:
        """Become ``other`` while keeping this object and its Player objects (same players)."""
        players = self.players
        for mine, theirs in zip(players, other.players, strict=False):
            copy_slots(mine, theirs, Player.__slots__)
        copy_slots(self, other, State.__slots__)
        self.players = players

    # -------------------------------------------------------------- ledgers

    def pay(self, player: Player, amount: int, spending: bool = True) -> None:
        """Money from a player to the bank; ``spending`` counts toward turn order."""
        player.money -= amount
        self.bank += amount
        if spending:
            player.spent_this_round += amount

    def receive(self, player: Player, amount: int) -> None:
        player.money += amount
        self.bank -= amount

    def take_cubes(self, resource: str, n: int) -> None:
        """Cubes leave the general supply (placed on a tile, a market or a merchant)."""
        self.supply[resource] -= n

    def return_cubes(self, resource: str, n: int) -> None:
        self.supply[resource] += n

    # -------------------------------------------------------------- queries

    @property
    def current_player(self) -> int | None:
        """The player to decide next (None once the game is over)."""
        if self.over:
            return None
        if self.shortfall:
            return self.shortfall[0]
        return self.order[self.turn_index]

    def spec(self, tile: Tile) -> TileSpec:
        return self.facts.tile(tile.industry, tile.level)

    def tiles_of(self, player: int) -> list[tuple[str, Tile]]:
        found = []
        for label, t in self.tiles.items():             # (a loop: a comprehension would make ``player`` a cell)
            if t.owner == player:
                found.append((label, t))
        return found

    def market_price(self, resource: str) -> int:
        """Price of the next cube bought: the cheapest filled space, or the empty-market price."""
        market = self.facts.markets[resource]
        n = self.markets[resource]
        return market.prices[len(market.prices) - n] if n else market.price_when_empty

    def market_buy_prices(self, resource: str, count: int) -> list[int]:
        """Prices paid for ``count`` cubes: the cheapest filled spaces first, then the empty market's price (slices,
        not a comprehension: the planners ask this for every plan that buys)."""
        market = self.facts.markets[resource]
        n, size = self.markets[resource], len(market.prices)
        prices = list(market.prices[size - n:size - n + count])
        if count > n:
            prices += [market.price_when_empty] * (count - n)
        return prices

    def market_sell_prices(self, resource: str, count: int) -> list[int]:
        """Prices earned for up to ``count`` cubes sold to the market, most expensive empty space first."""
        market = self.facts.markets[resource]
        n, size = self.markets[resource], len(market.prices)
        room = size - n
        return [market.prices[size - n - 1 - i] for i in range(min(count, room))]

    def to_dict(self) -> dict[str, Any]:
        """Canonical JSON-friendly form; equal states give equal dicts."""
        return {
            "game": self.facts.game, "edition": self.facts.edition, "seed": self.seed, "era": self.era,
            "round": self.round,
            "order": list(self.order), "turn_index": self.turn_index, "actions_done": self.actions_done,
            "pending": list(self.pending or ()), "shortfall": list(self.shortfall or ()), "over": self.over,
            "players": [p.to_dict() for p in self.players],
            "tiles": {k: t.to_dict() for k, t in sorted(self.tiles.items())},
            "links": {self.facts.board.links[i].label: o for i, o in sorted(self.links.items())},
            "markets": dict(self.markets), "wilds": dict(self.wilds), "deck": list(self.deck),
            "merchants": {k: {"buys": list(m.buys), "beer": m.beer} for k, m in sorted(self.merchants.items())},
            "bank": self.bank, "supply": dict(self.supply), "set_aside": list(self.set_aside),
            "distant": self.distant.to_dict() if self.distant else None,
            "double_build": str(self.double_build) if self.double_build else None,
            **({"divider_round": self.divider_round} if self.facts.rules.rail_divider is not None else {}),
        }
