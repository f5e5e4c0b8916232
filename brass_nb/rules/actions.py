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

Each kind is written here in one place: its type (whose ``__str__`` writes it), the shape of its words and how they
are read, and its :class:`ActionSpec` (clauses, random play's weight, the learner's choices), registered in
:data:`SPECS`. A new kind adds that, its validator and generator in its rules module (registered in
:class:`~brass_nb.rules.game.Game`), its words in ``widgets/labels.py`` and its explanations, in both languages;
``tests/test_action_specs.py`` says what is missing.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple, get_args

from brass_nb.rules.errors import NotationError
from brass_nb.rules.facts import GameFacts
from brass_nb.rules.notation import (
    CLAUSES,
    WITH_CARD,
    Parts,
    Vocabulary,
    after,
    find,
    industry_words,
    is_number,
    normalize_name,
    number,
    refuse,
    split_card,
    vocabulary,
)
from brass_nb.rules.records import Step

Sources = tuple[str, ...] | None
DISTANT = "distant market"
"""Where Lancashire's cotton may be sold besides a port."""

Clauses = dict[str, tuple[str, ...]]
"""The sources an action's clauses name, by resource."""

Reader = Callable[[Vocabulary, Parts, "str | None", Clauses], "Action"]
"""How a kind's named parts become its action, once the card and the clauses are read."""


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


@dataclass(frozen=True, slots=True)
class ActionSpec:
    """Everything about one kind of action that is not a rule, in one place beside its type: how its notation is
    read (its words' ``shape``, then ``read``; ``__str__`` writes it), which resources' sources its clauses name,
    how often random play picks it, and what a learner chooses, in order, to make one (the table's dropdowns)."""

    type: type
    shape: Callable[[list[str]], Parts | None]      # the words after the verb, by name (None: not this shape)
    read: Reader
    clauses: tuple[str, ...]                        # resources named after ";", e.g. ("coal", "iron")
    random_weight: int                              # random games should reach sales, flips and scoring
    choices: tuple[str, ...]                        # e.g. ("industry", "where", "card", "sources")

    @property
    def kind(self) -> str:
        return str(self.type._field_defaults["kind"])  # type: ignore[attr-defined]


SPECS: dict[str, ActionSpec] = {}
"""Each kind's spec, in the order the table lists the kinds."""


def _register(spec: ActionSpec) -> None:
    SPECS[spec.kind] = spec


def _read_cards(count: int, rule: str, make: Callable[[tuple[str, ...]], Action]) -> Reader:
    """A reader for an action that names exactly ``count`` cards (scout: 3, the double-card build: 2)."""
    def read(vocab: Vocabulary, g: Parts, card: str | None, clauses: Clauses) -> Action:
        cards = vocab.cards_of(g["cards"])
        if len(cards) != count:
            raise NotationError([Step(rule, {"count": len(cards)}, ok=False)])
        return make(cards)
    return read


# ---------------------------------------------------------------- build

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


def _shape_build(args: list[str]) -> Parts | None:
    if not args:
        return None
    industry, rest = industry_words(args, rest_needed=True)
    split = split_card(rest)
    if split is None or not split[0] or split[1] is None:
        return None
    return {"ind": industry, "place": " ".join(split[0]), "card": split[1]}


def _read_build(vocab: Vocabulary, g: Parts, card: str | None, clauses: Clauses) -> Action:
    location, slot = vocab.place(g["place"])
    return Build(vocab.lookup("industries", g["ind"]), location, card, slot, clauses.get("coal"), clauses.get("iron"))


_register(ActionSpec(Build, _shape_build, _read_build, ("coal", "iron"), 8, ("industry", "where", "card", "sources")))


# ---------------------------------------------------------------- network

class Network(NamedTuple):
    """Place one link; ``card`` is None for the second rail of a double-rail action."""

    link: str
    card: str | None = None
    coal: Sources = None
    beer: Sources = None
    kind: str = "network"

    def __str__(self) -> str:
        return f"network {self.link}{_with_card(self.card)}" + _clauses(("coal", self.coal), ("beer", self.beer))


def _shape_network(args: list[str]) -> Parts | None:
    split = split_card(args)
    if split is None or not split[0]:
        return None
    return {"link": " ".join(split[0]), **({"card": split[1]} if split[1] else {})}


def _read_network(vocab: Vocabulary, g: Parts, card: str | None, clauses: Clauses) -> Action:
    return Network(vocab.lookup("links", g["link"]), card, clauses.get("coal"), clauses.get("beer"))


_register(ActionSpec(Network, _shape_network, _read_network, ("coal", "beer"), 4, ("link", "card", "sources")))


# ---------------------------------------------------------------- develop

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


def _shape_develop(args: list[str]) -> Parts | None:
    if not args:
        return None
    industry, rest = industry_words(args, rest_needed=False)
    if [w.casefold() for w in rest] == ["free"]:
        return {"ind": industry, "free": "free"}
    split = split_card(rest)
    if split is None or split[0]:
        return None
    return {"ind": industry, **({"card": split[1]} if split[1] else {})}


def _read_develop(vocab: Vocabulary, g: Parts, card: str | None, clauses: Clauses) -> Action:
    return Develop(vocab.lookup("industries", g["ind"]), card, clauses.get("iron"), bool(g.get("free")))


_register(ActionSpec(Develop, _shape_develop, _read_develop, ("iron",), 2, ("industry", "card", "sources")))


# ---------------------------------------------------------------- sell

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


def _shape_sell(args: list[str]) -> Parts | None:
    if not args:
        return None
    industry, rest = industry_words(args, rest_needed=True)
    to = find(rest, ("to",))
    if not to:
        return None
    split = split_card(rest[to + 1:])
    if split is None or not split[0]:
        return None
    return {"ind": industry, "slot": " ".join(rest[:to]), "merchant": " ".join(split[0]),
            **({"card": split[1]} if split[1] else {})}


def _read_sell(vocab: Vocabulary, g: Parts, card: str | None, clauses: Clauses) -> Action:
    if normalize_name(g["merchant"]) in ("distant", "distantmarket"):
        merchant = DISTANT
    else:
        location, index = vocab.place(g["merchant"])
        merchant = location if index is None else f"{location}[{index}]"
    return Sell(vocab.lookup("industries", g["ind"]), vocab.slot(g["slot"]), merchant, card, clauses.get("beer"))


_register(ActionSpec(Sell, _shape_sell, _read_sell, ("beer",), 12, ("tile", "merchant", "card", "sources")))


# ---------------------------------------------------------------- loan

class Loan(NamedTuple):
    """Take a loan; ``amount`` only where a game offers several (Lancashire: £10, £20 or £30)."""

    card: str | None
    amount: int | None = None
    kind: str = "loan"

    def __str__(self) -> str:
        return f"loan {'' if self.amount is None else f'£{self.amount} '}with card {self.card}"


def _shape_loan(args: list[str]) -> Parts | None:
    amount = args[0] if args and args[0].casefold() != "with" else None
    if amount is not None and not is_number(amount.removeprefix("£")):
        return None                                 # (an amount is £20 or 20: anything else is not a loan's shape)
    card = after(args[1:] if amount else args, WITH_CARD)
    return None if card is None else {"card": card, **({"amount": amount} if amount else {})}


def _read_loan(vocab: Vocabulary, g: Parts, card: str | None, clauses: Clauses) -> Action:
    return Loan(card, _amount(g.get("amount")))


_register(ActionSpec(Loan, _shape_loan, _read_loan, (), 1, ("card", "amount")))


# ---------------------------------------------------------------- scout

class Scout(NamedTuple):
    """Discard three cards (sorted) for one wild location and one wild industry card."""

    cards: tuple[str, ...]
    kind: str = "scout"

    def __str__(self) -> str:
        return f"scout with cards {', '.join(self.cards)}"


def _shape_scout(args: list[str]) -> Parts | None:
    cards = after(args, ("with", "cards"))
    return None if cards is None else {"cards": cards}


_read_scout = _read_cards(3, "notation.scout_cards", lambda cards: Scout(cards))


_register(ActionSpec(Scout, _shape_scout, _read_scout, (), 1, ("cards",)))


# ---------------------------------------------------------------- pass

class Pass(NamedTuple):
    card: str | None
    kind: str = "pass"

    def __str__(self) -> str:
        return f"pass with card {self.card}"


def _shape_pass(args: list[str]) -> Parts | None:
    card = after(args, WITH_CARD)
    return None if card is None else {"card": card}


def _read_pass(vocab: Vocabulary, g: Parts, card: str | None, clauses: Clauses) -> Action:
    return Pass(card)


_register(ActionSpec(Pass, _shape_pass, _read_pass, (), 1, ("card",)))


# ---------------------------------------------------------------- done

class Done(NamedTuple):
    """End the compound action in progress (more sales, a second rail or tile), or decline a bonus."""

    kind: str = "done"

    def __str__(self) -> str:
        return "done"


def _shape_done(args: list[str]) -> Parts | None:
    return {} if not args else None


def _read_done(vocab: Vocabulary, g: Parts, card: str | None, clauses: Clauses) -> Action:
    return Done()


_register(ActionSpec(Done, _shape_done, _read_done, (), 2, ()))


# ---------------------------------------------------------------- discard

class Discard(NamedTuple):
    """The two cards of a double-card build (sorted), chosen after the build itself."""

    cards: tuple[str, ...]
    kind: str = "discard"

    def __str__(self) -> str:
        return f"discard {', '.join(self.cards)}"


def _shape_discard(args: list[str]) -> Parts | None:
    return {"cards": " ".join(args)} if args else None


_read_discard = _read_cards(2, "notation.discard_cards", lambda cards: Discard(cards))


_register(ActionSpec(Discard, _shape_discard, _read_discard, (), 1, ("cards",)))


# ---------------------------------------------------------------- remove

class Remove(NamedTuple):
    """Give up your own industry in ``slot`` for half its cost, to pay negative income."""

    industry: str
    slot: str
    kind: str = "remove"

    def __str__(self) -> str:
        return f"remove {self.industry} {self.slot}"


def _shape_remove(args: list[str]) -> Parts | None:
    if not args:
        return None
    industry, rest = industry_words(args, rest_needed=True)
    return {"ind": industry, "slot": " ".join(rest)} if rest else None


def _read_remove(vocab: Vocabulary, g: Parts, card: str | None, clauses: Clauses) -> Action:
    return Remove(vocab.lookup("industries", g["ind"]), vocab.slot(g["slot"]))


_register(ActionSpec(Remove, _shape_remove, _read_remove, (), 1, ("tile",)))


# ---------------------------------------------------------------- any action

Action = Build | Network | Develop | Sell | Loan | Scout | Pass | Done | Discard | Remove

KIND_OF: dict[type, str] = {action_type: action_type._field_defaults["kind"] for action_type in get_args(Action)}
"""Each action type's kind: what its ``kind`` field always says."""

VERBS = tuple(sorted(SPECS))

MAX_ACTION_LENGTH = 500
"""Longer text is refused before it is read: no action needs more, and every step below stays cheap."""


def example_action(facts: GameFacts) -> str:
    """A build on this game's board, to show the shape of an action: the first town's first slot."""
    town = next(loc for loc in facts.board.locations.values() if loc.kind == "town" and loc.slots)
    return f"build {town.slots[0][0]} {town.name}[1] with card {town.name}"


def parse(facts: GameFacts, text: str) -> Action:
    """Read one action in notation; raises :class:`NotationError` naming what was not understood.

    Text longer than :data:`MAX_ACTION_LENGTH` characters is refused before it is read.
    """
    if not isinstance(text, str):
        raise refuse("notation.not_text", type=type(text).__name__)
    if len(text) > MAX_ACTION_LENGTH:
        raise refuse("notation.too_long", length=len(text), limit=MAX_ACTION_LENGTH)
    vocab = vocabulary(facts)
    main, *extra = [part.strip() for part in text.strip().split(";")]
    words = main.split()
    verb = words[0].casefold() if words else ""
    spec = SPECS.get(verb)
    g = spec.shape(words[1:]) if spec is not None else None
    if spec is None or g is None:
        raise NotationError([Step("notation.shape", {"text": text.strip(), "verb": verb,
                                                     "verbs": list(VERBS),
                                                     "example": example_action(facts)}, ok=False)])
    clauses: Clauses = {}
    for part in extra:
        word, _, rest = part.partition(" ")
        word = word.casefold()
        if word not in CLAUSES or not rest.strip() or word in clauses:
            raise NotationError([Step("notation.clause", {"text": part, "clauses": list(CLAUSES)}, ok=False)])
        clauses[word] = vocab.sources(rest, word)
    card = vocab.lookup("cards", g["card"]) if g.get("card") else None
    if set(clauses) - set(spec.clauses):
        raise NotationError([Step("notation.clause", {"text": text.strip(), "clauses": list(spec.clauses)},
                                  ok=False)])
    return spec.read(vocab, g, card, clauses)


def _amount(written: str | None) -> int | None:
    """A loan amount as written (``£20`` or ``20``, as its shape checked), or None when the action names none."""
    return None if written is None else number(written.removeprefix("£"))
