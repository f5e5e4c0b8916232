"""How large the picture is shown and where its parts sit on the figure.

The picture is made for one display width: :data:`DISPLAY_WIDTH` CSS pixels, the board's share of a
1366×768 laptop screen in JupyterLab with the Explorer's controls beside it (about 500 px are left for them).
The figure is exactly that many CSS inches wide (96 CSS px to the inch), so a font size in points on the
figure is the size a learner sees; the PNG has :data:`PIXEL_DENSITY` pixels per CSS pixel, so it stays
sharp on high-density screens and when zoomed. No text is smaller than :data:`MIN_FONT` points.
"""
from __future__ import annotations

from dataclasses import dataclass

DISPLAY_WIDTH = 760
"""CSS pixels the picture is shown at (``<img width=760>``; Jupyter output metadata says the same)."""
PIXEL_DENSITY = 2
CSS_PX_PER_INCH = 96
DPI = CSS_PX_PER_INCH * PIXEL_DENSITY
MIN_FONT = 8.4
"""Points at the displayed size (8.4 pt = 11.2 CSS px): the smallest text on the picture. The Explorer may show the
picture narrower: beside its controls with JupyterLab's file browser open it keeps 620 px, where the text is 9.1 px."""

FIGURE_WIDTH = DISPLAY_WIDTH / CSS_PX_PER_INCH  # inches
MAP_HEIGHT = 6.5  # inches (624 CSS px): with the margins, the picture fits beside the controls on a 768 px screen
MARGIN = 0.05
PANEL_GAP = 0.1


@dataclass(frozen=True)
class Frame:
    """The figure's size (inches), its map and side-panel rectangles (figure fractions), and the map's scale."""

    size: tuple[float, float]
    map_rect: tuple[float, float, float, float]
    panel_rect: tuple[float, float, float, float]
    points_per_unit: float  # one board unit of the layout, in points on the figure (= on screen)


def frame_for(extent: tuple[float, float, float, float]) -> Frame:
    """The figure for a map of this extent (board units): the map as tall as :data:`MAP_HEIGHT`, the panel (title,
    markets, players, legends) beside it."""
    x0, x1, y0, y1 = extent
    map_width = MAP_HEIGHT * (x1 - x0) / (y1 - y0)
    height = MAP_HEIGHT + 2 * MARGIN
    width = FIGURE_WIDTH
    panel_left = MARGIN + map_width + PANEL_GAP
    return Frame(
        size=(width, height),
        map_rect=(MARGIN / width, MARGIN / height, map_width / width, MAP_HEIGHT / height),
        panel_rect=(panel_left / width, MARGIN / height, (width - panel_left - MARGIN) / width,
                    MAP_HEIGHT / height),
        points_per_unit=MAP_HEIGHT * 72 / (y1 - y0),
    )
