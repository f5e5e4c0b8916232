"""A position put together from kept pieces, for pictures that change a move at a time.

What a position adds to the printed board is cut into pieces: each built link, each tile, each merchant's spaces,
the location names, the markets, the player table and the title. A piece is drawn once for what it shows (its key
names exactly what its drawing reads), on a transparent figure of the picture's geometry, and kept as the pixels it
covers. A position is then the printed board's pixels with its pieces laid over them in drawing order: after a
move only the pieces that changed are drawn, so the picture costs a few milliseconds instead of a whole drawing.
The result matches :func:`brass_nb.plot.draw` pixel for pixel up to rounding (``tests/test_plot_live.py``).
"""
from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from functools import lru_cache
from itertools import groupby

import numpy as np
from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.collections import Collection
from matplotlib.transforms import Bbox

from brass_nb.plot import blank_figure, board, draw_title, frame_map, printed_board_pixels, style
from brass_nb.plot.layout import layout_for
from brass_nb.plot.words import WORDS
from brass_nb.rules.facts import GameFacts
from brass_nb.rules.state import State

PIECES_KEPT = 2000
"""Pieces kept per game and language: a whole game's worth (tiles, links, tables of each move)."""
REACH = 16
"""Pixels a drawing can reach beyond its artists' extents (half a 5 pt line at 192 dpi, marker edges, smoothing)."""

Drawer = Callable[[Axes, Axes], None]   # draws one piece on (map, side panel)
Box = tuple[int, int, int, int]         # rows y0:y1, columns x0:x1 of the picture


class Layer:
    """The pixels one piece draws at one zorder: which bytes of the picture's RGB channels they cover, their
    colours premultiplied by alpha, and 255 - alpha for each of those bytes."""

    __slots__ = ("where", "colour", "rest")

    def __init__(self, rgba: np.ndarray, box: Box):
        """The drawn pixels of ``rgba`` (top row first) within ``box``."""
        y0, y1, x0, x1 = box
        rows, columns = np.nonzero(rgba[y0:y1, x0:x1, 3])
        pixels = ((rows + y0) * rgba.shape[1] + columns + x0).astype(np.int32)
        self.where = (pixels[:, None] * 4 + np.arange(3, dtype=np.int32)).ravel()   # R, G, B bytes of each
        covered = rgba[rows + y0, columns + x0].astype(np.uint16)
        alpha = covered[:, 3:]
        self.colour = (covered[:, :3] * alpha).ravel()
        self.rest = np.repeat(255 - alpha, 3, axis=1).ravel()

    def lay_on(self, picture: np.ndarray) -> None:
        """Blend onto opaque RGBA pixels (flattened to bytes) as Agg blends a drawing onto its canvas:
        ``(colour * alpha + under * (255 - alpha)) / 255``, rounded, the division done with shifts."""
        blended = self.colour + picture.take(self.where).astype(np.uint16) * self.rest + 128
        picture[self.where] = (blended + (blended >> 8)) >> 8


Piece = list[tuple[tuple[int, float], Layer]]
"""A piece's layers, each under its place in matplotlib's drawing order: (axes: 0 map, 1 panel; zorder)."""


class Sheet:
    """One game's and one language's drawing surface: a transparent figure of the picture's geometry, the printed
    board's pixels, and the pieces drawn so far."""

    def __init__(self, facts: GameFacts, language: str):
        self.facts = facts
        self.language = language
        self.layout = layout_for(facts)
        with style.fonts(language):
            self.figure, self.map, self.panel = blank_figure(facts)
            frame_map(self.map, self.layout)
            board.setup_panel(self.panel)
            self.figure.patch.set_alpha(0)
            self.figure.canvas.draw()                 # fixes the map's aspect and makes the renderer
        self.renderer = self.figure.canvas.get_renderer()
        self.renderer.clear()
        self.printed = np.ascontiguousarray(printed_board_pixels(facts, language)[::-1])
        self._pieces: OrderedDict[Hashable, Piece] = OrderedDict()

    def pixels(self) -> np.ndarray:
        """The renderer's pixels (top row first), writable: what the next drawing lands on."""
        return np.asarray(self.renderer.buffer_rgba())

    def _added(self, drawer: Drawer) -> list[Artist]:
        """Run ``drawer`` on the map and panel; the artists it added, in matplotlib's drawing order."""
        before = {id(a) for a in self.map.get_children() + self.panel.get_children()}
        drawer(self.map, self.panel)
        added = [a for a in self.map.get_children() + self.panel.get_children() if id(a) not in before]
        return sorted(added, key=self._order)

    def _order(self, artist: Artist) -> tuple[int, float]:
        return (artist.axes is self.panel, artist.get_zorder())

    @contextmanager
    def over(self, position: np.ndarray, drawer: Drawer) -> Iterator[np.ndarray]:
        """The pixels of ``position`` with what ``drawer`` adds rendered over them, while the block runs (the sheet
        is cleared after, for the next piece)."""
        pixels = self.pixels()
        np.copyto(pixels, position)
        try:
            with style.fonts(self.language):
                for artist in self._added(drawer):
                    artist.draw(self.renderer)
                    artist.remove()
            yield pixels
        finally:
            self.renderer.clear()

    def alone(self, drawer: Drawer) -> tuple[np.ndarray, Box] | None:
        """What ``drawer`` adds, rendered alone on the cleared sheet: a copy of the pixels of the box that holds it
        (RGBA, top row first, transparent where nothing is drawn; see :meth:`_box`) and that box; None when it
        adds nothing. The sheet is cleared after."""
        try:
            with style.fonts(self.language):
                added = self._added(drawer)
                for artist in added:
                    artist.draw(self.renderer)
                box = self._box(added) if added else None
                for artist in added:
                    artist.remove()
            if box is None:
                return None
            y0, y1, x0, x1 = box
            return self.pixels()[y0:y1, x0:x1].copy(), box
        finally:
            self.renderer.clear()

    def _box(self, artists: list[Artist]) -> Box:
        """The rows and columns that drawing ``artists`` can have touched."""
        reach = Bbox.union([self._extent(a) for a in artists]).padded(REACH)
        height, width = self.pixels().shape[:2]
        return (max(0, int(height - reach.y1)), min(height, int(height - reach.y0) + 1),
                max(0, int(reach.x0)), min(width, int(reach.x1) + 1))

    def _extent(self, artist: Artist) -> Bbox:
        """Where ``artist`` is drawn, in pixels from the bottom left (a collection's from its paths, since
        matplotlib gives none for collections without offsets)."""
        if isinstance(artist, Collection):
            return Bbox.union([path.get_extents(artist.get_transform()) for path in artist.get_paths()])
        return artist.get_window_extent(self.renderer)

    def _draw_piece(self, drawer: Drawer) -> Piece:
        """Each zorder of what ``drawer`` adds rendered alone on the cleared sheet, and cleared again after."""
        added = self._added(drawer)
        pixels = self.pixels()
        piece: Piece = []
        for order, group in groupby(added, key=self._order):
            artists = list(group)
            for artist in artists:
                artist.draw(self.renderer)
            box = self._box(artists)
            piece.append((order, Layer(pixels, box)))
            pixels[box[0]:box[1], box[2]:box[3]] = 0
        for artist in added:
            artist.remove()
        return piece

    def piece(self, key: Hashable, drawer: Drawer) -> Piece:
        found = self._pieces.get(key)
        if found is None:
            found = self._pieces[key] = self._draw_piece(drawer)
            while len(self._pieces) > PIECES_KEPT:
                self._pieces.popitem(last=False)
        else:
            self._pieces.move_to_end(key)
        return found

    def position(self, state: State) -> np.ndarray:
        """The printed board with everything ``state`` adds: RGBA pixels, top row first, opaque.

        The layers of all pieces are laid in matplotlib's order: the map before the panel, lower zorders first,
        and pieces of one zorder in the order a full drawing adds them."""
        with style.fonts(self.language):
            layers = [(order, n, layer) for n, (key, drawer) in enumerate(pieces_of(state, self.language))
                      for order, layer in self.piece(key, drawer)]
        out = self.printed.copy()
        picture = out.reshape(-1)
        for _, _, layer in sorted(layers, key=lambda item: item[:2]):
            layer.lay_on(picture)
        return out


@lru_cache(maxsize=8)
def sheet(facts: GameFacts, language: str) -> Sheet:
    return Sheet(facts, language)


def pieces_of(state: State, language: str) -> Iterator[tuple[Hashable, Drawer]]:
    """Each piece of ``state`` with a key naming all that its drawing reads, in the order a full drawing adds
    them: links, names, merchants, tiles, then the side panel."""
    layout = layout_for(state.facts)
    glyphs = WORDS[language]["glyphs"]
    for index, owner in sorted(state.links.items()):
        yield ("link", index, owner), lambda ax, _, i=index: board.draw_built_link(ax, state, layout, i)
    yield ("names",), lambda ax, _: board.draw_names(ax, state, layout, language)
    for name in state.facts.board.merchants:
        count = len(state.facts.board.locations[name].merchant_spaces)
        spaces = (state.merchants.get(f"{name}[{i + 1}]") for i in range(count))
        shown = tuple((s.buys, s.beer) if s is not None else None for s in spaces)
        yield ("merchants", name, shown), lambda ax, _, at=name: board.draw_merchant_tiles(ax, state, layout, at,
                                                                                             language)
    for label, tile in state.tiles.items():
        yield (("tile", label, tile.owner, tile.industry, tile.level, tile.flipped, tile.cubes),
               lambda ax, _, at=label: board.draw_tile(ax, state, layout, at, glyphs))
    distant = state.distant
    far = (distant.marker, distant.closed, len(distant.tiles), len(distant.drawn)) if distant else None
    yield (("markets", tuple(sorted(state.markets.items())), far),
           lambda _, panel: board.draw_markets(panel, state, language, "dynamic"))
    table = tuple((p.money, p.income_level, p.income_space, p.vp, len(p.hand), p.spent_this_round)
                  for p in state.players)
    yield (("players", state.current_player, table),
           lambda _, panel: board.draw_players(panel, state, state.current_player, language, "dynamic"))
    yield ("title", state.over, state.era, state.round, state.current_player), \
        lambda _, panel: draw_title(panel, state, language)
