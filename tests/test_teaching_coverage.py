"""Every teaching point is shown in a played position, in English and in Japanese.

A teaching point is covered only when a code cell tagged ``teaches:<point>`` stores an output whose explanation or
refusal records every rule id the point names in ``POINTS`` (``rule`` or ``rule[why=kind]``, read from the
``data-rule`` and ``data-why`` of the rendered HTML). Points about the API or the setup, for which the engine
records no rule id, are listed apart in ``NOT_RULES`` and ``NO_RULE_ID`` with a reason each and need only an output.
"""
from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import nbformat
import pytest

from brass_nb.rules.catalog import RULES
from brass_nb.rules.facts import load_facts
from brass_nb.rules.state import State
from brass_nb.rules.turns import deal_deck

REPO = Path(__file__).resolve().parent.parent
LANGUAGES = ("en", "ja")


@dataclass(frozen=True)
class Point:
    """A teaching point and the rule ids its cell must show; ``"build.card[why=virtual_link]"`` also asks for the
    step's kind of reason."""

    text: str
    rules: tuple[str, ...]


POINTS: dict[str, Point] = {
    # 00-09, taught before this list was written
    "how-you-win": Point("two eras; only links and flipped industries score; the most VP wins",
                         ("score.link", "score.industry")),
    "undo-and-why-not": Point("undo, and why an action is refused", ("card.not_in_hand", "build.no_icon")),
    "income-track-space": Point("a track space and its income level", ("query.income_space",)),
    "first-round-one-action": Point("one action each in the first round", ("pass.action", "turn.end")),
    "canal-link-cost": Point("a canal link costs money only", ("network.place",)),
    "network-vs-connected": Point("your network is not the same as connected",
                                  ("build.not_in_network", "network.not_in_network")),
    "network-grows-with-your-links": Point("your own link extends your network",
                                           ("network.link[why=network]", "network.place", "query.coal_sources")),
    "coal-equidistant-choice": Point("equidistant coal mines: the player chooses", ("choice.ambiguous",)),
    "coal-nearest-connected": Point("coal from the nearest connected mine", ("coal.nearest", "coal.take")),
    "coal-market-trade-icon": Point("market coal needs a trade icon connection", ("coal.market", "coal.buy")),
    "iron-from-anywhere": Point("iron from any iron works, no connection", ("iron.works", "iron.take")),
    "beer-own-and-connected": Point("own beer needs no connection, another player's does",
                                    ("beer.sources", "beer.take")),
    "others-resources-flip-their-tiles": Point("using another player's resources can flip their tile",
                                               ("tile.flip[why=emptied]",)),
    "location-vs-industry-card": Point("location card vs industry card", ("build.not_in_network",)),
    "wild-location-card": Point("a wild location card", ("build.card[why=wild_location]", "card.wild_returned")),
    "industry-card-in-network": Point("an industry card builds in your network", ("build.card[why=network]",)),
    "farm-breweries": Point("farm breweries", ("build.farm_brewery_card", "build.card[why=network]")),
    "first-build-exception": Point("the first-build exception", ("build.card[why=first_build]",)),
    "overbuild-other-coal": Point("overbuilding another player's coal mine",
                                  ("build.overbuild", "build.slot[why=overbuild]")),
    "overbuild-only-when-none-left": Point("only when that resource is gone everywhere", ("build.slot_taken",)),
    "merchant-beer-bonus": Point("merchant beer gives the merchant's bonus",
                                 ("sell.merchant_beer", "income.advance[why=merchant_bonus]")),
    "own-beer-no-bonus": Point("your own beer gives no bonus", ("beer.take",)),
    "refused-sales": Point("sales that are refused, and why", ("sell.not_sold_industry", "sell.extra_beer")),
    "sell-several-tiles": Point("several tiles in one sell action", ("sell.extra_card", "sell.merchant")),
    "lightbulb-never-developed": Point("a lightbulb tile cannot be developed", ("develop.lightbulb",)),
    "develop": Point("the develop action", ("develop.tile", "develop.remove", "iron.take")),
    "loan-lowers-levels": Point("a loan lowers income by levels", ("loan.take",)),
    "track-space-vs-level": Point("a track space is not a level", ("query.income_space",)),
    "scout": Point("the scout action", ("scout.take", "scout.holding_wild")),
    "pass": Point("the pass action", ("pass.action",)),
    "link-scores-icons": Point("a link scores the link icons at both ends", ("score.link",)),
    "era-end-scoring": Point("the end of an era, scored", ("era.end", "score.link", "score.industry")),
    "era-end-removes-level-one": Point("links and level I tiles leave after the canal era",
                                       ("era.remove_links", "era.remove_level1")),
    "winner-and-tie-breaks": Point("the winner and the tie breaks", ("game.end",)),
    "lancashire-port-sale": Point("cotton sold through a port", ("sell.port", "tile.flip[why=port_used]")),
    "lancashire-distant-market": Point("the distant market", ("sell.distant", "sell.distant_draw")),
    "lancashire-no-more-demand": Point("no more demand closes the distant market", ("sell.no_demand",)),
    "lancashire-coal-through-port": Point("market coal through a port", ("coal.market", "coal.buy")),
    "lancashire-loans": Point("£10, £20 or £30 loans", ("loan.take",)),
    "lancashire-double-card-build": Point("building with two cards", ("build.card[why=two_cards]",)),
    "lancashire-virtual-link": Point("2007: Liverpool in your network lets an industry card build in Birkenhead",
                                     ("build.card[why=virtual_link]",)),
    "lancashire-no-virtual-link": Point("Roxley: no Liverpool-Birkenhead link", ("build.not_in_network",)),
    "lancashire-two-rails": Point("Lancashire: two rails cost £15 and 2 coal, no beer", ("network.place", "coal.take")),
    "lancashire-no-first-link": Point("Lancashire: no first link anywhere", ("network.not_in_network",)),
    "lancashire-divider": Point("Roxley: the rail divider shows; the next round is the last with loans",
                                ("era.divider_revealed",)),
    "lancashire-shipyard-level-zero": Point("shipyard level 0 can never be built", ("build.tile_era",)),
    "lancashire-link-scoring": Point("Lancashire link scoring counts tiles", ("score.link",)),
    # the first bullet
    "rail-two-links": Point("two rails: more money, 2 coal and 1 brewery beer",
                            ("network.place", "coal.take", "beer.take")),
    "rail-several-per-town": Point("several of your industries per town in the rail era",
                                   ("build.canal_one_per_town",)),
    "rail-level-one-barred": Point("level I tiles barred in the rail era", ("build.tile_era",)),
    "rail-brewery-two-barrels": Point("a rail-era brewery holds 2 barrels", ("build.place",)),
    "round-turn-order": Point("turn order by money spent", ("turn.order",)),
    "market-spending": Point("market purchases count as spending", ("coal.buy",)),
    "round-income": Point("income at the end of the round", ("income.pay",)),
    "negative-income": Point("negative income paid to the bank", ("income.negative",)),
    "negative-income-shortfall": Point("negative income without the cash", ("shortfall.remove", "income.vp_loss")),
    "income-cap": Point("the income track's end", ("income.advance",)),
    "merchant-bonuses": Point("all five merchant bonuses", ("sell.merchant_beer",)),
    "coal-sold-to-market": Point("coal sold to the market when a connected mine is built",
                                 ("market.sell[why=coal_mine_connected]",)),
    "overbuild-own": Point("overbuilding your own tile", ("build.overbuild",)),
    "towns-without-cards": Point("towns without cards are buildable with 2-3 players", ("build.card[why=network]",)),
    "merchant-space-without-tile": Point("a merchant space without a tile keeps its trade and link icons",
                                         ("score.link",)),
    "lancashire-port-first": Point("Lancashire: the port-only slot first",
                                   ("build.slot_invalid[why=single_icon_first]",)),
    "lancashire-shipyard-flips": Point("Lancashire: a shipyard flips when built", ("tile.flip[why=built]",)),
    "lancashire-income-at-start": Point("Lancashire: income at the start of a round", ("round.start", "income.pay")),
    "lancashire-money-vp": Point("Lancashire: every £10 is 1 VP at the end", ("score.money",)),
    "lancashire-loan-ban": Point("Roxley: no loans after the round that follows the divider", ("loan.divider",)),
    "edition-2007-loans": Point("2007: no loans once the rail deck is empty", ("loan.deck_empty",)),
    "lancashire-distant-reset": Point("Lancashire: the distant market is reset after the canal era",
                                      ("era.distant_reset",)),
    "edition-2007-players": Point("2007: three or four players", ("game.players",)),
    "edition-2007-set-aside": Point("2007: cards set aside face down, rounds per era", ("query.rounds",)),
    "edition-2007-refill": Point("2007: hands refilled after the round", ("round.refill",)),
    "edition-2007-distant": Point("2007: a drawn distant tile goes back under the pile",
                                  ("sell.distant", "sell.distant_draw")),
    # rules the 2026-12-05 review found only stated (Birmingham)
    "reading-the-mat": Point("the player mat: a tile's cost, resources, VP, link icons and income",
                             ("query.next_tile",)),
    "coal-next-nearest": Point("coal from the next-nearest mine when the nearest runs short",
                               ("coal.nearest", "coal.take")),
    "iron-empty-market": Point("iron bought from an empty market at its empty price", ("iron.market", "iron.buy")),
    "rail-only-tile-in-canal": Point("a rail-only tile refused in the canal era", ("build.tile_era",)),
    "wild-industry-card": Point("a wild industry card builds as any industry card",
                                ("build.card", "card.wild_returned")),
    "sale-refused-no-beer": Point("a sale refused for lack of beer", ("beer.short",)),
    "beer-from-two-breweries": Point("beer from two breweries in one sale", ("beer.sources", "beer.take")),
    "rail-two-single-actions": Point("the same two rails in two actions: £10, 2 coal, no beer, 2 cards",
                                     ("network.place", "coal.take", "card.discard")),
    "rail-first-round-two-actions": Point("the rail era's first round has two actions a turn", ("turn.end",)),
    "rail-pottery-one-allowed": Point("pottery I may be built in the rail era", ("build.tile", "build.place")),
    "loan-after-deck-empty": Point("Birmingham allows a loan after the deck is empty", ("loan.take",)),
    "three-way-link-scores": Point("the three-way link scores at all three places", ("score.link",)),
    "income-stays-between-eras": Point("the income marker stays between eras", ("era.rail_begins", "income.pay")),
    "rounds-per-era": Point("rounds per era by player count: 10/9/8", ("query.rounds",)),
    # lesson 14: playing against bots with hints
    "bots-finish-the-game": Point("bots finish the game: the final ranking", ("game.end",)),
}

# Points about using brass_nb rather than a rule: a tagged cell with output is enough.
NOT_RULES: dict[str, tuple[str, str]] = {
    "seed-deals-game": ("the same seed deals the same game", "the seed is the API's, not the game's"),
    "legal-actions": ("every legal action, in notation", "the list of actions and its notation"),
    "explanation-of-an-action": ("an action's explanation, step by step", "how to read an Explanation"),
    "explorer": ("the Explorer widget", "a widget"),
    "scenario-in-python": ("a position in Python", "building a Scenario"),
    "position-file": ("a position file", "the position-file format"),
    "position-errors": ("position mistakes named by line", "the file format's errors (scenario.* ids)"),
    "export-worked-example": ("exporting a worked example", "file export"),
    "hint-and-why": ("a hint: its plan and the principles behind it", "the coach's plan and principles"),
    "bot-answers-with-play-out": ("the bots answer until a person is to act", "play_out and the bots"),
    "explorer-against-bots": ("the Explorer with a bot in a seat", "a widget"),
}

# Rules the engine records no step for (the deal and connection are state a cell reads): a tagged cell with
# output is enough until the catalogue names them.
NO_RULE_ID: dict[str, tuple[str, str]] = {
    "setup-money-and-cards": ("starting money, cards and income", "the deal records no step"),
    "merchants-by-player-count": ("merchant tiles depend on the player count", "the deal records no step"),
    "lancashire-setup": ("Lancashire's setup", "the deal records no step"),
    "edition-2007-first-order": ("2007: a random start player, then seat order", "the deal records no step"),
    "connected-by-anyones-links": ("connected: anyone's links count",
                                   "game.connected() answers with distances, not a step"),
}

_ITEM = re.compile(r"<li\b[^>]*>")
_ATTR = re.compile(r"data-(rule|why)='([^']*)'")


def shown_rules(cell: nbformat.NotebookNode) -> set[str]:
    """The rule ids (and ``rule[why=kind]``) of every list item in a cell's stored HTML outputs."""
    shown: set[str] = set()
    for output in cell.get("outputs", []):
        for item in _ITEM.findall(str(output.get("data", {}).get("text/html", ""))):
            attrs = dict(_ATTR.findall(item))
            if "rule" in attrs:
                shown.add(attrs["rule"])
                if "why" in attrs:
                    shown.add(f"{attrs['rule']}[why={attrs['why']}]")
    return shown


@cache
def tagged_cells(language: str) -> dict[str, dict[str, set[str]]]:
    """Teaching point → {``lesson#cell-id``: rule ids shown} for the code cells tagged with it that have output."""
    found: dict[str, dict[str, set[str]]] = defaultdict(dict)
    for path in sorted((REPO / "notebooks" / language).glob("*.ipynb")):
        for cell in nbformat.read(path, as_version=4).cells:
            for tag in cell.metadata.get("tags", []):
                if tag.startswith("teaches:") and cell.cell_type == "code" and cell.get("outputs"):
                    found[tag.removeprefix("teaches:")][f"{path.stem}#{cell.id}"] = shown_rules(cell)
    return found


def test_the_lists_are_consistent():
    groups = [set(POINTS), set(NOT_RULES), set(NO_RULE_ID)]
    assert not any(a & b for i, a in enumerate(groups) for b in groups[i + 1:]), "a point is in two lists"
    wanted = {re.sub(r"\[why=.*\]$", "", rule) for point in POINTS.values() for rule in point.rules}
    assert wanted <= set(RULES), sorted(wanted - set(RULES))


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_teaching_point_has_a_played_cell(language):
    found = tagged_cells(language)
    every = set(POINTS) | set(NOT_RULES) | set(NO_RULE_ID)
    missing = sorted(point for point in every if not found.get(point))
    assert not missing, f"{language}: no played cell shows {missing}"
    unknown = sorted(set(found) - every)
    assert not unknown, f"{language}: tags name no teaching point: {unknown}"


@pytest.mark.parametrize("point", list(POINTS))
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_tagged_cell_shows_the_rule(language, point):
    cells = tagged_cells(language).get(point, {})
    required = set(POINTS[point].rules)
    if not any(required <= shown for shown in cells.values()):
        lacking = {cell: sorted(required - shown) for cell, shown in cells.items()}
        pytest.fail(f"{language}: teaching point {point!r} needs rule ids {sorted(required)}; "
                    f"its tagged cells lack {lacking or 'everything (no tagged cell with output)'}")


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


def sections(language: str) -> dict[str, list[tuple[str, bool]]]:
    """Lesson -> its ``##`` sections in order: (heading, whether a code cell in it is tagged with a point)."""
    found = {}
    for path in sorted((REPO / "notebooks" / language).glob("*.md")):
        parts = re.split(r"^## (.+)$", path.read_text(encoding="utf-8"), flags=re.M)
        pairs = zip(parts[1::2], parts[2::2], strict=True)
        found[path.stem] = [(heading.strip(), "teaches:" in body) for heading, body in pairs]
    return found


TEACHER_DOCS = ("lesson_plan.md", "lesson_plan.ja.md", "script.md", "script.ja.md")
PLAY_SECTIONS = {"Quiz", "Your move", "Meet the table", "Guided rounds", "Play on to the end of the canal era",
                 "The canal era is scored"}
"""Sections where the learner plays or answers rather than watches a rule: they need no tagged cell."""
_JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def named_sections(doc: str) -> list[tuple[str, str]]:
    """The (English, Japanese) heading pairs a teacher's document names as "**one** / **other**", in either order."""
    text = (REPO / "docs" / "teaching" / doc).read_text(encoding="utf-8")
    pairs = re.findall(r"\*\*([^*]+)\*\* / \*\*([^*]+)\*\*", text)
    return [(b, a) if _JAPANESE.search(a) else (a, b) for a, b in pairs]


@pytest.mark.parametrize("doc", TEACHER_DOCS)
def test_the_teachers_documents_name_sections_that_exist_in_both_languages(doc):
    """Every section the plan or the script sends the class to is a heading of one lesson in English and, at the
    same place, in Japanese, and it plays a teaching point (or is where the learner plays)."""
    named = named_sections(doc)
    english, japanese = sections("en"), sections("ja")
    assert len(named) > 15
    wrong = set()
    for en_heading, ja_heading in named:
        places = [(lesson, i) for lesson, heads in english.items() for i, (h, _) in enumerate(heads) if h == en_heading]
        if not places:
            wrong.add(f"no lesson has {en_heading!r}")
        elif not any(japanese[lesson][i][0] == ja_heading for lesson, i in places):
            wrong.add(f"{en_heading!r} is not {ja_heading!r} in Japanese")
        elif not any(english[lesson][i][1] or en_heading in PLAY_SECTIONS for lesson, i in places):
            wrong.add(f"{en_heading!r} plays no teaching point")
    assert not wrong, f"{doc}: {sorted(wrong)}"


@pytest.mark.parametrize("doc", ["lesson_plan.md", "lesson_plan.ja.md"])
def test_the_plan_gives_every_lesson_its_objectives(doc):
    """One "### NN · title" list of objectives per lesson, the lessons being written at the same time included."""
    text = (REPO / "docs" / "teaching" / doc).read_text(encoding="utf-8")
    numbers = {path.name[:2] for path in (REPO / "notebooks" / "en").glob("[0-9][0-9]_*.md")} | {"15"}
    missing = sorted(n for n in numbers if not re.search(rf"^### {n} · .+\n\n\* ", text, flags=re.M))
    assert not missing, f"{doc}: no objectives for lessons {missing}"
