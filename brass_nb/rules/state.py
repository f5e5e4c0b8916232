"""The changing state of one game: players, tiles on the board, links, markets, cards.

Plain objects with ``__slots__``, changed only after an action has been validated, and only through
:class:`State`'s verbs: placing and removing tiles, taking tiles from a mat, moving cubes between tiles, markets,
merchants and the supply, placing and clearing links. Each verb keeps the bank and supply ledgers balanced (so
conservation can be checked) and moves the epochs of what it changed (:data:`EPOCH_KINDS`), by which a game keeps
answers from one position to the next (:mod:`brass_nb.rules.view`); ``tests/test_state_verbs.py`` scans the package,
the tests and the scripts for any other write. :meth:`State.to_dict` gives the canonical form compared by replay and
save tests.
"""
from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from itertools import count
from typing import TYPE_CHECKING, Any

from brass_nb.rules.distant import DistantPile
from brass_nb.rules.facts import GameFacts, TileSpec

if TYPE_CHECKING:
    from brass_nb.rules.actions import Build


_VERSIONS = count(1)


EPOCH_KINDS = ("links", "tiles", "mats", "coal", "iron", "beer")
"""The kinds of change a game keeps answers across (see :attr:`State.epochs`): the links placed or removed; tiles placed
or removed; tiles taken from a mat; and, per resource, where its cubes are (on tiles, in its market; for coal also the
trade places, which Lancashire's port tiles add). A kept answer holds while the epochs of what it depends on stay
(:data:`brass_nb.rules.view.DEPENDS_ON`)."""

EPOCH = {kind: i for i, kind in enumerate(EPOCH_KINDS)}
"""Each kind's place in :attr:`State.epochs`."""
LINKS, TILES, MATS, COAL = EPOCH["links"], EPOCH["tiles"], EPOCH["mats"], EPOCH["coal"]


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

    def copy(self) -> MerchantSpace:
        return MerchantSpace(self.location, self.index, self.buys, self.beer)


def copy_slots(target: object, source: object, names: Iterable[str]) -> None:
    """Give ``target`` each of ``source``'s fields ``names``: how a slotted object is copied or taken over, field by
    field (a slotted object has no ``__dict__`` to copy)."""
    for name in names:
        setattr(target, name, getattr(source, name))


class State:
    """Everything that changes during a game."""

    # (slots: the fields are named here once, and copy_slots copies them one by one)
    __slots__ = ("facts", "seed", "players", "tiles", "links", "markets", "merchants", "deck", "wilds", "era", "round",
                 "order", "turn_index", "actions_done", "pending", "shortfall", "bank", "supply", "over", "version",
                 "epochs", "set_aside", "distant", "double_build", "divider_round")

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
        # When each kind of change (EPOCH_KINDS, in order) last happened: a number no other change of this process
        # had. A list, changed in place by the verbs (a copy of the state copies it), and compared by the game's
        # kept answers with the epochs they were found at.
        self.epochs: list[int] = [next(_VERSIONS) for _ in EPOCH_KINDS]
        self.set_aside: list[str] = []     # Lancashire: cards under the divider or set aside face down this era
        self.distant: DistantPile | None = None   # Lancashire: the distant cotton market
        self.double_build: Build | None = None   # Lancashire: a double-card build waiting for its two cards
        self.divider_round: int | None = None    # Roxley Lancashire: the rail round in which the divider was revealed

    def shuffler(self, event: str) -> random.Random:
        """The random source of one event (the setup, the canal era's end), derived from the seed alone: a state
        holds no generator, so a position written mid-game (:meth:`Game.position`) replays the same shuffles."""
        return random.Random(f"{self.seed}/{event}") if event != "setup" else random.Random(self.seed)

    def mark_changed(self) -> None:
        """Give the position a version no other position of this process has had: caches keyed by it (a game's view
        and legal list, a picture) never show an old one, even after an undo returns to an earlier position. Every
        verb below moves it too; a change of what no epoch covers (a hand, the turn order, money) calls this."""
        self.version = next(_VERSIONS)

    def copy(self) -> State:
        """An independent copy of the position, field by field (the facts are shared: they never change)."""
        twin = State.__new__(State)
        copy_slots(twin, self, State.__slots__)
        twin.players = [p.copy() for p in self.players]
        twin.tiles = {label: t.copy() for label, t in self.tiles.items()}
        twin.epochs = list(self.epochs)
        # the copy's tiles are other objects: what lists this state's tiles does not hold for the copy
        twin.epochs[TILES] = twin.version = next(_VERSIONS)
        twin.links = dict(self.links)
        twin.markets = dict(self.markets)
        twin.merchants = {label: m.copy() for label, m in self.merchants.items()}
        twin.deck, twin.order, twin.set_aside = list(self.deck), list(self.order), list(self.set_aside)
        twin.wilds, twin.supply = dict(self.wilds), dict(self.supply)
        if self.distant is not None:
            twin.distant = self.distant.copy()
        return twin

    def adopt(self, other: State) -> None:
        """Become ``other`` while keeping this object and its Player objects (same players)."""
        players = self.players
        for mine, theirs in zip(players, other.players, strict=False):
            copy_slots(mine, theirs, Player.__slots__)
        copy_slots(self, other, State.__slots__)
        self.players = players

    # -------------------------------------------------------------- verbs

    def epoch(self, kind: str) -> int:
        """When a change of ``kind`` (one of :data:`EPOCH_KINDS`) last happened to this position."""
        return self.epochs[EPOCH[kind]]

    # Each verb gives the version and the epoch of each kind of change it made a new number (one for all).

    def _tile_moved(self, tile: Tile) -> None:
        """``tile`` was placed or removed: the tiles moved, and its resource if it holds cubes; a trade industry's tile
        (Lancashire's ports) moves where coal can be bought."""
        epochs = self.epochs
        epochs[TILES] = now = self.version = next(_VERSIONS)
        resource = self.facts.resource_of.get(tile.industry)
        if resource is not None and tile.cubes:
            epochs[EPOCH[resource]] = now
        if tile.industry in self.facts.trade_industries:
            epochs[COAL] = now

    def place_tile(self, label: str, tile: Tile) -> None:
        """Put ``tile`` on the slot ``label`` (empty: an overbuilt tile is removed first); its cubes leave the
        supply."""
        assert label not in self.tiles, f"{label} holds a tile: remove it first"
        self.tiles[label] = tile
        if tile.cubes:
            self.supply[self.facts.resource_of[tile.industry]] -= tile.cubes
        self._tile_moved(tile)

    def remove_tile(self, label: str) -> Tile:
        """Take the tile on ``label`` off the board; its cubes return to the supply."""
        tile = self.tiles.pop(label)
        if tile.cubes:
            self.supply[self.facts.resource_of[tile.industry]] += tile.cubes
        self._tile_moved(tile)
        return tile

    def flip_tile(self, tile: Tile) -> None:
        """Turn ``tile`` to its flipped side (no kept answer reads the side: only the version moves)."""
        tile.flipped = True
        self.version = next(_VERSIONS)

    def take_from_mat(self, player: Player, industry: str, level: int) -> None:
        """One tile of ``industry`` at ``level`` leaves ``player``'s mat (built, developed, or on the board from the
        start of a written position)."""
        player.mat[industry][self.facts.level_index(industry, level)] -= 1
        self.epochs[MATS] = self.version = next(_VERSIONS)

    def set_mat(self, player: Player, industry: str, counts: list[int]) -> None:
        """``player``'s mat holds ``counts`` tiles of each level of ``industry`` (a written position's mat)."""
        player.mat[industry] = list(counts)
        self.epochs[MATS] = self.version = next(_VERSIONS)

    def tile_cubes_to_supply(self, tile: Tile, count: int) -> None:
        """``count`` cubes leave ``tile`` for the supply (used by an action)."""
        resource = self.facts.resource_of[tile.industry]
        tile.cubes -= count
        self.supply[resource] += count
        self.epochs[EPOCH[resource]] = self.version = next(_VERSIONS)

    def tile_cubes_to_market(self, tile: Tile, count: int) -> None:
        """``count`` cubes leave ``tile`` for its resource's market (sold by a new mine or works)."""
        resource = self.facts.resource_of[tile.industry]
        tile.cubes -= count
        self.markets[resource] += count
        self.epochs[EPOCH[resource]] = self.version = next(_VERSIONS)

    def market_cubes_to_supply(self, resource: str, count: int) -> None:
        """``count`` cubes bought from ``resource``'s market return to the supply."""
        self.markets[resource] -= count
        self.supply[resource] += count
        self.epochs[EPOCH[resource]] = self.version = next(_VERSIONS)

    def supply_cubes_to_market(self, resource: str, count: int) -> None:
        """``count`` cubes from the supply fill ``resource``'s market (at setup, or a written position's)."""
        self.supply[resource] -= count
        self.markets[resource] += count
        self.epochs[EPOCH[resource]] = self.version = next(_VERSIONS)

    def place_merchant(self, space: MerchantSpace) -> None:
        """A merchant tile face up on its space, with its beer (taken from the supply)."""
        self.merchants[space.label] = space
        self.supply["beer"] -= space.beer
        self.version = next(_VERSIONS)

    def fill_merchant_beer(self, space: MerchantSpace, beer: int) -> None:
        """``space`` holds ``beer`` barrels, the missing ones taken from the supply."""
        self.supply["beer"] -= beer - space.beer
        space.beer = beer
        self.version = next(_VERSIONS)

    def merchant_beer_to_supply(self, space: MerchantSpace, count: int) -> None:
        """``count`` of ``space``'s barrels are drunk for a sale."""
        space.beer -= count
        self.supply["beer"] += count
        self.version = next(_VERSIONS)

    def place_link(self, index: int, owner: int) -> None:
        """``owner`` builds a link on the space ``index`` (the caller takes it from their links left)."""
        self.links[index] = owner
        self.epochs[LINKS] = self.version = next(_VERSIONS)

    def clear_links(self) -> None:
        """Every link leaves the board (the canal era's end)."""
        self.links.clear()
        self.epochs[LINKS] = self.version = next(_VERSIONS)

    # -------------------------------------------------------------- money

    def pay(self, player: Player, amount: int, spending: bool = True) -> None:
        """Money from a player to the bank; ``spending`` counts toward turn order."""
        player.money -= amount
        self.bank += amount
        if spending:
            player.spent_this_round += amount

    def receive(self, player: Player, amount: int) -> None:
        player.money += amount
        self.bank -= amount

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
        for label, t in self.tiles.items():
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
