"""Pictures of a position with matplotlib, and highlights of explanation steps. Reads state and records only.

    fig = brass_nb.plot.draw(game)                                   # the position
    fig = brass_nb.plot.draw(game, highlight=explanation)            # what each step used
    fig = brass_nb.plot.draw(game, network=0, connected="Walsall")   # your network vs connected
"""
from __future__ import annotations

import io
from collections.abc import Iterable
from functools import lru_cache

import numpy as np
from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.legend import Legend
from matplotlib.lines import Line2D
from matplotlib.patches import Patch
from PIL import Image

from brass_nb.explain import get_language
from brass_nb.plot import board, overlays, style
from brass_nb.plot.geometry import DISPLAY_WIDTH, DPI, frame_for
from brass_nb.plot.labels import Spots, names_for
from brass_nb.plot.layout import Layout, layout_for
from brass_nb.plot.words import WORDS
from brass_nb.rules.facts import GameFacts
from brass_nb.rules.game import Game
from brass_nb.rules.records import Explanation, Step
from brass_nb.rules.state import State

LAYERS = ("static", "dynamic")

Highlight = Step | Explanation | Iterable[Step] | None

__all__ = ["DISPLAY_WIDTH", "draw", "draw_map", "encode", "png", "static_figure", "Picture"]


def _steps(highlight: Highlight) -> list[Step]:
    if highlight is None:
        return []
    if isinstance(highlight, Step):
        return [highlight]
    if isinstance(highlight, Explanation):
        return list(highlight.steps)
    return list(highlight)


def draw_map(ax: Axes, position: Game | State, highlight: Highlight = None, network: int | None = None,
             connected: str | None = None, language: str | None = None, layers: tuple[str, ...] = LAYERS
             ) -> set[str]:
    """Draw the board of ``position`` on ``ax`` (links, locations, tiles, merchants) with any overlays.

    Returns the kinds of overlay drawn (keys of :data:`overlays.OVERLAY_LEGEND`).
    """
    state = position.state if isinstance(position, Game) else position
    language = language or get_language()
    layout = layout_for(state.facts)
    frame_map(ax, layout)
    if "static" in layers:
        board.draw_virtual_links(ax, state, layout)
    for layer in layers:
        board.draw_links(ax, state, layout, layer)
        board.draw_locations(ax, state, layout, language, layer)
    if "dynamic" not in layers:
        return set()
    return draw_overlays(ax, state, layout, free_spots(state, layout, language), highlight, network, connected)


def frame_map(ax: Axes, layout: Layout) -> None:
    """Make the map's data units the layout's board units, over its whole extent, with no axis drawn."""
    x0, x1, y0, y1 = layout.extent
    ax.set_xlim(x0, x1)
    ax.set_ylim(y0, y1)
    ax.set_aspect("equal")
    ax.set_axis_off()


def free_spots(state: State, layout: Layout, language: str) -> Spots:
    """The map's room for the words of highlights: everything but the location boxes and names."""
    x0, x1, y0, y1 = layout.extent
    taken = list(layout.boxes.values()) + [label.rect for label in names_for(state.facts, language).values()]
    return Spots((x0, y0, x1, y1), taken, language=language)


def draw_overlays(ax: Axes, state: State, layout: Layout, spots: Spots, highlight: Highlight = None,
                  network: int | None = None, connected: str | None = None) -> set[str]:
    """The teaching overlays over a drawn position; returns their kinds (keys of :data:`overlays.OVERLAY_LEGEND`)."""
    kinds: set[str] = set()
    if connected is not None:
        overlays.draw_connected(ax, state, layout, connected, spots)
        kinds.add("connected")
    if network is not None:
        overlays.draw_network(ax, state, layout, network)
        kinds.add("network")
    for step in _steps(highlight):
        kinds |= overlays.draw_step(ax, state, layout, step, spots)
    return kinds


def blank_figure(facts: GameFacts) -> tuple[Figure, Axes, Axes]:
    """The figure and its two axes (map, side panel); the same geometry for both layers."""
    frame = frame_for(layout_for(facts).extent)
    fig = Figure(figsize=frame.size, dpi=DPI)
    FigureCanvasAgg(fig)
    return fig, fig.add_axes(frame.map_rect), fig.add_axes(frame.panel_rect)


def static_figure(facts: GameFacts, language: str) -> Figure:
    """What the printed board shows, without any position: link spaces, locations, slots, icons, prices."""
    blank = State(facts, max(facts.rules.player_counts), None)
    with style.fonts(language):
        fig, ax, panel = blank_figure(facts)
        draw_map(ax, blank, language=language, layers=("static",))
        board.draw_markets(panel, blank, language, "static")
        board.draw_players(panel, blank, None, language, "static")
        _legend(panel, facts, language)
    return fig


@lru_cache(maxsize=8)
def printed_board_pixels(facts: GameFacts, language: str) -> np.ndarray:
    """The printed board's pixels, bottom row first (as the renderer takes them)."""
    fig = static_figure(facts, language)
    fig.canvas.draw()
    return np.asarray(fig.canvas.buffer_rgba())[::-1].copy()


class _Pixels(Artist):
    """Ready pixels put down at the figure's corner as they are: unlike ``figimage``, nothing is resampled, which
    saves most of the time of drawing the printed board under a position (at :data:`geometry.DPI`)."""

    def __init__(self, pixels: np.ndarray):
        super().__init__()
        self.pixels = pixels
        self.set_zorder(-1)

    def draw(self, renderer) -> None:
        gc = renderer.new_gc()
        renderer.draw_image(gc, 0, 0, self.pixels)
        gc.restore()


def draw(position: Game | State, highlight: Highlight = None, network: int | None = None,
         connected: str | None = None, language: str | None = None) -> Figure:
    """A figure of the whole position: the map, the coal and iron markets, the players and a legend.

    The figure is made to be shown :data:`DISPLAY_WIDTH` CSS pixels wide (see :mod:`brass_nb.plot.geometry`).
    The printed board is rendered once per game and language (:func:`static_figure`) and reused as
    the figure's background; only what the position adds is drawn each time.

    Args:
        highlight: a step, an explanation or steps to draw over the board (coal route, sources, scores...).
        network: a player index: ring the locations of that player's network (dashed, in their colour).
        connected: a location: shade everything connected to it by anyone's links (green, with distances).
        language: "en" or "ja" for every word on the picture (default: ``brass_nb.explain.set_language``).
    """
    state = position.state if isinstance(position, Game) else position
    language = language or get_language()
    with style.fonts(language):
        fig, ax, panel = blank_figure(state.facts)
        fig.add_artist(_Pixels(printed_board_pixels(state.facts, language)))
        kinds = draw_map(ax, state, highlight, network, connected, language, layers=("dynamic",))
        board.draw_markets(panel, state, language, "dynamic")
        board.draw_players(panel, state, state.current_player, language, "dynamic")
        if kinds:
            overlay_legend(panel, kinds, language)
        draw_title(panel, state, language)
    return fig


def draw_title(panel: Axes, state: State, language: str) -> None:
    """The game, era, round and player to move, at the top of the side panel."""
    panel.text(0, 0, _title(state, language), ha="left", va="top", fontsize=style.TITLE_FONT,
               color=board.INK).set_gid("title")


def _title(state: State, language: str) -> str:
    words = WORDS[language]
    game = state.facts.translations.get(language, {}).get(state.facts.title, state.facts.title)
    if state.over:
        return words["over"].format(game=game)
    return words["title"].format(game=game, era=words["era"][state.era], round=state.round,
                                 player=state.current_player + 1)


def _legend(ax: Axes, facts: GameFacts, language: str) -> None:
    """What the board's lines, tiles, icons and colours mean, under the player table."""
    words = WORDS[language]
    names = facts.translations.get(language, {})
    _, height = board.setup_panel(ax)
    top = board.panel_rows(facts)["legend"]
    handles = [Line2D([], [], **dict(s), label=words["links"][key]) for key, s in style.LINK_STYLES.items()]
    unflipped, flipped, blank, none = words["tiles"]
    handles += [Patch(facecolor="white", edgecolor="#555555", linewidth=2, label=unflipped),
                Patch(facecolor="#555555", edgecolor="#555555", label=flipped)]
    if facts.board.merchants:
        handles += [Patch(facecolor="#555555", edgecolor="#8b7355", label=blank),
                    Patch(facecolor="#dddddd", edgecolor="#8b7355", label=none)]
    link_icons, trade, number = words["icons"]
    handles += [Line2D([], [], marker="h", markersize=9, color="#3d3d3d", linestyle="none", label=link_icons),
                Line2D([], [], marker="$⇄$", markersize=8, color="#6b4f2a", linestyle="none", label=trade),
                Line2D([], [], marker="$1$", markersize=6, color="#555555", linestyle="none", label=number)]
    first = _place_legend(ax, handles, top / height, columns=1)
    renderer = ax.figure.canvas.get_renderer()
    below = 1 - (first.get_window_extent(renderer).transformed(ax.transAxes.inverted()).y0 - 0.01)
    glyphs = WORDS[language]["glyphs"]
    handles = [Patch(facecolor=style.INDUSTRY_COLORS[i], label=f"{glyphs[i]} {names.get(name, name)}")
               for i, name in facts.industry_names.items()]
    _place_legend(ax, handles, below, columns=2)


def _place_legend(ax: Axes, handles: list, top: float, columns: int) -> Legend:
    """A legend with its top ``top`` (a share of the panel's height, from its top) down, in the picture's font."""
    legend = Legend(ax, handles, [h.get_label() for h in handles], loc="upper left", bbox_to_anchor=(0, 1 - top),
                    fontsize=style.FONT, frameon=False, ncols=columns, borderpad=0, borderaxespad=0,
                    handlelength=1.6, handletextpad=0.5, labelspacing=0.35, columnspacing=0.8)
    ax.add_artist(legend)
    return legend


def overlay_legend(ax: Axes, kinds: set[str], language: str) -> None:
    """What the highlights mean, at the bottom of the side panel."""
    words = WORDS[language]
    handles = []
    for kind in sorted(kinds):
        shape, colour = overlays.OVERLAY_LEGEND[kind]
        text = words["overlays"][kind]
        if shape == "line":
            handles.append(Line2D([], [], color=colour, linewidth=6, alpha=0.8, label=text))
        elif shape in ("ring", "dashed"):
            handles.append(Patch(facecolor="none", edgecolor=colour, linewidth=2,
                                 linestyle="--" if shape == "dashed" else "-", label=text))
        elif shape == "cross":
            handles.append(Line2D([], [], color=colour, marker="x", linestyle="none", markersize=7, label=text))
        else:
            handles.append(Patch(facecolor=colour, alpha=0.6 if shape == "halo" else 1, label=text))
    legend = Legend(ax, handles, [h.get_label() for h in handles], loc="lower left", bbox_to_anchor=(0, 0),
                    fontsize=style.FONT, frameon=False, borderpad=0, borderaxespad=0, handlelength=1.6,
                    handletextpad=0.5, labelspacing=0.35)
    legend.set_gid("overlay-legend")
    ax.add_artist(legend)


def png(fig: Figure, dpi: int | None = None) -> bytes:
    """The figure as PNG bytes, at :data:`geometry.DPI` (twice the display density) unless told otherwise."""
    if dpi is not None and dpi != fig.dpi:
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png", dpi=dpi)
        return buffer.getvalue()
    fig.canvas.draw()
    return encode(fig.canvas)


def encode(canvas: FigureCanvasAgg) -> bytes:
    """What the canvas shows, as PNG bytes that state their pixel density (:data:`geometry.DPI`).

    The picture is opaque, so RGB is enough; zlib's fastest level makes files hardly bigger (flat colours)
    and encodes several times faster than the default.
    """
    buffer = io.BytesIO()
    image = Image.frombuffer("RGBA", canvas.get_width_height(), canvas.buffer_rgba(), "raw", "RGBA", 0, 1)
    image.convert("RGB").save(buffer, format="png", compress_level=1, dpi=(DPI, DPI))
    return buffer.getvalue()


class Picture:
    """A position drawn on demand; shows itself in Jupyter and hands out its matplotlib figure."""

    def __init__(self, position: Game | State, **options):
        self.position = position
        self.options = options

    def figure(self) -> Figure:
        return draw(self.position, **self.options)

    def __repr__(self) -> str:
        shown = [f"{k}={v!r}" for k, v in self.options.items() if v is not None and k != "highlight"]
        steps = len(_steps(self.options.get("highlight")))
        if steps:
            shown.append(f"{steps} highlighted steps")
        return f"<picture of {self.position!r}{': ' + ', '.join(shown) if shown else ''}>"

    def _repr_png_(self) -> bytes:
        return png(self.figure())

    def _repr_mimebundle_(self, include=None, exclude=None) -> tuple[dict, dict]:
        """The PNG with the width to show it at, so that Jupyter draws it at :data:`DISPLAY_WIDTH` CSS pixels."""
        return {"image/png": self._repr_png_()}, {"image/png": {"width": DISPLAY_WIDTH}}
