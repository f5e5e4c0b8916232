"""The classroom cheat sheet regenerates identically from the rules data, and its numbers are the data's."""
from __future__ import annotations

import importlib.util
import re
import sys
from functools import cache
from pathlib import Path

from PIL import Image

from brass_nb.rules.facts import load_facts

REPO = Path(__file__).resolve().parent.parent
SHEET = REPO / "docs" / "teaching"


@cache
def cheatsheet():
    spec = importlib.util.spec_from_file_location("cheatsheet", REPO / "scripts" / "cheatsheet.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["cheatsheet"] = module            # its dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def test_the_committed_text_is_what_the_data_gives():
    assert (SHEET / "cheatsheet.txt").read_text(encoding="utf-8") == cheatsheet().text(cheatsheet().pages()), \
        "run scripts/cheatsheet.py"


def test_numbers_follow_the_rules_data():
    text = (SHEET / "cheatsheet.txt").read_text(encoding="utf-8")
    birmingham, lancashire = load_facts("birmingham"), load_facts("lancashire")
    coal, iron = (birmingham.markets[r].price_when_empty for r in ("coal", "iron"))
    assert f"£{coal} when empty" in text and f"空なら{iron}ポンド" in text
    rail, second = birmingham.rules.rail_link, birmingham.rules.second_rail
    assert (f"Rail: £{rail.money} + {rail.coal} coal cube; a second rail in the same action: "
            f"another £{second.money}") in text
    assert "Loans: £10 (income 1 level down), £20 (income 2 levels down), £30 (income 3 levels down)" in text
    assert f"1 VP per £{lancashire.rules.money_vp_per}" in text
    assert "97–99 | 30 | 3" in text                      # the income track's last band
    assert "Nottingham (4 players only)" in text and "Warrington (3–4 players)" in text   # at most 4 players
    lancs_coal, lancs_iron = (lancashire.markets[r].price_when_empty for r in ("coal", "iron"))
    assert f"(Lancashire: a port, £{lancs_coal})" in text and f"Lancashire: £{lancs_iron})" in text
    brewery = birmingham.tile("brewery", 2)
    assert f"Brewery 醸造所 | II | £{brewery.cost} |  | {brewery.iron} |  | {brewery.vp} |" in text


def test_the_pages_are_a4_and_fit(tmp_path):
    module = cheatsheet()
    written = module.render(module.pages(), tmp_path)
    assert (tmp_path / "cheatsheet.txt").read_text(encoding="utf-8") == (SHEET / "cheatsheet.txt").read_text(
        encoding="utf-8")
    pngs = [p for p in written if p.suffix == ".png"]
    assert len(pngs) == 3
    for png in pngs:
        assert Image.open(png).size == (int(8.27 * module.DPI), int(11.69 * module.DPI))      # A4 at DPI
    assert len(re.findall(rb"/Type /Page\b(?!s)", (tmp_path / "cheatsheet.pdf").read_bytes())) == 3
