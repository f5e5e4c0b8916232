"""A position written down by hand: tiles, links, markets, merchants, players, cards, era and turn.

Instructors build the exact position that shows one rule, then play on it with the ordinary
:class:`~brass_nb.rules.game.Game` API. Everything is checked before a game starts from it; every
problem is reported with the rule id, the thing named and (for files) the line.

Players are numbered from 0 in Python, as in ``Game.players``; the text format numbers them from 1.
"""
from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from brass_nb.rules.actions import parse
from brass_nb.rules.distant import DistantPile
from brass_nb.rules.errors import BrassError, ScenarioError
from brass_nb.rules.facts import GameFacts, load_facts
from brass_nb.rules.game import Game
from brass_nb.rules.notation import TWO_CARDS, normalize_name, vocabulary
from brass_nb.rules.phases import Phase
from brass_nb.rules.records import Step
from brass_nb.rules.ruleset import DistantMarket, IncomeTiming
from brass_nb.rules.state import MerchantSpace, State, Tile
from brass_nb.rules.turns import deck_for

WILDS = ("Wild Location", "Wild Industry")


def _at(line: int | None) -> dict[str, int]:
    """``{"line": line}`` for a fact a position file wrote, else nothing."""
    return {"line": line} if line is not None else {}


@dataclass
class TileEntry:
    owner: int
    industry: str
    level: int
    flipped: bool = False
    cubes: int = 0
    line: int | None = None


@dataclass
class PlayerEntry:
    money: int = 17
    income_space: int = 10
    vp: int = 0
    spent: int = 0
    hand: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    mat: dict[str, list[int]] | None = None  # tiles left per level, by industry; others: all not on the board
    line: int | None = None


class Scenario:
    """A hand-built position; :meth:`game` checks it and starts a :class:`Game` from it.

    Example::

        sc = Scenario("birmingham", players=2)
        sc.tile("Dudley[1]", player=1, industry="coal", level=1, cubes=2)
        sc.link("Dudley - Birmingham", player=1)
        sc.player(0, money=30, hand=["Birmingham"])
        game = sc.game()
        game.play("build iron Birmingham with card Birmingham")
    """

    def __init__(self, game: str = "birmingham", players: int = 2, edition: str | None = None):
        self.facts: GameFacts = load_facts(game, edition)
        if players not in self.facts.rules.player_counts:
            raise ScenarioError([Step("scenario.players", {"players": players,
                                                           "allowed": list(self.facts.rules.player_counts)},
                                      ok=False)])
        self.players = [PlayerEntry(money=self.facts.rules.starting_money) for _ in range(players)]
        self.title = ""
        self.teaches = ""
        self.seed = 0
        self.era = "canal"
        self.round = 2
        self.order = list(range(players))
        self.turn: int | None = None
        self.markets = {name: m.start_cubes for name, m in self.facts.markets.items()}
        self.wilds = {WILDS[0]: self.facts.wild_location, WILDS[1]: self.facts.wild_industry}
        self.deck: list[str] = []
        self.merchants: dict[str, tuple[tuple[str, ...], int, int | None]] = {}
        self.tiles: dict[str, TileEntry] = {}
        self.links: dict[str, tuple[int, int | None]] = {}
        self.actions: list[str] = []
        self.problems: list[Step] = []
        self.lines: dict[str, int] = {}
        """Where a position file wrote each whole-position fact ("order", "era", "hand 1", "action 2"...)."""
        self.distant_marker = 0                      # Lancashire's distant market
        self.distant_tiles: list[int] | None = None  # draw order, top first (None: the full set shuffled by seed)
        self.distant_drawn: list[int] | None = None  # tiles out of the pile this era, in draw order (None: the rest)
        self.distant_closed = False
        # A position in the middle of a turn, an action or the income phase (written by Game.position()):
        self.set_aside: list[str] = []               # cards under the divider or set aside face down this era
        self.divider_round: int | None = None        # Roxley Lancashire's rail era: the round the divider showed in
        self.actions_done = 0                        # actions the player to act has taken this turn
        self.pending: list[str] = []                 # phases of the action in progress, next first
        self.double_build: str | None = None         # a double-card build waiting for its two cards
        self.shortfall: tuple[int, int, int] | None = None   # player, £ owed, position in the turn order
        self.over = False

    # ------------------------------------------------------------------ building

    def tile(self, slot: str, player: int, industry: str, level: int = 1, flipped: bool = False, cubes: int = 0,
             line: int | None = None) -> Scenario:
        """Put ``player``'s tile in ``slot`` (e.g. "Dudley[1]"); ``cubes`` of coal, iron or beer on it."""
        label = self._slot(slot, line)
        if label is not None:
            if label in self.tiles:
                self._problem("scenario.slot_taken", line, slot=label)
            self.tiles[label] = TileEntry(player, self._industry(industry, line) or industry, level, flipped,
                                          cubes, line)
        return self

    def link(self, link: str, player: int, line: int | None = None) -> Scenario:
        """A link of ``player``'s on the space between two locations ("Dudley - Birmingham")."""
        label = self._name("links", link, line)
        if label is not None:
            if label in self.links:
                self._problem("scenario.link_taken", line, link=label)
            self.links[label] = (player, line)
        return self

    def player(self, index: int, money: int | None = None, income_space: int | None = None, vp: int | None = None,
               spent: int | None = None, hand: Iterable[str] | None = None, discard: Iterable[str] | None = None,
               mat: dict[str, list[int]] | None = None, line: int | None = None) -> Scenario:
        """Set what a player has; cards are checked by name, ``mat`` gives the tiles left per level."""
        if not 0 <= index < len(self.players):
            self._problem("scenario.player", line, player=index + 1, players=len(self.players))
            return self
        entry = self.players[index]
        for name, value in (("money", money), ("income_space", income_space), ("vp", vp), ("spent", spent)):
            if value is not None:
                setattr(entry, name, value)
        if hand is not None:
            entry.hand = self._cards(hand, line)
        if discard is not None:
            entry.discard = self._cards(discard, line)
        if mat is not None:
            entry.mat = {self._industry(k, line) or k: list(v) for k, v in mat.items()}
        if line is not None:
            entry.line = line
        return self

    def merchant(self, space: str, buys: Iterable[str] = (), beer: int = 0, line: int | None = None) -> Scenario:
        """The merchant tile on a merchant space ("Oxford[1]"): the goods it buys (none: blank) and its beer."""
        location, bracket, rest = space.strip().partition("[")
        number = rest[:-1].strip() if rest.endswith("]") else ""
        if bracket and not (number.isascii() and number.isdigit() and len(number) <= 2):
            self._problem("scenario.syntax", line, text=space, expected="a merchant space like Oxford[1]")
            return self
        name = self._name("locations", location, line)
        if name is not None:
            label = f"{name}[{int(number) if bracket else 1}]"
            self.merchants[label] = (tuple(self._industry(b, line) or b for b in buys), beer, line)
        return self

    def market(self, resource: str, cubes: int) -> Scenario:
        self.markets[resource] = cubes
        return self

    def cards(self, deck: Iterable[str], line: int | None = None) -> Scenario:
        """The draw deck, in the order the cards will be drawn."""
        self.deck = self._cards(deck, line)
        return self

    def play(self, *actions: str) -> Scenario:
        """Actions of the worked example, in notation, played by :meth:`game` when ``play=True``."""
        self.actions.extend(actions)
        return self

    # ------------------------------------------------------------------ names

    def _problem(self, rule: str, line: int | None, **facts: Any) -> None:
        if line is not None:
            facts["line"] = line
        self.problems.append(Step(rule, facts, ok=False))

    def _name(self, kind: str, text: str, line: int | None) -> str | None:
        table = getattr(vocabulary(self.facts), kind)
        found = table.get(normalize_name(text))
        if found is None:
            close = difflib.get_close_matches(normalize_name(text), list(table), n=1, cutoff=0.6)
            facts = {"kind": {"links": "link", "locations": "location", "cards": "card",
                              "industries": "industry"}[kind], "text": text.strip()}
            if close:
                facts["suggestion"] = table[close[0]]
            self._problem("scenario.unknown_name", line, **facts)
        return found

    def _slot(self, text: str, line: int | None) -> str | None:
        location, _, rest = text.strip().partition("[")
        name = self._name("locations", location, line)
        if name is None:
            return None
        try:
            index = int(rest.rstrip("]"))
        except ValueError:
            self._problem("scenario.syntax", line, text=text, expected="a slot like Dudley[1]")
            return None
        label = f"{name}[{index}]"
        if label not in self.facts.board.slot_of:
            self._problem("scenario.no_such_slot", line, slot=label,
                          slots=list(self.facts.board.slot_labels.get(name, ())))
            return None
        return label

    def _industry(self, text: str, line: int | None) -> str | None:
        return self._name("industries", text, line)

    def _cards(self, cards: Iterable[str], line: int | None) -> list[str]:
        named = [(card, self._name("cards", card, line)) for card in cards]
        for text, card in named:
            if card == TWO_CARDS:                 # notation for a double-card build, not a card
                self._problem("scenario.unknown_name", line, kind="card", text=text.strip())
        return [card for _, card in named if card is not None and card != TWO_CARDS]

    # ------------------------------------------------------------------ checking

    def check(self) -> list[Step]:
        """Every problem with this position (empty when a game can start from it)."""
        tiles, placed = self._check_tiles()
        return (list(self.problems) + tiles + self._check_canal_towns() + self._check_links()
                + self._check_players(placed) + self._check_rest())

    def _check_tiles(self) -> tuple[list[Step], dict[tuple[int, str, int], int]]:
        """The tiles' problems, and how many tiles of each (player, industry, level) fit their slots: the mat check
        adds these to the tiles left."""
        problems: list[Step] = []
        placed: dict[tuple[int, str, int], int] = {}
        for label, t in self.tiles.items():
            misfit = self._tile_misfit(label, t)
            if misfit is not None:
                problems += misfit
                continue
            problems += self._check_tile(label, t)
            key = (t.owner, t.industry, t.level)
            placed[key] = placed.get(key, 0) + 1
            printed = self.facts.tile(t.industry, t.level).count
            if placed[key] > printed:
                problems.append(Step("scenario.no_tile_left", {"player": t.owner + 1, "industry": t.industry,
                                                               "level": t.level, "printed": printed, **_at(t.line)},
                                     ok=False))
        return problems, placed

    def _tile_misfit(self, label: str, t: TileEntry) -> list[Step] | None:
        """Why tile ``t`` is not checked further (an empty list: its unknown industry was reported where it was
        written), or None when its owner and level exist and its slot takes its industry."""
        board, facts = self.facts.board, self.facts
        location, index = board.slot_of[label]
        icons = board.locations[location].slots[index]
        where = _at(t.line)
        if not 0 <= t.owner < len(self.players):
            return [Step("scenario.player", {"player": t.owner + 1, "players": len(self.players), **where}, ok=False)]
        if t.industry not in facts.tiles:
            return []
        if t.industry not in icons:
            return [Step("scenario.slot_industry", {"slot": label, "industry": t.industry, "icons": list(icons),
                                                    **where}, ok=False)]
        levels = facts.tiles[t.industry]
        if not levels[0].level <= t.level <= levels[-1].level:
            return [Step("scenario.value", {"field": "level", "value": t.level, "low": levels[0].level,
                                            "high": levels[-1].level, **where}, ok=False)]
        return None

    def _check_tile(self, label: str, t: TileEntry) -> list[Step]:
        """A tile that fits its slot: a tile of this era, and cubes only on an unflipped tile of a resource."""
        facts = self.facts
        spec = facts.tile(t.industry, t.level)
        where = _at(t.line)
        problems = []
        if self.era == "rail" and spec.eras == ("canal",):
            problems.append(Step("scenario.canal_tile_in_rail", {"slot": label, "industry": t.industry,
                                                                 "level": t.level, **where}, ok=False))
        resource = facts.resource_of.get(t.industry)
        most = max(spec.cubes_when_built("canal"), spec.cubes_when_built("rail"))
        if t.cubes and (resource is None or t.flipped or t.cubes > most) or t.cubes < 0:
            why = "sold" if resource is None else "flipped" if t.flipped else "too_many"
            problems.append(Step("scenario.cubes", {"slot": label, "industry": t.industry, "level": t.level,
                                                    "cubes": t.cubes, "most": most, "why": why, **where}, ok=False))
        if resource is not None and not t.flipped and t.cubes == 0:
            problems.append(Step("scenario.empty_unflipped", {"slot": label, "industry": t.industry, **where},
                                 ok=False))
        return problems

    def _check_canal_towns(self) -> list[Step]:
        """In the canal era a player has at most one tile in each location."""
        if self.era != "canal":
            return []
        problems = []
        seen: dict[tuple[int, str], str] = {}
        for label, t in self.tiles.items():
            location = self.facts.board.slot_of[label][0]
            other = seen.setdefault((t.owner, location), label)
            if other != label:
                problems.append(Step("scenario.canal_one_per_town", {
                    "player": t.owner + 1, "location": location, "slots": [other, label], **_at(t.line)}, ok=False))
        return problems

    def _check_links(self) -> list[Step]:
        """Each link on a space open in this era and owned by a player; no player with more than their link tiles."""
        problems = []
        n = len(self.players)
        counts = [0] * n
        for label, (owner, line) in self.links.items():
            link = next(space for space in self.facts.board.links if space.label == label)
            if not link.allows(self.era):
                problems.append(Step("scenario.link_era", {"link": label, "era": self.era, "canal": link.canal,
                                                           "rail": link.rail, **_at(line)}, ok=False))
            if not 0 <= owner < n:
                problems.append(Step("scenario.player", {"player": owner + 1, "players": n, **_at(line)}, ok=False))
            else:
                counts[owner] += 1
        most = self.facts.rules.link_tiles
        problems += [Step("scenario.too_many_links", {"player": i + 1, "links": count, "most": most}, ok=False)
                     for i, count in enumerate(counts) if count > most]
        return problems

    def _check_players(self, placed: dict[tuple[int, str, int], int]) -> list[Step]:
        problems = []
        levels = self.facts.income_levels
        for i, p in enumerate(self.players):
            where = _at(p.line)
            for name, value, low, high in (("money", p.money, 0, None), ("vp", p.vp, 0, None),
                                           ("spent", p.spent, 0, None),
                                           ("income space", p.income_space, 0, len(levels) - 1)):
                if value < low or (high is not None and value > high):
                    problems.append(Step("scenario.value", {"field": name, "value": value, "player": i + 1,
                                                            "low": low, "high": high, **where}, ok=False))
            for industry, counts in (p.mat or {}).items():
                if industry not in self.facts.tiles:
                    continue                      # reported as an unknown name where it was written
                printed = [t.count for t in self.facts.tiles[industry]]
                if len(counts) != len(printed):
                    problems.append(Step("scenario.mat_levels", {"player": i + 1, "industry": industry,
                                                                 "given": len(counts), "levels": len(printed),
                                                                 **where}, ok=False))
                    continue
                first = self.facts.tiles[industry][0].level
                for level, (left, most) in enumerate(zip(counts, printed, strict=True), start=first):
                    on_board = placed.get((i, industry, level), 0)
                    if left < 0 or left + on_board > most:
                        problems.append(Step("scenario.no_tile_left", {
                            "player": i + 1, "industry": industry, "level": level, "printed": most,
                            "on_board": on_board, "on_mat": left, **where}, ok=False))
        return problems

    def _where(self, *keys: str) -> dict[str, int]:
        """``{"line": n}`` for the first of ``keys`` a position file wrote, else nothing."""
        for key in keys:
            if key in self.lines:
                return {"line": self.lines[key]}
        return {}

    def _check_rest(self) -> list[Step]:
        problems = []
        n = len(self.players)
        for resource, cubes in self.markets.items():
            size = len(self.facts.markets[resource].prices)
            if not 0 <= cubes <= size:
                problems.append(Step("scenario.value", {"field": "market", "resource": resource, "value": cubes,
                                                        "low": 0, "high": size,
                                                        **self._where(f"market {resource}")}, ok=False))
        for label, (_, beer, line) in self.merchants.items():
            location, index = label[:-1].split("[")
            spaces = self.facts.board.locations[location].merchant_spaces
            where = _at(line)
            if self.facts.board.locations[location].kind != "merchant" or not (
                    1 <= int(index) <= len(spaces) and n in spaces[int(index) - 1]):
                problems.append(Step("scenario.merchant_space", {"space": label, "players": n, **where}, ok=False))
            elif not 0 <= beer <= self.facts.rules.merchant_beer_per_tile:
                problems.append(Step("scenario.value", {"field": "merchant beer", "space": label, "value": beer,
                                                        "low": 0, "high": self.facts.rules.merchant_beer_per_tile,
                                                        **where}, ok=False))
        problems += self._check_turn()
        problems += self._check_shortfall()
        problems += self._check_cards()
        problems += self._check_distant_market()
        problems += self._check_divider()
        if self.era not in ("canal", "rail") or self.round < 1:
            problems.append(Step("scenario.value", {"field": "era and round", "value": f"{self.era} {self.round}",
                                                    "must": "era_round",
                                                    **self._where("era" if self.era not in ("canal", "rail")
                                                                  else "round")}, ok=False))
        return problems

    def _check_turn(self) -> list[Step]:
        n = len(self.players)
        order = {"order": [i + 1 for i in self.order], "players": n}
        if sorted(self.order) != list(range(n)):
            return [Step("scenario.order", {**order, **self._where("order")}, ok=False)]
        turn = self.order[0] if self.turn is None else self.turn
        if turn not in self.order:
            return [Step("scenario.order", {**order, **self._where("turn")}, ok=False)]
        if self.shortfall is None and not self.over and not self.pending and not self.players[turn].hand:
            return [Step("scenario.no_cards", {"player": turn + 1, **self._where(f"hand {turn + 1}", "turn")},
                         ok=False)]
        return []

    def _check_shortfall(self) -> list[Step]:
        """A pending shortfall is a pause the rules make (RULINGS B5): a player in the turn order owes their negative
        income, has too little cash for it and has an industry that raises money. Any other debt is never a pause:
        cash pays it, or, with no such industry, the rest is lost as VP at once; the game would wait for nothing."""
        if self.shortfall is None or self.over:
            return []
        player, owed, position = self.shortfall
        n = len(self.players)
        facts = {"player": player + 1, "owed": owed, "position": position + 1, **self._where("shortfall")}
        if not 0 <= player < n:
            return [Step("scenario.player", {"player": player + 1, "players": n, **self._where("shortfall")},
                         ok=False)]
        entry = self.players[player]
        levels = self.facts.income_levels
        level = levels[entry.income_space] if 0 <= entry.income_space < len(levels) else None
        raises = self._sale_values(player)
        facts.update(level=level, money=entry.money, worthless=[label for label, v in raises.items() if v == 0])
        if not (0 <= position < n and position < len(self.order) and self.order[position] == player):
            why = "position"
        elif level is None or level >= 0 or owed != -level:
            why = "owed"
        elif entry.money >= owed:
            why = "cash"
        elif not any(value > 0 for value in raises.values()):
            why = "no_tiles"
        else:
            return []
        return [Step("scenario.shortfall", {**facts, "why": why}, ok=False)]

    def _sale_values(self, player: int) -> dict[str, int]:
        """What each of ``player``'s tiles raises when sold (half its cost); tiles of unknown levels are left out,
        as they are reported elsewhere."""
        raises = {}
        for label, t in self.tiles.items():
            if t.owner == player and t.industry in self.facts.tiles:
                levels_of = [spec.level for spec in self.facts.tiles[t.industry]]
                if t.level in levels_of:
                    raises[label] = self.facts.tile(t.industry, t.level).cost // 2
        return raises

    def _check_cards(self) -> list[Step]:
        """No card more often than the deck for this player count holds it; wild cards with their piles."""
        n = len(self.players)
        most = Counter(deck_for(self.facts, n))
        printed = {WILDS[0]: self.facts.wild_location, WILDS[1]: self.facts.wild_industry}
        problems = []
        for wild, count in self.wilds.items():
            if not 0 <= count <= printed[wild]:
                problems.append(Step("scenario.value", {"field": "wild cards", "wild": wild, "value": count,
                                                        "low": 0, "high": printed[wild],
                                                        **self._where("wilds")}, ok=False))
        most.update(printed)
        seen = Counter({wild: max(count, 0) for wild, count in self.wilds.items()})
        lists = [(f"{kind} {i + 1}", getattr(p, kind)) for i, p in enumerate(self.players)
                 for kind in ("hand", "discard")]
        reported = set()
        for key, cards in lists + [("deck", self.deck), ("set aside", self.set_aside)]:
            seen.update(cards)
            for card in dict.fromkeys(cards):
                if seen[card] > most[card] and card not in reported:
                    reported.add(card)
                    problems.append(Step("scenario.card_count", {"card": card, "count": seen[card],
                                                                 "most": most[card], "players": n,
                                                                 **self._where(key)}, ok=False))
        return problems

    def _check_divider(self) -> list[Step]:
        """The rail divider shows in a round of this rail era up to this one, and only in a game that has one."""
        if self.divider_round is None:
            return []
        if self.facts.rules.rail_divider is None:
            why = "no_divider"
        elif self.era != "rail":
            why = "not_rail"
        elif not 0 <= self.divider_round <= self.round:
            why = "round"
        else:
            return []
        return [Step("scenario.divider", {"why": why, "value": self.divider_round, "round": self.round,
                                          "edition": self.facts.rules.edition_name, **self._where("divider")},
                     ok=False)]

    def _check_distant_market(self) -> list[Step]:
        market = self.facts.rules.distant_market
        if market is None:
            if self.distant_marker or self.distant_tiles is not None or self.distant_closed:
                return [Step("scenario.no_distant_market", self._where("distant"), ok=False)]
            return []
        problems = []
        if not 0 <= self.distant_marker <= len(market.bonuses):
            problems.append(Step("scenario.value", {"field": "distant marker", "value": self.distant_marker,
                                                    "low": 0, "high": len(market.bonuses),
                                                    **self._where("distant marker")}, ok=False))
        if self.distant_tiles is not None:
            bag = Counter(market.pile(len(self.players)))
            if Counter(self.distant_tiles) + Counter(self.distant_drawn or ()) - bag:
                problems.append(Step("scenario.value", {"field": "distant tiles", "value": self.distant_tiles,
                                                        "must": "tile_set",
                                                        **self._where("distant tiles")}, ok=False))
        return problems

    # ------------------------------------------------------------------ playing

    def state(self) -> State:
        """The position as a fresh :class:`State` (raises :class:`ScenarioError` listing every problem)."""
        problems = self.check()
        if problems:
            raise ScenarioError(problems)
        state = State(self.facts, len(self.players), self.seed)
        self._set_board(state)
        for i in range(len(self.players)):
            self._set_player(state, i)
        state.deck = list(reversed(self.deck))
        market = self.facts.rules.distant_market
        if market:
            state.distant = self._distant_pile(state, market)
        state.wilds = dict(self.wilds)
        self._set_turn(state)
        return state

    def _set_board(self, state: State) -> None:
        """Markets, merchants, tiles and links; the cubes on them leave the general supply."""
        for resource, cubes in self.markets.items():
            state.supply_cubes_to_market(resource, cubes)
        for label, (buys, beer, _) in self.merchants.items():
            location, index = label[:-1].split("[")
            state.place_merchant(MerchantSpace(location, int(index), buys, beer))
        for label, t in self.tiles.items():
            state.place_tile(label, Tile(t.owner, t.industry, t.level, t.flipped, t.cubes))
        index_of = {space.label: space.index for space in self.facts.board.links}
        for label, (owner, _) in self.links.items():
            state.place_link(index_of[label], owner)

    def _set_player(self, state: State, i: int) -> None:
        """Player ``i``'s money, tracks and cards, and their mat: the printed tiles less those on the board, unless
        the position gives it; tiles neither on the mat nor on the board are gone (sold or removed)."""
        facts, entry, p = self.facts, self.players[i], state.players[i]
        state.receive(p, entry.money)
        p.income_space, p.vp, p.spent_this_round = entry.income_space, entry.vp, entry.spent
        p.hand, p.discard = list(entry.hand), list(entry.discard)
        on_board = [t for t in self.tiles.values() if t.owner == i]
        for t in on_board:
            state.take_from_mat(p, t.industry, t.level)
        for industry, counts in (entry.mat or {}).items():
            state.set_mat(p, industry, counts)
        p.tiles_gone = sum(sum(t.count for t in facts.tiles[ind]) for ind in facts.industries) \
            - p.tiles_on_mat() - len(on_board)
        p.links_left = facts.rules.link_tiles - sum(1 for o, _ in self.links.values() if o == i)

    def _distant_pile(self, state: State, market: DistantMarket) -> DistantPile:
        """Lancashire's distant market: the pile as written (the tiles drawn this era by default the rest of the
        set), or the whole set shuffled by the seed."""
        bag = market.pile(len(self.players))
        if self.distant_tiles is None:
            state.shuffler("setup").shuffle(bag)
            return DistantPile(bag, [], self.distant_marker, self.distant_closed)
        for value in self.distant_tiles:
            bag.remove(value)
        drawn = bag if self.distant_drawn is None else list(self.distant_drawn)
        return DistantPile(list(reversed(self.distant_tiles)), drawn, self.distant_marker, self.distant_closed)

    def _set_turn(self, state: State) -> None:
        """Era, round and turn order, whose turn it is, and how far the turn or the action in progress has got."""
        state.era, state.round, state.order = self.era, self.round, list(self.order)
        state.turn_index = self.order.index(self.order[0] if self.turn is None else self.turn)
        state.set_aside = list(self.set_aside)
        state.divider_round = self.divider_round
        state.actions_done = self.actions_done
        state.pending = tuple(Phase(p) for p in self.pending) or None
        state.double_build = parse(self.facts, self.double_build) if self.double_build else None
        state.shortfall = self.shortfall
        state.over = self.over
        if self.shortfall is not None or self.over:
            # income is paid (and a game ends) between turns: before the first or after the last of the round
            before = not self.over and self.facts.rules.income_paid is IncomeTiming.ROUND_START
            state.turn_index = -1 if before else len(self.order)

    @classmethod
    def from_game(cls, game: Game) -> Scenario:
        """The exact position of ``game``, also mid-turn, mid-action or mid-income: :func:`write` gives its
        position file, which reads back to an equal state and plays on identically (like a chess FEN)."""
        s, facts = game.state, game.facts
        sc = cls(facts.game, len(s.players), facts.edition)
        sc.seed = s.seed or 0
        sc.era, sc.round, sc.order = s.era, s.round, list(s.order)
        sc.turn = s.order[s.turn_index] if 0 <= s.turn_index < len(s.order) else None
        sc.markets = dict(s.markets)
        sc.wilds = dict(s.wilds)
        sc.deck = list(reversed(s.deck))
        sc.merchants = {label: (m.buys, m.beer, None) for label, m in s.merchants.items()}
        sc.tiles = {label: TileEntry(t.owner, t.industry, t.level, t.flipped, t.cubes, None)
                    for label, t in s.tiles.items()}
        sc.links = {facts.board.links[i].label: (owner, None) for i, owner in s.links.items()}
        full = {ind: [t.count for t in facts.tiles[ind]] for ind in facts.industries}
        for i, p in enumerate(s.players):
            on_board = {ind: list(counts) for ind, counts in full.items()}
            for t in s.tiles.values():
                if t.owner == i:
                    on_board[t.industry][facts.level_index(t.industry, t.level)] -= 1
            mat = {ind: list(counts) for ind, counts in p.mat.items() if counts != on_board[ind]}
            sc.players[i] = PlayerEntry(p.money, p.income_space, p.vp, p.spent_this_round, sorted(p.hand),
                                        list(p.discard), mat or None)
        if s.distant is not None:
            sc.distant_marker, sc.distant_closed = s.distant.marker, s.distant.closed
            sc.distant_tiles = list(reversed(s.distant.tiles))
            sc.distant_drawn = list(s.distant.drawn)
        sc.set_aside = list(s.set_aside)
        sc.divider_round = s.divider_round
        sc.actions_done = s.actions_done
        sc.pending = [str(p) for p in s.pending or ()]
        sc.double_build = str(s.double_build) if s.double_build else None
        sc.shortfall = s.shortfall
        sc.over = s.over
        return sc

    def game(self, play: bool = False) -> Game:
        """A game starting from this position (and, with ``play``, after the scenario's own actions).

        The game keeps the position as text, so later changes to this object do not reach it, and
        ``game.save()`` writes a file that replays from the same position.
        """
        from brass_nb.scenario.text import game_from_text, write

        self.state()
        game = game_from_text(write(self))
        if play:
            for number, action in enumerate(self.actions, start=1):
                try:
                    game.play(action)
                except BrassError as err:
                    raise ScenarioError([Step("scenario.action", {"action": action, "error": str(err),
                                                                  **self._where(f"action {number}")}, ok=False)]
                                        + err.steps) from None
        return game
