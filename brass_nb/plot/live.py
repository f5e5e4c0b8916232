"""Fast pictures for interactive use: a position put together from kept pieces, highlights drawn over it.

A position's pixels come from :mod:`brass_nb.plot.pieces` (the printed board with the pieces of the position laid
over it, each piece drawn once) and are kept while the position lasts; each highlight is drawn over a copy of them
(:meth:`LiveBoard.png`), or alone, as a small transparent picture to lay over the position's
(:meth:`LiveBoard.overlay`): a table then sends the position once and, for each preview, only the highlights.
Frames are PNG-encoded by libpng (through ``imagecodecs``) without row filters at zlib's fastest level: several
times faster than Pillow's encoder, which tries every PNG filter on every row; the files are a little bigger,
which a local kernel's socket does not notice.
"""
from __future__ import annotations

from typing import NamedTuple

import imagecodecs
import numpy as np

from brass_nb.explain import get_language
from brass_nb.plot import Highlight, draw_overlays, free_spots
from brass_nb.plot.pieces import Drawer, Sheet, sheet
from brass_nb.rules.game import Game


def encode_frame(pixels: np.ndarray) -> bytes:
    """RGBA pixels (top row first) as PNG bytes, quickly: no row filters, the fastest deflate level.

    RGBA as drawn: the constant alpha costs less to compress than a copy without it costs to make."""
    png: bytes = imagecodecs.png_encode(pixels, level=1, filter=imagecodecs.PNG.FILTER.NONE)
    return png


class Overlay(NamedTuple):
    """Highlights drawn alone, to lay over the position's picture: a transparent PNG and its place on the picture.

    Attributes:
        png: the PNG bytes, ``width`` pixels wide.
        left, top, width: where its top left corner goes on the picture, and its width, in the picture's pixels.
        picture_size: the width and height of the position's picture, in pixels.
    """

    png: bytes
    left: int
    top: int
    width: int
    picture_size: tuple[int, int]


class LiveBoard:
    """One game's picture, laid out again from kept pieces when the position changes, its highlights drawn over."""

    def __init__(self, game: Game, language: str | None = None):
        self.game = game
        self.language = language or get_language()
        self._key: tuple | None = None
        self._position: np.ndarray | None = None
        self._plain: bytes | None = None

    def _pixels(self) -> np.ndarray:
        key = (self.game.state.version, self.language)      # versions never repeat, undo included
        if key != self._key or self._position is None:
            self._position = sheet(self.game.facts, self.language).position(self.game.state)
            self._key, self._plain = key, None
        return self._position

    def _overlays(self, highlight: Highlight, network: int | None,
                  connected: str | None) -> tuple[Sheet, Drawer] | None:
        """The sheet and the drawing of these overlays on it; None when there are none."""
        if not highlight and network is None and connected is None:
            return None
        state = self.game.state
        surface = sheet(state.facts, self.language)
        spots = free_spots(state, surface.layout, self.language)
        return surface, lambda ax, _: draw_overlays(ax, state, surface.layout, spots, highlight, network, connected)

    def png(self, highlight: Highlight = None, network: int | None = None, connected: str | None = None) -> bytes:
        """The position with these overlays, as PNG bytes."""
        position = self._pixels()
        overlays = self._overlays(highlight, network, connected)
        if overlays is None:
            if self._plain is None:
                self._plain = encode_frame(position)
            return self._plain
        surface, drawer = overlays
        with surface.over(position, drawer) as frame:
            return encode_frame(frame)

    def overlay(self, highlight: Highlight = None, network: int | None = None,
                connected: str | None = None) -> Overlay | None:
        """These overlays alone, cut to the box they cover, to lay over :meth:`png` of the plain position; None when
        there is nothing to draw. Laid over it, they show what ``png(highlight, ...)`` shows, up to rounding."""
        overlays = self._overlays(highlight, network, connected)
        if overlays is None:
            return None
        surface, drawer = overlays
        drawn = surface.alone(drawer)
        if drawn is None:
            return None
        pixels, (y0, _, x0, x1) = drawn
        height, width = surface.pixels().shape[:2]
        return Overlay(encode_frame(pixels), x0, y0, x1 - x0, (width, height))
