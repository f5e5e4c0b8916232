"""Japanese words use one term per concept, the glossary's (``../shared/GLOSSARY.md``): the alternatives it lists as
"also seen" never appear in the explanations, the widgets' labels or the picture's words."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from brass_nb.plot.words import WORDS as PICTURE_WORDS
from brass_nb.widgets.labels import LABELS

GLOSSARY = Path(__file__).resolve().parents[2] / "shared" / "GLOSSARY.md"
pytestmark = pytest.mark.skipif(not GLOSSARY.exists(), reason="the shared glossary is not beside this checkout")

KEPT = {
    "VP": "the board picture's narrow player table heads a column 'VP' as the printed score track does",
    "表向き": "'face up' in its own sense: cards and Lancashire's unflipped port tiles being face up",
    "ネットワーク": "part of 自分のネットワーク, the glossary's term for 'your network'",
}
"""Alternatives that are also ordinary words, with where they are allowed to stand."""


def glossary() -> tuple[set[str], set[str]]:
    """(preferred terms, alternatives) from the glossary's tables."""
    preferred, alternatives = set(), set()
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 2 or set(cells[0]) <= {"-", " "} or cells[0] == "English":
            continue
        preferred.update(_terms(cells[1]))
        if len(cells) > 2:
            alternatives.update(_terms(cells[2]))
    return preferred, alternatives


def _terms(cell: str) -> set[str]:
    return {t.strip() for t in re.split(r"[/（）()…,、]", cell) if len(t.strip()) > 1}


def forbidden() -> set[str]:
    """Alternatives that are not part of a preferred term, and not kept on purpose."""
    preferred, alternatives = glossary()
    return {alt for alt in alternatives - set(KEPT) if not any(alt in term for term in preferred)}


def test_the_glossary_is_read():
    preferred, alternatives = glossary()
    assert {"運輸タイル", "市場接続アイコン", "稼働済み"} <= preferred
    assert {"リンク・タイル", "裏返された", "スカウト"} <= alternatives


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, (list, tuple)):
        return [s for v in value for s in _strings(v)]
    return []


@pytest.mark.parametrize("table", [LABELS["ja"], PICTURE_WORDS["ja"]], ids=["widgets", "picture"])
def test_widget_and_picture_words_use_only_the_glossary_terms(table):
    words = forbidden()
    for text in _strings(table):
        assert not [w for w in words if w in text], text
