"""Rule tests for the BUILD action and resource sourcing (RULINGS.md, Birmingham 6, 7, 9-12).

Every test hand-builds a small position with ``tests/helpers.py`` and checks real outcomes: money,
cubes on tiles and in the markets, which source was chosen, flips, income spaces, and for refused
actions the exact rule id plus an unchanged state.

Reference numbers used below (brass_nb/data/birmingham.json, checked against the player mat):
coal market prices 1,1,2,2,...,7,7 (13 cubes at setup, £8 when empty); iron market 1,1,...,5,5
(8 cubes at setup, £6 when empty); income track space 10 = level 0, spaces 13/14 = level 2,
space 17 = level 4.
"""
from __future__ import annotations

from itertools import combinations_with_replacement

import helpers as h
import pytest

from brass_nb import AmbiguousAction, IllegalAction
from brass_nb.rules.sourcing import distributions

# ---------------------------------------------------------------- helpers


def game(era: str = "canal", money: int = 30, hand: list[str] | None = None, players: int = 2):
    """Player 0 to act with ``money`` and ``hand``; the board otherwise as set up (markets full)."""
    g = h.fresh(players=players, seed=1)
    h.to_act(g, 0, era=era)
    h.set_player(g, 0, money=money, hand=hand or [])
    h.set_player(g, 1, money=30)
    return g


def set_mat(g, player: int, industry: str, counts: list[int]) -> None:
    """Tiles of ``industry`` left on a player's mat, by level (e.g. [0, 2, 2, 2]: level I gone)."""
    g.state.set_mat(g.state.players[player], industry, counts)


def something_elsewhere(g, player: int = 0) -> None:
    """Give ``player`` a tile far from the action (a flipped cotton mill in Leek): no first-build exception."""
    h.place(g, "Leek[1]", owner=player, industry="cotton", level=1, flipped=True)


def refused(g, action: str, rule: str):
    """The action is illegal with ``rule`` as its first reason, and nothing changed."""
    before = h.snapshot(g)
    with pytest.raises(AmbiguousAction if rule == "choice.ambiguous" else IllegalAction) as err:
        g.play(action)
    assert err.value.rule == rule, [s.rule for s in err.value.steps]
    assert h.snapshot(g) == before
    assert [s.rule for s in g.why_not(action)][0] == rule
    return err.value


def legal_texts(g) -> set[str]:
    return set(g.legal_actions().texts())


def step(expl, rule: str):
    found = expl.find(rule)
    assert len(found) == 1, expl.rules()
    return found[0]


# ---------------------------------------------------------------- 1. cards


def test_location_card_builds_in_its_town_outside_your_network():
    """Rule 9: a location card builds in its town even outside your network."""
    g = game(hand=["Dudley", "Leek"])
    something_elsewhere(g)
    expl = g.play("build coal Dudley[1] with card Dudley")
    tile = g.state.tiles["Dudley[1]"]
    assert (tile.owner, tile.industry, tile.level, tile.cubes, tile.flipped) == (0, "coal", 1, 2, False)
    assert g.state.players[0].money == 25
    assert step(expl, "build.card").facts["why"] == "location_card"


def test_location_card_of_another_town_is_refused():
    """Rule 9: a location card builds only in its own town."""
    g = game(hand=["Cannock", "Leek"])
    refused(g, "build coal Dudley[1] with card Cannock", "build.card_location")


def test_industry_card_outside_your_network_is_refused():
    """Rule 9: once you have a tile on the board, an industry card builds only in your network."""
    g = game(hand=["Coal Mine", "Leek"])
    something_elsewhere(g)
    err = refused(g, "build coal Dudley[1] with card Coal Mine", "build.not_in_network")
    assert err.steps[0].facts["network"] == ["Leek"]
    assert "build coal Dudley[1] with card Coal Mine" not in legal_texts(g)


def test_industry_card_builds_at_the_end_of_your_own_link():
    """Rule 9: a town touching your own link is in your network."""
    g = game(hand=["Coal Mine", "Leek"])
    h.link(g, "Dudley - Birmingham", owner=0)
    expl = g.play("build coal Dudley[1] with card Coal Mine")
    assert g.state.tiles["Dudley[1]"].owner == 0
    assert step(expl, "build.card").facts["why"] == "network"


def test_another_players_link_is_not_your_network():
    """Rule 9 / explanations: being connected by someone else's link is not your network."""
    g = game(hand=["Coal Mine", "Leek"])
    something_elsewhere(g)
    h.link(g, "Dudley - Birmingham", owner=1)
    h.link(g, "Cannock - Wolverhampton", owner=1)
    h.link(g, "Wolverhampton - Dudley", owner=1)
    refused(g, "build coal Dudley[1] with card Coal Mine", "build.not_in_network")


def test_industry_card_builds_in_a_town_with_your_industry_rail_era():
    """Rule 9: a town with your industry is in your network; rail era allows several of yours per town."""
    g = game(era="rail", hand=["Iron Works", "Leek"])
    h.place(g, "Dudley[1]", owner=0, industry="coal", level=2, cubes=3)
    set_mat(g, 0, "iron", [0, 1, 1, 1])
    expl = g.play("build iron Dudley[2] with card Iron Works")
    assert g.state.tiles["Dudley[2]"].owner == 0 and g.state.tiles["Dudley[2]"].level == 2
    assert step(expl, "build.card").facts["why"] == "network"
    assert g.state.tiles["Dudley[1]"].cubes == 2          # its own coal, distance 0
    # iron II: £7; 2 of its 4 iron sold to the two empty £1 spaces of the iron market
    assert g.state.players[0].money == 30 - 7 + 2
    assert g.state.tiles["Dudley[2]"].cubes == 2


def test_industry_card_builds_only_its_industry():
    """Rule 9: an industry card builds only the industry it shows."""
    g = game(hand=["Coal Mine", "Leek"])
    refused(g, "build iron Dudley[2] with card Coal Mine", "build.card_industry")


def test_first_build_exception_industry_card_anywhere():
    """Rule 9: with nothing of yours on the board an industry card builds in any allowed town."""
    g = game(hand=["Coal Mine", "Leek"])
    assert "build coal Redditch[1] with card Coal Mine" in legal_texts(g)
    expl = g.play("build coal Dudley[1] with card Coal Mine")
    assert g.state.tiles["Dudley[1]"].owner == 0
    assert step(expl, "build.card").facts["why"] == "first_build"


def test_first_build_exception_still_needs_coal():
    """Rule 9: the first-build exception waives the network, not the coal rules."""
    g = game(hand=["Iron Works", "Leek"])
    refused(g, "build iron Dudley[2] with card Iron Works", "coal.no_source")
    assert not [a for a in g.legal_actions() if a.kind == "build" and a.industry == "iron"]


def test_a_link_of_yours_ends_the_first_build_exception():
    """Rule 9 (000: neither industries nor links on the board): a link alone ends the exception."""
    g = game(hand=["Coal Mine", "Leek"])
    h.link(g, "Stafford - Cannock", owner=0)
    refused(g, "build coal Dudley[1] with card Coal Mine", "build.not_in_network")
    g.play("build coal Cannock[2] with card Coal Mine")   # inside the network is fine
    assert g.state.tiles["Cannock[2]"].owner == 0


def test_wild_location_builds_in_any_town_and_returns_to_its_pile():
    """Rules 2 and 9: a wild location card is any town card; played, it goes back to the wild pile."""
    g = game(hand=["Wild Location", "Leek"])
    something_elsewhere(g)
    wilds = dict(g.state.wilds)
    expl = g.play("build coal Dudley[1] with card Wild Location")
    assert g.state.tiles["Dudley[1]"].owner == 0
    assert g.state.wilds["Wild Location"] == wilds["Wild Location"] + 1
    assert g.state.wilds["Wild Industry"] == wilds["Wild Industry"]
    assert "Wild Location" not in g.state.players[0].discard
    assert "Wild Location" not in g.state.players[0].hand
    assert "card.wild_returned" in expl.rules() and "card.discard" not in expl.rules()


def test_wild_industry_builds_any_industry_in_network_and_returns_to_its_pile():
    """Rules 2 and 9: a wild industry card is any industry card (network still required)."""
    g = game(hand=["Wild Industry", "Leek"])
    h.link(g, "Dudley - Birmingham", owner=0)
    refused(g, "build coal Cannock[2] with card Wild Industry", "build.not_in_network")
    before = g.state.wilds["Wild Industry"]
    expl = g.play("build coal Dudley[1] with card Wild Industry")
    assert g.state.tiles["Dudley[1]"].industry == "coal"
    assert g.state.wilds["Wild Industry"] == before + 1
    assert g.state.players[0].discard.count("Wild Industry") == 0
    assert step(expl, "build.card").facts["card_kind"] == "wild_industry"


def test_played_location_card_is_discarded():
    """Every action discards its card: an ordinary card goes to the discard pile."""
    g = game(hand=["Dudley", "Leek"])
    discard = list(g.state.players[0].discard)
    g.play("build coal Dudley[1] with card Dudley")
    assert g.state.players[0].hand == ["Leek"]
    assert g.state.players[0].discard == discard + ["Dudley"]


def test_cotton_manufacturer_card_builds_either_but_nothing_else():
    """Rule 9: the Cotton Mill/Manufacturer industry card builds cotton or manufacturer only."""
    g = game(hand=["Cotton Mill/Manufacturer", "Leek"])
    refused(g, "build pottery Stafford[2] with card Cotton Mill/Manufacturer", "build.card_industry")
    g.play("build cotton Worcester[1] with card Cotton Mill/Manufacturer")
    assert g.state.tiles["Worcester[1]"].industry == "cotton"
    assert g.state.players[0].money == 30 - 12


def test_card_not_in_hand_is_refused():
    """Every action discards a card from the hand: a card you do not hold cannot be played."""
    g = game(hand=["Leek"])
    refused(g, "build coal Dudley[1] with card Dudley", "card.not_in_hand")


# ---------------------------------------------------------------- 2. tile


def test_lowest_remaining_level_is_built():
    """Rule 9: the lowest level left on the mat is the one built (coal I gone -> coal II, £7, 3 cubes)."""
    g = game(hand=["Dudley", "Leek"])
    set_mat(g, 0, "coal", [0, 2, 2, 2])
    expl = g.play("build coal Dudley[1] with card Dudley")
    tile = g.state.tiles["Dudley[1]"]
    assert (tile.level, tile.cubes) == (2, 3)
    assert g.state.players[0].money == 23
    assert g.state.players[0].mat["coal"] == [0, 1, 2, 2]
    assert step(expl, "build.tile").facts["level"] == 2


@pytest.mark.parametrize("industry, card, slot", [
    ("coal", "Dudley", "Dudley[1]"),
    ("iron", "Dudley", "Dudley[2]"),
    ("brewery", "Stafford", "Stafford[1]"),
])
def test_canal_only_level_one_cannot_be_built_in_rail_era(industry, card, slot):
    """Rule 9: level I coal, iron and brewery are canal-only (build.tile_era) while still on the mat."""
    g = game(era="rail", hand=[card, "Leek"])
    refused(g, f"build {industry} {slot} with card {card}", "build.tile_era")
    assert not [a for a in g.legal_actions() if a.kind == "build" and a.industry == industry]


def test_pottery_one_is_buildable_in_rail_era():
    """Rule 9: pottery I is buildable in the rail era (£17 + 1 iron, here £2 from the market)."""
    g = game(era="rail", hand=["Stafford", "Leek"])
    g.play("build pottery Stafford[2] with card Stafford")
    tile = g.state.tiles["Stafford[2]"]
    assert (tile.industry, tile.level, tile.owner) == ("pottery", 1, 0)
    assert g.state.players[0].money == 30 - 17 - 2
    assert g.state.markets["iron"] == 7


@pytest.mark.parametrize("industry, counts, card, slot", [
    ("brewery", [0, 0, 0, 1], "Stafford", "Stafford[1]"),
    ("pottery", [0, 0, 0, 0, 1], "Stafford", "Stafford[2]"),
])
def test_rail_only_tiles_cannot_be_built_in_canal_era(industry, counts, card, slot):
    """Rule 9: brewery IV and pottery V are rail-only tiles (build.tile_era in the canal era)."""
    g = game(money=60, hand=[card, "Leek"])
    set_mat(g, 0, industry, counts)
    refused(g, f"build {industry} {slot} with card {card}", "build.tile_era")


def test_brewery_gets_two_barrels_in_rail_era():
    """000: a brewery gets 1 barrel in the canal era, 2 in the rail era."""
    g = game(era="rail", hand=["Stafford", "Leek"])
    set_mat(g, 0, "brewery", [0, 2, 2, 1])
    g.play("build brewery Stafford[1] with card Stafford")
    assert g.state.tiles["Stafford[1]"].cubes == 2
    assert g.state.players[0].money == 30 - 7 - 2


# ---------------------------------------------------------------- 3. slot


def test_single_icon_slot_is_used_before_a_two_icon_slot():
    """Rule 9: a Stoke-on-Trent manufacturer goes to slot 3 (manufacturer only), not slot 1 (cotton/manufacturer)."""
    g = game(era="rail", hand=["Stoke-on-Trent", "Leek"])
    set_mat(g, 0, "manufacturer", [0, 2, 1, 1, 2, 1, 1, 2])
    refused(g, "build manufacturer Stoke-on-Trent[1] with card Stoke-on-Trent", "build.slot_invalid")
    assert "build manufacturer Stoke-on-Trent[1] with card Stoke-on-Trent; iron market" not in legal_texts(g)
    assert "build manufacturer Stoke-on-Trent[3] with card Stoke-on-Trent; iron market" in legal_texts(g)
    expl = g.play("build manufacturer Stoke-on-Trent with card Stoke-on-Trent")
    assert "Stoke-on-Trent[1]" not in g.state.tiles
    assert g.state.tiles["Stoke-on-Trent[3]"].industry == "manufacturer"
    assert step(expl, "build.slot").facts["why"] == "single_icon"
    assert g.state.players[0].money == 30 - 10 - 2   # manufacturer II + 1 iron from the market


def test_two_icon_slot_used_when_no_single_icon_slot_is_free():
    """Rule 9: with the manufacturer-only slot taken, the two-icon slot may be used."""
    g = game(era="rail", hand=["Stoke-on-Trent", "Leek"])
    set_mat(g, 0, "manufacturer", [0, 2, 1, 1, 2, 1, 1, 2])
    h.place(g, "Stoke-on-Trent[3]", owner=1, industry="manufacturer", level=2)
    expl = g.play("build manufacturer Stoke-on-Trent with card Stoke-on-Trent")
    assert g.state.tiles["Stoke-on-Trent[1]"].owner == 0
    assert step(expl, "build.slot").facts["why"] == "no_single_icon_free"


def test_canal_era_one_industry_per_town_per_player():
    """Rule 9: canal era, at most one of your industries per town."""
    g = game(hand=["Dudley", "Leek"])
    h.place(g, "Dudley[1]", owner=0, industry="coal", level=1, cubes=2)
    refused(g, "build iron Dudley[2] with card Dudley", "build.canal_one_per_town")
    assert not [a for a in g.legal_actions() if a.kind == "build" and a.industry == "iron" and a.location == "Dudley"]


def test_canal_era_another_players_tile_in_the_town_does_not_block():
    """Rule 9: the canal limit counts only your own industries in the town."""
    g = game(hand=["Dudley", "Leek"])
    h.place(g, "Dudley[1]", owner=1, industry="coal", level=1, cubes=2)
    g.play("build iron Dudley[2] with card Dudley")
    assert g.state.tiles["Dudley[2]"].owner == 0


# ---------------------------------------------------------------- 4. farm breweries


def test_farm_brewery_north_with_brewery_card_and_your_link():
    """Rule 10: a brewery card builds on Farm Brewery North when your link reaches it."""
    g = game(hand=["Brewery", "Leek"])
    h.link(g, "Cannock - Farm Brewery North", owner=0)
    g.play("build brewery Farm Brewery North with card Brewery")
    tile = g.state.tiles["Farm Brewery North[1]"]
    assert (tile.owner, tile.industry, tile.level, tile.cubes) == (0, "brewery", 1, 1)
    assert g.state.players[0].money == 30 - 5 - 2   # brewery I + 1 iron at £2


def test_farm_brewery_needs_a_link_not_just_a_tile_in_cannock():
    """Rule 10: your tile in Cannock or someone else's link does not put the farm brewery in your network."""
    g = game(hand=["Brewery", "Leek"])
    something_elsewhere(g)
    h.link(g, "Cannock - Farm Brewery North", owner=1)
    refused(g, "build brewery Farm Brewery North with card Brewery", "build.not_in_network")


@pytest.mark.parametrize("card", ["Cannock", "Wild Location"])
def test_farm_brewery_refuses_location_and_wild_location_cards(card):
    """Rule 10: never a location card or a wild location card on a farm brewery."""
    g = game(hand=[card, "Leek"])
    h.link(g, "Cannock - Farm Brewery North", owner=0)
    refused(g, f"build brewery Farm Brewery North with card {card}", "build.farm_brewery_card")
    assert not [a for a in g.legal_actions() if a.kind == "build" and a.location == "Farm Brewery North"]


def test_farm_brewery_first_build_exception():
    """Rule 10: with nothing of yours on the board, a brewery card may start on a farm brewery."""
    g = game(hand=["Brewery", "Leek"])
    assert "build brewery Farm Brewery North[1] with card Brewery; iron market" in legal_texts(g)
    expl = g.play("build brewery Farm Brewery South with card Brewery")
    assert g.state.tiles["Farm Brewery South[1]"].owner == 0
    assert step(expl, "build.card").facts["why"] == "first_build"


def test_three_way_link_puts_all_three_ends_in_your_network():
    """Rule 10: one link on Kidderminster-Worcester reaches Farm Brewery South as well as both towns."""
    g = game(hand=["Wild Industry", "Cotton Mill/Manufacturer", "Leek"])
    something_elsewhere(g)   # no first-build exception
    h.link(g, "Kidderminster - Worcester", owner=0)
    g.play("build brewery Farm Brewery South with card Wild Industry")
    assert g.state.tiles["Farm Brewery South[1]"].owner == 0
    g.play("build cotton Worcester[1] with card Cotton Mill/Manufacturer")
    assert g.state.tiles["Worcester[1]"].owner == 0


def test_three_way_link_carries_coal_to_a_merchant():
    """Rules 10 and 12: Kidderminster reaches Gloucester through the three-way link and Worcester - Gloucester."""
    g = game(hand=["Kidderminster", "Leek"])
    h.link(g, "Kidderminster - Worcester", owner=1)
    h.link(g, "Worcester - Gloucester", owner=1)
    h.set_market(g, "coal", 10)
    expl = g.play("build coal Kidderminster[1] with card Kidderminster")
    sale = step(expl, "market.sell")
    assert sale.facts["prices"] == [2, 2] and sale.facts["merchants"] == ["Gloucester"]
    assert g.state.markets["coal"] == 12
    assert g.state.tiles["Kidderminster[1]"].cubes == 0


def test_three_way_link_carries_coal_between_kidderminster_and_worcester():
    """Rules 6 and 10: the three-way link joins Kidderminster and Worcester at distance 1."""
    g = game(era="rail", hand=["Worcester", "Leek"])
    set_mat(g, 0, "cotton", [0, 2, 3, 3])                  # cotton II: £14, 1 coal
    h.link(g, "Kidderminster - Worcester", owner=1)
    h.place(g, "Kidderminster[1]", owner=1, industry="coal", level=2, cubes=2)
    expl = g.play("build cotton Worcester[1] with card Worcester")
    nearest = step(expl, "coal.nearest").facts
    assert [(c["source"], c["distance"]) for c in nearest["candidates"]] == [("Kidderminster[1]", 1)]
    assert g.state.tiles["Kidderminster[1]"].cubes == 1
    assert g.state.players[0].money == 30 - 14


# ---------------------------------------------------------------- 5. overbuilding


def test_overbuild_own_coal_mine_returns_its_cubes():
    """Rule 11: your own tile with cubes left may be overbuilt; its cubes return to the supply."""
    g = game(hand=["Dudley", "Leek"])
    h.place(g, "Dudley[1]", owner=0, industry="coal", level=1, cubes=1)   # coal I leaves the mat
    supply = g.state.supply["coal"]
    expl = g.play("build coal Dudley[1] with card Dudley")
    tile = g.state.tiles["Dudley[1]"]
    assert (tile.owner, tile.level, tile.cubes, tile.flipped) == (0, 2, 3, False)
    assert g.state.supply["coal"] == supply + 1 - 3
    facts = step(expl, "build.overbuild").facts
    assert (facts["own"], facts["old_level"], facts["new_level"], facts["cubes_returned"]) == (True, 1, 2, 1)
    assert g.state.players[0].tiles_gone == 1
    assert g.state.players[0].money == 30 - 7


def test_overbuild_own_flipped_manufacturer():
    """Rule 11: your own flipped tile may be overbuilt by a higher level of the same industry."""
    g = game(era="rail", hand=["Birmingham", "Leek"])
    h.place(g, "Birmingham[2]", owner=0, industry="manufacturer", level=1, flipped=True)
    income = g.state.players[0].income_space
    g.play("build manufacturer Birmingham[2] with card Birmingham")
    tile = g.state.tiles["Birmingham[2]"]
    assert (tile.owner, tile.level, tile.flipped) == (0, 2, False)
    assert g.state.players[0].income_space == income        # income already gained stays
    assert g.state.players[0].money == 30 - 10 - 2


def test_overbuild_needs_a_higher_level():
    """Rule 11: overbuilding needs a higher level than the tile replaced."""
    g = game(hand=["Dudley", "Leek"])
    h.place(g, "Dudley[1]", owner=0, industry="coal", level=2, cubes=1)   # coal I still on the mat
    refused(g, "build coal Dudley[1] with card Dudley", "build.slot_taken")


def test_overbuild_other_players_coal_mine_when_no_coal_anywhere():
    """Rule 11: another player's coal mine may be overbuilt when no coal is on the board or in the market."""
    g = game(hand=["Dudley", "Leek"])
    h.place(g, "Dudley[1]", owner=1, industry="coal", level=1, flipped=True)
    set_mat(g, 0, "coal", [0, 2, 2, 2])
    h.set_market(g, "coal", 0)
    income1 = g.state.players[1].income_space
    expl = g.play("build coal Dudley[1] with card Dudley")
    tile = g.state.tiles["Dudley[1]"]
    assert (tile.owner, tile.level, tile.cubes) == (0, 2, 3)
    facts = step(expl, "build.overbuild").facts
    assert facts["own"] is False and facts["owner"] == 1
    assert g.state.players[1].tiles_gone == 1
    assert g.state.players[1].income_space == income1


def test_overbuild_other_players_coal_mine_refused_while_market_has_coal():
    """Rule 11: one cube left in the coal market forbids overbuilding another player's mine."""
    g = game(hand=["Dudley", "Leek"])
    h.place(g, "Dudley[1]", owner=1, industry="coal", level=1, flipped=True)
    set_mat(g, 0, "coal", [0, 2, 2, 2])
    h.set_market(g, "coal", 1)
    refused(g, "build coal Dudley[1] with card Dudley", "build.slot_taken")


def test_overbuild_other_players_coal_mine_refused_while_any_mine_has_coal():
    """Rule 11: coal anywhere on the board (even unconnected) forbids overbuilding another player's mine."""
    g = game(hand=["Dudley", "Leek"])
    h.place(g, "Dudley[1]", owner=1, industry="coal", level=1, flipped=True)
    h.place(g, "Cannock[2]", owner=1, industry="coal", level=2, cubes=1)
    set_mat(g, 0, "coal", [0, 2, 2, 2])
    h.set_market(g, "coal", 0)
    refused(g, "build coal Dudley[1] with card Dudley", "build.slot_taken")


def test_overbuild_other_players_iron_works_when_no_iron_anywhere():
    """Rule 11: another player's iron works may be overbuilt once no iron is on the board or in the market."""
    g = game(hand=["Dudley", "Leek"])
    h.place(g, "Dudley[2]", owner=1, industry="iron", level=1, flipped=True)
    h.place(g, "Dudley[1]", owner=1, industry="coal", level=1, cubes=1)
    set_mat(g, 0, "iron", [0, 1, 1, 1])
    h.set_market(g, "iron", 1)
    refused(g, "build iron Dudley[2] with card Dudley", "build.slot_taken")
    h.set_market(g, "iron", 0)
    works = h.place(g, "Redditch[2]", owner=1, industry="iron", level=2, cubes=1)   # iron left on the board
    refused(g, "build iron Dudley[2] with card Dudley", "build.slot_taken")
    g.state.tile_cubes_to_supply(works, works.cubes)
    g.state.flip_tile(works)
    g.play("build iron Dudley[2] with card Dudley")
    assert g.state.tiles["Dudley[2]"].owner == 0 and g.state.tiles["Dudley[2]"].level == 2


def test_other_players_cotton_mill_cannot_be_overbuilt():
    """Rule 11: only coal mines and iron works of other players can be overbuilt."""
    g = game(era="rail", hand=["Worcester", "Leek"])
    h.place(g, "Worcester[1]", owner=1, industry="cotton", level=1, flipped=True)
    h.place(g, "Worcester[2]", owner=1, industry="cotton", level=1, flipped=True)
    set_mat(g, 0, "cotton", [0, 2, 3, 3])
    h.link(g, "Worcester - Gloucester", owner=1)
    refused(g, "build cotton Worcester[1] with card Worcester", "build.slot_taken")
    refused(g, "build cotton Worcester with card Worcester", "build.slot_taken")


# ---------------------------------------------------------------- 6. coal


def test_coal_from_the_nearest_connected_mine_any_owner_free():
    """Rule 6: the nearest connected mine supplies, whoever owns it, for free; the step lists distances."""
    g = game(hand=["Dudley", "Leek"])
    h.link(g, "Dudley - Wolverhampton", owner=1)
    h.link(g, "Wolverhampton - Coalbrookdale", owner=1)
    h.place(g, "Wolverhampton[2]", owner=1, industry="coal", level=2, cubes=2)
    h.place(g, "Coalbrookdale[3]", owner=0, industry="coal", level=2, cubes=3)
    money1 = g.state.players[1].money
    refused(g, "build iron Dudley[2] with card Dudley; coal Coalbrookdale[3]", "choice.invalid")
    refused(g, "build iron Dudley[2] with card Dudley; coal market", "choice.invalid")
    expl = g.play("build iron Dudley[2] with card Dudley")
    nearest = step(expl, "coal.nearest").facts
    assert [(c["source"], c["distance"]) for c in nearest["candidates"]] == [
        ("Wolverhampton[2]", 1), ("Coalbrookdale[3]", 2)]
    assert g.state.tiles["Wolverhampton[2]"].cubes == 1
    assert g.state.tiles["Coalbrookdale[3]"].cubes == 3
    assert g.state.markets["coal"] == 13
    assert g.state.players[1].money == money1
    # iron I £5, no coal bought; 2 of its iron sold at £1 each to the iron market
    assert g.state.players[0].money == 30 - 5 + 2


def test_coal_mine_in_the_same_town_is_distance_zero():
    """Rule 6: a mine in the same town (distance 0, no link needed) beats a connected mine one link away."""
    g = game(hand=["Dudley", "Leek"])
    h.link(g, "Dudley - Wolverhampton", owner=0)
    h.place(g, "Wolverhampton[2]", owner=0, industry="coal", level=2, cubes=3)
    h.place(g, "Dudley[1]", owner=1, industry="coal", level=2, cubes=2)
    expl = g.play("build iron Dudley[2] with card Dudley")
    assert step(expl, "coal.take").facts["source"] == "Dudley[1]"
    assert g.state.tiles["Dudley[1]"].cubes == 1
    assert g.state.tiles["Wolverhampton[2]"].cubes == 3


def test_coal_from_the_next_nearest_mine_when_the_nearest_runs_out():
    """Rule 6: the nearest mine gives what it has, the next nearest the rest (no market connection needed)."""
    g = game(era="rail", hand=["Birmingham", "Leek"])
    set_mat(g, 0, "manufacturer", [0, 0, 1, 1, 2, 1, 1, 2])       # manufacturer III: £12, 2 coal
    h.link(g, "Birmingham - Dudley", owner=1)
    h.link(g, "Dudley - Wolverhampton", owner=1)
    h.place(g, "Dudley[1]", owner=1, industry="coal", level=2, cubes=1)
    h.place(g, "Wolverhampton[2]", owner=0, industry="coal", level=2, cubes=3)
    expl = g.play("build manufacturer Birmingham[2] with card Birmingham")
    assert [(s.facts["source"], s.facts["count"]) for s in expl.find("coal.take")] == [
        ("Dudley[1]", 1), ("Wolverhampton[2]", 1)]
    assert g.state.tiles["Dudley[1]"].flipped and not g.state.tiles["Wolverhampton[2]"].flipped
    assert g.state.markets["coal"] == 13
    assert g.state.players[0].money == 30 - 12
    assert g.state.players[1].income_space == 10 + 7            # coal II income 7 spaces for its owner


def test_equidistant_mines_need_a_named_source():
    """Rule 6: a tie at the deciding distance is the player's choice, so the action must name it."""
    g = game(hand=["Dudley", "Leek"])
    h.link(g, "Dudley - Wolverhampton", owner=1)
    h.link(g, "Dudley - Kidderminster", owner=1)
    h.place(g, "Wolverhampton[2]", owner=1, industry="coal", level=2, cubes=2)
    h.place(g, "Kidderminster[1]", owner=1, industry="coal", level=2, cubes=2)
    err = refused(g, "build iron Dudley[2] with card Dudley", "choice.ambiguous")
    assert sorted(err.steps[0].facts["options"]) == [["Kidderminster[1]"], ["Wolverhampton[2]"]]
    texts = legal_texts(g)
    assert "build iron Dudley[2] with card Dudley; coal Wolverhampton[2]" in texts
    assert "build iron Dudley[2] with card Dudley; coal Kidderminster[1]" in texts
    expl = g.play("build iron Dudley[2] with card Dudley; coal Kidderminster[1]")
    assert sorted(step(expl, "coal.nearest").facts["tie"]) == ["Kidderminster[1]", "Wolverhampton[2]"]
    assert g.state.tiles["Kidderminster[1]"].cubes == 1
    assert g.state.tiles["Wolverhampton[2]"].cubes == 2


def test_unconnected_mine_is_never_used_market_instead():
    """Rule 6: a mine not connected is ignored; the connected merchant gives market coal, cheapest first (£1)."""
    g = game(hand=["Birmingham", "Leek"])
    h.place(g, "Cannock[2]", owner=1, industry="coal", level=2, cubes=3)
    h.link(g, "Birmingham - Oxford", owner=1)
    expl = g.play("build iron Birmingham[3] with card Birmingham")
    assert g.state.tiles["Cannock[2]"].cubes == 3
    assert step(expl, "coal.buy").facts["prices"] == [1]
    assert g.state.markets["coal"] == 12
    # iron I £5 + coal £1; 2 iron sold at £1 each
    assert g.state.players[0].money == 30 - 5 - 1 + 2
    assert g.state.players[0].spent_this_round == 6


def test_no_connected_mine_and_no_merchant_refuses():
    """Rule 6: market coal needs a connection to a merchant's trade icon."""
    g = game(hand=["Birmingham", "Leek"])
    h.place(g, "Cannock[2]", owner=1, industry="coal", level=2, cubes=3)
    h.link(g, "Birmingham - Coventry", owner=1)
    refused(g, "build iron Birmingham[3] with card Birmingham", "coal.no_source")


def test_blank_merchant_tile_still_gives_market_access():
    """Rule 6: a blank merchant tile still counts for the coal market's trade icon."""
    g = game(hand=["Birmingham", "Leek"])
    for label in ("Oxford[1]", "Oxford[2]"):
        g.state.merchants[label].buys = ()
    h.link(g, "Birmingham - Oxford", owner=1)
    g.play("build iron Birmingham[3] with card Birmingham")
    assert g.state.markets["coal"] == 12


def test_coal_market_cheapest_cubes_first():
    """Rule 6: market coal is bought cheapest cube first (5 cubes left: £5 then £6)."""
    g = game(era="rail", hand=["Birmingham", "Leek"])
    set_mat(g, 0, "manufacturer", [0, 0, 1, 1, 2, 1, 1, 2])       # manufacturer III: £12, 2 coal
    h.link(g, "Birmingham - Oxford", owner=1)
    h.set_market(g, "coal", 5)
    expl = g.play("build manufacturer Birmingham[2] with card Birmingham")
    assert step(expl, "coal.buy").facts["prices"] == [5, 6]
    assert g.state.markets["coal"] == 3
    assert g.state.players[0].money == 30 - 12 - 11
    assert g.state.players[0].spent_this_round == 23


def test_coal_costs_eight_when_the_market_is_empty():
    """Rule 6: £8 per coal cube when the coal market is empty."""
    g = game(hand=["Birmingham", "Leek"])
    h.link(g, "Birmingham - Oxford", owner=1)
    h.set_market(g, "coal", 0)
    expl = g.play("build manufacturer Birmingham[2] with card Birmingham")
    assert step(expl, "coal.buy").facts["prices"] == [8]
    assert g.state.markets["coal"] == 0
    assert g.state.players[0].money == 30 - 8 - 8


def test_coal_partly_from_mines_then_market():
    """Rule 6: what the connected mines cannot give comes from the market (1 from a mine, 1 at £7)."""
    g = game(era="rail", hand=["Birmingham", "Leek"])
    set_mat(g, 0, "manufacturer", [0, 0, 1, 1, 2, 1, 1, 2])
    h.link(g, "Birmingham - Oxford", owner=1)
    h.link(g, "Birmingham - Dudley", owner=1)
    h.place(g, "Dudley[1]", owner=1, industry="coal", level=2, cubes=1)
    h.set_market(g, "coal", 1)
    expl = g.play("build manufacturer Birmingham[2] with card Birmingham")
    assert step(expl, "coal.market").facts["why"] == "mines_short"
    assert step(expl, "coal.buy").facts["prices"] == [7]
    assert g.state.tiles["Dudley[1]"].cubes == 0
    assert g.state.markets["coal"] == 0
    assert g.state.players[0].money == 30 - 12 - 7


def test_slot_must_be_named_between_two_single_icon_slots():
    """Rule 9: two free manufacturer-only slots in Birmingham: the player chooses, so the action names one."""
    g = game(hand=["Birmingham", "Leek"])
    h.link(g, "Birmingham - Oxford", owner=1)
    refused(g, "build manufacturer Birmingham with card Birmingham", "choice.ambiguous")
    texts = legal_texts(g)
    assert "build manufacturer Birmingham[2] with card Birmingham; coal market" in texts
    assert "build manufacturer Birmingham[4] with card Birmingham; coal market" in texts
    assert not any(t.startswith("build manufacturer Birmingham[1]") for t in texts)


# ---------------------------------------------------------------- 6b. iron


def test_iron_from_any_works_anywhere_without_connection():
    """Rule 7: iron comes free from any iron works, connected or not; the market is untouched."""
    g = game(hand=["Stafford", "Leek"])
    h.place(g, "Coalbrookdale[2]", owner=1, industry="iron", level=2, cubes=2)
    refused(g, "build brewery Stafford[1] with card Stafford; iron market", "choice.invalid")
    expl = g.play("build brewery Stafford[1] with card Stafford")
    assert step(expl, "iron.take").facts["source"] == "Coalbrookdale[2]"
    assert g.state.tiles["Coalbrookdale[2]"].cubes == 1
    assert g.state.markets["iron"] == 8
    assert g.state.players[0].money == 30 - 5


def test_iron_from_the_market_cheapest_first_when_no_works():
    """Rule 7: with no iron on the board, iron is bought cheapest first (£2: both £1 spaces start empty)."""
    g = game(hand=["Stafford", "Leek"])
    expl = g.play("build brewery Stafford[1] with card Stafford")
    assert step(expl, "iron.buy").facts["prices"] == [2]
    assert g.state.markets["iron"] == 7
    assert g.state.players[0].money == 30 - 5 - 2


def test_iron_costs_six_when_the_market_is_empty():
    """Rule 7: £6 per iron cube when the iron market is empty."""
    g = game(hand=["Stafford", "Leek"])
    h.set_market(g, "iron", 0)
    g.play("build brewery Stafford[1] with card Stafford")
    assert g.state.markets["iron"] == 0
    assert g.state.players[0].money == 30 - 5 - 6


def test_iron_between_two_works_is_the_players_choice():
    """Rule 7: no nearest rule for iron: with two works the action names one."""
    g = game(hand=["Stafford", "Leek"])
    h.place(g, "Coalbrookdale[2]", owner=1, industry="iron", level=2, cubes=1)
    h.place(g, "Redditch[2]", owner=1, industry="iron", level=2, cubes=1)
    refused(g, "build brewery Stafford[1] with card Stafford", "choice.ambiguous")
    texts = legal_texts(g)
    assert "build brewery Stafford[1] with card Stafford; iron Coalbrookdale[2]" in texts
    assert "build brewery Stafford[1] with card Stafford; iron Redditch[2]" in texts
    g.play("build brewery Stafford[1] with card Stafford; iron Redditch[2]")
    assert g.state.tiles["Redditch[2]"].cubes == 0 and g.state.tiles["Coalbrookdale[2]"].cubes == 1


# ---------------------------------------------------------------- 7. market sales


def test_connected_coal_mine_sells_to_most_expensive_spaces_and_flips():
    """Rule 12: a new mine connected to a merchant sells its cubes, most expensive empty space first, and flips."""
    g = game(hand=["Redditch", "Leek"])
    h.link(g, "Redditch - Oxford", owner=1)
    h.set_market(g, "coal", 10)          # empty spaces: £2, £2, £1, £1
    expl = g.play("build coal Redditch[1] with card Redditch")
    sale = step(expl, "market.sell").facts
    assert sale["prices"] == [2, 2] and sale["total"] == 4
    tile = g.state.tiles["Redditch[1]"]
    assert (tile.cubes, tile.flipped) == (0, True)
    assert g.state.markets["coal"] == 12
    me = g.state.players[0]
    assert me.money == 30 - 5 + 4          # earned, not spent
    assert me.spent_this_round == 5
    # coal I: income 4 -> the marker moves 4 SPACES, from 10 to 14, which is income level 2
    assert (me.income_space, me.income_level) == (14, 2)
    assert step(expl, "income.advance").facts["spaces"] == 4


def test_connected_coal_mine_sells_only_into_empty_spaces():
    """Rule 12: with one empty £1 space (setup), one cube sells and the mine keeps the rest, unflipped."""
    g = game(hand=["Redditch", "Leek"])
    h.link(g, "Redditch - Oxford", owner=1)
    g.play("build coal Redditch[1] with card Redditch")
    tile = g.state.tiles["Redditch[1]"]
    assert (tile.cubes, tile.flipped) == (1, False)
    assert g.state.markets["coal"] == 14
    assert g.state.players[0].money == 30 - 5 + 1
    assert g.state.players[0].income_space == 10


def test_full_coal_market_buys_nothing():
    """Rule 12: with no empty market space the new connected mine keeps all its cubes."""
    g = game(hand=["Redditch", "Leek"])
    h.link(g, "Redditch - Oxford", owner=1)
    h.set_market(g, "coal", 14)
    expl = g.play("build coal Redditch[1] with card Redditch")
    assert "market.full" in expl.rules()
    assert g.state.tiles["Redditch[1]"].cubes == 2
    assert g.state.players[0].money == 25


def test_income_marker_stops_at_the_last_space():
    """000: income level cannot exceed 30: a flip near the top stops at the last track space."""
    g = game(hand=["Redditch", "Leek"])
    h.set_player(g, 0, income_space=97)
    h.link(g, "Redditch - Oxford", owner=1)
    h.set_market(g, "coal", 10)
    g.play("build coal Redditch[1] with card Redditch")
    assert g.state.players[0].income_space == 99 and g.state.players[0].income_level == 30


def test_unconnected_coal_mine_keeps_its_cubes():
    """Rule 12: a new mine not connected to a trade icon sells nothing."""
    g = game(hand=["Redditch", "Leek"])
    h.set_market(g, "coal", 0)
    expl = g.play("build coal Redditch[1] with card Redditch")
    assert "market.not_connected" in expl.rules() and "market.sell" not in expl.rules()
    assert g.state.tiles["Redditch[1]"].cubes == 2
    assert g.state.markets["coal"] == 0
    assert g.state.players[0].money == 25


def test_iron_works_sells_without_connection_and_flips():
    """Rules 8 and 12: a new iron works sells to the iron market with no connection; emptied, it flips."""
    g = game(hand=["Dudley", "Leek"])
    h.place(g, "Dudley[1]", owner=1, industry="coal", level=1, cubes=1)
    h.set_market(g, "iron", 0)
    expl = g.play("build iron Dudley[2] with card Dudley")
    sale = step(expl, "market.sell").facts
    assert sale["prices"] == [5, 5, 4, 4]
    assert g.state.markets["iron"] == 4
    works = g.state.tiles["Dudley[2]"]
    assert (works.cubes, works.flipped) == (0, True)
    me, other = g.state.players
    assert me.money == 30 - 5 + 18
    assert me.spent_this_round == 5
    assert (me.income_space, me.income_level) == (13, 2)       # iron I: +3 spaces
    # the last coal of player 1's mine was used: their tile flips and THEIR income rises 4 spaces
    assert g.state.tiles["Dudley[1]"].flipped
    assert (other.income_space, other.income_level) == (14, 2)
    assert other.money == 30


# ---------------------------------------------------------------- 8. other players' resources


def test_using_another_players_last_iron_flips_their_works():
    """Rule 7 / explanations: another player's iron is free, but emptying it flips their works and raises their
    income."""
    g = game(hand=["Stafford", "Leek"])
    h.place(g, "Coalbrookdale[2]", owner=1, industry="iron", level=1, cubes=1)
    expl = g.play("build brewery Stafford[1] with card Stafford")
    assert g.state.tiles["Coalbrookdale[2]"].flipped
    flip = step(expl, "tile.flip").facts
    assert flip["owner"] == 1 and flip["slot"] == "Coalbrookdale[2]"
    assert g.state.players[1].income_space == 13
    assert g.state.players[1].money == 30
    assert g.state.players[0].income_space == 10
    assert g.state.players[0].money == 25


# ---------------------------------------------------------------- 9. money


def test_money_short_counts_market_purchases():
    """money.short: the build cost plus market coal (£8 + £8) must be affordable; nothing changes."""
    g = game(money=15, hand=["Birmingham", "Leek"])
    h.link(g, "Birmingham - Oxford", owner=1)
    h.set_market(g, "coal", 0)
    err = refused(g, "build manufacturer Birmingham[2] with card Birmingham", "money.short")
    assert (err.steps[0].facts["need"], err.steps[0].facts["have"]) == (16, 15)
    assert not [a for a in g.legal_actions() if a.kind == "build" and a.industry == "manufacturer"]
    h.set_player(g, 0, money=16)
    g.play("build manufacturer Birmingham[2] with card Birmingham")
    assert g.state.players[0].money == 0


def test_money_short_for_the_tile_cost_alone():
    """money.short: £4 cannot pay a £5 coal mine."""
    g = game(money=4, hand=["Dudley", "Leek"])
    refused(g, "build coal Dudley[1] with card Dudley", "money.short")


# ---------------------------------------------------------------- odds and ends


def test_industry_missing_from_the_town_or_the_mat():
    """Rule 9: the town must show the industry (build.no_icon) and a tile must be left (build.no_tile)."""
    g = game(hand=["Dudley", "Leek"])
    refused(g, "build pottery Dudley with card Dudley", "build.no_icon")
    set_mat(g, 0, "coal", [0, 0, 0, 0])
    refused(g, "build coal Dudley[1] with card Dudley", "build.no_tile")


@pytest.mark.parametrize("era", ["canal", "rail"])
def test_legal_builds_agree_with_why_not(era):
    """legal_actions lists exactly the builds why_not accepts (card, town, industry, slot), in a mixed position."""
    g = game(era=era, money=40, hand=["Wild Location", "Wild Industry", "Brewery", "Coal Mine", "Iron Works",
                                      "Birmingham", "Dudley", "Cotton Mill/Manufacturer", "Pottery"])
    h.link(g, "Dudley - Birmingham", owner=0)
    h.link(g, "Kidderminster - Worcester", owner=1)
    h.link(g, "Birmingham - Oxford", owner=1)
    h.link(g, "Dudley - Kidderminster", owner=1)
    h.place(g, "Kidderminster[1]", owner=1, industry="coal", level=2, cubes=2)
    h.place(g, "Birmingham[3]", owner=0, industry="iron", level=2, cubes=1)
    h.place(g, "Dudley[1]", owner=1, industry="coal", level=1, flipped=True)
    if era == "rail":
        set_mat(g, 0, "coal", [0, 2, 2, 2])
        set_mat(g, 0, "brewery", [0, 2, 2, 1])
    legal = [a for a in g.legal_actions() if a.kind == "build"]
    assert legal
    for action in legal:
        assert g.why_not(action) == [], str(action)
    listed = {(a.industry, a.location, a.card, a.slot) for a in legal}
    hand = set(g.state.players[0].hand)
    for location, loc in g.facts.board.locations.items():
        for index, icons in enumerate(loc.slots):
            for industry in icons:
                for card in hand:
                    text = f"build {industry} {location}[{index + 1}] with card {card}"
                    rules = {s.rule for s in g.why_not(text)}
                    accepted = rules <= {"choice.ambiguous"}
                    assert accepted == ((industry, location, card, index + 1) in listed), (text, rules)


@pytest.mark.parametrize("capacities", [(), (0,), (1,), (3,), (2, 2), (1, 0, 2), (3, 1, 2)])
def test_every_way_to_take_cubes_once_in_source_order(capacities):
    """A tie offers every way to take the cubes, each once and in the order the list shows them (first source
    taken from most first): the same as counting every choice of sources with repeats, within each's cubes."""
    labels = [f"Mine[{i + 1}]" for i in range(len(capacities))]
    for need in range(5):
        expected = [tuple(labels[i] for i in pick)
                    for pick in combinations_with_replacement(range(len(labels)), need)
                    if all(pick.count(i) <= cap for i, cap in enumerate(capacities))]
        assert distributions(list(zip(labels, capacities, strict=True)), need) == expected, (capacities, need)
