"""Static facts of one game (board, tiles, cards, tracks), loaded once from ``brass_nb/data/<game>.json``.

Facts never change during play; everything that does lives in :mod:`brass_nb.rules.state`.
Keeping them apart lets every game share one immutable copy and keeps town names out of rule code.
"""
from __future__ import annotations

import json
from collections.abc import Container
from dataclasses import dataclass, field
from functools import cache, cached_property
from importlib import resources
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from brass_nb.rules.errors import UnknownName
from brass_nb.rules.records import Step
from brass_nb.rules.ruleset import Ruleset, build_ruleset

if TYPE_CHECKING:
    import networkx as nx

MARKET = "market"
"""Source name for cubes bought from a coal or iron market."""


@dataclass(frozen=True)
class TileSpec:
    """One level of one industry as printed on the player mat."""

    industry: str
    level: int
    count: int
    cost: int
    coal: int
    iron: int
    beer: int
    produces: dict[str, int | None] | None
    vp: int
    income: int
    link_vp: int
    eras: tuple[str, ...]
    developable: bool

    def cubes_when_built(self, era: str) -> int:
        """Cubes (or barrels) placed on the tile when built in ``era``; 0 for tiles that are sold."""
        return (self.produces or {}).get(era) or 0


@dataclass(frozen=True)
class Location:
    """A town, farm brewery or merchant location on the board."""

    name: str
    kind: str  # "town", "farm_brewery", "merchant" or "external" (off-map, Lancashire)
    slots: tuple[tuple[str, ...], ...]
    lat: float
    lon: float
    color: str | None = None
    merchant_spaces: tuple[tuple[int, ...], ...] = ()
    link_vp: int = 0
    trade_icon: bool = False
    beer_bonus: tuple[str, int] | None = None


@dataclass(frozen=True)
class LinkSpace:
    """A printed link space; ``ends`` has 2 locations, or 3 for the three-way space."""

    index: int
    ends: tuple[str, ...]
    canal: bool
    rail: bool
    label: str  # "A - B", the first two ends; how the notation names the space

    def allows(self, era: str) -> bool:
        return self.canal if era == "canal" else self.rail


@dataclass(frozen=True)
class Market:
    prices: tuple[int, ...]
    start_cubes: int
    price_when_empty: int


class Board:
    """The printed board: locations and link spaces, with the lookups the rules need precomputed.

    A link space joins all of its ends, so the three-way Kidderminster-Worcester-farm-brewery space needs no
    special case: the searches below step from a location to every other end of each built link at it. The same
    board as a networkx graph (:attr:`graph`) is built only when an instructor or a drawing asks for it, so that
    importing the rules does not import networkx.
    """

    def __init__(self, locations: list[Location], links: list[LinkSpace]):
        self.locations: dict[str, Location] = {loc.name: loc for loc in locations}
        self.links: tuple[LinkSpace, ...] = tuple(links)
        self.link_named = _link_named(self.links)
        self.links_at = _links_at(self.locations, self.links)
        self.steps_at = _steps_at(self.links_at, self.links)
        self.joins = _joins(self.links)
        self.slot_labels = _slot_labels(locations)
        self.slot_of = _slot_of(self.slot_labels)
        self.slot_order = {label: i for i, label in enumerate(self.slot_of)}
        self.build_spaces = _build_spaces(locations, self.slot_labels)
        self.build_offers = _build_offers(self.build_spaces)
        self.merchants = _names_of_kind(locations, "merchant")
        self.trade_locations = tuple(loc.name for loc in locations if loc.trade_icon)
        self.era_links = _era_links(self.links)
        self.towns = _names_of_kind(locations, "town")
        self.town_set = frozenset(self.towns)
        self.farm_breweries = _names_of_kind(locations, "farm_brewery")

    def link_between(self, *ends: str) -> LinkSpace | None:
        """The link space whose ends include all of ``ends`` (order free), if any."""
        wanted = set(ends)
        for index in self.links_at.get(ends[0], ()):
            if wanted <= set(self.links[index].ends):
                return self.links[index]
        return None

    def reachable(self, starts: tuple[str, ...], built: set[int] | frozenset[int]) -> dict[str, int]:
        """Every location connected to any of ``starts`` through ``built`` links, with its distance in links."""
        dist = dict.fromkeys(starts, 0)
        frontier = list(dist)
        steps_at = self.steps_at
        d = 0
        while frontier:
            d += 1
            nxt = []
            for loc in frontier:
                for index, others in steps_at[loc]:
                    if index in built:
                        for end in others:
                            if end not in dist:
                                dist[end] = d
                                nxt.append(end)
            frontier = nxt
        return dist

    def route(self, source: str, targets: tuple[str, ...], built: Container[int]
              ) -> tuple[list[str], list[int]] | None:
        """A shortest way from ``source`` to the nearest of ``targets`` along ``built`` links (any container of their
        indices): its locations (source first) and the link indices it crosses; None when not connected."""
        parent: dict[str, tuple[str, int] | None] = {source: None}
        frontier = [source]
        goal = source if source in targets else None
        while frontier and goal is None:
            nxt = []
            for loc in frontier:
                for index, others in self.steps_at[loc]:
                    if index not in built:
                        continue
                    for end in others:
                        if end not in parent:
                            parent[end] = (loc, index)
                            nxt.append(end)
                            if end in targets and goal is None:
                                goal = end
            frontier = nxt
        if goal is None:
            return None
        locations, crossed = [goal], []
        while (step := parent[locations[-1]]) is not None:
            loc, index = step
            locations.append(loc)
            crossed.append(index)
        return locations[::-1], crossed[::-1]

    def distance(self, a: str, b: str, built: set[int] | frozenset[int]) -> int | None:
        """Links between two locations along ``built`` links (anyone's), or None when they are not connected."""
        return self.reachable((a,), built).get(b)

    @cached_property
    def graph(self) -> nx.Graph:
        """The board as a bipartite networkx graph: location nodes (``kind="location"``) and link-space nodes
        (``kind="link"``, keyed ``("link", index)``); distance in links is half a path's length."""
        import networkx as nx

        graph = nx.Graph()
        for loc in self.locations.values():
            graph.add_node(loc.name, kind="location", location_kind=loc.kind)
        for link in self.links:
            node = ("link", link.index)
            graph.add_node(node, kind="link", canal=link.canal, rail=link.rail)
            graph.add_edges_from((node, end) for end in link.ends)
        return graph

    def built_graph(self, built: set[int] | frozenset[int]) -> nx.Graph:
        """The locations joined by the links built so far (for instructors and drawings)."""
        keep = set(self.locations) | {("link", i) for i in built}
        return self.graph.subgraph(keep)


@dataclass(frozen=True, slots=True)
class BuildSpace:
    """One slot of a location where an industry may be built."""

    position: int       # among the location's slots, from 0 (the notation numbers them from 1)
    label: str          # "Town[2]"
    alone: bool         # the slot shows only this industry's icon


@dataclass(frozen=True, slots=True)
class BuildOffer:
    """One industry a location's slots offer, as the build list reads it."""

    industry: str
    spaces: tuple[BuildSpace, ...]
    labels: tuple[str, ...]         # the spaces' labels
    vacant_slots: tuple[int, ...]   # offered while none of them is built on: its one-icon slots, else all


def _link_named(links: tuple[LinkSpace, ...]) -> dict[str, LinkSpace]:
    """The space the notation names by each label (read reversed: the first in board order wins a shared label)."""
    return {link.label: link for link in reversed(links)}


def _links_at(locations: dict[str, Location], links: tuple[LinkSpace, ...]) -> dict[str, tuple[int, ...]]:
    """The indices of the link spaces at each location, in board order."""
    return {name: tuple(link.index for link in links if name in link.ends) for name in locations}


def _steps_at(links_at: dict[str, tuple[int, ...]], links: tuple[LinkSpace, ...]
              ) -> dict[str, tuple[tuple[int, tuple[str, ...]], ...]]:
    """The searches' steps: each link space at a location with its other ends (none to skip, no space to look
    up)."""
    return {name: tuple((index, tuple(end for end in links[index].ends if end != name)) for index in indices)
            for name, indices in links_at.items()}


def _joins(links: tuple[LinkSpace, ...]) -> tuple[tuple[tuple[str, str], ...], ...]:
    """The pairs of locations each link space joins, by index (three ends make two pairs): what joins the
    pieces."""
    return tuple(tuple(pairwise(link.ends)) for link in links)


def _slot_labels(locations: list[Location]) -> dict[str, tuple[str, ...]]:
    """Each location's slot labels, "Town[1]" first."""
    return {loc.name: tuple(f"{loc.name}[{i + 1}]" for i in range(len(loc.slots))) for loc in locations}


def _slot_of(slot_labels: dict[str, tuple[str, ...]]) -> dict[str, tuple[str, int]]:
    """Each slot label's location and index there (from 0), in board order."""
    return {label: (name, i) for name, labels in slot_labels.items() for i, label in enumerate(labels)}


def _build_spaces(locations: list[Location], slot_labels: dict[str, tuple[str, ...]]
                  ) -> dict[str, dict[str, tuple[BuildSpace, ...]]]:
    """Per location with slots, per industry (in the order its icons first appear): the slots showing its icon."""
    spaces: dict[str, dict[str, tuple[BuildSpace, ...]]] = {}
    for loc in locations:
        if loc.slots:
            industries = dict.fromkeys(industry for icons in loc.slots for industry in icons)
            spaces[loc.name] = {industry: _industry_spaces(loc, industry, slot_labels[loc.name])
                                for industry in industries}
    return spaces


def _industry_spaces(loc: Location, industry: str, labels: tuple[str, ...]) -> tuple[BuildSpace, ...]:
    return tuple(BuildSpace(i, labels[i], len(icons) == 1) for i, icons in enumerate(loc.slots) if industry in icons)


def _build_offers(build_spaces: dict[str, dict[str, tuple[BuildSpace, ...]]]) -> dict[str, tuple[BuildOffer, ...]]:
    """The build list's table: per location with slots, one offer per industry, in build_spaces' order."""
    return {name: tuple(_build_offer(industry, spaces) for industry, spaces in offered.items())
            for name, offered in build_spaces.items()}


def _build_offer(industry: str, spaces: tuple[BuildSpace, ...]) -> BuildOffer:
    one_icon = tuple(space.position + 1 for space in spaces if space.alone)
    vacant_slots = one_icon or tuple(space.position + 1 for space in spaces)
    return BuildOffer(industry, spaces, tuple(space.label for space in spaces), vacant_slots)


def _names_of_kind(locations: list[Location], kind: str) -> tuple[str, ...]:
    return tuple(loc.name for loc in locations if loc.kind == kind)


def _era_links(links: tuple[LinkSpace, ...]) -> dict[str, frozenset[int]]:
    """The link spaces each era may build on."""
    return {era: frozenset(link.index for link in links if link.allows(era)) for era in ("canal", "rail")}


@dataclass(frozen=True, eq=False)
class GameFacts:
    """Everything printed for one game, indexed for the rules."""

    game: str
    title: str
    rules: Ruleset
    industries: tuple[str, ...]
    industry_names: dict[str, str]
    sold_industries: tuple[str, ...]
    resource_of: dict[str, str]
    board: Board
    tiles: dict[str, tuple[TileSpec, ...]]
    merchant_tiles: tuple[tuple[int, tuple[str, ...]], ...]
    location_cards: tuple[tuple[str, int, int], ...]
    industry_cards: tuple[tuple[tuple[str, ...], int, int], ...]
    wild_location: int
    wild_industry: int
    markets: dict[str, Market]
    income_levels: tuple[int, ...]
    start_income_space: int
    translations: dict[str, dict[str, str]]
    flips_on_build: tuple[str, ...] = ()
    trade_industries: tuple[str, ...] = ()
    virtual_links: tuple[tuple[str, str], ...] = ()
    """(near, far): one way, only for industry-card builds; an edition's rule (Warfrog 2007's Liverpool-Birkenhead),
    not the board's, so it is read from the edition's block."""
    card_industries: dict[str, tuple[str, ...]] = field(init=False)
    """Industry card name -> the industries it builds (made with the facts, from their industry cards)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "card_industries",     # (frozen: set once, as the dataclass's own __init__ does)
                           {self.industry_card_name(inds): inds for inds, _, _ in self.industry_cards})

    @property
    def edition(self) -> str:
        return self.rules.edition

    def level_index(self, industry: str, level: int) -> int:
        """Where ``level`` sits in the industry's list of levels (Lancashire's shipyards start at level 0)."""
        return level - self.tiles[industry][0].level

    def tile(self, industry: str, level: int) -> TileSpec:
        levels = self.tiles[industry]
        return levels[level - levels[0].level]              # (see level_index)

    def industry_card_name(self, industries: tuple[str, ...]) -> str:
        return "/".join(self.industry_names[i] for i in industries)


def _tile(industry: str, row: dict[str, Any]) -> TileSpec:
    return TileSpec(
        industry=industry, level=row["level"], count=row["count"], cost=row["cost"], coal=row["coal"],
        iron=row["iron"], beer=row["beer"], produces=row["produces"], vp=row["vp"], income=row["income"],
        link_vp=row["link_vp"], eras=tuple(row["eras"]), developable=row["developable"],
    )


def _location(row: dict[str, Any]) -> Location:
    bonus = row.get("beer_bonus")
    return Location(
        name=row["name"], kind=row["kind"], slots=tuple(tuple(s) for s in row.get("slots", ())),
        lat=row["lat"], lon=row["lon"], color=row.get("color"),
        merchant_spaces=tuple(tuple(s) for s in row.get("merchant_spaces", ())),
        link_vp=row.get("link_vp", 0), trade_icon=row.get("trade_icon", False),
        beer_bonus=(bonus["kind"], bonus["amount"]) if bonus else None,
    )


@cache
def _raw(game: str) -> dict[str, Any]:
    """The parsed data file of ``game``; only known game names are ever opened (never a path)."""
    if game not in known_games():
        raise UnknownName([Step("game.unknown", {"game": game, "games": known_games()}, ok=False)])
    raw: dict[str, Any] = json.loads(resources.files("brass_nb.data").joinpath(f"{game}.json").read_text(
        encoding="utf-8"))
    return raw


@cache
def _board(game: str) -> Board:
    raw = _raw(game)
    links = [LinkSpace(i, tuple(row["ends"]), row["canal"], row["rail"], " - ".join(row["ends"][:2]))
             for i, row in enumerate(raw["links"])]
    return Board([_location(r) for r in raw["locations"]], links)


def editions(game: str) -> tuple[str, ...]:
    """The editions a game's data file describes, the default first."""
    return tuple(_raw(game)["editions"])


@cache
def load_facts(game: str, edition: str | None = None) -> GameFacts:
    """Read ``brass_nb/data/<game>.json`` once per process and edition (default: the file's first edition)."""
    raw = _raw(game)
    edition = edition or editions(game)[0]
    if edition not in raw["editions"]:
        raise UnknownName([Step("edition.unknown", {"game": raw["title"], "edition": edition,
                                                    "editions": editions(game)}, ok=False)])
    overlay = dict(raw["editions"][edition])
    cards = overlay.pop("cards", raw["cards"])
    virtual_links = tuple((v["ends"][0], v["ends"][1]) for v in overlay.pop("virtual_links", ()))
    return GameFacts(
        game=raw["game"], title=raw["title"], rules=build_ruleset(raw["game"], edition, raw["rules"], overlay),
        industries=tuple(raw["industries"]), industry_names=raw["industry_names"],
        sold_industries=tuple(raw["sold_industries"]), resource_of=raw["resource_of"],
        board=_board(game),
        tiles={ind: tuple(_tile(ind, r) for r in rows) for ind, rows in raw["tiles"].items()},
        merchant_tiles=tuple((m["min_players"], tuple(m["buys"])) for m in raw["merchant_tiles"]),
        location_cards=tuple((c["town"], c["copies"], c["min_players"]) for c in cards["locations"]),
        industry_cards=tuple((tuple(c["industries"]), c["copies"], c["min_players"]) for c in cards["industries"]),
        wild_location=cards["wild_location"], wild_industry=cards["wild_industry"],
        markets={k: Market(tuple(v["prices"]), v["start_cubes"], v["price_when_empty"])
                 for k, v in raw["markets"].items()},
        income_levels=tuple(raw["income_track"]["levels_by_space"]),
        start_income_space=raw["income_track"]["start_space"],
        translations=raw.get("translations", {}),
        flips_on_build=tuple(raw.get("flips_on_build", ())),
        trade_industries=tuple(raw.get("trade_industries", ())),
        virtual_links=virtual_links,
    )


@cache
def known_games() -> tuple[str, ...]:
    """The games that have a data file."""
    return tuple(sorted(p.name[:-5] for p in resources.files("brass_nb.data").iterdir() if p.name.endswith(".json")))
