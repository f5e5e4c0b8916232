"""An action in the learner's words: the notation in English (what one types and copies), a phrase in Japanese.

:func:`describe` takes an action as the rules make it, as a record keeps it (its fields by name, as
``action._asdict()`` gives them) or as its notation text, so that a record is worded when it is shown, in the
language asked for then::

    >>> describe(Build("iron", "Dudley", "Dudley", 2, coal=("Walsall[1]",)), "ja")
    'ダドリー[2]に製鉄所を建設（カード: ダドリー）。石炭はウォルソール[1]から'

Nothing is decided here: a phrase says only what the action names (a card left out is the second rail, tile or
sale of the same action, as the notation says).
"""
from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from brass_nb.explain import ja
from brass_nb.explain.names import localize
from brass_nb.rules.actions import (
    DISTANT,
    KIND_OF,
    Action,
    Build,
    Develop,
    Discard,
    Done,
    Loan,
    Network,
    Pass,
    Remove,
    Scout,
    Sell,
    parse,
)
from brass_nb.rules.errors import BrassError
from brass_nb.rules.facts import MARKET, editions, known_games, load_facts
from brass_nb.rules.notation import TWO_CARDS

__all__ = ["HEADINGS", "Listing", "action_of", "describe"]

TYPES: dict[str, type] = {kind: action_type for action_type, kind in KIND_OF.items()}

HEADINGS = {"score preview": {"en": "score preview", "ja": "今この時代が終わった場合の得点"}}
"""What an explanation that is not one action is about (``Game.score_preview``), in each language."""


def action_of(value: Any) -> Action | None:
    """The action ``value`` stands for: an action itself, a record of its fields (``kind`` among them) or its
    notation (read with each game's names in turn); None when it is none of these."""
    if type(value) in KIND_OF:
        return value
    if isinstance(value, dict):
        fields = {k: tuple(v) if isinstance(v, list) else v for k, v in value.items()}
        try:
            return TYPES[fields["kind"]](**fields)
        except (KeyError, TypeError):
            return None
    return _read(value) if isinstance(value, str) else None


@cache
def _read(text: str) -> Action | None:
    """An action's notation read with the first game (and edition) whose names it uses."""
    for game in known_games():
        for edition in editions(game):
            try:
                return parse(load_facts(game, edition), text)
            except BrassError:
                continue
    return None


def describe(value: Any, language: str) -> str:
    """``value`` (an action, its record or its notation) in ``language``: the notation in English, a phrase in
    Japanese; text that is no action is given back as it is (or its heading, :data:`HEADINGS`)."""
    action = action_of(value)
    if action is None:
        return HEADINGS.get(str(value), {}).get(language, str(value))
    return PHRASES[language](action)


class Listing(list[str]):
    """Actions in words, one a line, each with its notation beside it as code (what one copies to play it); in
    Jupyter a list (Markdown). ``print`` shows the words only."""

    def __init__(self, actions: Any, language: str):
        self.notations = [str(action) for action in actions]
        super().__init__(describe(action, language) for action in actions)

    def __str__(self) -> str:
        return "\n".join(self)

    def _repr_markdown_(self) -> str:
        return "\n".join(f"- `{notation}`" if words == notation else f"- {words} `{notation}`"
                         for words, notation in zip(self, self.notations, strict=True))


# ---------------------------------------------------------------- 日本語


def _name(value: str) -> str:
    """A board or card name, a slot, a link, the market or the distant market, in Japanese."""
    if value == MARKET:
        return "市場"
    if value == DISTANT:
        return "遠方市場"
    return str(localize(value, "ja"))


def _card(card: str | None) -> str:
    if card == TWO_CARDS:
        return "（カード2枚）"
    return f"（カード: {_name(card)}）" if card else ""


def _sources(resource: str, sources: tuple[str, ...] | None) -> str:
    """Where each cube or barrel comes from: 「石炭はダドリー[1]から」「石炭2個は市場から」
    「鉄はA[1]から1個、市場から1個」."""
    if not sources:
        return ""
    counts: dict[str, int] = {}
    for source in sources:
        counts[source] = counts.get(source, 0) + 1
    word, unit = ja.RESOURCE[resource], ja.COUNTER[resource]
    if len(counts) == 1:
        n = len(sources)
        return f"{word}{f'{n}{unit}' if n > 1 else ''}は{_name(sources[0])}から"
    return f"{word}は" + "、".join(f"{_name(source)}から{n}{unit}" for source, n in counts.items())


def _clauses(*clauses: tuple[str, tuple[str, ...] | None]) -> str:
    said = [_sources(resource, sources) for resource, sources in clauses if sources]
    return "。" + "、".join(said) if said else ""


def _build(a: Build) -> str:
    place = a.location if a.slot is None else f"{a.location}[{a.slot}]"
    return (f"{_name(place)}に{ja.INDUSTRY[a.industry]}を建設{_card(a.card)}"
            + _clauses(("coal", a.coal), ("iron", a.iron)))


def _network(a: Network) -> str:
    what = f"{_name(a.link)}に運輸タイルを配置" if a.card else f"続けて{_name(a.link)}に2本目の鉄道を配置"
    return what + _card(a.card) + _clauses(("coal", a.coal), ("beer", a.beer))


def _develop(a: Develop) -> str:
    industry = ja.INDUSTRY[a.industry]
    if a.free:
        return f"{industry}を無料で開発（商人のビール特典）"
    what = f"{industry}を開発" if a.card else f"続けて{industry}をもう1枚開発"
    return what + _card(a.card) + _clauses(("iron", a.iron))


def _sell(a: Sell) -> str:
    what = f"{_name(a.slot)}の{ja.INDUSTRY[a.industry]}を{_name(a.merchant)}に売却"
    return ("" if a.card else "続けて") + what + _card(a.card) + _clauses(("beer", a.beer))


def _loan(a: Loan) -> str:
    return ("借金" if a.amount is None else f"{ja.money(a.amount)}を借金") + _card(a.card)


def _cards(cards: tuple[str, ...]) -> str:
    return "、".join(_name(c) for c in cards)


PHRASE: dict[type, Callable[[Any], str]] = {
    Build: _build,
    Network: _network,
    Develop: _develop,
    Sell: _sell,
    Loan: _loan,
    Scout: lambda a: f"偵察（{_cards(a.cards)}を捨てる）",
    Pass: lambda a: "パス" + _card(a.card),
    Done: lambda a: "アクションを終了",
    Discard: lambda a: f"カード2枚での建設: {_cards(a.cards)}を捨てる",
    Remove: lambda a: f"{_name(a.slot)}の{ja.INDUSTRY[a.industry]}を取り除く（負の収入の支払い）",
}
"""Each kind's Japanese phrase (a test checks every kind has one)."""


def _ja(action: Action) -> str:
    return PHRASE[type(action)](action)


PHRASES: dict[str, Callable[[Action], str]] = {"en": str, "ja": _ja}
