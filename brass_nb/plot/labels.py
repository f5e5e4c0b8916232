"""Where words go on the map: text measured in board units, each label put at the first free spot around what it
names. Location names are placed once per game and language; badges of highlights as they are drawn.

Sizes come from matplotlib's own text layout (the fonts of :func:`style.font_family`), converted to board units
with the map's scale (:func:`geometry.frame_for`), so a placed label's rectangle is where it is drawn.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from brass_nb.plot import style
from brass_nb.plot.geometry import frame_for
from brass_nb.plot.layout import layout_for
from brass_nb.plot.words import WORDS
from brass_nb.rules.facts import GameFacts

Rect = tuple[float, float, float, float]  # x0, y0, x1, y1 in board units
NAME_PAD = 0.45                            # board units between a box and its name
MARGIN = 0.2                               # board units kept clear around every placed label


@cache
def _scratch() -> Figure:
    """A figure at 72 dpi, so that measured pixels are points."""
    fig = Figure(dpi=72)
    FigureCanvasAgg(fig)
    return fig


@lru_cache(maxsize=4096)
def text_size(text: str, fontsize: float, language: str, weight: str = "normal", slant: str = "normal"
              ) -> tuple[float, float]:
    """Width and height in points of ``text`` (one or more lines, centred) as the picture draws it."""
    fig = _scratch()
    with style.fonts(language):
        artist = fig.text(0, 0, text, fontsize=fontsize, fontweight=weight, style=slant, ha="center",
                          multialignment="center")
        box = artist.get_window_extent(fig.canvas.get_renderer())
        artist.remove()
    return box.width, box.height


def size_in_units(extent: tuple[float, float, float, float], text: str, fontsize: float, language: str,
                  weight: str = "normal", slant: str = "normal") -> tuple[float, float]:
    scale = frame_for(extent).points_per_unit
    width, height = text_size(text, fontsize, language, weight, slant)
    return width / scale, height / scale


def overlaps(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def grow(rect: Rect, margin: float) -> Rect:
    return (rect[0] - margin, rect[1] - margin, rect[2] + margin, rect[3] + margin)


def centre(rect: Rect) -> tuple[float, float]:
    return ((rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2)


def crosses(rect: Rect, segment: tuple[tuple[float, float], tuple[float, float]]) -> bool:
    """Whether a line segment passes through a rectangle (Liang–Barsky clipping)."""
    (x0, y0), (x1, y1) = segment
    dx, dy = x1 - x0, y1 - y0
    low, high = 0.0, 1.0
    for p, q in ((-dx, x0 - rect[0]), (dx, rect[2] - x0), (-dy, y0 - rect[1]), (dy, rect[3] - y0)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return False
    return True


def around(box: Rect, width: float, height: float, pad: float = NAME_PAD) -> list[Rect]:
    """Spots for a ``width`` × ``height`` label beside ``box``: above, below, right, left, then the corners."""
    x0, y0, x1, y1 = box
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    spots = [(mx - width / 2, y1 + pad), (mx - width / 2, y0 - pad - height), (x1 + pad, my - height / 2),
             (x0 - pad - width, my - height / 2), (x0, y1 + pad), (x1 - width, y1 + pad), (x0, y0 - pad - height),
             (x1 - width, y0 - pad - height), (x1 + pad, y1 - height), (x1 + pad, y0),
             (x0 - pad - width, y1 - height), (x0 - pad - width, y0)]
    return [(x, y, x + width, y + height) for x, y in spots]


class Spots:
    """The rectangles already taken on the map; a new label goes to the first free spot offered for it."""

    def __init__(self, bounds: Rect, taken: Iterable[Rect] = (), lines: Sequence = (), language: str = "en"):
        self.bounds = bounds
        self.taken = list(taken)
        self.lines = lines
        self.language = language  # of the words placed, for their measure

    def free(self, rect: Rect) -> bool:
        x0, y0, x1, y1 = self.bounds
        inside = x0 <= rect[0] and rect[2] <= x1 and y0 <= rect[1] and rect[3] <= y1
        return inside and not any(overlaps(grow(rect, MARGIN), other) for other in self.taken)

    def place(self, candidates: Sequence[Rect]) -> int:
        """Take the free candidate crossing the fewest lines (earlier wins a tie), or the first if none is free;
        returns its index."""
        free = [(sum(crosses(rect, line) for line in self.lines), i) for i, rect in enumerate(candidates)
                if self.free(rect)]
        chosen = min(free)[1] if free else 0
        self.taken.append(candidates[chosen])
        return chosen


@dataclass(frozen=True)
class Label:
    """A name on the map: its text (lines already broken) and the rectangle it fills (board units)."""

    text: str
    rect: Rect


def wrappings(name: str) -> list[str]:
    """The name on one line, then broken in two at the separator nearest its middle (hyphen, middle dot, space)."""
    cuts = [i + 1 for i, c in enumerate(name) if c in "-・ " and 0 < i < len(name) - 1]
    if not cuts:
        return [name]
    cut = min(cuts, key=lambda i: abs(2 * i - len(name)))
    return [name, name[:cut].rstrip() + "\n" + name[cut:].lstrip()]


def name_style(kind: str, language: str) -> dict:
    """Towns in bold (Latin script only: the Japanese font has no bold face), other places in italics."""
    return {"weight": "bold" if kind == "town" and language != "ja" else "normal",
            "slant": "normal" if kind == "town" else "italic"}


@lru_cache(maxsize=8)
def names_for(facts: GameFacts, language: str) -> dict[str, Label]:
    """Each location's name (a merchant's with its beer bonus below), at the first free spot around its box that
    crosses the fewest link lines; a name that fits nowhere on one line is tried broken in two."""
    layout = layout_for(facts)
    words = WORDS[language]
    shown = facts.translations.get(language, {})
    x0, x1, y0, y1 = layout.extent
    lines = [segment for segments in layout.link_visible.values() for segment in segments]
    spots = Spots((x0, y0, x1, y1), [grow(box, 0.15) for box in layout.boxes.values()], lines)
    wanted = {}
    for name, loc in facts.board.locations.items():
        texts = wrappings(shown.get(name, name))
        if loc.beer_bonus:
            kind, amount = loc.beer_bonus
            bonus = words["bonus"].format(bonus=words["bonuses"][kind].format(n=amount))
            texts = [f"{text}\n{bonus}" for text in texts]
        looks = name_style(loc.kind, language)
        wanted[name] = [(text, size_in_units(layout.extent, text, style.FONT, language, **looks)) for text in texts]
    placed = {}
    # the biggest names first: they have the fewest places to go
    for name in sorted(wanted, key=lambda n: -wanted[n][0][1][0] * wanted[n][0][1][1]):
        options = []
        for text, (width, height) in wanted[name]:
            spots_here = around(layout.boxes[name], width, height)
            side = layout.name_sides.get(name)
            if side is not None:
                spots_here.insert(0, spots_here.pop(side))
            options += [(text, rect) for rect in spots_here]
        text, rect = options[spots.place([rect for _, rect in options])]
        placed[name] = Label(text, rect)
    return placed
