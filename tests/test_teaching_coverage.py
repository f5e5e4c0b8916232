"""Every teaching point is shown in a played position, in English and in Japanese.

A lesson marks the code cell that plays a point with the tag ``teaches:<point>`` (in its MyST source, so the
notebook carries it too). ``POINTS`` lists the points: those the issue found missing (lessons 10-13 and the
Lancashire part of 09) and those of the lessons that were already there. The test fails when a point has no
tagged cell with output in either language, or when a tag names no point.
"""
from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import nbformat
import pytest

from brass_nb.rules.facts import load_facts
from brass_nb.rules.state import State
from brass_nb.rules.turns import deal_deck

REPO = Path(__file__).resolve().parent.parent
LANGUAGES = ("en", "ja")

POINTS = {
    # 00-09, taught before this list was written
    "how-you-win": "two eras; only links and flipped industries score; the most VP wins",
    "seed-deals-game": "the same seed deals the same game",
    "legal-actions": "every legal action, in notation",
    "explanation-of-an-action": "an action's explanation, step by step",
    "undo-and-why-not": "undo, and why an action is refused",
    "explorer": "the Explorer widget",
    "setup-money-and-cards": "starting money, cards and income",
    "merchants-by-player-count": "merchant tiles depend on the player count",
    "income-track-space": "a track space and its income level",
    "first-round-one-action": "one action each in the first round",
    "canal-link-cost": "a canal link costs money only",
    "connected-by-anyones-links": "connected: anyone's links count",
    "network-vs-connected": "your network is not the same as connected",
    "network-grows-with-your-links": "your own link extends your network",
    "coal-equidistant-choice": "equidistant coal mines: the player chooses",
    "coal-nearest-connected": "coal from the nearest connected mine",
    "coal-market-trade-icon": "market coal needs a trade icon connection",
    "iron-from-anywhere": "iron from any iron works, no connection",
    "beer-own-and-connected": "own beer needs no connection, another player's does",
    "others-resources-flip-their-tiles": "using another player's resources can flip their tile",
    "location-vs-industry-card": "location card vs industry card",
    "wild-location-card": "a wild location card",
    "industry-card-in-network": "an industry card builds in your network",
    "farm-breweries": "farm breweries",
    "first-build-exception": "the first-build exception",
    "overbuild-other-coal": "overbuilding another player's coal mine",
    "overbuild-only-when-none-left": "only when that resource is gone everywhere",
    "merchant-beer-bonus": "merchant beer gives the merchant's bonus",
    "own-beer-no-bonus": "your own beer gives no bonus",
    "refused-sales": "sales that are refused, and why",
    "sell-several-tiles": "several tiles in one sell action",
    "lightbulb-never-developed": "a lightbulb tile cannot be developed",
    "develop": "the develop action",
    "loan-lowers-levels": "a loan lowers income by levels",
    "track-space-vs-level": "a track space is not a level",
    "scout": "the scout action",
    "pass": "the pass action",
    "link-scores-icons": "a link scores the link icons at both ends",
    "era-end-scoring": "the end of an era, scored",
    "era-end-removes-level-one": "links and level I tiles leave after the canal era",
    "winner-and-tie-breaks": "the winner and the tie breaks",
    "scenario-in-python": "a position in Python",
    "position-file": "a position file",
    "position-errors": "position mistakes named by line",
    "export-worked-example": "exporting a worked example",
    "lancashire-setup": "Lancashire's setup",
    "lancashire-port-sale": "cotton sold through a port",
    "lancashire-distant-market": "the distant market",
    "lancashire-no-more-demand": "no more demand closes the distant market",
    "lancashire-coal-through-port": "market coal through a port",
    "lancashire-loans": "£10, £20 or £30 loans",
    "lancashire-double-card-build": "building with two cards",
    "lancashire-virtual-link": "Liverpool and Birkenhead",
    "lancashire-shipyard-level-zero": "shipyard level 0 can never be built",
    "lancashire-link-scoring": "Lancashire link scoring counts tiles",
    # the first bullet
    "rail-two-links": "two rails: more money, 2 coal and 1 brewery beer",
    "rail-several-per-town": "several of your industries per town in the rail era",
    "rail-level-one-barred": "level I tiles barred in the rail era",
    "rail-brewery-two-barrels": "a rail-era brewery holds 2 barrels",
    "round-turn-order": "turn order by money spent",
    "market-spending": "market purchases count as spending",
    "round-income": "income at the end of the round",
    "negative-income": "negative income paid to the bank",
    "negative-income-shortfall": "negative income without the cash",
    "income-cap": "the income track's end",
    "merchant-bonuses": "all five merchant bonuses",
    "coal-sold-to-market": "coal sold to the market when a connected mine is built",
    "overbuild-own": "overbuilding your own tile",
    "towns-without-cards": "towns without cards are buildable with 2-3 players",
    "merchant-space-without-tile": "a merchant space without a tile keeps its trade and link icons",
    "lancashire-port-first": "Lancashire: the port-only slot first",
    "lancashire-shipyard-flips": "Lancashire: a shipyard flips when built",
    "lancashire-income-at-start": "Lancashire: income at the start of a round",
    "lancashire-money-vp": "Lancashire: every £10 is 1 VP at the end",
    "lancashire-loan-ban": "Lancashire: no loans once the rail deck is empty",
    "lancashire-distant-reset": "Lancashire: the distant market is reset after the canal era",
    "edition-2007-players": "2007: three or four players",
    "edition-2007-set-aside": "2007: cards set aside face down, rounds per era",
    "edition-2007-first-order": "2007: a random start player, then seat order",
    "edition-2007-refill": "2007: hands refilled after the round",
    "edition-2007-distant": "2007: a drawn distant tile goes back under the pile",
    # lesson 14: playing against bots with hints
    "hint-and-why": "a hint, and why it beats the next best actions",
    "bot-answers-with-play-out": "the bots answer until a person is to act",
    "bots-finish-the-game": "bots finish the game: the final ranking",
    "explorer-against-bots": "the Explorer with a bot in a seat",
}


def tagged_cells(language: str) -> dict[str, list[str]]:
    """Teaching point → the notebook cells (``lesson#cell-id``) tagged with it that have output."""
    found: dict[str, list[str]] = defaultdict(list)
    for path in sorted((REPO / "notebooks" / language).glob("*.ipynb")):
        for cell in nbformat.read(path, as_version=4).cells:
            for tag in cell.metadata.get("tags", []):
                if tag.startswith("teaches:") and cell.cell_type == "code" and cell.get("outputs"):
                    found[tag.removeprefix("teaches:")].append(f"{path.stem}#{cell.id}")
    return found


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_teaching_point_has_a_played_cell(language):
    found = tagged_cells(language)
    missing = [point for point in POINTS if not found.get(point)]
    assert not missing, f"{language}: no played cell shows {missing}"
    unknown = sorted(set(found) - set(POINTS))
    assert not unknown, f"{language}: tags name no teaching point: {unknown}"


def test_both_languages_show_each_point_in_the_same_lesson_and_cell():
    english, japanese = tagged_cells("en"), tagged_cells("ja")
    assert english == japanese


# Numbers the lessons state in prose, each checked against the rules data.
def test_rule_numbers_in_the_prose_match_the_rules():
    birmingham = load_facts("birmingham")
    brewery = birmingham.tile("brewery", 2).produces
    assert (brewery["canal"], brewery["rail"]) == (1, 2)                 # lesson 10: 2 barrels instead of 1
    assert birmingham.rules.second_rail.beer == 1                        # lesson 10: a beer barrel for the second rail
    warfrog = load_facts("lancashire", "2007")
    assert len(deal_deck(State(warfrog, 3, 0))) == 66                    # lesson 13: all 66 cards
    assert sum(warfrog.rules.distant_market.tiles[3].values()) == 12     # lesson 13: all 12 tiles
    assert warfrog.rules.player_counts == (3, 4)                         # lesson 13: three or four players
    assert load_facts("lancashire").rules.money_vp_per == 10             # lesson 09: every £10 is 1 VP
    for lesson, phrase in [("10_rail_era_and_network", "**2 barrels** instead of 1"),
                           ("13_lancashire_2007_edition", "all 66 cards"),
                           ("13_lancashire_2007_edition", "all 12 tiles"),
                           ("09_lancashire_for_birmingham_players", "every £10 a player holds is worth 1 VP")]:
        assert phrase in (REPO / "notebooks" / "en" / f"{lesson}.md").read_text(encoding="utf-8"), (lesson, phrase)


def test_the_lesson_plan_names_cells_that_teach():
    """Every ``cell-NN`` the 90-minute plan sends the class to is a cell that plays a teaching point."""
    import re

    teaching = {cell.split("#")[1] for cells in tagged_cells("en").values() for cell in cells}
    named = set(re.findall(r"cell-\d\d", (REPO / "docs" / "teaching" / "lesson_plan.md").read_text(encoding="utf-8")))
    assert named and named <= teaching, sorted(named - teaching)
