"""Derived facts of one position (connections, networks, where resources are), each computed when first asked.

A :class:`View` is made for a position; within it, ``legal_actions`` and every validator share the same
breadth-first searches. The answers that depend only on the links, the tiles, the markets or the mats are kept from
one position to the next in a :class:`SharedSearches` that a game holds: :data:`DEPENDS_ON` says which change of the
state makes each one stale, and the state's verbs record every change (:mod:`brass_nb.rules.state`). With
``BRASS_NB_CHECK_VIEWS=1`` every view is checked against one made from nothing (:mod:`brass_nb.rules.viewcheck`).
"""
from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any, NamedTuple

from brass_nb.rules.facts import TileSpec
from brass_nb.rules.state import EPOCH_KINDS, State, Tile, copy_slots

Holder = tuple[str, str, Tile]
"""A tile that still holds cubes, as :meth:`View.holders` lists it: its slot label, its location and a copy of it
(a plain tuple, read by unpacking: the holders are made again whenever their resource moves)."""

PieceMine = tuple[str, str, Tile, dict[str, int]]
"""A coal mine with coal in a connected piece of the board: a holder (slot label, location, tile) and its distance
in links to every location of the piece."""


class ConnectedMine(NamedTuple):
    """A coal mine with coal connected to a consumer, in the order coal is taken (nearest, then in board order)."""
    distance: int               # in links, from the nearest start
    board_order: int
    label: str
    location: str
    tile: Tile


CoalSources = tuple[list[PieceMine], list[str]]
"""A piece of the board's coal mines with coal and trade places (kept with the game's answers: read, never changed;
:meth:`View.coal_sources` hands the trade places out as a read-only ``Sequence``)."""

ConnectedCoal = tuple[Sequence[ConnectedMine], Sequence[str]]
"""Coal mines with coal connected to a consumer, nearest first, and the trade places connected to it, in board
order."""

NO_COAL_SOURCES: tuple[tuple[PieceMine, ...], tuple[str, ...]] = ((), ())
"""Where a piece of the board with no coal mine with coal and no trade place has coal from: nowhere."""

NO_SEARCHES: tuple[set[str], dict[tuple[str, ...], dict[str, int]]] = (set(), {})
"""The searches made before the links last moved when none of them still holds (shared: never changed)."""

NO_MINES: tuple[ConnectedMine, ...] = ()
"""The coal mines with coal connected to a consumer in a piece of the board that has none."""


def links_added(before: frozenset[int], now: frozenset[int]) -> frozenset[int] | None:
    """The link spaces built on since ``before``, or None when some of those were taken off (then nothing found
    for ``before`` can be carried over)."""
    added = now - before
    return added if len(before) + len(added) == len(now) else None      # (no subset test: it looks up every link)


DEPENDS_ON: dict[str, frozenset[str]] = {
    "next_tiles": frozenset({"mats"}),
    "tiles_of": frozenset({"tiles"}),
    "networks": frozenset({"tiles", "links"}),
    "card_places": frozenset({"tiles", "links"}),
    "reach": frozenset({"links"}),
    "pieces": frozenset({"links"}),
    "coal_by_piece": frozenset({"coal", "links"}),
    "holders:coal": frozenset({"coal"}),
    "holders:iron": frozenset({"iron"}),
    "holders:beer": frozenset({"beer"}),
    "plans:coal": frozenset({"coal", "links"}),
    "plans:iron": frozenset({"iron"}),
    "plans:beer": frozenset({"beer", "links"}),
}
"""Which changes of a position (:data:`~brass_nb.rules.state.EPOCH_KINDS`) make each answer a game keeps from
one position to the next stale (``holders:coal`` is coal's holders, by industry). The only rule the keeping follows:
:meth:`SharedSearches.sync` drops what this table says and nothing else."""

HOLDERS = {resource: f"holders:{resource}" for resource in ("coal", "iron", "beer")}
"""Each resource's holders among the kept answers."""


class Drops(NamedTuple):
    """What :meth:`SharedSearches.sync` drops for one set of kinds of change, read from :data:`DEPENDS_ON`."""
    answers: tuple[str, ...]
    links: bool                                 # the links moved: the searches before are carried (see sync)


def drops_by_change(depends_on: dict[str, frozenset[str]]) -> tuple[Drops, ...]:
    """The table turned round, for every set of kinds of change at once (a bit per kind, in the order of
    :data:`~brass_nb.rules.state.EPOCH_KINDS`): the answers changes of those kinds make stale."""
    found = []
    for moved in range(1 << len(EPOCH_KINDS)):
        kinds = {kind for bit, kind in enumerate(EPOCH_KINDS) if moved >> bit & 1}
        found.append(Drops(tuple(answer for answer, depends in depends_on.items() if kinds & depends),
                           "links" in kinds))
    return tuple(found)


DROPS = drops_by_change(DEPENDS_ON)
EVERY_CHANGE = len(DROPS) - 1
BITS = tuple(1 << i for i in range(len(EPOCH_KINDS)))


class SharedSearches:
    """The answers of :data:`DEPENDS_ON`, kept from one position to the next for as long as the state's epochs say
    they still hold: a coal plan outlives a sale, a beer plan a coal mine's sale to the market, a network every action
    that places or removes no tile and no link, the next tiles every action but a build or a develop.

    ``kept`` holds each answer's dict by the table's name (see :class:`View` for what each holds). An answer's dict is
    never cleared, only replaced, so a game and its copies (each with its own ``kept``) share it until one of them
    moves on.
    """

    # (slots, copied one by one: see State's)
    __slots__ = ("epochs", "kept", "built", "reach_before", "joined")

    def __init__(self) -> None:
        self.epochs: list[int] | None = None                    # the state's when the answers were kept
        self.kept: dict[str, dict[Any, Any]] = {}
        self.built: frozenset[int] = frozenset()                # see View.built
        # The locations touched by the links placed since the searches before were made, and those searches (none
        # when links were removed)
        self.reach_before: tuple[set[str], dict[tuple[str, ...], dict[str, int]]] = NO_SEARCHES
        # The pieces last found, with the links they were found for and the locations of each piece of more than one
        self.joined: tuple[frozenset[int], dict[str, str], dict[str, tuple[str, ...]]] | None = None

    def sync(self, state: State) -> None:
        """Drop what :data:`DEPENDS_ON` says the changes since the answers were kept made stale (the view calls this
        only when the state's epochs are not those kept)."""
        now, then = state.epochs, self.epochs
        moved = EVERY_CHANGE if then is None else 0
        if then is not None:
            for was, is_, bit in zip(then, now, BITS):  # noqa: B905 (all three: one per kind)
                if was != is_:
                    moved |= bit
        drops = DROPS[moved]
        if drops.links:
            self._carry_searches(state)
        kept = self.kept
        for answer in drops.answers:
            kept[answer] = {}
        self.epochs = list(now)                     # (a snapshot: the state's list changes in place)

    def _carry_searches(self, state: State) -> None:
        """The links moved: keep the searches made before, to be read again where they reached none of the links
        placed since (see :meth:`View.reachable`), unless links were taken off."""
        built = frozenset(state.links)
        placed, before, reach = links_added(self.built, built), NO_SEARCHES, self.kept.get("reach")
        if reach and placed is not None:
            touched: set[str] = set()
            links = state.facts.board.links
            for index in placed:
                touched.update(links[index].ends)
            before = (touched, reach)
        self.built, self.reach_before = built, before

    def share(self) -> SharedSearches:
        """Another holder of the same dicts (for a copy of the game): each replaces them when its state moves on."""
        twin = SharedSearches.__new__(SharedSearches)
        copy_slots(twin, self, SharedSearches.__slots__)
        twin.kept = dict(self.kept)
        return twin


CHECK_ANSWERS = os.environ.get("BRASS_NB_CHECK_VIEWS", "") not in ("", "0")
"""The debug mode of :mod:`brass_nb.rules.viewcheck` (``BRASS_NB_CHECK_VIEWS=1``, read at import): every view made
with a game's kept answers is checked against one made from nothing."""


class View:
    # (slots: a view is made for every decision, and holds no other fields)
    __slots__ = ("state", "board", "_reach", "_reach_before", "_searches", "_pieces", "_network", "_tiles_of",
                 "_card_places", "_next_tiles", "_cards", "kept", "built", "_trade_places", "_coal_pieces",
                 "trade_kind")

    def __init__(self, state: State, shared: SharedSearches | None = None):
        self.state = state
        self.board = state.facts.board
        searches = shared or SharedSearches()
        if state.epochs != searches.epochs:
            searches.sync(state)
        kept = self.kept = searches.kept    # (read by resource by holders() and brass_nb.rules.sourcing's plans)
        self._searches = searches
        self._reach, self._reach_before = kept["reach"], searches.reach_before  # by starts: {location: links away}
        self._pieces = kept["pieces"]               # see pieces()
        self._network = kept["networks"]            # by player: see network()
        self._tiles_of = kept["tiles_of"]           # by player: see tiles_of()
        self._card_places = kept["card_places"]     # by player: see industry_card_places()
        self._next_tiles = kept["next_tiles"]       # by player: see next_tiles()
        self._coal_pieces = kept["coal_by_piece"]   # see coal_sources()
        self._cards: dict[int, tuple[str, ...]] = {}
        self.built = searches.built  # the link spaces built on, by anyone
        self._trade_places: tuple[str, ...] | None = None
        # What shows the trade icons in this game, for explanations: "merchant" locations (Birmingham), or "port"
        # tiles and external locations (Lancashire, whose trade industries are its ports).
        self.trade_kind = "port" if state.facts.trade_industries else "merchant"
        if CHECK_ANSWERS and shared is not None:
            from brass_nb.rules.viewcheck import check_view  # (the planners it asks import this module)
            check_view(self)

    def reachable(self, starts: tuple[str, ...]) -> dict[str, int]:
        """Locations connected to any of ``starts`` (by anyone's links) and their distance in links: the search made
        before the links last moved, if it reached none of the links placed since (about two in five), else a new
        search."""
        found = self._reach.get(starts)
        if found is None:
            touched, before = self._reach_before
            earlier = before.get(starts)
            if earlier is not None and earlier.keys().isdisjoint(touched):      # (a short loop: over the touched)
                found = earlier
            elif len(starts) > 1:
                found = {}
                for start in starts:
                    for loc, d in self.reachable((start,)).items():
                        if d < found.get(loc, d + 1):
                            found[loc] = d
            else:
                found = self.board.reachable(starts, self.built)
            self._reach[starts] = found
        return found

    def tiles_of(self, player: int) -> tuple[tuple[str, Tile], ...]:
        """(slot label, tile) of every tile ``player`` has on the board, in the order they were placed: the state's
        own tiles, kept while no tile is placed or removed (a copy of the state has a tiles epoch of its own)."""
        found = self._tiles_of.get(player)
        if found is None:
            found = self._tiles_of[player] = tuple(self.state.tiles_of(player))
        return found

    def network(self, player: int) -> frozenset[str]:
        """Your network: locations with one of your industries or touching one of your links."""
        found: frozenset[str] | None = self._network.get(player)
        if found is None:
            self._find_networks()
            found = self._network[player]
        return found

    def _find_networks(self) -> None:
        """Every player's network, in one pass over the tiles and the links: a bot's evaluation asks for all of them
        in every position it tries, and one pass per player read the whole board again for each."""
        board, state = self.board, self.state
        found: dict[int, set[str]] = {p.index: set() for p in state.players}
        for label, tile in state.tiles.items():
            found[tile.owner].add(board.slot_of[label][0])
        for index, owner in state.links.items():
            found[owner].update(board.links[index].ends)
        self._network.update((player, frozenset(locations)) for player, locations in found.items())

    def cards(self, player: int) -> tuple[str, ...]:
        """The cards in ``player``'s hand, each once, in hand order: what an action may be played with (shared by
        every legal action of the position, hence a tuple)."""
        found = self._cards.get(player)
        if found is None:
            found = self._cards[player] = tuple(dict.fromkeys(self.state.players[player].hand))
        return found

    def has_anything_built(self, player: int) -> bool:
        """Has ``player`` a tile or a link on the board (their network is not empty)?"""
        return bool(self.network(player))

    def next_tiles(self, player: int) -> dict[str, TileSpec]:
        """The tile each industry would build or develop next: the lowest level left on ``player``'s mat (kept while
        no tile leaves a mat)."""
        found = self._next_tiles.get(player)
        if found is None:
            tiles = self.state.facts.tiles
            found = self._next_tiles[player] = {}
            for industry, counts in self.state.players[player].mat.items():
                if counts[0]:               # (a tile left at the first level, as for most industries: no search)
                    found[industry] = tiles[industry][0]
                    continue
                at = 0
                for left in counts:
                    if left:
                        found[industry] = tiles[industry][at]
                        break
                    at += 1
        return found

    def industry_card_places(self, player: int) -> frozenset[str]:
        """Where an industry card lets ``player`` build: their network, plus the far end of every one-way virtual
        link whose near end is in it (Warfrog 2007: Liverpool in your network lets you build in Birkenhead). The
        virtual link counts for nothing else: not for links, sourcing, selling, nor the network itself."""
        found = self._card_places.get(player)
        if found is None:
            found = network = self.network(player)
            for near, far in self.state.facts.virtual_links:
                if near in network:
                    found = found | {far}
            self._card_places[player] = found
        return found

    def virtual_link_to(self, player: int, location: str) -> str | None:
        """The near end of the virtual link that alone lets an industry card reach ``location``, if that is why."""
        network = self.network(player)
        if location in network:
            return None
        return next((near for near, far in self.state.facts.virtual_links if far == location and near in network), None)

    def holders(self, industry: str) -> tuple[Holder, ...]:
        """Every tile of ``industry`` that still holds cubes, in board order.

        The tiles are copies: the list may be shared with a copy of the game, whose own tiles are other objects."""
        kept = self.kept[HOLDERS[self.state.facts.resource_of[industry]]]
        found = kept.get(industry)
        if found is None:
            board, tiles, labels = self.board, self.state.tiles, []
            for label, t in tiles.items():
                if t.industry == industry and t.cubes > 0:
                    labels.append(label)
            labels.sort(key=board.slot_order.__getitem__)       # (the dict's own look-up: no lambda called per tile)
            slot_of, found_list = board.slot_of, []
            for label in labels:
                found_list.append((label, slot_of[label][0], tiles[label].copy()))
            found = kept[industry] = tuple(found_list)
        return found

    def cubes_on_board(self, industry: str) -> int:
        return sum(t.cubes for _, _, t in self.holders(industry))

    def pieces(self) -> dict[str, str]:
        """Each location's connected piece of the board (by anyone's links), named by one of its locations:
        found by joining the ends of every built link (no search), or, when the links were only added to since the
        pieces were last found (nearly every move of the links: one placed), by joining the new links' ends in
        those. The names may differ with that history; the pieces, all that anyone compares, do not."""
        pieces = self._pieces
        if not pieces:
            searches, built, locations = self._searches, self.built, self.board.locations
            joined = searches.joined
            if joined is not None:
                found_for, last, groups = joined
                added = links_added(found_for, built)
                if added is not None:
                    pieces.update(last)
                    groups, new = dict(groups), added   # (a copy: the last one may be shared with a copy of the game)
                else:
                    joined = None
            if joined is None:                  # (the first time, or links removed: each location alone)
                pieces.update(zip(locations, locations, strict=True))
                groups, new = {}, built
            joins = self.board.joins
            for index in new:
                for a, b in joins[index]:
                    keep, gone = pieces[a], pieces[b]
                    if keep != gone:                # (the smaller piece takes the larger's name)
                        kept, moved = groups.pop(keep, (keep,)), groups.pop(gone, (gone,))
                        if len(kept) < len(moved):
                            keep, kept, moved = gone, moved, kept
                        for location in moved:
                            pieces[location] = keep
                        groups[keep] = kept + moved
            searches.joined = (built, pieces, groups)
        return pieces

    def trade_connected(self, starts: tuple[str, ...]) -> list[str]:
        """The locations showing a market trade icon connected to any of ``starts``, in board order: printed ones
        (Birmingham's merchants, Lancashire's external markets) and, in Lancashire, any port tile of any owner,
        flipped or not (the board's pieces say which are connected, without a search)."""
        return list(self.coal_sources(starts)[1])

    def coal_sources(self, starts: tuple[str, ...]) -> ConnectedCoal:
        """Everywhere coal used at any of ``starts`` may come from: the coal mines with coal connected to any of them,
        nearest first (then in board order), and the trade places connected, in board order. The board's connected
        pieces say which mines and trade places are connected at all, without a search; distances are searched from
        the mines (a link joins both ways): a few mines are searched once per change of the links, where every
        consumer would be searched for each change of the coal. For one location (most consumers) the piece is one
        look-up."""
        by_piece = self._coal_pieces
        if not by_piece:                    # (checked here, as are the pieces: a lazy property would cost a call)
            self._find_coal_sources(by_piece)
        pieces = self._pieces or self.pieces()
        mines: Sequence[PieceMine]
        trade: Sequence[str]
        if len(starts) == 1:
            mines, trade = by_piece.get(pieces[starts[0]], NO_COAL_SOURCES)
        else:
            seen: list[str] = []
            mines, trade = [], []
            for start in starts:                        # (each piece once)
                piece = pieces[start]
                if piece not in seen:
                    seen.append(piece)
                    piece_mines, piece_trade = by_piece.get(piece, NO_COAL_SOURCES)
                    mines = [*mines, *piece_mines]
                    if piece_trade:
                        trade = piece_trade if not trade else sorted([*trade, *piece_trade],
                                                                     key=self.trade_places.index)
        if not mines:                                   # (most consumers: nothing to sort)
            return NO_MINES, trade
        order, found = self.board.slot_order, []
        if len(starts) == 1:                            # (each mine of the start's own piece reaches it)
            start = starts[0]
            for label, loc, tile, reach in mines:
                found.append(ConnectedMine(reach[start], order[label], label, loc, tile))
        else:
            for label, loc, tile, reach in mines:
                distance = len(reach)                   # (further than any location can be)
                for start in starts:
                    if reach.get(start, distance) < distance:
                        distance = reach[start]
                found.append(ConnectedMine(distance, order[label], label, loc, tile))
        found.sort()
        return found, trade

    def coal_at(self, location: str) -> bool:
        """Is coal to be had at ``location``: a coal mine with coal or a trade place connected to it?"""
        by_piece = self._coal_pieces
        if not by_piece:
            self._find_coal_sources(by_piece)
        return (self._pieces or self.pieces())[location] in by_piece

    def _find_coal_sources(self, by_piece: dict[str, CoalSources]) -> None:
        """Fill ``by_piece`` with the coal mines with coal, each with its distance to every location of its piece
        (see :meth:`reachable`), and the trade places of each connected piece of the board that has either, in board
        order (kept from one position to the next with the coal plans: a port tile changes coal's epoch too)."""
        pieces = self.pieces()
        for label, location, tile in self.holders("coal"):
            by_piece.setdefault(pieces[location], ([], []))[0].append((label, location, tile,
                                                                    self.reachable((location,))))
        for place in self.trade_places:
            by_piece.setdefault(pieces[place], ([], []))[1].append(place)

    @property
    def trade_places(self) -> tuple[str, ...]:
        """Every location showing a market trade icon now, in board order (printed ones, and port tiles)."""
        if self._trade_places is None:
            trade = self.state.facts.trade_industries
            if not trade:
                self._trade_places = self.board.trade_locations
            else:
                ports = {self.board.slot_of[label][0] for label, t in self.state.tiles.items() if t.industry in trade}
                self._trade_places = tuple(loc for loc in self.board.locations
                                           if loc in ports or self.board.locations[loc].trade_icon)
        return self._trade_places
