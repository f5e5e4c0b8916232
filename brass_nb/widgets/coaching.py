"""What the exercise box and the coach's box share: their size beside the table, and how a verdict is written.

A verdict (:class:`~brass_nb.quizbank.goals.Verdict`) is shown as a coloured head, the move in the learner's words,
the engine's reasons (for a legal move that missed, only the checks it missed) and what to do next.
"""
from __future__ import annotations

import html

from brass_nb.explain import code_html, reason
from brass_nb.quizbank.goals import Verdict

BOX_HEIGHT = "250px"   # the rest of the side panel keeps the controls in view; a long text scrolls in the box
COMPACT = "line-height:1.35;margin:2px 0"
RIGHT, WRONG = "#1b6e1b", "#b00020"


def bullets(items: list[str]) -> str:
    """Items as a compact HTML list (escaped; `code` spans as code)."""
    return f"<ul style='{COMPACT};padding-left:20px'>" + "".join(
        f"<li>{code_html(item)}</li>" for item in items) + "</ul>"


def verdict_html(verdict: Verdict | None, head: str, language: str, said: str = "", then: str = "") -> str:
    """The verdict under its ``head`` ("Right!", "Not this move."), with ``said`` (the move) and ``then`` (what to
    do next) when given; nothing before the first move."""
    if verdict is None:
        return ""
    shown = verdict.steps if verdict.ok or not verdict.legal else [s for s in verdict.steps if not s.ok]
    colour = RIGHT if verdict.ok else WRONG
    after = f"<br><i>{html.escape(then)}</i>" if then else ""
    return (f"<p style='{COMPACT};color:{colour}'><b>{html.escape(head)}</b> {html.escape(said)}</p>"
            f"{bullets([reason(s, language) for s in shown])}{after}")
