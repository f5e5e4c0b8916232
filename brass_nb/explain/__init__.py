"""Words for explanation records: plain text, Markdown and HTML, in English (and more languages later).

Renderers read only :class:`~brass_nb.rules.records.Step` records; they never decide anything.
"""
from __future__ import annotations

import html
import re
from functools import cache
from typing import Any

from brass_nb.explain import en, ja
from brass_nb.rules.errors import UnknownName
from brass_nb.rules.facts import known_games, load_facts
from brass_nb.rules.records import Explanation, Step

CATALOGS = {"en": en.MESSAGES, "ja": ja.MESSAGES}
CATALOGS_PLAYER = {"en": en.player, "ja": ja.player}
_default = {"language": "en"}


def check_language(language: str) -> str:
    """``language`` if brass_nb speaks it; else :class:`UnknownName` listing the languages it does speak."""
    if not isinstance(language, str) or language not in CATALOGS:
        raise UnknownName([Step("language.unknown", {"language": repr(language), "languages": sorted(CATALOGS)},
                                ok=False)])
    return language


def set_language(language: str) -> None:
    """Choose the language used when a call does not name one."""
    _default["language"] = check_language(language)


def get_language() -> str:
    return _default["language"]


def language_or_default(language: str | None) -> str:
    """The language a call names (checked), or the one chosen with :func:`set_language`."""
    return _default["language"] if language is None else check_language(language)


@cache
def _names(language: str) -> dict[str, str]:
    """Board and card names in ``language``, from every game's data file."""
    table: dict[str, str] = {}
    for game in known_games():
        table.update(load_facts(game).translations.get(language, {}))
    return table


_SLOT = re.compile(r"(.+)\[(\d+)\]")


def localize(value: Any, language: str) -> Any:
    """Translate the board and card names inside a step's facts (slots "Dudley[1]", links "A - B" too)."""
    table = _names(language)
    if not table:
        return value
    if isinstance(value, str):
        if value in table:
            return table[value]
        m = _SLOT.fullmatch(value)
        if m and m.group(1) in table:
            return f"{table[m.group(1)]}[{m.group(2)}]"
        parts = value.split(" - ")
        if len(parts) > 1 and all(p in table for p in parts):
            return " - ".join(table[p] for p in parts)
        return value
    if isinstance(value, list):
        return [localize(v, language) for v in value]
    if isinstance(value, dict):
        return {k: localize(v, language) for k, v in value.items()}
    return value


def reason(step: Step, language: str | None = None) -> str:
    """One step in words."""
    language = language or _default["language"]
    return CATALOGS[language][step.rule](localize(step.facts, language))


def _who(expl: Explanation, language: str) -> str:
    if expl.player is None:
        return ""
    return CATALOGS_PLAYER[language](expl.player)


def render_text(expl: Explanation, language: str | None = None) -> str:
    """The action, then one numbered line per step."""
    language = language or _default["language"]
    head = f"{expl.action} ({_who(expl, language)})" if expl.player is not None else expl.action
    return "\n".join([head] + [f"  {i}. {reason(s, language)}" for i, s in enumerate(expl.steps, 1)])


def render_markdown(expl: Explanation, language: str | None = None) -> str:
    language = language or _default["language"]
    who = f" — {_who(expl, language)}" if expl.player is not None else ""
    lines = [f"**{expl.action}**{who}", ""]
    lines += [f"{i}. {reason(s, language)}" for i, s in enumerate(expl.steps, 1)]
    return "\n".join(lines)


def render_html(expl: Explanation, language: str | None = None) -> str:
    """An ordered list; each item carries its rule id (``data-rule``) for styling and tests."""
    language = language or _default["language"]
    who = f" — {html.escape(_who(expl, language))}" if expl.player is not None else ""
    items = "".join(render_step_html(s, language) for s in expl.steps)
    return (f"<div class='brass-explanation' lang='{language}'><p><b>{html.escape(expl.action)}</b>{who}</p>"
            f"<ol>{items}</ol></div>")


def render_step_html(step: Step, language: str | None = None) -> str:
    """One list item; ``data-rule`` carries the rule id and ``data-why`` the step's kind of reason, if it names one
    (the lessons' coverage test reads both)."""
    cls = "brass-step" if step.ok else "brass-step brass-refused"
    why = step.facts.get("why")
    kind = f" data-why='{html.escape(why)}'" if isinstance(why, str) else ""
    return (f"<li class='{cls}' data-rule='{step.rule}'{kind} title='{step.rule}'>"
            f"{html.escape(reason(step, language))}</li>")


def render_steps_html(steps: list[Step], language: str | None = None) -> str:
    """Steps without an action, such as a refusal's reasons: an unordered list."""
    language = language or _default["language"]
    items = "".join(render_step_html(s, language) for s in steps)
    return f"<div class='brass-reasons' lang='{language}'><ul>{items}</ul></div>"

