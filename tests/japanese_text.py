"""The Japanese text the package shows, gathered for the tests that read it (tests/test_japanese_terms.py,
tests/test_japanese_only.py): the strings of its catalogues, the Japanese lessons' text and their stored outputs.

A stored output is what nbval compares with a fresh run of the lesson, so reading it reads what a learner sees.
"""
from __future__ import annotations

import ast
import html
import json
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import nbformat

REPO = Path(__file__).resolve().parent.parent
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
LESSONS_JA = sorted((REPO / "notebooks" / "ja").glob("*.md"))
NOTEBOOKS_JA = sorted((REPO / "notebooks" / "ja").glob("*.ipynb"))


def is_japanese(text: str) -> bool:
    return bool(JAPANESE.search(text))


def _python_strings(path: Path) -> Iterator[str]:
    """The string constants of a module (an f-string's literal parts one by one) that hold Japanese."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and is_japanese(node.value):
            yield node.value


def _values(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _values(v)
    elif isinstance(value, list):
        for v in value:
            yield from _values(v)


def catalogue_strings() -> Iterator[tuple[str, str]]:
    """(where, text) for every Japanese string of the package: its modules' strings, the quiz bank, the guided
    game, the board data's translations, and the player aid's script."""
    for path in sorted((REPO / "brass_nb").rglob("*.py")) + [REPO / "scripts" / "player_aid.py"]:
        for text in _python_strings(path):
            yield path.relative_to(REPO).as_posix(), text
    for path in sorted((REPO / "brass_nb").rglob("*.toml")):
        for text in _values(tomllib.loads(path.read_text(encoding="utf-8"))):
            if is_japanese(text):
                yield path.relative_to(REPO).as_posix(), text
    for path in sorted((REPO / "brass_nb" / "data").glob("*.json")):
        for text in json.loads(path.read_text(encoding="utf-8")).get("translations", {}).get("ja", {}).values():
            yield path.relative_to(REPO).as_posix(), text


def document_texts() -> Iterator[tuple[str, str]]:
    """(where, text) for the Japanese lessons' sources and the teacher's Japanese documents, whole."""
    for path in LESSONS_JA + sorted((REPO / "docs").rglob("*.ja.md")):
        yield path.relative_to(REPO).as_posix(), path.read_text(encoding="utf-8")


SHOWN = ("text/html", "text/markdown", "text/plain")
"""What a front end shows of an output, in order of preference (a picture or a widget shows no text)."""
PICTURES = ("image/png", "image/svg+xml", "application/vnd.jupyter.widget-view+json")


def output_texts(path: Path) -> Iterator[tuple[str, str, str]]:
    """(cell id, kind, text) for each output of a stored notebook, as the learner reads it: printed text, or the
    first of HTML, Markdown and plain text an output offers (nothing for a picture or a widget)."""
    for cell in nbformat.read(path, as_version=4).cells:
        for output in cell.get("outputs", []):
            if output.get("output_type") == "stream":
                if output.get("name") == "stdout":
                    yield cell.id, "stream", output.get("text", "")
                continue
            data = output.get("data", {})
            if any(key in data for key in PICTURES) and not any(key in data for key in SHOWN[:2]):
                continue
            kind = next((key for key in SHOWN if key in data), None)
            if kind is not None:
                yield cell.id, kind, data[kind]


CODE_HTML = re.compile(r"<code\b[^>]*>.*?</code>", re.S)
HIDDEN_HTML = re.compile(r"<(style|script)\b[^>]*>.*?</\1>|<!--.*?-->", re.S)
TAG = re.compile(r"<[^>]+>")
CODE_SPAN = re.compile(r"`[^`\n]+`")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)


def visible(text: str, kind: str = "text/html", code: bool = False) -> str:
    """What a reader sees of ``text`` (HTML tags and hidden parts dropped, entities read); code spans (``<code>``
    in HTML, backticks in Markdown and in plain text) are dropped too unless ``code``. Backticks shown in HTML are not
    code: a renderer that leaves them on screen has a bug the scan should see."""
    if kind == "text/html":
        text = HIDDEN_HTML.sub(" ", text)
        if not code:
            text = CODE_HTML.sub(" ", text)
        text = html.unescape(TAG.sub(" ", text))
    elif not code:          # Markdown, and plain or printed text, whose code spans are backticks by convention
        text = CODE_SPAN.sub(" ", FENCE.sub(" ", text))
    return text
