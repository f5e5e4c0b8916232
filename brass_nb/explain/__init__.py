"""Words for explanation records: plain text, Markdown and HTML, in English (and more languages later).

Renderers read only :class:`~brass_nb.rules.records.Step` records; they never decide anything.
"""
from __future__ import annotations

import html
import re

from brass_nb.explain import actions, en, ja
from brass_nb.explain.actions import Listing as Listing  # (for lessons: actions in words)
from brass_nb.explain.actions import describe
from brass_nb.explain.names import localize
from brass_nb.rules.errors import UnknownName
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


TYPED = frozenset({"text", "suggestion", "example", "expected"})
"""Facts that quote what a learner types (an action, a position file's line, a name to write): they stay as typed,
shown as code, never translated."""


def reason(step: Step, language: str | None = None) -> str:
    """One step in words."""
    language = language or _default["language"]
    facts = {k: v if k in TYPED else localize(v, language) for k, v in step.facts.items()}
    return CATALOGS[language][step.rule](facts)


def _who(expl: Explanation, language: str) -> str:
    if expl.player is None:
        return ""
    return CATALOGS_PLAYER[language](expl.player)


def heading(expl: Explanation, language: str) -> tuple[str, str | None]:
    """What an explanation is about, in words, and the notation to show beside them as code (None when the words
    are the notation, as in English, or when the explanation is not one action)."""
    words = describe(expl.subject, language)
    notation = expl.action if actions.action_of(expl.subject) is not None and words != expl.action else None
    if language == "ja" and expl.player is not None:
        words = f"{_who(expl, language)}: {words}"
    return words, notation


def render_text(expl: Explanation, language: str | None = None) -> str:
    """The action, then one numbered line per step (in Japanese, the action in words: plain text shows no code)."""
    language = language or _default["language"]
    head, _ = heading(expl, language)
    if language != "ja" and expl.player is not None:
        head = f"{head} ({_who(expl, language)})"
    return "\n".join([head] + [f"  {i}. {reason(s, language)}" for i, s in enumerate(expl.steps, 1)])


def render_markdown(expl: Explanation, language: str | None = None) -> str:
    language = language or _default["language"]
    head, notation = heading(expl, language)
    who = f" — {_who(expl, language)}" if expl.player is not None and language != "ja" else ""
    code = f" `{notation}`" if notation else ""
    lines = [f"**{head}**{who}{code}", ""]
    lines += [f"{i}. {reason(s, language)}" for i, s in enumerate(expl.steps, 1)]
    return "\n".join(lines)


def render_html(expl: Explanation, language: str | None = None) -> str:
    """An ordered list; each item carries its rule id (``data-rule``) for styling and tests."""
    language = language or _default["language"]
    head, notation = heading(expl, language)
    who = f" — {html.escape(_who(expl, language))}" if expl.player is not None and language != "ja" else ""
    code = notation_html(notation) if notation else ""
    items = "".join(render_step_html(s, language) for s in expl.steps)
    return (f"<div class='brass-explanation' lang='{language}'><p><b>{html.escape(head)}</b>{who}{code}</p>"
            f"<ol>{items}</ol></div>")


_CODE = re.compile(r"`([^`]+)`")


def code_html(text: str) -> str:
    """``text`` escaped for HTML, its `code` spans (what the learner types: notation, a position file's words) as
    code."""
    return _CODE.sub(lambda m: f"<code>{m.group(1)}</code>", html.escape(text))


def notation_html(notation: str) -> str:
    """An action's notation beside its words: small, as code, for a learner who types or copies it."""
    return (f" <code class='brass-notation' style='font-size:85%;color:#555'>{html.escape(notation)}</code>")


def render_step_html(step: Step, language: str | None = None) -> str:
    """One list item; ``data-rule`` carries the rule id and ``data-why`` the step's kind of reason, if it names one
    (the lessons' coverage test reads both)."""
    cls = "brass-step" if step.ok else "brass-step brass-refused"
    why = step.facts.get("why")
    kind = f" data-why='{html.escape(why)}'" if isinstance(why, str) else ""
    return (f"<li class='{cls}' data-rule='{step.rule}'{kind} title='{step.rule}'>"
            f"{code_html(reason(step, language))}</li>")


def render_steps_html(steps: list[Step], language: str | None = None) -> str:
    """Steps without an action, such as a refusal's reasons: an unordered list."""
    language = language or _default["language"]
    items = "".join(render_step_html(s, language) for s in steps)
    return f"<div class='brass-reasons' lang='{language}'><ul>{items}</ul></div>"

