"""Worked examples exported from scenarios: Markdown with pictures, HTML, and a notebook (run by nbval)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from brass_nb.scenario import library
from brass_nb.scenario.export import to_html, to_markdown, to_notebook

EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples"
WORKED = [("equidistant_coal", "en"), ("canal_scoring", "en"), ("own_and_other_beer", "ja")]


@pytest.mark.parametrize("name, language", WORKED)
def test_committed_markdown_is_what_the_exporter_writes(name, language, tmp_path):
    path = to_markdown(library.load(name), tmp_path, f"{name}.{language}", language)
    assert path.read_text(encoding="utf-8") == (EXAMPLES / path.name).read_text(encoding="utf-8")
    pictures = sorted(p.name for p in tmp_path.glob("*.png"))
    assert pictures == [f"{name}.{language}-0.png", f"{name}.{language}-1.png"][:len(pictures)]
    for picture in pictures:
        assert (EXAMPLES / picture).exists()


def test_markdown_carries_explanation_pictures_and_position(tmp_path):
    text = to_markdown(library.load("equidistant_coal"), tmp_path, "x").read_text(encoding="utf-8")
    assert "Cannock[2] or Dudley[1] are equally near" in text
    assert "![After build iron Walsall[1]" in text and "```\ntitle Two coal mines" in text


def test_html_embeds_the_pictures_and_the_steps(tmp_path):
    page = to_html(library.load("canal_scoring"), tmp_path / "x.html").read_text(encoding="utf-8")
    assert page.count("data:image/png;base64,") == 2
    assert "data-rule='score.link'" in page and "scores the link icons at its ends" in page


def test_notebook_plays_each_action_in_its_own_cell(tmp_path):
    notebook = json.loads(to_notebook(library.load("negative_income"), tmp_path / "x.ipynb").read_text())
    sources = ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code"]
    assert "read(position).game()" in sources[0] and "action " not in sources[0]
    assert sum("game.play(" in s for s in sources) == 4          # two passes, then two industries given up
