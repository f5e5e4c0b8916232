"""How things look: player colours, industry colours and glyphs, link styles. No rules, no positions."""
from __future__ import annotations

import importlib.util
import logging
from contextlib import AbstractContextManager
from functools import cache
from pathlib import Path

from matplotlib import font_manager, rc_context

from brass_nb.plot.geometry import MIN_FONT

PLAYER_COLORS = ("#0072b2", "#d55e00", "#009e73", "#cc79a7")
"""Player 1..4: blue, vermillion, bluish green, reddish purple, from the Okabe–Ito palette, which stays
distinct under the common colour-vision deficiencies; :data:`PLAYER_MARKERS` adds a shape to each."""
PLAYER_MARKERS = ("o", "s", "^", "D")
"""Player 1..4: circle, square, triangle, diamond: drawn on their tiles and links and in the player table."""

INDUSTRY_COLORS = {"cotton": "#f4b6c2", "manufacturer": "#a9d6f5", "pottery": "#e9c99a", "coal": "#8c8c8c",
                   "iron": "#f0a35e", "brewery": "#f3e27a", "port": "#9fd8cb", "shipyard": "#c5b3e6"}
CUBE_COLORS = {"coal": "#1a1a1a", "iron": "#d9661f", "beer": "#b5651d"}

LINK_STYLES = {  # (canal allowed, rail allowed) -> line style of an empty link space
    (True, True): {"color": "#9a9a9a", "linestyle": "-", "linewidth": 1.6},
    (True, False): {"color": "#3a7dc9", "linestyle": (0, (5, 3)), "linewidth": 1.6},
    (False, True): {"color": "#444444", "linestyle": (0, (1, 2)), "linewidth": 1.8},
}

HIGHLIGHT = "#f0e442"
"""Routes and sources used: Okabe–Ito yellow, which no player has; drawn with a dark edge to show on pale paper."""
HIGHLIGHT_EDGE = "#3d3d3d"
CONNECTED_COLOR = "#56b4e9"
REMOVED_COLOR = "#1a1a1a"

FONT = MIN_FONT       # points at the displayed size: every word on the picture
TITLE_FONT = 10.0


def font_family(language: str) -> list[str]:
    """Fonts for names in ``language``: DejaVu Sans, falling back to IPAexGothic for Japanese glyphs.

    The IPAexGothic file ships with the matplotlib-fontja package; it is registered without importing
    that package, whose import would change matplotlib's global font settings.
    """
    if language != "ja":
        return ["DejaVu Sans"]
    _register_japanese_font()
    return ["DejaVu Sans", "IPAexGothic"]


@cache
def _register_japanese_font() -> None:
    spec = importlib.util.find_spec("matplotlib_fontja")
    if spec and spec.submodule_search_locations:
        font_manager.fontManager.addfont(str(Path(spec.submodule_search_locations[0]) / "fonts" / "ipaexg.ttf"))
        # IPAexGothic has no bold face; bold Latin text falls back to DejaVu Sans as intended, so the
        # font manager's note about the missing face is noise for a learner.
        logging.getLogger("matplotlib.font_manager").addFilter(
            lambda record: "IPAexGothic" not in record.getMessage())


def fonts(language: str) -> AbstractContextManager:
    """Matplotlib settings for drawing words in ``language``."""
    return rc_context({"font.family": font_family(language)})


def player_color(player: int) -> str:
    return PLAYER_COLORS[player % len(PLAYER_COLORS)]


def player_marker(player: int) -> str:
    return PLAYER_MARKERS[player % len(PLAYER_MARKERS)]
