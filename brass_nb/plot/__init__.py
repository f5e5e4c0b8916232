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
from matplotlib import rc_context
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Patch

from brass_nb.explain import get_language
from brass_nb.plot import board, overlays, style
from brass_nb.plot.layout import layout_for
from brass_nb.plot.words import WORDS
from brass_nb.rules.facts import GameFacts
from brass_nb.rules.game import Game
from brass_nb.rules.records import Explanation, Step
from brass_nb.rules.state import State

LAYERS = ("static", "dynamic")

Highlight = Step | Explanation | Iterable[Step] | None

__all__ = ["draw", "draw_map", "png", "static_figure", "Picture"]


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
    x0, x1, y0, y1 = layout.extent
    ax.set_xlim(x0, x1)
    ax.set_ylim(y0, y1)
    ax.set_aspect("equal")
    ax.set_axis_off()
    if "static" in layers:
        board.draw_virtual_links(ax, state, layout)
    for layer in layers:
        board.draw_links(ax, state, layout, layer)
        board.draw_locations(ax, state, layout, language, layer)
    kinds: set[str] = set()
    if "dynamic" not in layers:
        return kinds
    if connected is not None:
        overlays.draw_connected(ax, state, layout, connected)
        kinds.add("connected")
    if network is not None:
        overlays.draw_network(ax, state, layout, network)
        kinds.add("network")
    for step in _steps(highlight):
        kinds |= overlays.draw_step(ax, state, layout, step)
    return kinds


def _figure(width: float) -> tuple[Figure, Axes, Axes, Axes]:
    """The figure and its three axes (map, markets, players); the same geometry for both layers."""
    fig = Figure(figsize=(width, width * 0.78), dpi=80)
    FigureCanvasAgg(fig)
    grid = fig.add_gridspec(2, 2, width_ratios=(3.1, 1), height_ratios=(1.35, 1), wspace=0.02, hspace=0.08,
                            left=0.01, right=0.99, top=0.95, bottom=0.02)
    return fig, fig.add_subplot(grid[:, 0]), fig.add_subplot(grid[0, 1]), fig.add_subplot(grid[1, 1])


def static_figure(facts: GameFacts, language: str, width: float = 11.0) -> Figure:
    """What the printed board shows, without any position: link spaces, locations, slots, names, prices."""
    blank = State(facts, max(facts.rules.player_counts), None)
    with rc_context({"font.family": style.font_family(language)}):
        fig, ax, markets, panel = _figure(width)
        draw_map(ax, blank, language=language, layers=("static",))
        board.draw_markets(markets, blank, language, "static")
        board.draw_players(panel, blank, None, language, "static")
        _legend(panel, facts, language)
    return fig


@lru_cache(maxsize=8)
def _background(facts: GameFacts, language: str, width: float) -> np.ndarray:
    fig = static_figure(facts, language, width)
    fig.canvas.draw()
    return np.asarray(fig.canvas.buffer_rgba()).copy()


def draw(position: Game | State, highlight: Highlight = None, network: int | None = None,
         connected: str | None = None, language: str | None = None, width: float = 11.0) -> Figure:
    """A figure of the whole position: the map, the coal and iron markets, and a panel per player.

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
    with rc_context({"font.family": style.font_family(language)}):
        fig, ax, markets, panel = _figure(width)
        fig.figimage(_background(state.facts, language, width), zorder=-1)
        kinds = draw_map(ax, state, highlight, network, connected, language, layers=("dynamic",))
        board.draw_markets(markets, state, language, "dynamic")
        board.draw_players(panel, state, state.current_player, language, "dynamic")
        if kinds:
            _overlay_legend(panel, kinds, language)
        fig.suptitle(_title(state, language), fontsize=11, x=0.02, ha="left")
    return fig


def _title(state: State, language: str) -> str:
    words = WORDS[language]
    game = state.facts.translations.get(language, {}).get(state.facts.title, state.facts.title)
    if state.over:
        return words["over"].format(game=game)
    return words["title"].format(game=game, era=words["era"][state.era], round=state.round,
                                 player=state.current_player + 1)


def _legend(ax: Axes, facts: GameFacts, language: str) -> None:
    """What the board's lines, tiles and colours mean."""
    words = WORDS[language]
    names = facts.translations.get(language, {})
    handles = [Line2D([], [], **dict(s), label=words["links"][key]) for key, s in style.LINK_STYLES.items()]
    unflipped, flipped, blank, none = words["tiles"]
    handles += [Patch(facecolor="white", edgecolor="#555555", linewidth=2, label=unflipped),
                Patch(facecolor="#555555", edgecolor="#555555", label=flipped)]
    if facts.board.merchants:
        handles += [Patch(facecolor="#555555", edgecolor="#8b7355", label=blank),
                    Patch(facecolor="#dddddd", edgecolor="#8b7355", label=none)]
    handles += [Patch(facecolor=style.INDUSTRY_COLORS[i], label=f"{style.INDUSTRY_GLYPHS[i]} {names.get(name, name)}")
                for i, name in facts.industry_names.items()]
    ax.legend(handles=handles, loc="lower left", fontsize=6.2, frameon=False, ncol=2, bbox_to_anchor=(0, 0.16))


def _overlay_legend(ax: Axes, kinds: set[str], language: str) -> None:
    """What the highlights mean, below the board's own legend."""
    words = WORDS[language]
    handles = []
    for kind in sorted(kinds):
        shape, colour = overlays.OVERLAY_LEGEND[kind]
        text = words["overlays"][kind]
        if shape == "line":
            handles.append(Line2D([], [], color=colour, linewidth=6, alpha=0.6, label=text))
        elif shape in ("ring", "dashed"):
            handles.append(Patch(facecolor="none", edgecolor=colour, linewidth=2,
                                 linestyle="--" if shape == "dashed" else "-", label=text))
        elif shape == "cross":
            handles.append(Line2D([], [], color=colour, marker="x", linestyle="none", markersize=7, label=text))
        else:
            handles.append(Patch(facecolor=colour, alpha=0.6 if shape == "halo" else 1, label=text))
    ax.legend(handles=handles, loc="lower left", fontsize=6.2, frameon=False, ncol=2, bbox_to_anchor=(0, -0.02))


def png(fig: Figure, dpi: int | None = None) -> bytes:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi)
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
