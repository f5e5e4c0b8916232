"""Where things go on the picture: location centres, slot squares, link lines, label boxes (board units)."""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

from brass_nb.rules.facts import Board, GameFacts

SLOT = 5.0
GAP = 0.5


@dataclass(frozen=True)
class Layout:
    """Positions for one game's board, read from ``brass_nb/plot/<game>.json``."""

    extent: tuple[float, float, float, float]
    centres: dict[str, tuple[float, float]]
    slots: dict[str, tuple[float, float]]        # slot label -> centre of its square
    boxes: dict[str, tuple[float, float, float, float]]  # location -> (x0, y0, x1, y1) around its squares
    link_segments: dict[int, tuple[tuple[tuple[float, float], tuple[float, float]], ...]]  # three-way: via a junction
    link_mids: dict[int, tuple[float, float]]
    link_badges: dict[int, tuple[float, float]]  # a point on the link clear of boxes and names, for its score
    link_visible: dict[int, tuple]  # the parts of each link's segments outside the location boxes

    def label_box(self, location: str, name: str, wide: bool = False) -> tuple[float, float, float, float]:
        """Rough extent of a location's name above its box (board units); ``wide`` for Japanese characters."""
        x, y = self.label_anchor(location)
        half = (1.45 if wide else 0.85) * len(name)
        return (x - half, y, x + half, y + 3.2)

    def label_anchor(self, location: str) -> tuple[float, float]:
        x0, _, x1, y1 = self.boxes[location]
        return ((x0 + x1) / 2, y1 + 0.6)


def _grid(n: int) -> list[tuple[int, int]]:
    """(column, row) of each of ``n`` squares: one row up to 2, else two rows of 2."""
    columns = n if n <= 2 else 2
    return [(i % columns, i // columns) for i in range(n)]


@cache
def layout_for(facts: GameFacts) -> Layout:
    raw = json.loads(resources.files("brass_nb.plot").joinpath(f"{facts.game}.json").read_text(encoding="utf-8"))
    board: Board = facts.board
    centres = {name: tuple(xy) for name, xy in raw["positions"].items()}
    slots, boxes = {}, {}
    for name, loc in board.locations.items():
        x, y = centres[name]
        count = len(loc.slots) or len(loc.merchant_spaces)
        cells = _grid(count) if loc.slots else [(i, 0) for i in range(count)]
        if cells:
            columns = max(c for c, _ in cells) + 1
            rows = max(r for _, r in cells) + 1
            width, height = columns * SLOT + (columns - 1) * GAP, rows * SLOT + (rows - 1) * GAP
        else:  # an off-map location: a small plate for its name and printed icons
            width, height = 2 * SLOT, 0.6 * SLOT
        x0, y1 = x - width / 2, y + height / 2
        boxes[name] = (x0 - GAP, y1 - height - GAP, x0 + width + GAP, y1 + GAP)
        labels = board.slot_labels[name] if loc.slots else [f"{name}[{i + 1}]" for i in range(count)]
        for label, (c, r) in zip(labels, cells, strict=True):
            slots[label] = (x0 + c * (SLOT + GAP) + SLOT / 2, y1 - r * (SLOT + GAP) - SLOT / 2)
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
        for (a, b), end in zip(link_segments[link.index], ends, strict=True):
            start = _exit(a, b, boxes[end])
            stop = _exit(b, a, boxes[link.ends[1]]) if len(link.ends) == 2 else b
            parts.append((start, stop))
        visible[link.index] = tuple(parts)
    layout = Layout(tuple(raw["extent"]), centres, slots, boxes, link_segments, link_mids, {}, visible)
    obstacles = list(boxes.values()) + [layout.label_box(name, name) for name in board.locations]
    for link in board.links:
        (a, b), *_ = link_segments[link.index]
        candidates = [link_mids[link.index]] if len(link.ends) > 2 else [
            (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
            for t in (0.5, 0.4, 0.6, 0.32, 0.68, 0.25, 0.75, 0.2, 0.8)]
        layout.link_badges[link.index] = next(
            (p for p in candidates if not any(_near(p, box) for box in obstacles)), candidates[0])
    return layout


def _exit(inside: tuple[float, float], outside: tuple[float, float], box: tuple[float, float, float, float]
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


def _near(point: tuple[float, float], box: tuple[float, float, float, float], margin: float = 1.5) -> bool:
    x, y = point
    x0, y0, x1, y1 = box
    return x0 - margin <= x <= x1 + margin and y0 - margin <= y <= y1 + margin
