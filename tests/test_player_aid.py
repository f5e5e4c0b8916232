"""The player aids regenerate identically from the rules data, fit two A4 pages a language, and print at 9 pt
or more with nothing cut or overlapping; Lancashire's never borrows Birmingham's words."""
from __future__ import annotations

import importlib.util
import re
import sys
from functools import cache
from itertools import combinations
from pathlib import Path

import pytest
from PIL import Image

from brass_nb.rules.facts import load_facts

REPO = Path(__file__).resolve().parent.parent
FOLDER = REPO / "docs" / "teaching"
SMALLEST_PT = 9.0
GAMES = ("birmingham", "lancashire")


@cache
def player_aid():
    spec = importlib.util.spec_from_file_location("player_aid", REPO / "scripts" / "player_aid.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["player_aid"] = module            # its dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def committed(language: str, game: str = "birmingham") -> str:
    return (FOLDER / f"player_aid_{game}_{language}.txt").read_text(encoding="utf-8")


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("game", GAMES)
def test_the_committed_text_is_what_the_data_gives(game, language):
    module = player_aid()
    assert committed(language, game) == module.text(module.pages(load_facts(game)), language), \
        "run scripts/player_aid.py"


def test_numbers_follow_the_rules_data():
    facts = load_facts("birmingham")
    rules = facts.rules
    english, japanese = committed("en"), committed("ja")
    rail, second, loan = rules.rail_link, rules.second_rail, rules.largest_loan
    assert f"Rail era: £{rail.money} + {rail.coal} coal cube; a second rail in the same action costs £{second.money}" \
        in english
    assert f"Take £{loan.money}; your income marker goes down {loan.levels} levels" in english
    assert f"合計{rules.scout_discards}枚を捨て" in japanese
    assert f"{rules.actions_per_turn} actions ({rules.actions_first_round} in the game's first round)" in english
    assert "each lasts 10/9/8 rounds (2/3/4 players)" in english              # RULINGS 18
    for resource in ("coal", "iron"):
        assert f"£{facts.markets[resource].price_when_empty} a cube when empty" in english
    assert "Nottingham: 3 VP · 2 link icons · 4 players only" in english
    assert "Spaces 97–99: level 30, 3 spaces a level" in english


def test_every_distinction_the_rulings_ask_for_is_on_the_aid():
    english = committed("en")
    for words in ("nearest CONNECTED mine", "iron from ANYWHERE", "own beer needs NO connection",
                  "YOUR NETWORK", "Only building reads the card's face", "by track SPACES", "by LEVELS",
                  "LINK ICONS at its ends", "raise THEIR income", "Lancashire has other prices"):
        assert words in english, words


def test_lancashires_numbers_follow_its_own_rules_data():
    rules = load_facts("lancashire").rules
    english, japanese = committed("en", "lancashire"), committed("ja", "lancashire")
    assert "£10 (income 1 level down), £20 (income 2 levels down), £30 (income 3 levels down)" in english
    assert f"every £{rules.money_vp_per} held is 1 VP" in english
    assert "the divider goes 4/6/8 cards from the bottom (2/3/4 players)" in english        # 2 × players
    assert "a second rail in the same action costs £10 + 1 coal cube more." in english      # no beer
    assert "Tiles: 8/10/12 tiles (2/3/4 players)" in english
    assert "canal era 9/6, rail era 6/2; 10/8 rounds (3/4 players) an era" in english     # Warfrog 2007
    assert "10ポンド（収入レベル1下がる）" in japanese and "空なら1個5ポンド" in japanese


@pytest.mark.parametrize(("game", "foreign"), [("birmingham", ("port", "distant", "demand")),
                                               ("lancashire", ("merchant", "wild", "brewery", "£17", "£8"))])
def test_no_aid_borrows_the_other_games_words(game, foreign):
    english = committed("en", game).lower()
    assert [word for word in foreign if word.lower() in english] == []


def test_an_edition_with_other_switches_is_refused_not_misdescribed():
    with pytest.raises(ValueError, match="lacks: hands refilled at the end of a turn"):
        player_aid().pages(load_facts("lancashire", "2007"))


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("game", GAMES)
def test_each_page_prints_at_9pt_or_more_within_its_margins_without_overlap(game, language):
    module = player_aid()
    aid = module.pages(load_facts(game))
    assert len(aid) == 2
    for number, page in enumerate(aid, 1):
        fig = module.draw(page, language, number, len(aid))
        assert min(text.get_fontsize() for text in fig.texts) >= SMALLEST_PT
        renderer = fig.canvas.get_renderer()
        boxes = [text.get_window_extent(renderer) for text in fig.texts]
        left, right = module.MARGIN * fig.dpi - 1, (module.A4[0] - module.MARGIN) * fig.dpi + 1
        for text, box in zip(fig.texts, boxes, strict=True):
            assert left <= box.x0 and box.x1 <= right and box.y0 >= 0, (page.title, text.get_text())
        placed = list(zip(fig.texts, boxes, strict=True))
        overlapping = [(a.get_text(), b.get_text()) for (a, p), (b, q) in combinations(placed, 2)
                       if p.overlaps(q) and min(p.y1, q.y1) - max(p.y0, q.y0) > 1]
        assert not overlapping, overlapping


@pytest.mark.parametrize("game", GAMES)
def test_the_files_are_two_a4_pages_a_language(game, tmp_path):
    module = player_aid()
    written = module.render(load_facts(game), tmp_path)
    for language in ("en", "ja"):
        stem = f"player_aid_{game}_{language}"
        assert (tmp_path / f"{stem}.txt").read_text(encoding="utf-8") == committed(language, game)
        pdf = (tmp_path / f"{stem}.pdf").read_bytes()
        assert len(re.findall(rb"/Type /Page\b(?!s)", pdf)) == 2
        assert (b"IPAexGothic" in pdf) == (language == "ja")
        pngs = sorted(p for p in written if p.suffix == ".png" and p.name.startswith(stem))
        assert [p.name for p in pngs] == [f"{stem}-1.png", f"{stem}-2.png"]
        for png in pngs:
            assert Image.open(png).size == (int(8.27 * module.DPI), int(11.69 * module.DPI))      # A4 at DPI
