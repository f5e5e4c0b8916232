"""Highlights drawn over a position from explanation records and teaching queries.

Each overlay reads a :class:`~brass_nb.rules.records.Step` (its rule id, facts and entities) and
draws what that step used: the coal route, the ranked candidate mines, the sources of iron and
beer, the score of each link, the tiles that leave the board. Nothing here decides anything.
"""
from __future__ import annotations

from matplotlib.axes import Axes
from matplotlib.lines import Line2D
from matplotlib.patches import FancyBboxPatch, Rectangle

from brass_nb.plot import style
from brass_nb.plot.board import LABEL_BOX
from brass_nb.plot.layout import SLOT, Layout
from brass_nb.rules.records import Step
from brass_nb.rules.state import State
from brass_nb.rules.view import View


def _ring_slot(ax: Axes, layout: Layout, slot: str, gid: str, colour: str = style.HIGHLIGHT) -> None:
    if slot not in layout.slots:
        return
    x, y = layout.slots[slot]
    ring = Rectangle((x - SLOT / 2 - 0.7, y - SLOT / 2 - 0.7), SLOT + 1.4, SLOT + 1.4, facecolor="none",
                     edgecolor=colour, linewidth=2.6, zorder=8)
    ring.set_gid(gid)
    ax.add_artist(ring)


def _ring_location(ax: Axes, layout: Layout, location: str, gid: str, colour: str = style.HIGHLIGHT,
                   linestyle: str | tuple = "-", fill: str = "none", alpha: float = 1.0) -> None:
    x0, y0, x1, y1 = layout.boxes[location]
    ring = FancyBboxPatch((x0 - 1.0, y0 - 1.0), x1 - x0 + 2.0, y1 - y0 + 2.0,
                          boxstyle="round,pad=0.2,rounding_size=1.5", facecolor=fill, edgecolor=colour,
                          linewidth=2.4, linestyle=linestyle, alpha=alpha, zorder=2.5)
    ring.set_gid(gid)
    ax.add_artist(ring)


def _glow_link(ax: Axes, layout: Layout, index: int, gid: str, colour: str = style.HIGHLIGHT, width: float = 9.0,
               above: bool = True) -> None:
    """A wide translucent line along a link: above built links for routes, below them for connections."""
    for (x0, y0), (x1, y1) in layout.link_visible[index]:
        line = Line2D([x0, x1], [y0, y1], color=colour, linewidth=width, alpha=0.6, zorder=2.5 if above else 1.5,
                      solid_capstyle="round")
        line.set_gid(gid)
        ax.add_artist(line)


def _badge(ax: Axes, xy: tuple[float, float], text: str, gid: str, colour: str = "#222222") -> None:
    label = ax.text(xy[0], xy[1], text, ha="center", va="center", fontsize=6.5, fontweight="bold", color="white",
                    zorder=9, bbox={"boxstyle": "round,pad=0.25", "facecolor": colour, "edgecolor": "white"})
    label.set_gid(gid)


def _links_of(entities: tuple[str, ...]) -> list[int]:
    return [int(e.split(":", 1)[1]) for e in entities if e.startswith("link:")]


OVERLAY_LEGEND = {  # kind -> (legend shape, colour); the words are in brass_nb.plot.words
    "route": ("line", style.HIGHLIGHT),
    "source": ("ring", style.HIGHLIGHT),
    "rank": ("badge", "#222222"),
    "score": ("badge", "#555555"),
    "removed": ("cross", "#d00000"),
    "network": ("dashed", "#555555"),
    "connected": ("halo", style.CONNECTED_COLOR),
}


def draw_step(ax: Axes, state: State, layout: Layout, step: Step) -> set[str]:
    """Draw what one step used, according to its rule id; returns the overlay kinds drawn (for the legend)."""
    rule, facts = step.rule, step.facts
    if rule in ("coal.take", "beer.take"):
        for index in _links_of(step.entities):
            _glow_link(ax, layout, index, f"route:link:{index}")
        _ring_slot(ax, layout, facts["source"], f"source:{facts['source']}")
        route = facts.get("route") or []
        if len(route) > 1:
            x0, y0, x1, y1 = layout.boxes[route[-1]]
            _badge(ax, (x1 + 3.5, (y0 + y1) / 2), f"{len(route) - 1} link{'s' if len(route) != 2 else ''}",
                   "route:distance", colour="#8a6d00")
        return {"route", "source"}
    if rule == "coal.nearest" or rule == "query.coal_sources":
        candidates = facts.get("candidates") or facts.get("mines") or []
        rank, last = 0, None
        for c in candidates:
            if c["distance"] != last:
                rank, last = rank + 1, c["distance"]
            x, y = layout.slots[c["source"]]
            _badge(ax, (x - SLOT / 2, y + SLOT / 2), f"#{rank} · {c['distance']}", f"rank:{c['source']}")
        return {"rank"}
    if rule in ("iron.works", "beer.sources"):
        sources = facts.get("candidates") or facts.get("own", []) + facts.get("connected", [])
        for c in sources:
            _ring_slot(ax, layout, c["source"], f"source:{c['source']}")
        return {"source"}
    if rule == "iron.take":
        _ring_slot(ax, layout, facts["source"], f"source:{facts['source']}")
        return {"source"}
    if rule in ("coal.market", "sell.merchant"):
        for merchant in facts.get("merchants") or [facts["merchant"].split("[")[0]]:
            _ring_location(ax, layout, merchant, f"merchant-used:{merchant}")
        return {"source"}
    if rule == "score.link":
        index = _links_of(step.entities)[0]
        _badge(ax, layout.link_badges[index], f"{facts['vp']} VP", f"score:link:{index}",
               colour=style.player_color(facts["owner"]))
        return {"score"}
    if rule == "score.industry":
        x, y = layout.slots[facts["slot"]]
        _badge(ax, (x, y - SLOT / 2 - 1.0), f"+{facts['vp']}", f"score:{facts['slot']}",
               colour=style.player_color(facts["owner"]))
        return {"score"}
    if rule == "era.remove_level1":
        for slot in facts["slots"]:
            x, y = layout.slots[slot]
            for dx in (-1, 1):
                cross = Line2D([x - SLOT / 2, x + SLOT / 2], [y - dx * SLOT / 2, y + dx * SLOT / 2], color="#d00000",
                               linewidth=2.2, zorder=8)
                cross.set_gid(f"removed:{slot}")
                ax.add_artist(cross)
        return {"removed"}
    for entity in step.entities:
        if entity.startswith("link:"):
            _glow_link(ax, layout, int(entity[5:]), f"highlight:{entity}")
        elif entity in layout.slots:
            _ring_slot(ax, layout, entity, f"highlight:{entity}")
        elif entity in layout.boxes:
            _ring_location(ax, layout, entity, f"highlight:{entity}")
    return {"source"} if step.entities else set()


def draw_network(ax: Axes, state: State, layout: Layout, player: int) -> None:
    """A player's network: dashed rings in their colour around locations with their tiles or link ends."""
    colour = style.player_color(player)
    for location in sorted(View(state).network(player)):
        _ring_location(ax, layout, location, f"network:{location}", colour=colour, linestyle=(0, (3, 2)))


def draw_connected(ax: Axes, state: State, layout: Layout, location: str) -> None:
    """Everything connected to ``location`` by anyone's links: green halos, distances, and the links used."""
    reach = View(state).reachable((location,))
    for other, distance in reach.items():
        _ring_location(ax, layout, other, f"connected:{other}", colour=style.CONNECTED_COLOR,
                       fill=style.CONNECTED_COLOR, alpha=0.25)
        x0, y0, x1, _ = layout.boxes[other]
        ax.text(x1 + 0.4, y0 - 0.4, f"{distance}", fontsize=7 if distance else 8.5, color="#1b6e1b",
                fontweight="bold", zorder=9, bbox=LABEL_BOX).set_gid(f"distance:{other}")
    for index in state.links:
        if any(end in reach for end in state.facts.board.links[index].ends):
            _glow_link(ax, layout, index, f"connected-link:{index}", colour=style.CONNECTED_COLOR, width=11.0,
                       above=False)
