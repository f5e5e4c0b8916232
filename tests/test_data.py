"""The package's board data agrees with the cross-checked reference in ../shared/reference (when present)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from brass_nb.rules.facts import load_facts
from brass_nb.rules.state import State
from brass_nb.rules.turns import deal_deck

REFERENCE = Path(__file__).resolve().parents[2] / "shared" / "reference" / "birmingham.json"
pytestmark = pytest.mark.skipif(not REFERENCE.exists(), reason="shared reference data not beside this checkout")


@pytest.fixture(scope="module")
def ref() -> dict:
    return json.loads(REFERENCE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def facts():
    return load_facts("birmingham")


def test_all_20_towns_and_their_slots(ref, facts):
    board = facts.board
    assert len(ref["towns"]) == 20 and len(board.towns) == 20
    for town in ref["towns"]:
        loc = board.locations[town["name"]]
        assert loc.kind == "town"
        assert [list(s) for s in loc.slots] == town["slots"], town["name"]
        assert loc.color == town["color"]


def test_farm_breweries(ref, facts):
    assert [f["name"] for f in ref["farm_breweries"]] == list(facts.board.farm_breweries)
    for farm in ref["farm_breweries"]:
        assert [list(s) for s in facts.board.locations[farm["name"]].slots] == farm["slots"]


def test_all_39_link_spaces_with_era_flags(ref, facts):
    links = facts.board.links
    assert len(ref["links"]) == 39 == len(links)
    for row, link in zip(ref["links"], links, strict=True):
        assert link.ends == tuple(row.get("ends", [row["a"], row["b"]]))
        assert (link.canal, link.rail) == (row["canal"], row["rail"]), link.label
    three_way = [link for link in links if len(link.ends) == 3]
    assert [link.ends for link in three_way] == [("Kidderminster", "Worcester", "Farm Brewery South")]
    summary = ref["link_summary"]
    assert sum(link.canal for link in links) == summary["canal_usable"]
    assert sum(link.rail for link in links) == summary["rail_usable"]


def test_merchants(ref, facts):
    for m in ref["merchants"]:
        loc = facts.board.locations[m["name"]]
        assert loc.kind == "merchant"
        assert [list(s) for s in loc.merchant_spaces] == [s["player_counts"] for s in m["spaces"]]
        assert loc.link_vp == m["link_vp_icons"]
        assert loc.trade_icon == m["coal_market_access"]
        assert loc.beer_bonus == (m["beer_bonus"]["type"], m["beer_bonus"]["amount"])
    assert [(t["min_players"], tuple(t["buys"])) for t in ref["merchant_tiles"]] == list(facts.merchant_tiles)


def test_tile_tables(ref, facts):
    eras = {"canal_only": ("canal",), "rail_only": ("rail",), "both": ("canal", "rail")}
    for industry, rows in ref["industries"].items():
        specs = facts.tiles[industry]
        assert len(specs) == len(rows)
        for row, spec in zip(rows, specs, strict=True):
            produced = row["resources_produced"]
            assert (spec.level, spec.count, spec.cost, spec.coal, spec.iron, spec.vp, spec.income, spec.link_vp) == (
                row["level"], row["count"], row["cost"], row["coal"], row["iron"], row["vp"], row["income"],
                row["link_vp"]), (industry, row["level"])
            assert spec.beer == (row["beer_to_sell"] or 0)
            assert spec.eras == eras[row["era"]]
            assert spec.developable == row["can_develop"]
            for era in ("canal", "rail"):
                assert spec.cubes_when_built(era) == ((produced or {}).get(f"{era}_era") or 0)
    per_player = {i: sum(t.count for t in facts.tiles[i]) for i in facts.industries}
    assert per_player == ref["industry_totals_per_player"]["expected"]


def test_decks_per_player_count(ref, facts):
    from brass_nb.rules.state import State
    from brass_nb.rules.turns import deal_deck

    for n, expected in ref["cards"]["deck_size_by_player_count"].items():
        deck = deal_deck(State(facts, int(n), 0))
        towns = set(facts.board.towns)
        assert sum(c in towns for c in deck) == expected["location_cards"]
        assert sum(c not in towns for c in deck) == expected["industry_cards"]
    assert (facts.wild_location, facts.wild_industry) == (4, 4)


def test_markets_and_income_track(ref, facts):
    for name in ("coal", "iron"):
        market = ref["markets"][name]
        assert list(facts.markets[name].prices) == market["prices_lowest_first"]
        assert facts.markets[name].start_cubes == market["start_cubes"]
        assert facts.markets[name].price_when_empty == market["price_when_empty"]
    assert list(facts.income_levels) == ref["income_track"]["levels_by_space"]
    assert facts.start_income_space == ref["income_track"]["start_space"]


def test_rule_constants(ref, facts):
    rc, rules = ref["rules_constants"], facts.rules
    assert rules.starting_money == rc["starting_money"] == 17
    assert rules.hand_size == rc["hand_size"]
    for players, rounds in rc["rounds_per_era"].items():
        deck = len(deal_deck(State(facts, int(players), 0)))
        assert rules.rounds("canal", int(players), deck) == rules.rounds("rail", int(players), deck) == rounds
    assert [(loan.money, loan.levels) for loan in rules.loans] == [(rc["loan"]["money"],
                                                                    rc["loan"]["income_levels_lost"])]
    assert rules.canal_link.money == rc["canal_link"]["cost"]
    assert (rules.rail_link.money, rules.rail_link.coal) == (rc["rail_link"]["cost"], rc["rail_link"]["coal"])
    double = rc["double_rail_link"]
    assert rules.rail_link.money + rules.second_rail.money == double["cost"]
    assert rules.rail_link.coal + rules.second_rail.coal == double["coal"]
    assert rules.second_rail.beer == double["beer"]
    assert rules.link_tiles == rc["link_tiles_per_player"]
    assert rules.scout_discards == rc["scout"]["cards_discarded"]
