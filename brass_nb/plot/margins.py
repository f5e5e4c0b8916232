"""A review's plot: every player's expected margin over the game, one line each, the reviewed player's decisive
moments marked. Reads only :meth:`brass_nb.bots.reviews.Review.to_dict`; the words come from
:mod:`brass_nb.explain.review`."""
from __future__ import annotations

import io

from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from brass_nb.explain import language_or_default
from brass_nb.explain.review import words_of
from brass_nb.plot import style

SIZE = (7.0, 3.6)
"""A notebook cell's plot, in inches."""
NEAR = 0.05
"""Decisive moments closer than this share of the game's decisions have their numbers on either side."""
LABEL_BOX = {"boxstyle": "round,pad=0.1", "facecolor": "white", "edgecolor": "none", "alpha": 0.8}
"""Behind a decisive moment's number: readable where a line crosses it."""
LEGEND_GAP = 0.03
"""Between the legend and the highest line, as a share of the plot's height."""
DECISIVE_COLOR = "#1a1a1a"
"""The decisive moments' rings: dark, apart from every player's colour."""


class MarginsFigure(Figure):
    """A figure that shows itself as a picture in a notebook even when pyplot was never imported (IPython draws
    a plain :class:`Figure` as a picture only once matplotlib's inline backend has been set up)."""

    def _repr_png_(self) -> bytes:
        buffer = io.BytesIO()
        self.savefig(buffer, format="png")
        return buffer.getvalue()


def plot_margins(record: dict, language: str | None = None, ax: Axes | None = None,
                 size: tuple[float, float] = SIZE) -> Figure:
    """Draw the record's margins on ``ax`` (a new figure of ``size`` inches when None); returns the figure. Each
    line's gid is ``margin-<player>``, the decisive moments' ``decisive``."""
    language = language_or_default(language)
    words = words_of(language)
    with style.fonts(language):
        if ax is None:
            figure = MarginsFigure(figsize=size, dpi=100)
            FigureCanvasAgg(figure)
            ax = figure.add_subplot()
        numbers = [point["number"] for point in record["margins"]]
        for player in range(record["players"]):
            values = [point["margins"][player] for point in record["margins"]]
            ax.plot(numbers, values, color=style.player_color(player), marker=style.player_marker(player),
                    markevery=max(1, len(numbers) // 12), markersize=4, linewidth=1.6,
                    label=words["player"](player), gid=f"margin-{player}")
        decisive = record["decisive"]
        if decisive:
            at = {point["number"]: point["margins"][record["player"]] for point in record["margins"]}
            ax.scatter([d["number"] for d in decisive], [at[d["number"]] for d in decisive], s=90,
                       facecolors="none", edgecolors=DECISIVE_COLOR, linewidths=1.6, zorder=3, gid="decisive",
                       label=words["plot_decisive"].format(player=words["player"](record["player"])))
            last, above = None, False
            for number in sorted(d["number"] for d in decisive):
                # a number close to the last one labelled goes on the other side of its ring, not over that label
                above = not above if last is not None and number - last < NEAR * len(numbers) else True
                ax.annotate(str(number), (number, at[number]), textcoords="offset points",
                            xytext=(0, 8 if above else -8), ha="center", va="bottom" if above else "top",
                            fontsize=style.FONT, bbox=LABEL_BOX)
                last = number
        ax.axhline(0.0, color="#9a9a9a", linewidth=0.8)
        ax.set_title(words["plot_title"], fontsize=style.TITLE_FONT)
        ax.set_xlabel(words["plot_x"], fontsize=style.FONT)
        ax.set_ylabel(words["plot_y"], fontsize=style.FONT)
        ax.tick_params(labelsize=style.FONT)
        figure = ax.get_figure()
        figure.tight_layout()
        # the legend in as few rows as fit the plot's width, in a band of its own: the lines are drawn under it
        for columns in range(record["players"] + bool(decisive), 0, -1):
            legend = ax.legend(fontsize=style.FONT, loc="upper left", ncols=columns, columnspacing=1.0,
                               handlelength=1.5, handletextpad=0.4)
            if legend.get_window_extent().x1 <= ax.get_window_extent().x1:
                break
        bottom = legend.get_window_extent().transformed(ax.transAxes.inverted()).y0 - LEGEND_GAP
        low, high = ax.get_ylim()
        ax.set_ylim(low, low + (high - low) / max(bottom, 0.5))
    return figure
