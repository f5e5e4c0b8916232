"""Every lesson exists in English and Japanese, as MyST Markdown paired with a notebook whose cells match it.

Beside the numbered lessons live pages shown as apps (``play.md``, opened through Voilà): one code cell whose output
is the whole page, in the page's language, and no prose."""
from __future__ import annotations

from pathlib import Path

import jupytext
import nbformat
import pytest

REPO = Path(__file__).resolve().parent.parent
SOURCES = sorted((REPO / "notebooks").glob("*/*.md"))
LESSONS = sorted({p.stem for p in SOURCES})
NUMBERED = [p for p in SOURCES if p.stem[:2].isdigit()]
PAGES = [p for p in SOURCES if p not in NUMBERED]


def test_every_lesson_in_both_languages():
    for language in ("en", "ja"):
        assert sorted(p.stem for p in (REPO / "notebooks" / language).glob("*.md")) == LESSONS
    assert not list((REPO / "notebooks").glob("*.ipynb")), "notebooks live in notebooks/en and notebooks/ja"
    assert not (REPO / "scripts" / "make_notebooks.py").exists()


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_notebook_matches_its_source(source):
    text = jupytext.read(source)
    notebook = nbformat.read(source.with_suffix(".ipynb"), as_version=4)
    assert [(c.cell_type, c.source) for c in notebook.cells] == [(c.cell_type, c.source) for c in text.cells], \
        f"{source.with_suffix('.ipynb').name} is out of step with its source: run scripts/run_notebooks.py {source}"
    assert all(c.execution_count for c in notebook.cells if c.cell_type == "code"), "run the notebook"


@pytest.mark.parametrize("source", NUMBERED, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_notebook_speaks_its_language(source):
    language = source.parent.name
    code = "\n".join(c.source for c in jupytext.read(source).cells if c.cell_type == "code")
    assert f'LANG = "{language}"' in code
    if language == "ja":
        prose = "\n".join(c.source for c in jupytext.read(source).cells if c.cell_type == "markdown")
        japanese = sum(1 for ch in prose if "\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff")
        assert japanese > len(prose) / 4, "the Japanese lesson's prose is mostly not Japanese"


def _japanese(text: str) -> bool:
    return any("\u3040" <= ch <= "\u30ff" or "\u4e00" <= ch <= "\u9fff" for ch in text)


@pytest.mark.parametrize("source", PAGES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_an_app_page_is_one_hidden_code_cell_in_its_language(source):
    """Voilà strips the code; JupyterLab folds it away too, so a learner opening the page sees only the app."""
    notebook = jupytext.read(source)
    language = source.parent.name
    assert [c.cell_type for c in notebook.cells] == ["code"]
    cell = notebook.cells[0]
    assert f'language="{language}"' in cell.source
    assert cell.metadata.get("jupyter", {}).get("source_hidden") is True
    title = notebook.metadata.get("title", "")     # the browser tab's name in Voilà
    assert title and _japanese(title) == (language == "ja"), title


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_no_internals_in_outputs(source):
    """Learners see explanations, pictures and plain values: no records, tuples of rule ids or 0-based indices.

    An output's ``text/plain`` is what the learner reads unless a picture, HTML or Markdown stands in for it.
    """
    notebook = nbformat.read(source.with_suffix(".ipynb"), as_version=4)
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            shown_instead = any(key in data for key in ("image/png", "text/html", "text/markdown",
                                                          "application/vnd.jupyter.widget-view+json"))
            text = output.get("text", "") + ("" if shown_instead else str(data.get("text/plain", "")))
            for internal in ("Step(", "(index ", "<Explanation of", ".facts[", "Phase("):
                assert internal not in text, f"{source.name}: output shows {internal!r}: {text[:200]}"
