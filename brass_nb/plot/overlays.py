"""Highlights drawn over a position from explanation records and teaching queries.

Each overlay reads a :class:`~brass_nb.rules.records.Step` (its rule id, facts and entities) and
draws what that step used: the coal route, the ranked candidate mines, the sources of iron and
beer, the score of each link, the tiles that leave the board. Nothing here decides anything.
"""
from __future__ import annotations

from collections.abc import Callable

from matplotlib import patheffects
from matplotlib.axes import Axes
from matplotlib.lines import Line2D
from matplotlib.patches import FancyBboxPatch, Rectangle

from brass_nb.plot import style
from brass_nb.plot.labels import Rect, Spots, around, centre, overlaps, size_in_units
from brass_nb.plot.layout import Layout, exit_point
from brass_nb.plot.words import WORDS
from brass_nb.rules.records import Step
from brass_nb.rules.state import State
from brass_nb.rules.view import View

EDGED = [patheffects.Stroke(linewidth=4.6, foreground=style.HIGHLIGHT_EDGE), patheffects.Normal()]
"""A dark rim under highlight rings, so that the yellow shows on pale paper as on dark tiles."""


def _ring_slot(ax: Axes, layout: Layout, slot: str, gid: str, colour: str = style.HIGHLIGHT) -> None:
    if slot not in layout.slots:
        return
    x, y = layout.slots[slot]
    half = layout.slot / 2 + 0.7
    ring = Rectangle((x - half, y - half), 2 * half, 2 * half, facecolor="none", edgecolor=colour, linewidth=2.6,
                     zorder=8, path_effects=EDGED)
    ring.set_gid(gid)
    ax.add_artist(ring)


def _ring_location(ax: Axes, layout: Layout, location: str, gid: str, colour: str = style.HIGHLIGHT,
                   linestyle: str | tuple = "-", fill: str = "none", alpha: float = 1.0) -> None:
    x0, y0, x1, y1 = layout.boxes[location]
    ring = FancyBboxPatch((x0 - 1.0, y0 - 1.0), x1 - x0 + 2.0, y1 - y0 + 2.0,
                          boxstyle="round,pad=0.2,rounding_size=1.5", facecolor=fill, edgecolor=colour,
                          linewidth=2.4, linestyle=linestyle, alpha=alpha, zorder=2.5,
                          path_effects=EDGED if colour == style.HIGHLIGHT else None)
    ring.set_gid(gid)
    ax.add_artist(ring)


def _glow_link(ax: Axes, layout: Layout, index: int, gid: str, colour: str = style.HIGHLIGHT, width: float = 9.0,
               above: bool = True) -> None:
    """A wide translucent line along a link: above built links for routes, below them for connections."""
    for (x0, y0), (x1, y1) in layout.link_visible[index]:
        line = Line2D([x0, x1], [y0, y1], color=colour, linewidth=width, alpha=0.75 if above else 0.45,
                      zorder=2.5 if above else 1.5, solid_capstyle="round")
        line.set_gid(gid)
        ax.add_artist(line)


BADGE_PAD = 0.6  # board units of the badge's coloured box around its words


def _badge(ax: Axes, layout: Layout, spots: Spots, text: str, gid: str, beside: tuple[Rect, ...] = (),
           centres: tuple[tuple[float, float], ...] = (), colour: str = "#222222", pointer: bool = False,
           ink: str = "white") -> None:
    """Words on a coloured box at the first free spot: beside one of the rectangles ``beside``, else at one of
    ``centres``. With ``pointer``, a thin line joins the badge to the first rectangle (what it labels)."""
    width, height = size_in_units(layout.extent, text, style.FONT, spots.language, weight="bold")
    width, height = width + 2 * BADGE_PAD, height + 2 * BADGE_PAD
    rects = [rect for box in beside for rect in around(box, width, height, pad=0.6)]
    rects += [(x - width / 2, y - height / 2, x + width / 2, y + height / 2) for x, y in centres]
    x, y = centre(rects[spots.place(rects)])
    label = ax.text(x, y, text, ha="center", va="center", fontsize=style.FONT, fontweight="bold", color=ink,
                    zorder=9, bbox={"boxstyle": "round,pad=0.25", "facecolor": colour, "edgecolor": "white"})
    label.set_gid(gid)
    if pointer and not overlaps(beside[0], (x, y, x, y)):
        px, py = exit_point(centre(beside[0]), (x, y), beside[0])
        ax.add_artist(Line2D([px, x], [py, y], color=colour, linewidth=1.2, zorder=8.5))


def _slot_rect(layout: Layout, slot: str) -> Rect:
    x, y = layout.slots[slot]
    half = layout.slot / 2
    return (x - half, y - half, x + half, y + half)


def _along(layout: Layout, index: int) -> tuple[tuple[float, float], ...]:
    """Points for a badge on a link: along its visible part, middle first, then beside it on either side."""
    (x0, y0), (x1, y1) = layout.link_visible[index][0]
    length = max(((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5, 1e-9)
    across = ((y0 - y1) / length, (x1 - x0) / length)
    points = []
    for offset in (0.0, 3.0, -3.0, 5.0, -5.0):
        points += [(x0 + t * (x1 - x0) + offset * across[0], y0 + t * (y1 - y0) + offset * across[1])
                   for t in (0.5, 0.35, 0.65, 0.2, 0.8)]
    return tuple(points)


def _links_of(entities: tuple[str, ...]) -> list[int]:
    return [int(e.split(":", 1)[1]) for e in entities if e.startswith("link:")]


OVERLAY_LEGEND = {  # kind -> (legend shape, colour); the words are in brass_nb.plot.words
    "route": ("line", style.HIGHLIGHT),
    "source": ("ring", style.HIGHLIGHT),
    "rank": ("badge", "#222222"),
    "score": ("badge", "#555555"),
    "removed": ("cross", style.REMOVED_COLOR),
    "network": ("dashed", "#555555"),
    "connected": ("halo", style.CONNECTED_COLOR),
}


def _draw_route(ax: Axes, state: State, layout: Layout, step: Step, spots: Spots) -> set[str]:
    """Coal or beer taken: the links crossed, the source, and how many links away it was."""
    facts = step.facts
    for index in _links_of(step.entities):
        _glow_link(ax, layout, index, f"route:link:{index}")
    _ring_slot(ax, layout, facts["source"], f"source:{facts['source']}")
    route = facts.get("route") or []
    if len(route) > 1:
        text = WORDS[spots.language]["links_away"][len(route) == 2].format(n=len(route) - 1)
        _badge(ax, layout, spots, text, "route:distance", beside=(layout.boxes[route[-1]],), colour="#6b5600")
    return {"route", "source"}


def _draw_ranked_mines(ax: Axes, state: State, layout: Layout, step: Step, spots: Spots) -> set[str]:
    """Candidate coal mines, nearest first: ``#rank · distance`` beside each (equal distances share a rank)."""
    candidates = step.facts.get("candidates") or step.facts.get("mines") or []
    rank, last = 0, None
    for c in candidates:
        if c["distance"] != last:
            rank, last = rank + 1, c["distance"]
        location = state.facts.board.slot_of[c["source"]][0]
        _badge(ax, layout, spots, f"#{rank} · {c['distance']}", f"rank:{c['source']}",
               beside=(_slot_rect(layout, c["source"]), layout.boxes[location]), pointer=True)
    return {"rank"}


def _draw_sources(ax: Axes, state: State, layout: Layout, step: Step, spots: Spots) -> set[str]:
    """Iron works or breweries that could supply: a ring on each."""
    facts = step.facts
    for c in facts.get("candidates") or facts.get("own", []) + facts.get("connected", []):
        _ring_slot(ax, layout, c["source"], f"source:{c['source']}")
    return {"source"}


def _draw_source(ax: Axes, state: State, layout: Layout, step: Step, spots: Spots) -> set[str]:
    """The one tile a resource was taken from: a ring on it."""
    _ring_slot(ax, layout, step.facts["source"], f"source:{step.facts['source']}")
    return {"source"}


def _draw_merchants(ax: Axes, state: State, layout: Layout, step: Step, spots: Spots) -> set[str]:
    """Merchants used (to sell, or reached for market coal): a ring on each merchant's place."""
    facts = step.facts
    for merchant in facts.get("merchants") or [facts["merchant"].split("[")[0]]:
        _ring_location(ax, layout, merchant, f"merchant-used:{merchant}")
    return {"source"}


def _draw_link_score(ax: Axes, state: State, layout: Layout, step: Step, spots: Spots) -> set[str]:
    """The VP a link scores, on the link, in its owner's colour."""
    index = _links_of(step.entities)[0]
    text = WORDS[spots.language]["vp"].format(n=step.facts["vp"])
    _badge(ax, layout, spots, text, f"score:link:{index}", centres=_along(layout, index),
           colour=style.player_color(step.facts["owner"]))
    return {"score"}


def _draw_industry_score(ax: Axes, state: State, layout: Layout, step: Step, spots: Spots) -> set[str]:
    """The VP a flipped tile scores, beside it, in its owner's colour."""
    slot = step.facts["slot"]
    location = state.facts.board.slot_of[slot][0]
    _badge(ax, layout, spots, f"+{step.facts['vp']}", f"score:{slot}",
           beside=(_slot_rect(layout, slot), layout.boxes[location]),
           colour=style.player_color(step.facts["owner"]), pointer=True)
    return {"score"}


def _draw_removed(ax: Axes, state: State, layout: Layout, step: Step, spots: Spots) -> set[str]:
    """Tiles that leave the board at the end of the canal era: a cross over each."""
    for slot in step.facts["slots"]:
        x0, y0, x1, y1 = _slot_rect(layout, slot)
        for ends in (([x0, x1], [y0, y1]), ([x0, x1], [y1, y0])):
            cross = Line2D(*ends, color=style.REMOVED_COLOR, linewidth=2.4, zorder=8,
                           path_effects=[patheffects.Stroke(linewidth=4.4, foreground="white"), patheffects.Normal()])
            cross.set_gid(f"removed:{slot}")
            ax.add_artist(cross)
    return {"removed"}


def _draw_entities(ax: Axes, state: State, layout: Layout, step: Step, spots: Spots) -> set[str]:
    """Any other step: a highlight on each link, slot and location it names."""
    for entity in step.entities:
        if entity.startswith("link:"):
            _glow_link(ax, layout, int(entity[5:]), f"highlight:{entity}")
        elif entity in layout.slots:
            _ring_slot(ax, layout, entity, f"highlight:{entity}")
        elif entity in layout.boxes:
            _ring_location(ax, layout, entity, f"highlight:{entity}")
    return {"source"} if step.entities else set()


StepDrawing = Callable[[Axes, State, Layout, Step, Spots], set[str]]

STEP_DRAWINGS: dict[str, StepDrawing] = {  # rule id -> how to draw its step; any other rule: _draw_entities
    "coal.take": _draw_route,
    "beer.take": _draw_route,
    "coal.nearest": _draw_ranked_mines,
    "query.coal_sources": _draw_ranked_mines,
    "iron.works": _draw_sources,
    "beer.sources": _draw_sources,
    "iron.take": _draw_source,
    "coal.market": _draw_merchants,
    "sell.merchant": _draw_merchants,
    "score.link": _draw_link_score,
    "score.industry": _draw_industry_score,
    "era.remove_level1": _draw_removed,
}


def draw_step(ax: Axes, state: State, layout: Layout, step: Step, spots: Spots) -> set[str]:
    """Draw what one step used, according to its rule id; returns the overlay kinds drawn (for the legend).

    Badges go to free ``spots`` (clear of boxes, names and earlier badges) and take their room there."""
    return STEP_DRAWINGS.get(step.rule, _draw_entities)(ax, state, layout, step, spots)


def draw_network(ax: Axes, state: State, layout: Layout, player: int) -> None:
    """A player's network: dashed rings in their colour around locations with their tiles or link ends."""
    colour = style.player_color(player)
    for location in sorted(View(state).network(player)):
        _ring_location(ax, layout, location, f"network:{location}", colour=colour, linestyle=(0, (3, 2)))


def draw_connected(ax: Axes, state: State, layout: Layout, location: str, spots: Spots) -> None:
    """Everything connected to ``location`` by anyone's links: pale blue halos, distances, and the links used."""
    reach = View(state).reachable((location,))
    for other, distance in reach.items():
        _ring_location(ax, layout, other, f"connected:{other}", colour=style.CONNECTED_COLOR,
                       fill=style.CONNECTED_COLOR, alpha=0.25)
        _badge(ax, layout, spots, f"{distance}", f"distance:{other}", beside=(layout.boxes[other],),
               colour="white", ink="#0b4f7a")
    for index in state.links:
        if any(end in reach for end in state.facts.board.links[index].ends):
            _glow_link(ax, layout, index, f"connected-link:{index}", colour=style.CONNECTED_COLOR, width=11.0,
                       above=False)
