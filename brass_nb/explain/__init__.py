"""Words for explanation records: plain text, Markdown and HTML, in English (and more languages later).

Renderers read only :class:`~brass_nb.rules.records.Step` records; they never decide anything.
"""
from __future__ import annotations

import html

from brass_nb.explain import en, ja
from brass_nb.rules.records import Explanation, Step

CATALOGS = {"en": en.MESSAGES, "ja": ja.MESSAGES}
_default = {"language": "en"}


def set_language(language: str) -> None:
    """Choose the language used when a call does not name one."""
    if language not in CATALOGS:
        raise ValueError(f"unknown language {language!r}: choose one of {', '.join(sorted(CATALOGS))}")
    _default["language"] = language


def get_language() -> str:
    return _default["language"]


def reason(step: Step, language: str | None = None) -> str:
    """One step in words."""
    catalog = CATALOGS[language or _default["language"]]
    return catalog[step.rule](step.facts)


def render_text(expl: Explanation, language: str | None = None) -> str:
    lines = [expl.action] + [f"  {i}. {reason(s, language)}" for i, s in enumerate(expl.steps, 1)]
    return "\n".join(lines)


def render_markdown(expl: Explanation, language: str | None = None) -> str:
    lines = [f"**{expl.action}**", ""] + [f"{i}. {reason(s, language)}" for i, s in enumerate(expl.steps, 1)]
    return "\n".join(lines)


def render_html(expl: Explanation, language: str | None = None) -> str:
    items = "".join(f'<li data-rule="{s.rule}">{html.escape(reason(s, language))}</li>' for s in expl.steps)
    return f"<div class='brass-explanation'><b>{html.escape(expl.action)}</b><ol>{items}</ol></div>"
