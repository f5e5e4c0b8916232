"""Lancashire's board data agrees with the cross-checked reference in ../shared/reference (when present)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from brass_nb.rules.facts import load_facts
from brass_nb.rules.state import State
from brass_nb.rules.turns import deal_deck

REFERENCE = Path(__file__).resolve().parents[2] / "shared" / "reference" / "lancashire.json"
pytestmark = pytest.mark.skipif(not REFERENCE.exists(), reason="shared reference data not beside this checkout")


@pytest.fixture(scope="module")
def ref() -> dict:
    return json.loads(REFERENCE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def facts():
    return load_facts("lancashire")


def names(ref: dict) -> dict[str, str]:
    return {t["id"]: t["name"] for t in ref["towns"] + ref["external"]}


def test_towns_slots_and_external_locations(ref, facts):
    board = facts.board
    assert len(board.towns) == len(ref["towns"]) == 19
    for town in ref["towns"]:
        assert [list(s) for s in board.locations[town["name"]].slots] == town["slots"], town["name"]
    for place in ref["external"]:
        loc = board.locations[place["name"]]
        assert loc.kind == "external" and not loc.slots
        assert (loc.link_vp, loc.trade_icon) == (place["link_vp_icons"], place["market_trade_icon"])
    assert set(board.trade_locations) == {"Scotland", "Yorkshire", "The Midlands"}


def test_links_and_the_virtual_link(ref, facts):
    ids = names(ref)
    links = {frozenset(link.ends): (link.canal, link.rail) for link in facts.board.links}
    assert len(links) == ref["link_counts"]["physical"] == 36
    for row in ref["links"]:
        assert links[frozenset((ids[row["a"]], ids[row["b"]]))] == (row["canal"], row["rail"])
    assert sum(c for c, _ in links.values()) == ref["link_counts"]["canal_capable"]
    assert sum(r for _, r in links.values()) == ref["link_counts"]["rail_capable"]
    assert load_facts("lancashire", "2007").virtual_links == (("Liverpool", "Birkenhead"),)
    assert load_facts("lancashire", "roxley").virtual_links == ()          # RULINGS Lancashire 7: 2007 only


def test_tiles(ref, facts):
    eras = {"canal_only": ("canal",), "rail_only": ("rail",), "both": ("canal", "rail"), None: ()}
    for industry, table in ref["industries"].items():
        specs = facts.tiles[industry]
        assert sum(s.count for s in specs) == table["total_per_player"]
        for row, spec in zip(table["levels"], specs, strict=True):
            assert (spec.level, spec.count, spec.cost, spec.coal, spec.iron, spec.vp, spec.income) == (
                row["level"], row["count_per_player"], row["cost"] or 0, row["coal"] or 0, row["iron"] or 0,
                row["vp"] or 0, row["income"] or 0), (industry, row["level"])
            assert spec.eras == eras[row["era"]]
            produced = row["resources_produced"] or {}
            assert max(spec.cubes_when_built("canal"), spec.cubes_when_built("rail")) == sum(produced.values())
            assert spec.link_vp == ref["industry_notes"]["link_vp_per_flipped_tile"]
    assert facts.flips_on_build == ("shipyard",) and facts.trade_industries == ("port",)


def test_decks_markets_distant_market_and_track(ref, facts):

    for n, deck in ref["cards"]["roxley_composition_by_player_count"].items():
        cards = deal_deck(State(facts, int(n), 0))
        assert len(cards) == deck["total"]
        for town_id, copies in deck["locations"].items():
            assert cards.count(names(ref)[town_id]) == copies
    for name in ("coal", "iron"):
        market = ref["markets"][name]
        assert list(facts.markets[name].prices) == market["prices_in_buy_order"]
        assert (facts.markets[name].start_cubes, facts.markets[name].price_when_empty) == (
            market["initial_fill"], market["price_when_empty"])
    track = ref["distant_market"]["cotton_demand_track"]
    distant = facts.rules.distant_market
    assert list(distant.bonuses) == [s["income_bonus"] for s in track if not s.get("no_more_demand")]
    for n, tiles in ref["distant_market"]["roxley_tiles_by_player_count"].items():
        if n != "sources":
            assert len(distant.pile(int(n))) == tiles["count"]
    assert list(facts.income_levels) == ref["income_track"]["levels_by_space"]
    assert facts.rules.starting_money == ref["rules_constants"]["starting_money"] == 30
    for players, rounds in ref["cards"]["roxley_rounds_per_era"].items():
        deck = len(deal_deck(State(facts, int(players), 0)))
        assert facts.rules.rounds("canal", int(players), deck) == rounds
    loans = ref["rules_constants"]["loans"]
    expected = list(zip(loans["amounts"], loans["income_levels_lost"], strict=True))
    assert [(o.money, o.levels) for o in facts.rules.loans] == expected
