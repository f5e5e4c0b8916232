"""Reading the action notation's words: names looked up case-, space- and dash-insensitively (with a suggestion
for a typo), numbers, lists, and the keywords an action's words are split at.

The notation is read word by word: each keyword is found by one left-to-right scan, so reading takes time in
proportion to the length of the text (no backtracking pattern can be fed a bad line). What each kind of action's
words are is :mod:`brass_nb.rules.actions`' (each kind's ``shape`` and ``read``).
"""
from __future__ import annotations

import difflib
import re
from functools import cache

from brass_nb.rules.errors import NotationError
from brass_nb.rules.facts import MARKET, GameFacts
from brass_nb.rules.records import Step

TWO_CARDS = "two cards"
"""Lancashire's double-card build: both actions and any two cards, chosen next with ``discard A, B``."""

MAX_DIGITS = 4
"""Slot numbers and loan amounts are short; a longer number is a typo or an attack, not an action."""

WITH_CARD = ("with", "card")
INDUSTRY_NOUNS = ("mill", "mine", "works")      # "iron works", "coal mine", "cotton mill"
CLAUSES = ("coal", "iron", "beer")
"""The resources whose sources an action may name after ``;``."""

Parts = dict[str, str]
"""An action's words read into named parts (``ind``, ``place``, ``card``, ...), before any name is looked up."""


def normalize_name(text: str) -> str:
    return re.sub(r"[\s\-\u2010-\u2015/_.]+", "", text.casefold())


def refuse(rule: str, **facts: object) -> NotationError:
    return NotationError([Step(rule, dict(facts), ok=False)])


def is_number(text: str) -> bool:
    """Is ``text`` a whole number written in ASCII digits?"""
    return text.isascii() and text.isdigit()


def number(text: str) -> int | None:
    """A whole number written in ASCII digits, or None; too many digits is a notation error."""
    if not is_number(text):
        return None
    if len(text) > MAX_DIGITS:
        raise refuse("notation.number", text=text, digits=len(text), most=MAX_DIGITS)
    return int(text)


def items(text: str, what: str) -> list[str]:
    """The comma-separated items of a list (cards, or the sources of one resource); none may be empty."""
    items = [item.strip() for item in text.split(",")]
    if any(not item for item in items):
        raise refuse("notation.empty_item", text=text.strip(), list=what)
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
            inside, closing, beyond = rest.partition("]")
            index = number(inside.strip())
            if closing and not beyond.strip() and index is not None:
                return self.lookup("locations", name), index
            return self.lookup("locations", text), None     # not Town[n]: named as an unknown location
        return self.lookup("locations", name), None

    def slot(self, text: str) -> str:
        location, index = self.place(text)
        if index is None:
            raise NotationError([Step("notation.slot_number", {"text": text.strip()}, ok=False)])
        return f"{location}[{index}]"

    def sources(self, text: str, resource: str) -> tuple[str, ...]:
        return tuple(MARKET if normalize_name(p) == MARKET else self.slot(p) for p in items(text, resource))

    def cards_of(self, text: str) -> tuple[str, ...]:
        return tuple(sorted(self.lookup("cards", c) for c in items(text, "cards")))


@cache
def vocabulary(facts: GameFacts) -> Vocabulary:
    return Vocabulary(facts)


def find(words: list[str], phrase: tuple[str, ...]) -> int | None:
    """Index of the first occurrence of ``phrase`` (case-insensitive) in ``words``, or None."""
    n = len(phrase)
    for i in range(len(words) - n + 1):
        if all(words[i + k].casefold() == phrase[k] for k in range(n)):
            return i
    return None


def industry_words(words: list[str], rest_needed: bool) -> tuple[str, list[str]]:
    """The industry at the start of ``words`` (one word, or two with mill/mine/works) and the words after it."""
    if len(words) > 1 and words[1].casefold() in INDUSTRY_NOUNS and (len(words) > 2 or not rest_needed):
        return " ".join(words[:2]), words[2:]
    return words[0], words[1:]


def split_card(words: list[str]) -> tuple[list[str], str | None] | None:
    """Split ``... with card CARD``: the words before, and the card text (None if no card is named)."""
    at = find(words, WITH_CARD)
    if at is None:
        return words, None
    if at + 2 == len(words):
        return None
    return words[:at], " ".join(words[at + 2:])


def after(words: list[str], phrase: tuple[str, ...]) -> str | None:
    """The text after ``phrase`` when ``words`` start with it and go on, else None."""
    if len(words) > len(phrase) and find(words[:len(phrase)], phrase) == 0:
        return " ".join(words[len(phrase):])
    return None
