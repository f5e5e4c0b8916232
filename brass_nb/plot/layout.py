"""Where things go on the picture: location centres, slot squares, link lines, label boxes (board units)."""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

from brass_nb.rules.facts import Board, GameFacts

GAP = 0.5
ICON_CELL = 0.8  # width of the cell for printed icons (link VP, trade), as a share of a slot


@dataclass(frozen=True)
class Layout:
    """Positions for one game's board, read from ``brass_nb/plot/<game>.json``."""

    extent: tuple[float, float, float, float]
    slot: float                                  # side of a slot square
    centres: dict[str, tuple[float, float]]
    slots: dict[str, tuple[float, float]]        # slot label -> centre of its square
    boxes: dict[str, tuple[float, float, float, float]]  # location -> (x0, y0, x1, y1) around its squares
    link_segments: dict[int, tuple[tuple[tuple[float, float], tuple[float, float]], ...]]  # three-way: via a junction
    link_mids: dict[int, tuple[float, float]]
    link_visible: dict[int, tuple]  # the parts of each link's segments outside the location boxes
    icons: dict[str, tuple[float, float, float, float]]  # merchant / external place -> its cell of printed icons
    name_sides: dict[str, int]  # location -> preferred spot for its name (an index of labels.around), if any


def _grid(n: int) -> list[tuple[int, int]]:
    """(column, row) of each of ``n`` squares: one row up to 2, else two rows of 2."""
    columns = n if n <= 2 else 2
    return [(i % columns, i // columns) for i in range(n)]


@cache
def layout_for(facts: GameFacts) -> Layout:
    raw = json.loads(resources.files("brass_nb.plot").joinpath(f"{facts.game}.json").read_text(encoding="utf-8"))
    board: Board = facts.board
    centres = {name: tuple(xy) for name, xy in raw["positions"].items()}
    slot = raw.get("slot", 6.5)
    slots, boxes, icons = {}, {}, {}
    for name, loc in board.locations.items():
        x, y = centres[name]
        count = len(loc.slots) or len(loc.merchant_spaces)
        cells = _grid(count) if loc.slots else [(i, 0) for i in range(count)]
        columns = max((c for c, _ in cells), default=-1) + 1
        rows = max((r for _, r in cells), default=0) + 1
        icon = ICON_CELL * slot if loc.link_vp or loc.trade_icon else 0.0
        cell_widths = [slot] * columns + ([icon] if icon else [])
        width = sum(cell_widths) + GAP * (len(cell_widths) - 1)
        height = rows * slot + (rows - 1) * GAP
        x0, y1 = x - width / 2, y + height / 2
        boxes[name] = (x0 - GAP, y1 - height - GAP, x0 + width + GAP, y1 + GAP)
        if icon:
            icons[name] = (x0 + width - icon, y1 - height, x0 + width, y1)
        labels = board.slot_labels[name] if loc.slots else [f"{name}[{i + 1}]" for i in range(count)]
        for label, (c, r) in zip(labels, cells, strict=False):
            slots[label] = (x0 + c * (slot + GAP) + slot / 2, y1 - r * (slot + GAP) - slot / 2)
    link_segments, link_mids = {}, {}
    for link in board.links:
        ends = [centres[e] for e in link.ends]
        if len(ends) == 2:
            link_segments[link.index] = ((ends[0], ends[1]),)
            link_mids[link.index] = ((ends[0][0] + ends[1][0]) / 2, (ends[0][1] + ends[1][1]) / 2)
        else:
            junction = (sum(p[0] for p in ends) / len(ends), sum(p[1] for p in ends) / len(ends))
            link_segments[link.index] = tuple((end, junction) for end in ends)
            link_mids[link.index] = junction
    visible = {}
    for link in board.links:
        ends = link.ends if len(link.ends) > 2 else link.ends[:1]
        parts = []
        for (a, b), end in zip(link_segments[link.index], ends, strict=False):
            start = exit_point(a, b, boxes[end])
            stop = exit_point(b, a, boxes[link.ends[1]]) if len(link.ends) == 2 else b
            parts.append((start, stop))
        visible[link.index] = tuple(parts)
    return Layout(tuple(raw["extent"]), slot, centres, slots, boxes, link_segments, link_mids, visible, icons,
                  raw.get("name_sides", {}))


def exit_point(inside: tuple[float, float], outside: tuple[float, float], box: tuple[float, float, float, float]
          ) -> tuple[float, float]:
    """Where the segment from ``inside`` (in ``box``) towards ``outside`` leaves the box."""
    (x, y), (dx, dy) = inside, (outside[0] - inside[0], outside[1] - inside[1])
    x0, y0, x1, y1 = box
    t = 1.0
    if dx:
        t = min(t, ((x1 if dx > 0 else x0) - x) / dx)
    if dy:
        t = min(t, ((y1 if dy > 0 else y0) - y) / dy)
    return (x + t * dx, y + t * dy)

