"""One Japanese term per concept: no spelling that docs/glossary_ja.md rejects appears in the package's Japanese
strings, the Japanese lessons' text, the teacher's Japanese documents, or the stored outputs of the Japanese lessons.
"""
from __future__ import annotations

import re
from pathlib import Path

import japanese_text as jt
import pytest

TABLE = jt.REPO / "docs" / "glossary_ja.md"

MOVE = "手"
"""手 meaning a move is rejected for アクション; these words hold 手 in another sense (or name a rating) and stay."""
KEEP_WITH_MOVE = {
    "手番": "the turn (000)", "手札": "the hand of cards (000)", "手元": "at hand (000: 手元のお金)",
    "手持ち": "held (money, cards)", "手放": "to give up (an industry)", "手がかり": "a clue (a hint's first rung)",
    "上手": "skilled", "相手": "the opponent", "先手": "who plays first (the turn order)", "入手": "to obtain",
    "手に入": "to obtain", "手順": "a procedure", "手前": "just before", "手段": "a means", "手間": "effort",
    "手ほどき": "a tutorial (lesson 15's guided rounds)", "手を止め": "to pause (the teacher's script)",
    "を手に": "holding (the teacher walks round with the aid in hand)", "買い手": "a buyer",
    "手で書": "written by hand",
    "最善手": "a rating in the review (as in shogi)", "好手": "a rating in the review",
    "疑問手": "a rating in the review", "悪手": "a rating in the review (大悪手 too)",
}


def rejected_terms() -> dict[str, str]:
    """Rejected spelling → the chosen term, from the decisions table."""
    rejected = {}
    for line in TABLE.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 4 or cells[0] in ("concept", "---"):
            continue
        for term in re.split(r",\s*", cells[2]):
            rejected[term.strip()] = cells[1]
    return rejected


REJECTED = rejected_terms()
SPELLINGS = {term: chosen for term, chosen in REJECTED.items() if term != MOVE}


def found(text: str) -> list[str]:
    """The rejected spellings in ``text`` (手 as a move counted once the words that keep it are set aside)."""
    hits = [term for term in SPELLINGS if _occurs(term, text)]
    for word in sorted(KEEP_WITH_MOVE, key=len, reverse=True):
        text = text.replace(word, "")
    return hits + ([MOVE] if MOVE in text else [])


def _occurs(term: str, text: str) -> bool:
    if term == "ストック":                      # not the town ストックポート
        return bool(re.search("ストック(?!ポート)", text))
    if term == "リンク":                         # the icon's name keeps it
        return bool(re.search("リンク(?!得点アイコン)", text))
    return term in text


def test_the_table_decides_the_pairs_issue_31_names():
    assert {"リヴァプール": "リバプール", "ミッドランズ": "ミッドランド", "遠隔市場": "遠方市場",
            "リンク": "運輸タイル", "スロット": "建設枠", "手": "アクション"}.items() <= REJECTED.items()
    assert all(term not in REJECTED for term in REJECTED.values()), "a chosen term is also rejected"


def test_the_scanner_flags_a_rejected_spelling():
    assert found("リヴァプール[3]に造船所を建設") == ["リヴァプール"]
    assert found("この手で起きること") == ["手"] and found("ヒントの最善手と手番と手札") == []
    assert found("両端のリンク得点アイコン、ストックポート") == [] and found("リンク1本") == ["リンク"]


@pytest.mark.parametrize("where", sorted({where for where, _ in jt.catalogue_strings()}))
def test_the_catalogues_use_the_chosen_terms(where):
    bad = [(text[:80], hits) for w, text in jt.catalogue_strings() if w == where and (hits := found(text))]
    assert not bad, f"{where}: {bad[:5]}"


@pytest.mark.parametrize("where, text", list(jt.document_texts()), ids=lambda v: v if v.endswith(".md") else "")
def test_the_japanese_lessons_and_documents_use_the_chosen_terms(where, text):
    bad = [(line[:80], hits) for line in text.splitlines() if (hits := found(line))]
    assert not bad, f"{where}: {bad[:5]}"


@pytest.mark.parametrize("notebook", jt.NOTEBOOKS_JA, ids=lambda p: Path(p).stem)
def test_the_japanese_lessons_outputs_use_the_chosen_terms(notebook):
    bad = [(cell, text[:80], hits) for cell, kind, text in jt.output_texts(notebook)
           if (hits := found(jt.visible(text, kind, code=True)))]
    assert not bad, f"{notebook.name}: {bad[:5]}"
