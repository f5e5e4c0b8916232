"""Fast pictures for interactive use: a position put together from kept pieces, highlights drawn over it.

A position's pixels come from :mod:`brass_nb.plot.pieces` (the printed board with the pieces of the position laid
over it, each piece drawn once) and are kept while the position lasts; each highlight is drawn over a copy of them.
Frames are PNG-encoded without row filters, deflated by zlib-ng at its fastest level (through ``imagecodecs``):
about ten times faster than Pillow's encoder, which tries every PNG filter on every row, and three times faster
than libpng with the classic zlib; the files are a fifth bigger, which a local kernel's socket does not notice.
"""
from __future__ import annotations

import struct
import zlib

import imagecodecs
import numpy as np

from brass_nb.explain import get_language
from brass_nb.plot import Highlight, draw_overlays, free_spots
from brass_nb.plot.pieces import sheet
from brass_nb.rules.game import Game


PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
RGBA_8BIT = (8, 6, 0, 0, 0)   # bit depth, colour type (RGBA), compression, filter method, no interlace


def encode_frame(pixels: np.ndarray) -> bytes:
    """RGBA pixels (top row first) as PNG bytes, quickly: each row with filter type 0 (none), all deflated at once.

    RGBA as drawn: the constant alpha costs less to compress than a copy without it costs to make."""
    height, width = pixels.shape[:2]
    rows = np.zeros((height, 1 + 4 * width), np.uint8)      # the first byte of each row: its filter type
    rows[:, 1:] = pixels.reshape(height, -1)
    return b"".join((PNG_SIGNATURE, _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, *RGBA_8BIT)),
                     _chunk(b"IDAT", imagecodecs.zlibng_encode(rows, level=1)), _chunk(b"IEND", b"")))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


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

    def png(self, highlight: Highlight = None, network: int | None = None, connected: str | None = None) -> bytes:
        """The position with these overlays, as PNG bytes."""
        position = self._pixels()
        if not highlight and network is None and connected is None:
            if self._plain is None:
                self._plain = encode_frame(position)
            return self._plain
        state = self.game.state
        surface = sheet(state.facts, self.language)
        spots = free_spots(state, surface.layout, self.language)
        with surface.over(position, lambda ax, _: draw_overlays(ax, state, surface.layout, spots, highlight,
                                                                 network, connected)) as frame:
            return encode_frame(frame)
