"""The position file: one line per fact, written by hand, read without executing anything.

    # lines starting with # are comments
    title Equidistant coal mines
    game birmingham
    edition 2007              (Lancashire only: Warfrog's 2007 Brass; the default is Roxley 2018)
    players 2
    era canal
    round 2
    order 1 2                 (turn order, players numbered from 1)
    turn 1                    (whose turn it is)
    market coal 13
    merchant Oxford[1] buys cotton beer 1
    merchant Oxford[2] blank
    player 1 money 30 income 8 vp 5 spent 0   (each value optional: £17, space 10, 0 VP, £0 spent)
    hand 1 Walsall, Birmingham
    tile Dudley[1] player 2 coal I cubes 2
    tile Stone[1] player 1 cotton II flipped
    link Dudley - Birmingham player 2
    action build iron Walsall with card Walsall

Every problem is reported with its line number. :func:`write` gives the canonical text, so a file
written by brass_nb reads back and writes out identically.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from brass_nb.explain.numerals import level_of, roman
from brass_nb.rules.actions import parse
from brass_nb.rules.errors import NotationError, ScenarioError
from brass_nb.rules.facts import editions, known_games
from brass_nb.rules.files import read_bytes, write_text
from brass_nb.rules.game import Game
from brass_nb.rules.phases import Phase
from brass_nb.rules.records import Step
from brass_nb.scenario.model import WILDS, PlayerEntry, Scenario

_TILE = re.compile(r"(?P<slot>.+?\])\s+player\s+(?P<player>\d+)\s+(?P<industry>.+?)\s+(?P<level>[IVX]+|\d+)"
                   r"(?P<flipped>\s+flipped)?(?:\s+cubes\s+(?P<cubes>\d+))?", re.IGNORECASE)
_SHORTFALL = re.compile(r"player\s+(?P<player>\d+)\s+owes\s+(?P<owed>\d+)\s+position\s+(?P<position>\d+)",
                        re.IGNORECASE)
_LINK = re.compile(r"(?P<link>.+?)\s+player\s+(?P<player>\d+)", re.IGNORECASE)
_PLAYER = re.compile(r"(?P<player>\d+)((?:\s+(?:money|income|vp|spent)\s+-?\d+)*)", re.IGNORECASE)
_MERCHANT = re.compile(r"(?P<space>.+?\])\s+(?:(?P<blank>blank)|buys\s+(?P<buys>.+?))(?:\s+beer\s+(?P<beer>\d+))?",
                       re.IGNORECASE)


MAX_FILE_CHARS = 100_000
"""A position file is a page of text (a four-player game's last position: under 3,000 characters); anything much
larger is refused before it is read (reading this many takes about 0.2 s)."""
MAX_LINE_LENGTH = 1000
MAX_DIGITS = 12


def _fail(line: int, text: str, expected: str) -> ScenarioError:
    return ScenarioError([Step("scenario.syntax", {"line": line, "text": text, "expected": expected}, ok=False)])


def _int(value: str, line: int, text: str) -> int:
    digits = value.strip().removeprefix("-")
    if not (digits.isascii() and digits.isdigit() and len(digits) <= MAX_DIGITS):
        raise _fail(line, text[:80], f"a whole number of at most {MAX_DIGITS} digits")
    return int(value)


def _player(value: str, line: int, text: str) -> int:
    return _int(value, line, text) - 1


HEADER = ("game", "edition", "players")
"""Lines read before all others: they decide which rules every other line is checked against."""


def read(text: str) -> Scenario:
    """Build a :class:`Scenario` from position text; raises :class:`ScenarioError` naming the line."""
    text = text.removeprefix("\ufeff")
    if len(text) > MAX_FILE_CHARS:
        raise ScenarioError([Step("scenario.too_large", {"size": len(text), "limit": MAX_FILE_CHARS}, ok=False)])
    lines = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if len(raw) > MAX_LINE_LENGTH:
            raise ScenarioError([Step("scenario.line_too_long", {"line": number, "length": len(raw),
                                                                  "limit": MAX_LINE_LENGTH}, ok=False)])
        line = raw.split("#", 1)[0].strip()
        if line:
            lines.append((number, line))
    header = {line.split(None, 1)[0].lower(): (n, line) for n, line in lines
              if line.split(None, 1)[0].lower() in HEADER}
    if "players" not in header:
        raise _fail(1, text.splitlines()[0] if text else "", "a 'players N' line")
    n, line = header["players"]
    value = line.partition(" ")[2].strip()
    if not value:
        raise _fail(n, line, "players N (the number of players)")
    players = _int(value, n, line)
    game_line, game_text = header.get("game", (0, "game birmingham"))
    game = game_text.partition(" ")[2].strip()
    if game not in known_games():
        raise ScenarioError([Step("scenario.game", {"line": game_line, "game": game, "games": known_games()},
                                  ok=False)])
    edition_line, edition_text = header.get("edition", (0, ""))
    edition = edition_text.partition(" ")[2].strip() or None
    if edition_line and edition not in editions(game):
        raise ScenarioError([Step("scenario.edition", {"line": edition_line, "edition": edition or "",
                                                       "editions": editions(game)}, ok=False)])
    try:
        sc = Scenario(game, players=players, edition=edition)
    except ScenarioError as err:
        raise ScenarioError([Step(s.rule, {**s.facts, "line": n}, ok=False) for s in err.steps]) from None
    for number, line in lines:
        _apply_line(sc, number, line)
    return sc


def _apply_line(sc: Scenario, n: int, line: str) -> None:
    """Hand line ``n`` to the reader of its line word; a two-word one ("set aside") is matched by its first word
    and the start of the rest of the line."""
    word, _, rest = line.partition(" ")
    word, rest = word.lower(), rest.strip()
    for line_word, reader in LINE_READERS.items():
        first, _, second = line_word.partition(" ")
        if word == first and rest.lower().startswith(second):
            reader(sc, n, line, rest[len(second):])
            return
    raise _unknown_line(sc, n, line)


def _unknown_line(sc: Scenario, n: int, line: str) -> ScenarioError:
    words = [w for w in LINE_READERS if w != "merchant" or sc.facts.board.merchants]
    return _fail(n, line, f"a line starting with {', '.join(words[:-1])} or {words[-1]}")


def _read_header(sc: Scenario, n: int, line: str, rest: str) -> None:
    """Nothing more to do: :func:`read` reads the header lines first, to make the scenario."""


def _read_title(sc: Scenario, n: int, line: str, rest: str) -> None:
    sc.title = rest


def _read_teaches(sc: Scenario, n: int, line: str, rest: str) -> None:
    sc.teaches = rest


def _read_seed(sc: Scenario, n: int, line: str, rest: str) -> None:
    sc.seed = _int(rest, n, line)


def _read_era(sc: Scenario, n: int, line: str, rest: str) -> None:
    sc.era = rest.lower()
    sc.lines["era"] = n


def _read_round(sc: Scenario, n: int, line: str, rest: str) -> None:
    sc.round = _int(rest, n, line)
    sc.lines["round"] = n


def _read_order(sc: Scenario, n: int, line: str, rest: str) -> None:
    sc.order = [_player(p, n, line) for p in rest.split()]
    sc.lines["order"] = n


def _read_turn(sc: Scenario, n: int, line: str, rest: str) -> None:
    sc.turn = _player(rest, n, line)
    sc.lines["turn"] = n


def _read_market(sc: Scenario, n: int, line: str, rest: str) -> None:
    resource, _, cubes = rest.partition(" ")
    if resource.lower() not in sc.markets:
        raise _fail(n, line, f"market {' or '.join(sc.markets)} and a number of cubes")
    sc.market(resource.lower(), _int(cubes.strip(), n, line))
    sc.lines[f"market {resource.lower()}"] = n


def _read_wilds(sc: Scenario, n: int, line: str, rest: str) -> None:
    counts = rest.split()
    if len(counts) != 2:
        raise _fail(n, line, "wilds <wild location cards> <wild industry cards>")
    sc.wilds = {WILDS[0]: _int(counts[0], n, line), WILDS[1]: _int(counts[1], n, line)}
    sc.lines["wilds"] = n


def _read_deck(sc: Scenario, n: int, line: str, rest: str) -> None:
    sc.cards(_list(rest), n)
    sc.lines["deck"] = n


def _read_set_aside(sc: Scenario, n: int, line: str, rest: str) -> None:
    sc.set_aside = _list(rest)
    sc.lines["set aside"] = n


def _read_merchant(sc: Scenario, n: int, line: str, rest: str) -> None:
    m = _MERCHANT.fullmatch(rest)
    if not m:
        raise _fail(n, line, "merchant Oxford[1] buys cotton beer 1 (or: merchant Oxford[1] blank)")
    buys = () if m.group("blank") else _list(m.group("buys"))
    sc.merchant(m.group("space"), buys, _int(m.group("beer") or "0", n, line), line=n)


_PLAYER_FIELDS = {"money": "money", "income": "income_space", "vp": "vp", "spent": "spent"}
"""The words of a ``player`` line and the :class:`PlayerEntry` fields they set."""


def _read_player(sc: Scenario, n: int, line: str, rest: str) -> None:
    m = _PLAYER.fullmatch(rest)
    if not m:
        raise _fail(n, line, "player 1 money 17 income 10 vp 0 spent 0")
    values = dict(zip(*[iter(m.group(2).split())] * 2, strict=True))
    sc.player(_player(m.group("player"), n, line), line=n,
              **{_PLAYER_FIELDS[k.lower()]: _int(v, n, line) for k, v in values.items()})


def _read_hand(sc: Scenario, n: int, line: str, rest: str) -> None:
    _read_cards_of(sc, n, line, rest, "hand")


def _read_discard(sc: Scenario, n: int, line: str, rest: str) -> None:
    _read_cards_of(sc, n, line, rest, "discard")


def _read_cards_of(sc: Scenario, n: int, line: str, rest: str, pile: str) -> None:
    who, _, cards = rest.partition(" ")
    sc.player(_player(who, n, line), line=n, **{pile: _list(cards)})
    sc.lines[f"{pile} {_int(who, n, line)}"] = n


def _read_mat(sc: Scenario, n: int, line: str, rest: str) -> None:
    """One industry per line: each adds to the player's mat (a player out of range is reported by ``sc.player``)."""
    parts = rest.split()
    if len(parts) < 3:
        raise _fail(n, line, "mat 1 coal 0 2 2 2 (tiles left per level)")
    index = _player(parts[0], n, line)
    if 0 <= index < len(sc.players):
        current = dict(sc.players[index].mat or {})
        current[parts[1]] = [_int(c, n, line) for c in parts[2:]]
        sc.player(index, mat=current, line=n)
    else:
        sc.player(index, line=n)


def _read_tile(sc: Scenario, n: int, line: str, rest: str) -> None:
    m = _TILE.fullmatch(rest)
    if not m:
        raise _fail(n, line, "tile Dudley[1] player 2 coal I cubes 2 (or ... flipped)")
    level = m.group("level").upper()
    sc.tile(m.group("slot"), _player(m.group("player"), n, line), m.group("industry"),
            level_of(level) or _int(level, n, line), bool(m.group("flipped")),
            _int(m.group("cubes") or "0", n, line), line=n)


def _read_link(sc: Scenario, n: int, line: str, rest: str) -> None:
    m = _LINK.fullmatch(rest)
    if not m:
        raise _fail(n, line, "link Dudley - Birmingham player 2")
    sc.link(m.group("link"), _player(m.group("player"), n, line), line=n)


def _read_distant(sc: Scenario, n: int, line: str, rest: str) -> None:
    what, _, value = rest.partition(" ")
    sc.lines["distant"] = sc.lines.get("distant", n)
    sc.lines[f"distant {what}"] = n
    if what == "marker":
        sc.distant_marker = _int(value.strip(), n, line)
    elif what == "tiles":
        sc.distant_tiles = _ints(value, n, line)
    elif what == "drawn":
        sc.distant_drawn = _ints(value, n, line)
    elif what == "closed" and not value.strip():
        sc.distant_closed = True
    else:
        raise _fail(n, line, "distant marker 3 / distant tiles -1, -2 (top first) / distant drawn -3 / "
                             "distant closed")


def _ints(text: str, n: int, line: str) -> list[int]:
    return [_int(v.strip(), n, line) for v in text.split(",") if v.strip()]


def _read_divider(sc: Scenario, n: int, line: str, rest: str) -> None:
    words = rest.lower().split()
    if words[:3] != ["shown", "in", "round"] or len(words) != 4:
        raise _fail(n, line, "divider shown in round 3 (Roxley Lancashire's rail era)")
    sc.divider_round = _int(words[3], n, line)
    sc.lines["divider"] = n


def _read_actions_done(sc: Scenario, n: int, line: str, rest: str) -> None:
    sc.actions_done = _int(rest.strip(), n, line)


def _read_phase(sc: Scenario, n: int, line: str, rest: str) -> None:
    phases = _list(rest)
    if not phases or any(p not in Phase.__members__.values() or p == Phase.END for p in phases):
        raise _fail(n, line, "phase " + " or ".join(p for p in Phase if p is not Phase.END)
                    + " (the decisions of the action in progress, next first)")
    sc.pending = phases


def _read_double_build(sc: Scenario, n: int, line: str, rest: str) -> None:
    """``rest`` follows "double build" directly: without a space before the action, the line is not this one."""
    if not rest.startswith(" "):
        raise _unknown_line(sc, n, line)
    sc.double_build = _checked_action(sc, n, rest.strip())


def _read_shortfall(sc: Scenario, n: int, line: str, rest: str) -> None:
    m = _SHORTFALL.fullmatch(rest)
    if not m:
        raise _fail(n, line, "shortfall player 2 owes 5 position 1")
    sc.shortfall = (_player(m.group("player"), n, line), _int(m.group("owed"), n, line),
                    _int(m.group("position"), n, line) - 1)
    sc.lines["shortfall"] = n


def _read_over(sc: Scenario, n: int, line: str, rest: str) -> None:
    if rest:
        raise _unknown_line(sc, n, line)
    sc.over = True


def _read_action(sc: Scenario, n: int, line: str, rest: str) -> None:
    sc.play(_checked_action(sc, n, rest))
    sc.lines[f"action {len(sc.actions)}"] = n


def _checked_action(sc: Scenario, n: int, text: str) -> str:
    """``text`` when it reads as an action; checked here, as it is read, so the error names its line."""
    try:
        parse(sc.facts, text)
    except NotationError as err:
        raise ScenarioError([Step("scenario.action", {"line": n, "action": text[:80], "error": str(err)},
                                  ok=False)] + err.steps) from None
    return text


LINE_READERS: dict[str, Callable[[Scenario, int, str, str], None]] = {
    "title": _read_title, "teaches": _read_teaches, "game": _read_header, "edition": _read_header,
    "players": _read_header, "seed": _read_seed, "era": _read_era, "round": _read_round, "order": _read_order,
    "turn": _read_turn, "market": _read_market, "wilds": _read_wilds, "deck": _read_deck,
    "set aside": _read_set_aside, "merchant": _read_merchant, "player": _read_player, "hand": _read_hand,
    "discard": _read_discard, "mat": _read_mat, "tile": _read_tile, "link": _read_link, "distant": _read_distant,
    "divider": _read_divider, "actions done": _read_actions_done, "phase": _read_phase,
    "double build": _read_double_build, "shortfall": _read_shortfall, "over": _read_over, "action": _read_action,
}
"""The reader of each line word, in the order the error for an unknown line lists them. A reader gets the scenario,
the line's number and text, and the text after the line word."""


def _list(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def write(sc: Scenario) -> str:
    """The canonical text of a scenario (what :func:`read` turns back into the same scenario)."""
    return "\n".join(line for writer in _WRITERS for line in writer(sc)) + "\n"


def _write_header(sc: Scenario) -> list[str]:
    """What the position is about and which rules it follows; optional lines only when not the default."""
    facts = sc.facts
    out = [f"title {sc.title}"] if sc.title else []
    if sc.teaches:
        out.append(f"teaches {sc.teaches}")
    out.append(f"game {facts.game}")
    if facts.edition != editions(facts.game)[0]:
        out.append(f"edition {facts.edition}")
    out.append(f"players {len(sc.players)}")
    if sc.seed:
        out.append(f"seed {sc.seed}")
    return out


def _write_turn(sc: Scenario) -> list[str]:
    out = [f"era {sc.era}", f"round {sc.round}"]
    if sc.order != list(range(len(sc.players))):
        out.append("order " + " ".join(str(i + 1) for i in sc.order))
    out.append(f"turn {(sc.order[0] if sc.turn is None else sc.turn) + 1}")
    return out


def _write_supply(sc: Scenario) -> list[str]:
    """Markets and wild piles that differ from the setup, and the deck."""
    facts = sc.facts
    out = [f"market {resource} {cubes}" for resource, cubes in sc.markets.items()
           if cubes != facts.markets[resource].start_cubes]
    if sc.wilds != {WILDS[0]: facts.wild_location, WILDS[1]: facts.wild_industry}:
        out.append(f"wilds {sc.wilds[WILDS[0]]} {sc.wilds[WILDS[1]]}")
    if sc.deck:
        out.append("deck " + ", ".join(sc.deck))
    return out


def _write_merchants(sc: Scenario) -> list[str]:
    """In board order (unknown spaces last), so the text does not depend on the order they were set in."""
    board = sc.facts.board
    order = {f"{m}[{i + 1}]": (k, i) for k, m in enumerate(board.merchants)
             for i in range(len(board.locations[m].merchant_spaces))}
    out = []
    for label in sorted(sc.merchants, key=lambda label: order.get(label, (99, 0))):
        buys, beer, _ = sc.merchants[label]
        out.append(f"merchant {label} " + (f"buys {', '.join(buys)}" if buys else "blank")
                   + (f" beer {beer}" if beer else ""))
    return out


def _write_players(sc: Scenario) -> list[str]:
    """Per player: the values that differ from the start, then hand, discard pile and mat."""
    defaults = PlayerEntry(money=sc.facts.rules.starting_money)
    out = []
    for i, p in enumerate(sc.players):
        values = [(word, getattr(p, name)) for word, name in _PLAYER_FIELDS.items()
                  if getattr(p, name) != getattr(defaults, name)]
        if values:
            out.append(f"player {i + 1} " + " ".join(f"{word} {value}" for word, value in values))
        if p.hand:
            out.append(f"hand {i + 1} " + ", ".join(p.hand))
        if p.discard:
            out.append(f"discard {i + 1} " + ", ".join(p.discard))
        out += [f"mat {i + 1} {industry} " + " ".join(map(str, counts)) for industry, counts in (p.mat or {}).items()]
    return out


def _write_board(sc: Scenario) -> list[str]:
    """Tiles and links in board order."""
    facts = sc.facts
    out = []
    for label in sorted(sc.tiles, key=facts.board.slot_order.__getitem__):
        t = sc.tiles[label]
        out.append(f"tile {label} player {t.owner + 1} {t.industry} {roman(t.level)}"
                   + (" flipped" if t.flipped else "") + (f" cubes {t.cubes}" if t.cubes else ""))
    link_order = {space.label: space.index for space in facts.board.links}
    out += [f"link {label} player {sc.links[label][0] + 1}" for label in sorted(sc.links, key=link_order.__getitem__)]
    return out


def _write_distant(sc: Scenario) -> list[str]:
    """Lancashire's distant market: the marker, the pile (top first), the tiles drawn this era, closed."""
    out = []
    if sc.distant_marker:
        out.append(f"distant marker {sc.distant_marker}")
    if sc.distant_tiles is not None:
        out.append("distant tiles " + ", ".join(map(str, sc.distant_tiles)))
    if sc.distant_drawn:
        out.append("distant drawn " + ", ".join(map(str, sc.distant_drawn)))
    if sc.distant_closed:
        out.append("distant closed")
    return out


def _write_mid_turn(sc: Scenario) -> list[str]:
    """A position in the middle of a turn, an action or the income phase (as :meth:`Game.position` writes it)."""
    out = []
    if sc.set_aside:
        out.append("set aside " + ", ".join(sc.set_aside))
    if sc.divider_round is not None:
        out.append(f"divider shown in round {sc.divider_round}")
    if sc.actions_done:
        out.append(f"actions done {sc.actions_done}")
    if sc.pending:
        out.append("phase " + ", ".join(sc.pending))
    if sc.double_build:
        out.append(f"double build {sc.double_build}")
    if sc.shortfall:
        who, owed, position = sc.shortfall
        out.append(f"shortfall player {who + 1} owes {owed} position {position + 1}")
    if sc.over:
        out.append("over")
    return out


def _write_actions(sc: Scenario) -> list[str]:
    return [f"action {a}" for a in sc.actions]


_WRITERS = (_write_header, _write_turn, _write_supply, _write_merchants, _write_players, _write_board,
            _write_distant, _write_mid_turn, _write_actions)
"""The sections of a position file, in the order :func:`write` puts them."""


def load(path: str | Path) -> Scenario:
    """Read a position file (``*.brass``): UTF-8 text, with or without a byte-order mark, from a regular file."""
    data = read_bytes(path, MAX_FILE_CHARS * 4, ScenarioError)      # (UTF-8 takes at most 4 bytes a character)
    if len(data) > MAX_FILE_CHARS * 4:
        raise ScenarioError([Step("scenario.too_large", {"size": len(data), "limit": MAX_FILE_CHARS}, ok=False)])
    return read(decode(data, str(path)))


def decode(data: bytes, path: str) -> str:
    """UTF-8 text (a byte-order mark is dropped); anything else is a :class:`ScenarioError` naming the line."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        raise ScenarioError([Step("scenario.encoding", {"path": path, "line": line, "byte": err.start,
                                                        "utf16": data[:2] in (b"\xff\xfe", b"\xfe\xff")},
                                  ok=False)]) from None


def save(sc: Scenario, path: str | Path) -> None:
    """Write ``sc``'s position file, replacing the file whole or not at all."""
    write_text(path, write(sc), ScenarioError)


def game_from_text(text: str) -> Game:
    """A game that starts from the position ``text`` (checked once; replays rebuild it from the text)."""
    first = read(text)
    first.state()
    return Game(lambda: read(text).state(), {"game": first.facts.game, "edition": first.facts.edition,
                                             "players": len(first.players),
                                             "scenario": text})
