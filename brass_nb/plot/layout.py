"""Where things go on the picture: location centres, slot squares, link lines, label boxes (board units)."""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

from brass_nb.rules.facts import Board, GameFacts, LinkSpace, Location

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


Point = tuple[float, float]
Box = tuple[float, float, float, float]  # (x0, y0, x1, y1)


def _cells(loc: Location) -> list[tuple[int, int]]:
    """(column, row) of each square of a location: industry slots in a grid, merchant spaces in one row."""
    if loc.slots:
        return _grid(len(loc.slots))
    return [(i, 0) for i in range(len(loc.merchant_spaces))]


def _square_labels(board: Board, name: str, loc: Location) -> list[str]:
    """The labels of a location's squares, in the order of :func:`_cells`: slot labels, else ``Name[1]``..."""
    if loc.slots:
        return list(board.slot_labels[name])
    return [f"{name}[{i + 1}]" for i in range(len(loc.merchant_spaces))]


def _place_location(centre: Point, loc: Location, labels: list[str], slot: float
                    ) -> tuple[Box, Box | None, dict[str, Point]]:
    """Around ``centre``: the box of a location's squares, its cell of printed icons (if any), each square's centre.

    The squares sit in :func:`_cells` order, ``GAP`` apart; the icon cell, if the place prints link VP or a
    trade icon, is one more column on the right. The box is ``GAP`` wider than all of them on every side."""
    x, y = centre
    cells = _cells(loc)
    columns = max((c for c, _ in cells), default=-1) + 1
    rows = max((r for _, r in cells), default=0) + 1
    icon = ICON_CELL * slot if loc.link_vp or loc.trade_icon else 0.0
    cell_widths = [slot] * columns + ([icon] if icon else [])
    width = sum(cell_widths) + GAP * (len(cell_widths) - 1)
    height = rows * slot + (rows - 1) * GAP
    x0, y1 = x - width / 2, y + height / 2
    box = (x0 - GAP, y1 - height - GAP, x0 + width + GAP, y1 + GAP)
    icon_cell = (x0 + width - icon, y1 - height, x0 + width, y1) if icon else None
    squares = {label: (x0 + c * (slot + GAP) + slot / 2, y1 - r * (slot + GAP) - slot / 2)
               for label, (c, r) in zip(labels, cells, strict=False)}
    return box, icon_cell, squares


def _link_lines(link: LinkSpace, centres: dict[str, Point]) -> tuple[tuple[tuple[Point, Point], ...], Point]:
    """A link's segments between location centres, and its middle: for the three-way link, a segment from
    each end to a junction at the ends' mean, which is its middle."""
    ends = [centres[e] for e in link.ends]
    if len(ends) == 2:
        return ((ends[0], ends[1]),), ((ends[0][0] + ends[1][0]) / 2, (ends[0][1] + ends[1][1]) / 2)
    junction = (sum(p[0] for p in ends) / len(ends), sum(p[1] for p in ends) / len(ends))
    return tuple((end, junction) for end in ends), junction


def _visible_parts(link: LinkSpace, segments: tuple[tuple[Point, Point], ...], boxes: dict[str, Box]
                   ) -> tuple[tuple[Point, Point], ...]:
    """The parts of a link's segments outside the location boxes: between the two boxes, or for the three-way
    link from each end's box to the junction."""
    three_way = len(link.ends) > 2
    parts = []
    for (a, b), end in zip(segments, link.ends if three_way else link.ends[:1], strict=False):
        start = exit_point(a, b, boxes[end])
        stop = b if three_way else exit_point(b, a, boxes[link.ends[1]])
        parts.append((start, stop))
    return tuple(parts)


@cache
def layout_for(facts: GameFacts) -> Layout:
    """The positions of ``facts``'s board: centres from its JSON file, everything else worked out from them."""
    raw = json.loads(resources.files("brass_nb.plot").joinpath(f"{facts.game}.json").read_text(encoding="utf-8"))
    board: Board = facts.board
    centres = {name: tuple(xy) for name, xy in raw["positions"].items()}
    slot = raw.get("slot", 6.5)
    slots, boxes, icons = {}, {}, {}
    for name, loc in board.locations.items():
        boxes[name], icon_cell, squares = _place_location(centres[name], loc, _square_labels(board, name, loc), slot)
        if icon_cell:
            icons[name] = icon_cell
        slots.update(squares)
    lines = {link.index: _link_lines(link, centres) for link in board.links}
    link_segments = {index: segments for index, (segments, _) in lines.items()}
    link_mids = {index: middle for index, (_, middle) in lines.items()}
    visible = {link.index: _visible_parts(link, link_segments[link.index], boxes) for link in board.links}
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

