"""Actions as immutable values with a readable notation that round-trips through :func:`parse`.

Actions are NamedTuples (cheap to create in bulk for ``legal_actions``, hashable, comparable);
the trailing ``kind`` field keeps two kinds with equal fields from comparing equal.

A field left as ``None`` means "not stated": the engine fills it in when only one answer is
legal, and refuses with ``choice.ambiguous`` (listing the answers) when several are.
Actions listed by ``legal_actions()`` state every choice, so each one is a distinct outcome.

Notation (one line; clauses after ``;``)::

    build iron Dudley[2] with card Dudley; coal Dudley[1]
    network Walsall - Birmingham with card Leek; coal Walsall[1]
    network Birmingham - Oxford; coal market; beer Walsall[2]      (second rail, same action)
    develop coal with card Leek; iron Dudley[2]
    develop pottery free                                           (Gloucester's beer bonus)
    sell cotton Leek[1] to Oxford[1] with card Leek; beer Oxford[1]
    loan with card Leek | pass with card Leek | scout with cards Leek, Derby, Stone
    done                       (end a compound action, or decline a bonus)
    remove cotton Leek[1]      (sell your own industry to pay negative income)

Lancashire adds::

    sell cotton Rochdale[1] to distant market with card Preston   (or "to Preston[1]": a port)
    loan £20 with card Wigan                                      (£10, £20 or £30)
    build cotton Bolton[1] with card two cards                    (double-card build; then:)
    discard Liverpool, Wigan
"""
from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from functools import cache
from typing import NamedTuple, get_args

from brass_nb.rules.errors import NotationError
from brass_nb.rules.facts import MARKET, GameFacts
from brass_nb.rules.records import Step

Sources = tuple[str, ...] | None
DISTANT = "distant market"
TWO_CARDS = "two cards"
"""Lancashire's double-card build: both actions and any two cards, chosen next with ``discard A, B``."""
"""Where Lancashire's cotton may be sold besides a port."""


def _clauses(*named: tuple[str, Sources]) -> str:
    """The clauses of the (name, sources) pairs that name any sources (a loop: a generator would be resumed once
    per pair; keywords would make a dict). Every play writes its action's text."""
    text = ""
    for name, sources in named:
        if sources:
            text += f"; {name} {', '.join(sources)}"
    return text


def _with_card(card: str | None) -> str:
    return f" with card {card}" if card else ""


class Build(NamedTuple):
    """Build an industry tile: ``slot`` is 1-based; ``coal``/``iron`` name each cube's source."""

    industry: str
    location: str
    card: str | None
    slot: int | None = None
    coal: Sources = None
    iron: Sources = None
    kind: str = "build"

    def __str__(self) -> str:
        place = self.location if self.slot is None else f"{self.location}[{self.slot}]"
        return (f"build {self.industry} {place}{_with_card(self.card)}"
                + _clauses(("coal", self.coal), ("iron", self.iron)))


class Network(NamedTuple):
    """Place one link; ``card`` is None for the second rail of a double-rail action."""

    link: str
    card: str | None = None
    coal: Sources = None
    beer: Sources = None
    kind: str = "network"

    def __str__(self) -> str:
        return f"network {self.link}{_with_card(self.card)}" + _clauses(("coal", self.coal), ("beer", self.beer))


class Develop(NamedTuple):
    """Remove the lowest tile of ``industry`` from your mat; ``card`` None for the second tile or a free develop."""

    industry: str
    card: str | None = None
    iron: Sources = None
    free: bool = False
    kind: str = "develop"

    def __str__(self) -> str:
        if self.free:
            return f"develop {self.industry} free"
        return f"develop {self.industry}{_with_card(self.card)}" + _clauses(("iron", self.iron))


class Sell(NamedTuple):
    """Sell the unflipped tile in ``slot`` to the merchant tile ``merchant`` (e.g. ``"Oxford[1]"``)."""

    industry: str
    slot: str
    merchant: str
    card: str | None = None
    beer: Sources = None
    kind: str = "sell"

    def __str__(self) -> str:
        return (f"sell {self.industry} {self.slot} to {self.merchant}{_with_card(self.card)}"
                + _clauses(("beer", self.beer)))


class Loan(NamedTuple):
    """Take a loan; ``amount`` only where a game offers several (Lancashire: £10, £20 or £30)."""

    card: str | None
    amount: int | None = None
    kind: str = "loan"

    def __str__(self) -> str:
        return f"loan {'' if self.amount is None else f'£{self.amount} '}with card {self.card}"


class Scout(NamedTuple):
    """Discard three cards (sorted) for one wild location and one wild industry card."""

    cards: tuple[str, ...]
    kind: str = "scout"

    def __str__(self) -> str:
        return f"scout with cards {', '.join(self.cards)}"


class Pass(NamedTuple):
    card: str | None
    kind: str = "pass"

    def __str__(self) -> str:
        return f"pass with card {self.card}"


class Done(NamedTuple):
    """End the compound action in progress (more sales, a second rail or tile), or decline a bonus."""

    kind: str = "done"

    def __str__(self) -> str:
        return "done"


class Discard(NamedTuple):
    """The two cards of a double-card build (sorted), chosen after the build itself."""

    cards: tuple[str, ...]
    kind: str = "discard"

    def __str__(self) -> str:
        return f"discard {', '.join(self.cards)}"


class Remove(NamedTuple):
    """Give up your own industry in ``slot`` for half its cost, to pay negative income."""

    industry: str
    slot: str
    kind: str = "remove"

    def __str__(self) -> str:
        return f"remove {self.industry} {self.slot}"


Action = Build | Network | Develop | Sell | Loan | Scout | Pass | Done | Discard | Remove

KIND_OF: dict[type, str] = {action_type: action_type._field_defaults["kind"] for action_type in get_args(Action)}
"""Each action type's kind: what its ``kind`` field always says."""


# ---------------------------------------------------------------- parsing

MAX_ACTION_LENGTH = 500
"""Longer text is refused before it is read: no action needs more, and every step below stays cheap."""
MAX_DIGITS = 4
"""Slot numbers and loan amounts are short; a longer number is a typo or an attack, not an action."""


def normalize_name(text: str) -> str:
    return re.sub(r"[\s\-\u2010-\u2015/_.]+", "", text.casefold())


def _refuse(rule: str, **facts: object) -> NotationError:
    return NotationError([Step(rule, dict(facts), ok=False)])


def _is_number(text: str) -> bool:
    """Is ``text`` a whole number written in ASCII digits?"""
    return text.isascii() and text.isdigit()


def _number(text: str) -> int | None:
    """A whole number written in ASCII digits, or None; too many digits is a notation error."""
    if not _is_number(text):
        return None
    if len(text) > MAX_DIGITS:
        raise _refuse("notation.number", text=text, digits=len(text), most=MAX_DIGITS)
    return int(text)


def _items(text: str, what: str) -> list[str]:
    """The comma-separated items of a list (cards, or the sources of one resource); none may be empty."""
    items = [item.strip() for item in text.split(",")]
    if any(not item for item in items):
        raise _refuse("notation.empty_item", text=text.strip(), list=what)
    return items


class Vocabulary:
    """Case-, space- and dash-insensitive lookups of every name the notation uses."""

    def __init__(self, facts: GameFacts):
        board = facts.board
        self.industries = {normalize_name(i): i for i in facts.industries}
        self.industries.update({normalize_name(name): i for i, name in facts.industry_names.items()})
        self.locations = {normalize_name(n): n for n in board.locations}
        cards = [n for n in board.towns] + list(facts.card_industries) + ["Wild Location", "Wild Industry", TWO_CARDS]
        self.cards = {normalize_name(c): c for c in cards}
        self.links: dict[str, str] = {}
        for link in board.links:
            ends = link.ends
            for a in ends:
                for b in ends:
                    if a != b:
                        self.links[normalize_name(a) + normalize_name(b)] = link.label
                        for c in ends:
                            if c not in (a, b):
                                self.links[normalize_name(a) + normalize_name(b) + normalize_name(c)] = link.label

    def lookup(self, kind: str, text: str) -> str:
        table: dict[str, str] = getattr(self, kind)
        found = table.get(normalize_name(text))
        if found is None:
            close = difflib.get_close_matches(normalize_name(text), list(table), n=1, cutoff=0.6)
            facts = {"kind": kind[:-1] if kind != "industries" else "industry", "text": text.strip()}
            if close:
                facts["suggestion"] = table[close[0]]
            raise NotationError([Step("notation.unknown_name", facts, ok=False)])
        return found

    def place(self, text: str) -> tuple[str, int | None]:
        """``Town`` or ``Town[n]`` (spaces allowed around the brackets)."""
        name, bracket, rest = text.partition("[")
        if bracket:
            inside, closing, after = rest.partition("]")
            number = _number(inside.strip())
            if closing and not after.strip() and number is not None:
                return self.lookup("locations", name), number
            return self.lookup("locations", text), None     # not Town[n]: named as an unknown location
        return self.lookup("locations", name), None

    def slot(self, text: str) -> str:
        location, index = self.place(text)
        if index is None:
            raise NotationError([Step("notation.slot_number", {"text": text.strip()}, ok=False)])
        return f"{location}[{index}]"

    def sources(self, text: str, resource: str) -> tuple[str, ...]:
        return tuple(MARKET if normalize_name(p) == MARKET else self.slot(p) for p in _items(text, resource))

    def cards_of(self, text: str) -> tuple[str, ...]:
        return tuple(sorted(self.lookup("cards", c) for c in _items(text, "cards")))


@cache
def vocabulary(facts: GameFacts) -> Vocabulary:
    return Vocabulary(facts)


# The notation is read word by word: each keyword is found by one left-to-right scan, so reading
# takes time in proportion to the length of the text (no backtracking pattern can be fed a bad line).
_WITH_CARD = ("with", "card")
_INDUSTRY_NOUNS = ("mill", "mine", "works")      # "iron works", "coal mine", "cotton mill"
_CLAUSES = ("coal", "iron", "beer")
_ALLOWED_CLAUSES = {"build": ("coal", "iron"), "network": ("coal", "beer"), "develop": ("iron",), "sell": ("beer",)}


def _find(words: list[str], phrase: tuple[str, ...]) -> int | None:
    """Index of the first occurrence of ``phrase`` (case-insensitive) in ``words``, or None."""
    n = len(phrase)
    for i in range(len(words) - n + 1):
        if all(words[i + k].casefold() == phrase[k] for k in range(n)):
            return i
    return None


def _industry(words: list[str], rest_needed: bool) -> tuple[str, list[str]]:
    """The industry at the start of ``words`` (one word, or two with mill/mine/works) and the words after it."""
    if len(words) > 1 and words[1].casefold() in _INDUSTRY_NOUNS and (len(words) > 2 or not rest_needed):
        return " ".join(words[:2]), words[2:]
    return words[0], words[1:]


def _split_card(words: list[str]) -> tuple[list[str], str | None] | None:
    """Split ``... with card CARD``: the words before, and the card text (None if no card is named)."""
    at = _find(words, _WITH_CARD)
    if at is None:
        return words, None
    if at + 2 == len(words):
        return None
    return words[:at], " ".join(words[at + 2:])


def _after(words: list[str], phrase: tuple[str, ...]) -> str | None:
    """The text after ``phrase`` when ``words`` start with it and go on, else None."""
    if len(words) > len(phrase) and _find(words[:len(phrase)], phrase) == 0:
        return " ".join(words[len(phrase):])
    return None


Parts = dict[str, str]


def _shape_done(args: list[str]) -> Parts | None:
    return {} if not args else None


def _shape_loan(args: list[str]) -> Parts | None:
    amount = args[0] if args and args[0].casefold() != "with" else None
    if amount is not None and not _is_number(amount.removeprefix("£")):
        return None                                 # (an amount is £20 or 20: anything else is not a loan's shape)
    card = _after(args[1:] if amount else args, _WITH_CARD)
    return None if card is None else {"card": card, **({"amount": amount} if amount else {})}


def _shape_pass(args: list[str]) -> Parts | None:
    card = _after(args, _WITH_CARD)
    return None if card is None else {"card": card}


def _shape_scout(args: list[str]) -> Parts | None:
    cards = _after(args, ("with", "cards"))
    return None if cards is None else {"cards": cards}


def _shape_discard(args: list[str]) -> Parts | None:
    return {"cards": " ".join(args)} if args else None


def _shape_network(args: list[str]) -> Parts | None:
    split = _split_card(args)
    if split is None or not split[0]:
        return None
    return {"link": " ".join(split[0]), **({"card": split[1]} if split[1] else {})}


def _shape_develop(args: list[str]) -> Parts | None:
    if not args:
        return None
    industry, rest = _industry(args, rest_needed=False)
    if [w.casefold() for w in rest] == ["free"]:
        return {"ind": industry, "free": "free"}
    split = _split_card(rest)
    if split is None or split[0]:
        return None
    return {"ind": industry, **({"card": split[1]} if split[1] else {})}


def _shape_remove(args: list[str]) -> Parts | None:
    if not args:
        return None
    industry, rest = _industry(args, rest_needed=True)
    return {"ind": industry, "slot": " ".join(rest)} if rest else None


def _shape_build(args: list[str]) -> Parts | None:
    if not args:
        return None
    industry, rest = _industry(args, rest_needed=True)
    split = _split_card(rest)
    if split is None or not split[0] or split[1] is None:
        return None
    return {"ind": industry, "place": " ".join(split[0]), "card": split[1]}


def _shape_sell(args: list[str]) -> Parts | None:
    if not args:
        return None
    industry, rest = _industry(args, rest_needed=True)
    to = _find(rest, ("to",))
    if not to:
        return None
    split = _split_card(rest[to + 1:])
    if split is None or not split[0]:
        return None
    return {"ind": industry, "slot": " ".join(rest[:to]), "merchant": " ".join(split[0]),
            **({"card": split[1]} if split[1] else {})}


_SHAPES: dict[str, Callable[[list[str]], Parts | None]] = {
    "build": _shape_build, "network": _shape_network, "develop": _shape_develop, "sell": _shape_sell,
    "loan": _shape_loan, "pass": _shape_pass, "scout": _shape_scout, "done": _shape_done,
    "discard": _shape_discard, "remove": _shape_remove,
}
"""The words after each verb, read into named parts (None when they do not have that verb's shape)."""
VERBS = tuple(sorted(_SHAPES))


def _shape(words: list[str]) -> Parts | None:
    """The parts of the main clause by name, or None when it does not have its verb's shape."""
    return _SHAPES[words[0].casefold()](words[1:])


def example_action(facts: GameFacts) -> str:
    """A build on this game's board, to show the shape of an action: the first town's first slot."""
    town = next(loc for loc in facts.board.locations.values() if loc.kind == "town" and loc.slots)
    return f"build {town.slots[0][0]} {town.name}[1] with card {town.name}"


def parse(facts: GameFacts, text: str) -> Action:
    """Read one action in notation; raises :class:`NotationError` naming what was not understood.

    Text longer than :data:`MAX_ACTION_LENGTH` characters is refused before it is read.
    """
    if not isinstance(text, str):
        raise _refuse("notation.not_text", type=type(text).__name__)
    if len(text) > MAX_ACTION_LENGTH:
        raise _refuse("notation.too_long", length=len(text), limit=MAX_ACTION_LENGTH)
    vocab = vocabulary(facts)
    main, *extra = [part.strip() for part in text.strip().split(";")]
    words = main.split()
    verb = words[0].casefold() if words else ""
    g = _shape(words) if verb in VERBS else None
    if g is None:
        raise NotationError([Step("notation.shape", {"text": text.strip(), "verb": verb,
                                                     "verbs": list(VERBS),
                                                     "example": example_action(facts)}, ok=False)])
    clauses: dict[str, tuple[str, ...]] = {}
    for part in extra:
        word, _, rest = part.partition(" ")
        word = word.casefold()
        if word not in _CLAUSES or not rest.strip() or word in clauses:
            raise NotationError([Step("notation.clause", {"text": part, "clauses": list(_CLAUSES)}, ok=False)])
        clauses[word] = vocab.sources(rest, word)
    card = vocab.lookup("cards", g["card"]) if g.get("card") else None
    allowed = _ALLOWED_CLAUSES.get(verb, ())
    if set(clauses) - set(allowed):
        raise NotationError([Step("notation.clause", {"text": text.strip(), "clauses": list(allowed)}, ok=False)])
    return _READERS[verb](vocab, g, card, clauses, text)


def _read_build(vocab: Vocabulary, g: dict[str, str], card: str | None, clauses: dict[str, tuple[str, ...]],
                text: str) -> Action:
    location, slot = vocab.place(g["place"])
    return Build(vocab.lookup("industries", g["ind"]), location, card, slot, clauses.get("coal"), clauses.get("iron"))


def _read_sell(vocab: Vocabulary, g: dict[str, str], card: str | None, clauses: dict[str, tuple[str, ...]],
               text: str) -> Action:
    if normalize_name(g["merchant"]) in ("distant", "distantmarket"):
        merchant = DISTANT
    else:
        location, index = vocab.place(g["merchant"])
        merchant = location if index is None else f"{location}[{index}]"
    return Sell(vocab.lookup("industries", g["ind"]), vocab.slot(g["slot"]), merchant, card, clauses.get("beer"))


def _read_cards(count: int, rule: str, make: Callable[[tuple[str, ...]], Action]) -> Reader:
    """A reader for an action that names exactly ``count`` cards (scout: 3, the double-card build: 2)."""
    def read(vocab: Vocabulary, g: dict[str, str], card: str | None, clauses: dict[str, tuple[str, ...]],
             text: str) -> Action:
        cards = vocab.cards_of(g["cards"])
        if len(cards) != count:
            raise NotationError([Step(rule, {"count": len(cards)}, ok=False)])
        return make(cards)
    return read


Reader = Callable[["Vocabulary", dict[str, str], "str | None", dict[str, tuple[str, ...]], str], "Action"]
_READERS: dict[str, Reader] = {
    "build": _read_build,
    "network": lambda vocab, g, card, clauses, text: Network(vocab.lookup("links", g["link"]), card,
                                                             clauses.get("coal"), clauses.get("beer")),
    "develop": lambda vocab, g, card, clauses, text: Develop(vocab.lookup("industries", g["ind"]), card,
                                                             clauses.get("iron"), bool(g.get("free"))),
    "sell": _read_sell,
    "loan": lambda vocab, g, card, clauses, text: Loan(card, _amount(g.get("amount"))),
    "pass": lambda vocab, g, card, clauses, text: Pass(card),
    "scout": _read_cards(3, "notation.scout_cards", Scout),
    "done": lambda vocab, g, card, clauses, text: Done(),
    "discard": _read_cards(2, "notation.discard_cards", Discard),
    "remove": lambda vocab, g, card, clauses, text: Remove(vocab.lookup("industries", g["ind"]),
                                                           vocab.slot(g["slot"])),
}
"""How each verb's words become an action, once the shape and the clauses are known."""


def _amount(written: str | None) -> int | None:
    """A loan amount as written (``£20`` or ``20``, as its shape checked), or None when the action names none."""
    return None if written is None else _number(written.removeprefix("£"))
