"""Fast redraws for interactive use: draw a position once, then only its highlights on top.

The board, tiles, markets and panels are rendered once per position and kept as a pixel
background; each new highlight restores that background and draws just the overlay artists
(matplotlib's blitting), so a widget can show a different step in a fraction of a full drawing.
"""
from __future__ import annotations

from matplotlib.figure import Figure

from brass_nb.explain import get_language
from brass_nb.plot import Highlight, draw, draw_overlays, encode, free_spots, style
from brass_nb.plot.layout import layout_for
from brass_nb.rules.game import Game


class LiveBoard:
    """One game's picture, redrawn cheaply as the highlight changes and fully when the position does."""

    def __init__(self, game: Game, language: str | None = None):
        self.game = game
        self.language = language or get_language()
        self._key: tuple | None = None
        self._figure: Figure | None = None
        self._background = None

    def _base(self) -> Figure:
        key = (self.game.state.version, self.language)      # versions never repeat, undo included
        if key != self._key:
            self._figure = draw(self.game, language=self.language)
            self._figure.canvas.draw()
            self._background = self._figure.canvas.copy_from_bbox(self._figure.bbox)
            self._key = key
        return self._figure

    def png(self, highlight: Highlight = None, network: int | None = None, connected: str | None = None) -> bytes:
        """The position with these overlays, as PNG bytes."""
        fig = self._base()
        canvas = fig.canvas
        canvas.restore_region(self._background)
        ax = fig.axes[0]
        state = self.game.state
        layout = layout_for(state.facts)
        before = set(ax.get_children())
        with style.fonts(self.language):                  # badges and labels in the learner's script
            draw_overlays(ax, state, layout, free_spots(state, layout, self.language), highlight, network, connected)
            added = sorted((a for a in ax.get_children() if a not in before), key=lambda a: a.get_zorder())
            for artist in added:
                ax.draw_artist(artist)
                artist.remove()
        return encode(canvas)
