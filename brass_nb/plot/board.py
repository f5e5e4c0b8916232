"""Draw a position: link spaces and links, locations with their slots and tiles, merchants, markets, players.

Each part is drawn in two layers: ``"static"`` (what the printed board shows: link spaces, location
boxes, empty slots with their numbers, printed icons, market prices, headings) and ``"dynamic"`` (what the position
adds: links, tiles, cubes, merchant tiles, names, market cubes, players). :func:`brass_nb.plot.draw` renders the static
layer once per game and language and reuses its pixels. Artists are added with ``add_artist`` (the
axes limits are fixed by the layout), which skips matplotlib's data-limit updates.

Every artist that stands for a board thing gets a ``gid`` (``"link:12"``, ``"tile:Dudley[1]"``,
``"label:Dudley"``...), so tests and overlays can find exactly what was drawn.
"""
from __future__ import annotations

import matplotlib.colors as mcolors
from matplotlib.axes import Axes
from matplotlib.collections import PatchCollection
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, FancyBboxPatch, Rectangle

from brass_nb.explain.numerals import roman
from brass_nb.plot import style
from brass_nb.plot.labels import centre, name_style, names_for, text_size
from brass_nb.plot.layout import Layout
from brass_nb.plot.words import WORDS
from brass_nb.rules.facts import GameFacts
from brass_nb.rules.state import State

INK = "#222222"
PAPER = {"town": "#fbf8f1", "outside": "#efe6d2"}
EDGE = {"town": "#6b6b6b", "outside": "#8b7355"}
PAD = 0.35  # board units between a slot's edge and the words inside it


def _owner_marker(player: int, size: float) -> dict:
    """Line2D keywords for a player's second cue: their shape in their colour, edged in white."""
    return {"marker": style.player_marker(player), "markersize": size, "color": style.player_color(player),
            "markerfacecolor": style.player_color(player),
            "markeredgecolor": "white", "markeredgewidth": 0.8, "linestyle": "none"}


def _link_icon(ax: Axes, xy: tuple[float, float], icons: int, gid: str, size: float = 13.0) -> None:
    """A link VP icon: a dark hexagon with the number of icons, as a flipped tile or a merchant prints it."""
    hexagon = Line2D([xy[0]], [xy[1]], marker="h", markersize=size, color="#3d3d3d", markerfacecolor="#3d3d3d",
                     markeredgecolor="white", markeredgewidth=0.6, linestyle="none", zorder=6)
    hexagon.set_gid(gid)
    ax.add_artist(hexagon)
    ax.text(xy[0], xy[1], str(icons), ha="center", va="center", fontsize=style.FONT, color="white",
            fontweight="bold", zorder=7).set_gid(f"{gid}:n")


def draw_links(ax: Axes, state: State, layout: Layout, layer: str) -> None:
    """Static: every link space in its era style. Dynamic: built links (:func:`draw_built_link`)."""
    for link in state.facts.board.links:
        if layer == "static":
            space = dict(style.LINK_STYLES[(link.canal, link.rail)], zorder=1, alpha=0.9)
            _draw_link(ax, link.ends, layout, link.index, space, layout.link_segments[link.index],
                       f"link:{link.index}")
        elif link.index in state.links:
            draw_built_link(ax, state, layout, link.index)


def draw_built_link(ax: Axes, state: State, layout: Layout, index: int) -> None:
    """A built link, thick in the owner's colour with the owner's shape, running from box edge to box edge so
    that it never covers a location drawn underneath."""
    owner = state.links[index]
    kwargs = {"color": style.player_color(owner), "linewidth": 5.0, "zorder": 2, "solid_capstyle": "butt"}
    segments = layout.link_visible[index]
    _draw_link(ax, state.facts.board.links[index].ends, layout, index, kwargs, segments, f"built:{index}")
    (x0, y0), (x1, y1) = segments[0]
    mark = Line2D([(x0 + x1) / 2], [(y0 + y1) / 2], **_owner_marker(owner, 6.5), zorder=3)
    mark.set_gid(f"owner:link:{index}")
    ax.add_artist(mark)


def _draw_link(ax: Axes, ends: tuple[str, ...], layout: Layout, index: int, kwargs: dict, segments: tuple,
               gid: str) -> None:
    """The segments of one link in one style, and the junction where a three-way link meets."""
    for (x0, y0), (x1, y1) in segments:
        line = Line2D([x0, x1], [y0, y1], **kwargs)
        line.set_gid(gid)
        ax.add_artist(line)
    if len(ends) > 2:
        x, y = layout.link_mids[index]
        junction = Circle((x, y), 0.9, facecolor="white", edgecolor=kwargs["color"], linewidth=1.5, zorder=3)
        junction.set_gid(f"junction:{index}")
        ax.add_artist(junction)


def draw_virtual_links(ax: Axes, state: State, layout: Layout) -> None:
    """Warfrog 2007's Liverpool-Birkenhead link: a thin dotted line, since it lets an industry card build there but
    connects nothing (Roxley's edition has none)."""
    for ends in state.facts.virtual_links:
        (x0, y0), (x1, y1) = (layout.centres[e] for e in ends[:2])
        line = Line2D([x0, x1], [y0, y1], color="#9a9a9a", linewidth=0.8, linestyle=(0, (1, 3)), zorder=1)
        line.set_gid(f"virtual:{'-'.join(ends)}")
        ax.add_artist(line)


def draw_locations(ax: Axes, state: State, layout: Layout, language: str, layer: str) -> None:
    """Static: boxes, empty slots with their numbers and industries, printed icons. Dynamic: names, merchant
    tiles and beer, industry tiles."""
    board = state.facts.board
    glyphs = WORDS[language]["glyphs"]
    if layer == "dynamic":
        draw_names(ax, state, layout, language)
        for name in board.merchants:
            draw_merchant_tiles(ax, state, layout, name, language)
        for label in state.tiles:
            draw_tile(ax, state, layout, label, glyphs)
        return
    empty: list[Rectangle] = []
    boxes = []
    for name, loc in board.locations.items():
        x0, y0, x1, y1 = layout.boxes[name]
        kind = "town" if loc.kind in ("town", "farm_brewery") else "outside"
        boxes.append(FancyBboxPatch((x0, y0), x1 - x0, y1 - y0, boxstyle="round,pad=0.3,rounding_size=0.8",
                                    facecolor=PAPER[kind], edgecolor=EDGE[kind], linewidth=1.0))
        if name in layout.icons:
            _draw_printed_icons(ax, layout, name, loc.link_vp, loc.trade_icon)
        for number, (label, icons) in enumerate(zip(board.slot_labels[name], loc.slots, strict=False), start=1):
            empty.extend(_empty_slot(ax, layout, label, number, [glyphs[i] for i in icons], icons))
    # Location boxes and empty slots are many and plain: a collection draws much faster than a patch each.
    ax.add_collection(PatchCollection(boxes, match_original=True, zorder=3), autolim=False)
    ax.add_collection(PatchCollection(empty, match_original=True, zorder=4), autolim=False)


def draw_names(ax: Axes, state: State, layout: Layout, language: str) -> None:
    """Location names where :func:`labels.names_for` put them, over pale backs so that links never hide them."""
    backs = []
    for name, label in names_for(state.facts, language).items():
        x0, y0, x1, y1 = label.rect
        backs.append(Rectangle((x0, y0), x1 - x0, y1 - y0, facecolor="white"))
        font = name_style(state.facts.board.locations[name].kind, language)
        text = ax.text(*centre(label.rect), label.text, ha="center", va="center", multialignment="center",
                       fontsize=style.FONT, fontweight=font["weight"], style=font["slant"], color=INK, zorder=6)
        text.set_gid(f"label:{name}")
    # one collection of pale backs instead of a box per name: the names stay readable over links, cheaply
    ax.add_collection(PatchCollection(backs, facecolor="white", edgecolor="none", alpha=0.8, zorder=5.5),
                      autolim=False)


def _corners(layout: Layout, centre_xy: tuple[float, float]) -> tuple[float, float, float, float]:
    x, y = centre_xy
    half = layout.slot / 2
    return x - half, y - half, x + half, y + half


def _slot_number(ax: Axes, layout: Layout, label: str, number: int, colour: str = "#555555") -> None:
    """The n of ``Town[n]``, in the slot's top left corner."""
    x0, _, _, y1 = _corners(layout, layout.slots[label])
    ax.text(x0 + PAD, y1 - PAD * 0.6, str(number), ha="left", va="top", fontsize=style.FONT, color=colour,
            zorder=5).set_gid(f"number:{label}")


def _empty_slot(ax: Axes, layout: Layout, label: str, number: int, glyphs: list[str], icons: tuple[str, ...]
                ) -> list[Rectangle]:
    """The coloured parts and frame of an empty slot (returned for one collection); its number and industries."""
    x0, y0, x1, _ = _corners(layout, layout.slots[label])
    width = layout.slot / len(icons)
    parts = [Rectangle((x0 + i * width, y0), width, layout.slot,
                       facecolor=mcolors.to_rgba(style.INDUSTRY_COLORS[industry], 0.55), edgecolor="none")
             for i, industry in enumerate(icons)]
    parts.append(Rectangle((x0, y0), layout.slot, layout.slot, facecolor="none", edgecolor="#777777", linewidth=0.6))
    _slot_number(ax, layout, label, number)
    for i, glyph in enumerate(glyphs):
        ax.text(x0 + (i + 0.5) * width, y0 + PAD * 0.6, glyph, ha="center", va="bottom", fontsize=style.FONT,
                color="#333333", zorder=5).set_gid(f"industry:{label}")
    return parts


def draw_tile(ax: Axes, state: State, layout: Layout, label: str, glyphs: dict[str, str]) -> None:
    """Unflipped: white with a thick border in the owner's colour; flipped (稼働済み): filled with that colour and
    showing its link VP icons. A band in the industry's colour carries the slot number and the industry; below it
    the level, the cubes left, and the owner's shape on the bottom edge."""
    tile = state.tiles[label]
    colour = style.player_color(tile.owner)
    x0, y0, x1, y1 = _corners(layout, layout.slots[label])
    s = layout.slot
    square = Rectangle((x0, y0), s, s, facecolor=colour if tile.flipped else "white", edgecolor=colour,
                       linewidth=2.2, zorder=4)
    square.set_gid(f"tile:{label}")
    ax.add_artist(square)
    inset = 0.25
    band = Rectangle((x0 + inset, y1 - 0.46 * s), s - 2 * inset, 0.46 * s - inset,
                     facecolor=style.INDUSTRY_COLORS[tile.industry], edgecolor="none", zorder=4.5)
    ax.add_artist(band)
    _slot_number(ax, layout, label, state.facts.board.slot_of[label][1] + 1, colour=INK)
    ax.text(x1 - PAD, y1 - PAD * 0.6, glyphs[tile.industry], ha="right", va="top", fontsize=style.FONT, color=INK,
            zorder=5).set_gid(f"industry:{label}")
    ax.text(x0 + PAD, y0 + PAD, roman(tile.level), ha="left", va="bottom", fontsize=style.FONT,
            color="white" if tile.flipped else colour, zorder=5).set_gid(f"level:{label}")
    corner = (x1 - 0.27 * s, y0 + 0.27 * s)
    if tile.flipped and state.spec(tile).link_vp:
        _link_icon(ax, corner, state.spec(tile).link_vp, f"icons:{label}", size=11.5)
    elif tile.cubes:
        resource = state.facts.resource_of[tile.industry]
        cube = Line2D([corner[0]], [corner[1]], marker="o" if resource == "beer" else "s", markersize=10,
                      color=style.CUBE_COLORS[resource], markerfacecolor=style.CUBE_COLORS[resource],
                      markeredgecolor="white", markeredgewidth=0.6,
                      linestyle="none", zorder=6)
        cube.set_gid(f"cubes:{label}")
        ax.add_artist(cube)
        ax.text(*corner, str(tile.cubes), ha="center", va="center", fontsize=style.FONT, color="white", zorder=7,
                fontweight="bold").set_gid(f"cubes:{label}:n")
    owner = Line2D([(x0 + x1) / 2], [y0], **_owner_marker(tile.owner, 5.5), zorder=6)
    owner.set_gid(f"owner:{label}")
    ax.add_artist(owner)


def draw_merchant_tiles(ax: Axes, state: State, layout: Layout, name: str, language: str) -> None:
    words = WORDS[language]
    loc = state.facts.board.locations[name]
    for i in range(len(loc.merchant_spaces)):
        label = f"{name}[{i + 1}]"
        x0, y0, x1, y1 = _corners(layout, layout.slots[label])
        space = state.merchants.get(label)
        if space is None:
            face, text = "#dddddd", ""
        elif not space.buys:
            face, text = "#555555", ""
        else:
            face = "white"
            text = words["all"] if len(space.buys) >= 3 else "/".join(words["glyphs"][b] for b in space.buys)
        tile = FancyBboxPatch((x0 + 0.2, y0 + 0.2), layout.slot - 0.4, layout.slot - 0.4,
                              boxstyle="round,pad=0.1,rounding_size=0.6", facecolor=face, edgecolor="#8b7355",
                              linewidth=0.8, zorder=4)
        tile.set_gid(f"merchant:{label}")
        ax.add_artist(tile)
        _slot_number(ax, layout, label, i + 1, colour="white" if face == "#555555" else "#555555")
        if text:
            ax.text((x0 + x1) / 2, y0 + PAD, text, ha="center", va="bottom", fontsize=style.FONT, color=INK,
                    zorder=5).set_gid(f"buys:{label}")
        if space is not None and space.beer:
            barrel = Line2D([x1 - 0.22 * layout.slot], [y1 - 0.22 * layout.slot], marker="o", markersize=6.5,
                            color=style.CUBE_COLORS["beer"], markerfacecolor=style.CUBE_COLORS["beer"],
                            markeredgecolor="white", markeredgewidth=0.6,
                            linestyle="none", zorder=6)
            barrel.set_gid(f"beer:{label}")
            ax.add_artist(barrel)


def _draw_printed_icons(ax: Axes, layout: Layout, name: str, link_vp: int, trade: bool) -> None:
    """A merchant's or an external place's printed icons: its link VP (counted by every link built to it), and the
    trade icon where coal, iron and goods may come and go."""
    x0, y0, x1, y1 = layout.icons[name]
    mx = (x0 + x1) / 2
    if link_vp:
        _link_icon(ax, (mx, y1 - 0.3 * (y1 - y0) if trade else (y0 + y1) / 2), link_vp, f"printed:{name}")
    if trade:
        ax.text(mx, y0 + 0.25 * (y1 - y0), "⇄", ha="center", va="center", fontsize=style.FONT + 1, color="#6b4f2a",
                fontweight="bold", zorder=6).set_gid(f"trade:{name}")


# ---------------------------------------------------------------- the side panel (coordinates in points)

ROW = 12.0          # points from one line of the panel to the next
CELL = 10.0         # height of a market space


def panel_rows(facts: GameFacts) -> dict[str, float]:
    """Top of each section of the side panel, in points from its bottom: markets, distant market, players, legend."""
    top, rows = 3 * ROW + 10, {}  # below the title's three lines
    for resource in ("coal", "iron"):
        if resource in facts.markets:
            rows[resource] = top
            top += 3 * ROW + 4
    if facts.rules.distant_market:
        rows["distant"] = top
        top += 3 * ROW + 4
    rows["players"] = top
    rows["legend"] = top + (1 + max(facts.rules.player_counts)) * ROW + 8
    return rows


def _panel_size(ax: Axes) -> tuple[float, float]:
    box = ax.get_position()
    width, height = ax.figure.get_size_inches()
    return box.width * width * 72, box.height * height * 72


def setup_panel(ax: Axes) -> tuple[float, float]:
    """Make the panel's data units points, with y measured down from its top; returns its width and height."""
    ax.set_axis_off()
    width, height = _panel_size(ax)
    ax.set_xlim(0, width)
    ax.set_ylim(height, 0)
    return width, height


def draw_markets(ax: Axes, state: State, language: str, layer: str) -> None:
    """Each market as a row of priced spaces, cheapest on the left; filled spaces hold a cube."""
    width, _ = setup_panel(ax)
    words = WORDS[language]
    rows = panel_rows(state.facts)
    for resource in ("coal", "iron"):
        market = state.facts.markets.get(resource)
        if market is None:
            continue
        top, size = rows[resource], len(market.prices)
        cell = min(13.0, (width - 2) / size)
        if layer == "dynamic":
            filled = state.markets[resource]
            spaces = [Rectangle((1 + i * cell, top + ROW + 1), cell - 1.5, CELL,
                                facecolor=style.CUBE_COLORS[resource] if i >= size - filled else "white",
                                edgecolor="#666666", linewidth=0.6) for i in range(size)]
            collection = PatchCollection(spaces, match_original=True)
            collection.set_gid(f"market:{resource}")
            ax.add_collection(collection, autolim=False)
            continue
        heading = words["market"].format(resource=words["resources"][resource], price=market.price_when_empty)
        ax.text(0, top, heading, ha="left", va="top", fontsize=style.FONT, fontweight="bold", color=INK)
        for i, price in enumerate(market.prices):
            if i == 0 or market.prices[i - 1] != price:
                runs = market.prices.count(price)
                ax.text(1 + (i + runs / 2) * cell - 0.75, top + 2 * ROW + 1, f"£{price}", ha="center", va="top",
                        fontsize=style.FONT, color="#444444")
    if state.facts.rules.distant_market:
        _draw_distant(ax, state, language, layer, rows["distant"])


def _draw_distant(ax: Axes, state: State, language: str, layer: str, top: float) -> None:
    """The cotton demand track: its spaces and bonuses, the marker, the tiles left (Lancashire)."""
    words = WORDS[language]
    bonuses = list(state.facts.rules.distant_market.bonuses)
    cell = min(17.0, (_panel_size(ax)[0] - 2) / (len(bonuses) + 1))
    if layer == "static":
        for i, bonus in enumerate(bonuses + ["X"]):
            ax.text(1 + (i + 0.5) * cell - 0.75, top + 2 * ROW + 1, f"+{bonus}" if bonus != "X" else "X",
                    ha="center", va="top", fontsize=style.FONT, color="#444444")
        return
    distant = state.distant
    left, drawn = len(distant.tiles), len(distant.drawn)
    heading = words["distant_closed"] if distant.closed else words["distant"].format(left=left, total=left + drawn)
    ax.text(0, top, heading, ha="left", va="top", fontsize=style.FONT, fontweight="bold", color=INK).set_gid(
        "distant:tiles")
    for i in range(len(bonuses) + 1):
        here = i == distant.marker
        space = Rectangle((1 + i * cell, top + ROW + 1), cell - 1.5, CELL, facecolor="#9fd8cb" if here else "white",
                          edgecolor="#b00020" if i == len(bonuses) else "#666666", linewidth=0.8)
        space.set_gid("distant:marker" if here else f"distant:{i}")
        ax.add_artist(space)


def _columns(language: str, width: float) -> list[tuple[float, str]]:
    """(x, alignment) of each column of the player table: the name from the left, the numbers centred, spread
    over the panel by the widest heading or value each column can show."""
    words = WORDS[language]
    samples = (words["player"].format(n=4), "£188", "30 (99)", "188", "8", "£188")
    widths = [max(text_size(h, style.FONT, language)[0], text_size(v, style.FONT, language)[0])
              for h, v in zip(words["columns"], samples, strict=False)]
    left = 10.0
    gap = max(2.0, (width - left - sum(widths)) / (len(widths) - 1))
    columns, x = [(left, "left")], left + widths[0] + gap
    for w in widths[1:]:
        columns.append((x + w / 2, "center"))
        x += w + gap
    return columns


def draw_players(ax: Axes, state: State, current: int | None, language: str, layer: str) -> None:
    """One row per player: their colour and shape, money, income level (track space), VP, cards in hand, money
    spent this round."""
    width, _ = setup_panel(ax)
    words = WORDS[language]
    top = panel_rows(state.facts)["players"]
    columns = _columns(language, width)
    if layer == "static":
        for (x, align), title in zip(columns, words["columns"], strict=False):
            ax.text(x, top, title, ha=align, va="top", fontsize=style.FONT, color="#555555")
        return
    for i, p in enumerate(state.players):
        y = top + (i + 1) * ROW + ROW / 2
        mark = Line2D([4], [y], **_owner_marker(i, 7.5))
        mark.set_gid(f"swatch:{i}")
        ax.add_artist(mark)
        name = words["player"].format(n=i + 1)
        if i == current:
            ax.add_artist(Rectangle((0, y - ROW / 2), width, ROW, facecolor="#ececec", edgecolor="none", zorder=0))
        values = (name, f"£{p.money}", f"{p.income_level} ({p.income_space})", str(p.vp), str(len(p.hand)),
                  f"£{p.spent_this_round}")
        keys = ("player", "money", "income", "vp", "cards", "spent")
        for (x, align), value, key in zip(columns, values, keys, strict=True):
            text = ax.text(x, y, value, ha=align, va="center", fontsize=style.FONT, color=INK,
                           fontweight="bold" if i == current and key == "player" else "normal")
            text.set_gid(f"{key}:{i}")
