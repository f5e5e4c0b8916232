"""How a legal action is picked field by field, in the order a learner chooses, and what each choice is called.

Pure data over the legal actions (no widgets here), so the narrowing can be tested on its own. Each field has a
key (an English string the dropdown keeps as its value) and words in the learner's language (what it shows).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from brass_nb.explain import en, ja, localize
from brass_nb.explain.actions import describe as words_of_action
from brass_nb.rules.actions import SPECS, Action, ActionSpec
from brass_nb.widgets.labels import LABELS

KIND_ORDER = tuple(SPECS)
"""The kinds in the order the table lists them (the specs')."""
INDUSTRY = {"en": en.INDUSTRY, "ja": ja.INDUSTRY}
RESOURCE = {"en": en.RESOURCE, "ja": ja.RESOURCE}


def name(value: str, language: str) -> str:
    """A board, card or industry name, or one of the widgets' own words (market, two cards), in ``language``."""
    words = LABELS[language]["names"]
    if value in words:
        return words[value]
    if value in INDUSTRY[language]:
        return INDUSTRY[language][value]
    return localize(value, language)


def names(values, language: str) -> str:
    return LABELS[language]["comma"].join(name(v, language) for v in values)


def _sources(*resources: str) -> Callable[[Action, str], str]:
    def words(action: Action, language: str) -> str:
        parts = [f"{RESOURCE[language][r]} {names(getattr(action, r), language)}" for r in resources
                 if getattr(action, r)]
        return "; ".join(parts) or LABELS[language]["nothing_to_choose"]
    return words


def _sources_key(*resources: str) -> Callable[[Action], str]:
    def key(action: Action) -> str:
        return "; ".join(f"{r} {', '.join(getattr(action, r))}" for r in resources if getattr(action, r)) or "None"
    return key


def _card(action: Action, language: str) -> str:
    return name(action.card, language) if action.card else LABELS[language]["same_action"]


def _loan(action: Action, language: str) -> str:
    return LABELS[language]["any_amount"] if action.amount is None else f"£{action.amount}"


@dataclass(frozen=True)
class Field:
    """One choice of an action kind: ``key`` tells actions apart, ``words`` shows that choice to the learner."""

    name: str
    key: Callable[[Action], str]
    words: Callable[[Action, str], str]


def _field(field_name: str, attribute: str, words: Callable[[Action, str], str] | None = None) -> Field:
    def key(action: Action) -> str:
        return str(getattr(action, attribute))
    return Field(field_name, key, words or (lambda a, language: name(getattr(a, attribute), language)))


def _place(action: Action, language: str) -> str:
    return name(f"{action.location}[{action.slot}]", language)


def _tile(action: Action, language: str) -> str:
    return f"{name(action.industry, language)} {name(action.slot, language)}"


def _sources_field(spec: ActionSpec) -> Field:
    """The sources of the resources the kind's clauses name, headed by the one resource or "resources"."""
    clauses = spec.clauses
    return Field(clauses[0] if len(clauses) == 1 else "resources", _sources_key(*clauses), _sources(*clauses))


def _industry_key(action: Action) -> str:
    return f"{action.industry}{getattr(action, 'free', '')}"


def _industry(action: Action, language: str) -> str:
    return name(action.industry, language) + (LABELS[language]["free"] if getattr(action, "free", False) else "")


CHOICES: dict[str, Callable[[ActionSpec], Field]] = {
    "industry": lambda spec: Field("industry", _industry_key, _industry),
    "where": lambda spec: Field("where", lambda a: f"{a.location}[{a.slot}]", _place),
    "card": lambda spec: _field("card", "card", _card),
    "sources": _sources_field,
    "link": lambda spec: _field("link", "link"),
    "tile": lambda spec: Field("tile", lambda a: f"{a.industry} {a.slot}", _tile),
    "merchant": lambda spec: _field("merchant", "merchant"),
    "amount": lambda spec: _field("amount", "amount", _loan),
    "cards": lambda spec: Field("cards", lambda a: str(a.cards), lambda a, language: names(a.cards, language)),
}
"""The dropdown of each choice an action spec names (brass_nb.rules.actions.ActionSpec.choices)."""

FIELDS: dict[str, tuple[Field, ...]] = {kind: tuple(CHOICES[choice](spec) for choice in spec.choices)
                                        for kind, spec in SPECS.items()}
"""Each kind's dropdowns, in the order its spec names its choices."""

SLOTS = max(len(fields) for fields in FIELDS.values())


def kinds(actions: list[Action]) -> list[str]:
    present = {a.kind for a in actions}
    return [k for k in KIND_ORDER if k in present]


@dataclass(frozen=True)
class Choice:
    """What the dropdowns show: one legal action, its kind's fields, each field's options (key, words) and key."""

    action: Action
    options: tuple[tuple[tuple[str, str], ...], ...]
    keys: tuple[str, ...]


def settle(actions: list[Action], kind: str, wanted: list[str | None], language: str) -> Choice | None:
    """The legal action of ``kind`` that keeps as many of the ``wanted`` keys as still fit, field by field.

    Each field keeps its wanted key when some action still matching the earlier fields has it, else takes the
    first one left, so the fields always name one legal action together (never a mix of two).
    """
    matching = [a for a in actions if a.kind == kind]
    if not matching:
        return None
    options, keys = [], []
    for i, field in enumerate(FIELDS[kind]):
        shown = {}
        for action in matching:
            shown.setdefault(field.key(action), action)
        key = wanted[i] if i < len(wanted) and wanted[i] in shown else next(iter(shown))
        options.append(tuple((k, field.words(a, language)) for k, a in shown.items()))
        keys.append(key)
        matching = [a for a in matching if field.key(a) == key]
    return Choice(matching[0], tuple(options), tuple(keys))


def choice_of(actions: list[Action], action: Action, language: str) -> Choice | None:
    """The dropdowns' view of ``action`` (None when it is not one of ``actions``)."""
    if action not in actions:
        return None
    return settle(actions, action.kind, [field.key(action) for field in FIELDS[action.kind]], language)


def describe(action: Action, language: str) -> str:
    """An action in the learner's language: in English field by field (the notation stays English: it is what one
    types), in Japanese the phrase every Japanese screen uses (:func:`brass_nb.explain.actions.describe`)."""
    if language != "en":
        return words_of_action(action, language)
    parts = [LABELS[language]["kinds"][action.kind]] + [field.words(action, language) for field in FIELDS[action.kind]
                                                          if field.key(action) != "None"]
    return " · ".join(parts)
