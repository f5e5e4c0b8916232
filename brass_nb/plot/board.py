"""Draw a position: link spaces and links, locations with their slots and tiles, merchants, markets, players.

Each part is drawn in two layers: ``"static"`` (what the printed board shows: link spaces, location
boxes, empty slots, names, market prices, headings) and ``"dynamic"`` (what the position adds: links,
tiles, cubes, merchant tiles, market cubes, players). :func:`brass_nb.plot.draw` renders the static
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

from brass_nb.plot import style
from brass_nb.plot.layout import SLOT, Layout
from brass_nb.plot.words import WORDS
from brass_nb.rules.state import State

LABEL_BOX = {"boxstyle": "round,pad=0.12", "facecolor": "white", "edgecolor": "none", "alpha": 0.75}


def draw_links(ax: Axes, state: State, layout: Layout, layer: str) -> None:
    """Static: every link space in its era style. Dynamic: built links, thick in the owner's colour, running
    from box edge to box edge so that they never cover a location drawn underneath."""
    for link in state.facts.board.links:
        owner = state.links.get(link.index)
        if layer == "static":
            kwargs = dict(style.LINK_STYLES[(link.canal, link.rail)], zorder=1, alpha=0.9)
            segments, gid = layout.link_segments[link.index], f"link:{link.index}"
        elif owner is not None:
            kwargs = {"color": style.player_color(owner), "linewidth": 5.0, "zorder": 2, "solid_capstyle": "butt"}
            segments, gid = layout.link_visible[link.index], f"built:{link.index}"
        else:
            continue
        for (x0, y0), (x1, y1) in segments:
            line = Line2D([x0, x1], [y0, y1], **kwargs)
            line.set_gid(gid)
            ax.add_artist(line)
        if len(link.ends) > 2:
            x, y = layout.link_mids[link.index]
            junction = Circle((x, y), 0.9, facecolor="white", edgecolor=kwargs["color"], linewidth=1.5, zorder=3)
            junction.set_gid(f"junction:{link.index}")
            ax.add_artist(junction)


def draw_virtual_links(ax: Axes, state: State, layout: Layout) -> None:
    """Lancashire's Liverpool-Birkenhead link: a thin line, since it counts for a network but connects nothing."""
    for ends in state.facts.board.virtual_links:
        (x0, y0), (x1, y1) = (layout.centres[e] for e in ends[:2])
        line = Line2D([x0, x1], [y0, y1], color="#9a9a9a", linewidth=0.8, linestyle=(0, (1, 3)), zorder=1)
        line.set_gid(f"virtual:{'-'.join(ends)}")
        ax.add_artist(line)


def draw_locations(ax: Axes, state: State, layout: Layout, language: str, layer: str) -> None:
    """Static: boxes, empty slots and merchants' bonuses. Dynamic: names, tiles, merchant tiles and beer."""
    board = state.facts.board
    if layer == "dynamic":
        _draw_names(ax, state, layout, language)
        for name, loc in board.locations.items():
            if loc.kind == "merchant":
                _draw_merchant_tiles(ax, state, layout, name)
        for label in state.tiles:
            _draw_tile(ax, state, layout.slots[label], label)
        return
    empty: list[Rectangle] = []
    boxes = []
    for name, loc in board.locations.items():
        x0, y0, x1, y1 = layout.boxes[name]
        merchant = loc.kind == "merchant"
        outside = merchant or loc.kind == "external"
        boxes.append(FancyBboxPatch((x0, y0), x1 - x0, y1 - y0, boxstyle="round,pad=0.3,rounding_size=0.8",
                                    facecolor="#efe6d2" if outside else "#fbf8f1",
                                    edgecolor="#8b7355" if outside else "#6b6b6b", linewidth=1.0))
        if merchant:
            _draw_bonus(ax, layout, name, loc.beer_bonus, language)
        elif loc.kind == "external":
            _draw_external(ax, layout, name, loc.link_vp, loc.trade_icon, language)
        for label, icons in zip(board.slot_labels[name], loc.slots, strict=True):
            empty.extend(_empty_slot(ax, layout.slots[label], icons))
    # Location boxes and empty slots are many and plain: a collection draws much faster than a patch each.
    ax.add_collection(PatchCollection(boxes, match_original=True, zorder=3), autolim=False)
    ax.add_collection(PatchCollection(empty, match_original=True, zorder=4), autolim=False)


def _draw_names(ax: Axes, state: State, layout: Layout, language: str) -> None:
    """Location names, drawn with the position so that links never run over them."""
    names = state.facts.translations.get(language, {})
    backs = []
    for name, loc in state.facts.board.locations.items():
        shown = names.get(name, name)
        lx, ly = layout.label_anchor(name)
        x0, y0, x1, y1 = layout.label_box(name, shown, wide=language == "ja")
        backs.append(Rectangle((x0, y0 + 0.2), x1 - x0, y1 - y0 - 0.5))
        text = ax.text(lx, ly + 0.3, shown, ha="center", va="bottom", fontsize=8, zorder=6,
                       family=style.font_family(language),
                       fontweight="bold" if loc.kind == "town" and language != "ja" else "normal",
                       style="italic" if loc.kind != "town" else "normal")
        text.set_gid(f"label:{name}")
    # one collection of pale backs instead of a box per name: the names stay readable over links, cheaply
    ax.add_collection(PatchCollection(backs, facecolor="white", edgecolor="none", alpha=0.75, zorder=5.5),
                      autolim=False)


def _empty_slot(ax: Axes, centre: tuple[float, float], icons: tuple[str, ...]) -> list[Rectangle]:
    """The coloured halves and frame of an empty slot (returned for one collection), and its glyphs."""
    x, y = centre
    width = SLOT / len(icons)
    parts = [Rectangle((x - SLOT / 2 + i * width, y - SLOT / 2), width, SLOT,
                       facecolor=mcolors.to_rgba(style.INDUSTRY_COLORS[industry], 0.55), edgecolor="none")
             for i, industry in enumerate(icons)]
    parts.append(Rectangle((x - SLOT / 2, y - SLOT / 2), SLOT, SLOT, facecolor="none", edgecolor="#777777",
                           linewidth=0.6))
    glyphs = "/".join(style.INDUSTRY_GLYPHS[i] for i in icons)
    ax.text(x, y, glyphs, ha="center", va="center", fontsize=5.4 if len(icons) > 1 else 6.6, color="#444444",
            zorder=5)
    return parts


def _draw_tile(ax: Axes, state: State, centre: tuple[float, float], label: str) -> None:
    """Unflipped: white with a thick border in the owner's colour. Flipped (稼働済み): filled with that colour."""
    tile = state.tiles[label]
    colour = style.player_color(tile.owner)
    x, y = centre
    square = Rectangle((x - SLOT / 2, y - SLOT / 2), SLOT, SLOT, facecolor=colour if tile.flipped else "white",
                       edgecolor=colour, linewidth=2.2, zorder=4)
    square.set_gid(f"tile:{label}")
    ax.add_artist(square)
    band = Rectangle((x - SLOT / 2, y + SLOT / 2 - 1.3), SLOT, 1.3, facecolor=style.INDUSTRY_COLORS[tile.industry],
                     edgecolor="none", zorder=4.5)
    ax.add_artist(band)
    ax.text(x, y + SLOT / 2 - 0.6, style.INDUSTRY_GLYPHS[tile.industry], ha="center", va="center", fontsize=5.4,
            color="#222222", zorder=5)
    ax.text(x, y - 0.55, style.ROMAN[tile.level], ha="center", va="center", fontsize=8.5, fontweight="bold",
            color="white" if tile.flipped else colour, zorder=5)
    if tile.cubes:
        resource = state.facts.resource_of[tile.industry]
        marker = Circle if resource == "beer" else None
        cx, cy = x + SLOT / 2 - 0.15, y - SLOT / 2 + 0.15
        if marker:
            cube = Circle((cx, cy), 0.75, facecolor=style.CUBE_COLORS[resource], edgecolor="white", linewidth=0.6,
                          zorder=6)
        else:
            cube = Rectangle((cx - 0.75, cy - 0.75), 1.5, 1.5, facecolor=style.CUBE_COLORS[resource],
                             edgecolor="white", linewidth=0.6, zorder=6)
        cube.set_gid(f"cubes:{label}")
        ax.add_artist(cube)
        ax.text(cx, cy, str(tile.cubes), ha="center", va="center", fontsize=5, color="white", zorder=7,
                fontweight="bold")


def _draw_merchant_tiles(ax: Axes, state: State, layout: Layout, name: str) -> None:
    loc = state.facts.board.locations[name]
    for i in range(len(loc.merchant_spaces)):
        label = f"{name}[{i + 1}]"
        x, y = layout.slots[label]
        space = state.merchants.get(label)
        if space is None:
            face, text = "#dddddd", "–"
        elif not space.buys:
            face, text = "#555555", ""
        else:
            face = "white"
            text = "all" if len(space.buys) >= 3 else "/".join(style.INDUSTRY_GLYPHS[b] for b in space.buys)
        tile = FancyBboxPatch((x - SLOT / 2 + 0.2, y - SLOT / 2 + 0.2), SLOT - 0.4, SLOT - 0.4,
                              boxstyle="round,pad=0.1,rounding_size=0.6", facecolor=face, edgecolor="#8b7355",
                              linewidth=0.8, zorder=4)
        tile.set_gid(f"merchant:{label}")
        ax.add_artist(tile)
        if text:
            ax.text(x, y, text, ha="center", va="center", fontsize=5.8, zorder=5)
        if space is not None and space.beer:
            barrel = Circle((x + SLOT / 2 - 0.2, y + SLOT / 2 - 0.2), 0.75, facecolor=style.CUBE_COLORS["beer"],
                            edgecolor="white", linewidth=0.6, zorder=6)
            barrel.set_gid(f"beer:{label}")
            ax.add_artist(barrel)


def _draw_external(ax: Axes, layout: Layout, name: str, link_vp: int, trade: bool, language: str) -> None:
    words = WORDS[language]
    x0, y0, x1, y1 = layout.boxes[name]
    text = words["link_icons"].format(n=link_vp) + (" · " + words["trade"] if trade else "")
    ax.text((x0 + x1) / 2, (y0 + y1) / 2, text, ha="center", va="center", fontsize=5.2, color="#6b4f2a", zorder=6)


def _draw_bonus(ax: Axes, layout: Layout, name: str, beer_bonus: tuple[str, int], language: str) -> None:
    kind, amount = beer_bonus
    words = WORDS[language]
    x0, y0, x1, _ = layout.boxes[name]
    ax.text((x0 + x1) / 2, y0 - 0.6, words["bonus"].format(bonus=words["bonuses"][kind].format(n=amount)),
            ha="center", va="top", fontsize=5.2, color="#6b4f2a", zorder=6, bbox=LABEL_BOX)


def draw_markets(ax: Axes, state: State, language: str, layer: str) -> None:
    """Each market as a column of priced spaces, cheapest at the bottom; filled spaces hold a cube."""
    ax.set_axis_off()
    ax.set_xlim(0, 10)
    ax.set_ylim(-1.5, 15.5)
    words = WORDS[language]
    for column, resource in enumerate(("coal", "iron")):
        market = state.facts.markets.get(resource)
        if market is None:
            continue
        size, filled = len(market.prices), state.markets[resource]
        x = 2 + column * 5
        if layer == "dynamic":
            if state.distant is not None and column == 0:
                _draw_distant(ax, state)
            spaces = [Rectangle((x, i), 1, 0.85, facecolor=style.CUBE_COLORS[resource] if i >= size - filled
                                else "white", edgecolor="#666666", linewidth=0.6) for i in range(size)]
            collection = PatchCollection(spaces, match_original=True)
            collection.set_gid(f"market:{resource}")
            ax.add_collection(collection, autolim=False)
            continue
        ax.text(x + 0.5, 15.0, words["market"][resource], ha="center", fontsize=7.5, fontweight="bold")
        for i, price in enumerate(market.prices):
            if i == 0 or market.prices[i - 1] != price:
                runs = market.prices.count(price)
                ax.text(x - 0.3, i + runs / 2 - 0.1, f"£{price}", ha="right", va="center", fontsize=7)
        ax.text(x + 0.5, -0.9, words["empty"].format(price=market.price_when_empty), ha="center", fontsize=5.6,
                color="#555555")
    if state.facts.rules.distant_market and layer == "static":
        ax.text(5, 12.6, words["distant"], ha="center", fontsize=7.5, fontweight="bold")
        for i, bonus in enumerate(list(state.facts.rules.distant_market.bonuses) + ["X"]):
            ax.text(1.2 + i, 9.5, f"+{bonus}" if bonus != "X" else "X", ha="center", fontsize=5.6, color="#555555")


def _draw_distant(ax: Axes, state: State) -> None:
    """The cotton demand track: its spaces, the marker, the tiles left (Lancashire)."""
    bonuses = state.facts.rules.distant_market.bonuses
    distant = state.distant
    for i in range(len(bonuses) + 1):
        here = i == distant.marker
        space = Rectangle((0.8 + i, 10.0), 0.8, 0.8, facecolor="#9fd8cb" if here else "white",
                          edgecolor="#b00020" if i == len(bonuses) else "#666666", linewidth=0.8)
        space.set_gid("distant:marker" if here else f"distant:{i}")
        ax.add_artist(space)
    closed = " ✕" if distant.closed else ""
    ax.text(5, 11.4, f"{len(distant.tiles)} / {len(distant.tiles) + len(distant.drawn)}{closed}",
            ha="center", fontsize=6, color="#333333")


COLUMNS = (0.6, 4.3, 5.8, 7.35, 8.5, 9.6)  # left edge of the name, then centres of the number columns


def draw_players(ax: Axes, state: State, current: int | None, language: str, layer: str) -> None:
    """One row per player: money, income level (track space), VP, cards in hand, money spent this round."""
    ax.set_axis_off()
    ax.set_xlim(0, 10)
    ax.set_ylim(-6.5, 4.6)
    words = WORDS[language]
    if layer == "static":
        for x, title in zip(COLUMNS, words["columns"], strict=True):
            ax.text(x, 4.0, title, ha="left" if x == COLUMNS[0] else "center", va="center", fontsize=6.4,
                    color="#555555")
        return
    for i, p in enumerate(state.players):
        y = 3.1 - 0.85 * i
        ax.add_artist(Rectangle((0.05, y - 0.3), 0.4, 0.6, facecolor=style.player_color(i), edgecolor="none"))
        name = ax.text(COLUMNS[0], y, ("▶ " if i == current else "") + words["player"].format(n=i + 1),
                       va="center", fontsize=7)
        name.set_gid(f"player:{i}")
        numbers = (f"£{p.money}", f"{p.income_level} ({p.income_space})", str(p.vp), str(len(p.hand)),
                   f"£{p.spent_this_round}")
        row = "".join(f"{n:^{w}}" for n, w in zip(numbers, (7, 8, 5, 5, 5), strict=True))
        ax.text((COLUMNS[1] + COLUMNS[-1]) / 2 + 0.1, y, row, ha="center", va="center", fontsize=7,
                family="monospace")
