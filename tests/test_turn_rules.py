"""Rule tests for the Birmingham actions other than building, and for turns, rounds, income and era ends.

Every test hand-builds its position with ``tests/helpers.py`` and checks real outcomes: money, cubes,
VP, income space *and* level, turn order, cards. Rulings: ``shared/RULINGS.md`` (Birmingham section);
rule text: ``shared/seeds/000_32a43d4ff5a7a2f2.txt``.
"""
from __future__ import annotations

from collections import Counter

import helpers
import pytest

from brass_nb import AmbiguousAction, IllegalAction

# ---------------------------------------------------------------- small tools for these tests


def level_at(g, space: int) -> int:
    return g.facts.income_levels[space]


def highest_space_of(g, level: int) -> int:
    return max(i for i, lv in enumerate(g.facts.income_levels) if lv == level)


def refused(g, text: str) -> str:
    """Play an illegal action; check it is refused and changes nothing; return the first rule id."""
    before = helpers.snapshot(g)
    with pytest.raises((IllegalAction, AmbiguousAction)) as err:
        g.play(text)
    assert helpers.snapshot(g) == before
    return err.value.rule


def set_merchants(g, spaces: dict | None = None) -> None:
    """``set_merchants(g, {"Oxford[1]": (("cotton",), 1)})``: what each named merchant space buys, and its beer.

    Every merchant space not named becomes blank without beer, so no test depends on the seed's deal.
    """
    wanted = dict(spaces or {})
    for label, m in g.state.merchants.items():
        buys, beer = wanted.pop(label, ((), 0))
        m.buys = tuple(buys)
        g.state.fill_merchant_beer(m, beer)
    assert not wanted, f"no such merchant spaces in this player count: {sorted(wanted)}"


def pass_until_round_ends(g) -> None:
    """Everyone still to act passes (first card in hand) until the round is over."""
    era, rnd = g.state.era, g.state.round
    while (g.state.era, g.state.round) == (era, rnd) and g.phase is None and not g.is_over:
        p = g.current_player
        g.play(f"pass with card {g.state.players[p].hand[0]}")


def game(players: int = 2, era: str = "canal", actor: int = 0, seed: int = 1, rnd: int = 2):
    """A fresh game with every merchant blank (tests set the ones they need) and ``actor`` to act."""
    g = helpers.fresh(players=players, seed=seed)
    set_merchants(g)
    helpers.to_act(g, actor, era=era, round=rnd)
    return g


HAND = ["Stafford", "Dudley", "Coventry", "Birmingham", "Walsall", "Cannock", "Tamworth", "Worcester"]


# ================================================================ 1. network


def test_canal_link_costs_3_and_is_one_link_per_action():
    """network.place: a canal costs £3, no coal; one link per action (no second-link phase in the canal era)."""
    g = game()
    helpers.set_player(g, 0, money=20, hand=list(HAND))
    helpers.place(g, "Birmingham[1]", owner=0, industry="cotton")
    coal_market = g.state.markets["coal"]
    g.play("network Birmingham - Coventry with card Stafford")
    p = g.state.players[0]
    assert p.money == 17 and p.spent_this_round == 3
    assert p.links_left == 13
    assert g.state.markets["coal"] == coal_market
    assert "Stafford" not in p.hand and p.discard[-1] == "Stafford"
    assert g.phase is None                     # the action is over: no second canal in the same action
    assert g.current_player == 0 and g.state.actions_done == 1
    assert refused(g, "network Birmingham - Worcester") == "card.missing"
    helpers.set_player(g, 0, money=2)
    assert refused(g, "network Birmingham - Worcester with card Dudley") == "money.short"
    assert not [a for a in g.legal_actions() if a.kind == "network"]


def test_rail_only_space_refused_in_canal_era_and_canal_only_in_rail_era():
    """network.era: canal spaces only in the canal era, rail spaces only in the rail era."""
    g = game()
    helpers.set_player(g, 0, money=20, hand=list(HAND))
    helpers.place(g, "Birmingham[1]", owner=0, industry="cotton")
    assert refused(g, "network Birmingham - Nuneaton with card Stafford") == "network.era"   # rail only
    (why,) = g.why_not("network Birmingham - Nuneaton with card Stafford")
    assert why.facts["era"] == "canal" and (why.facts["canal"], why.facts["rail"]) == (False, True)
    g2 = game(era="rail")
    helpers.set_player(g2, 0, money=20, hand=list(HAND))
    helpers.place(g2, "Walsall[1]", owner=0, industry="manufacturer", level=2)
    helpers.place(g2, "Burton-on-Trent[1]", owner=1, industry="coal", level=2, cubes=2)
    assert refused(g2, "network Burton-on-Trent - Walsall with card Stafford") == "network.era"  # canal only


def test_rail_link_costs_5_and_takes_coal_from_the_nearest_connected_mine():
    """network.place + coal.nearest: a rail costs £5 and 1 coal from the nearest mine connected to the new rail."""
    g = game(era="rail")
    helpers.set_player(g, 0, money=20, hand=list(HAND))
    helpers.place(g, "Birmingham[1]", owner=0, industry="cotton", level=2)
    helpers.place(g, "Dudley[1]", owner=1, industry="coal", level=2, cubes=2)          # at the rail's end
    helpers.place(g, "Wolverhampton[2]", owner=0, industry="coal", level=2, cubes=3)   # one link further
    helpers.link(g, "Wolverhampton - Dudley", owner=1)
    g.play("network Dudley - Birmingham with card Stafford")
    p = g.state.players[0]
    assert p.money == 15 and p.spent_this_round == 5
    assert g.state.tiles["Dudley[1]"].cubes == 1          # the nearest mine (distance 0), though not ours
    assert g.state.tiles["Wolverhampton[2]"].cubes == 3
    assert g.phase is None                                # no beer anywhere: no second rail can follow
    assert g.state.actions_done == 1


def test_rail_coal_emptying_another_players_mine_flips_it_and_raises_their_income():
    """coal.take + tile.flip: free coal from another player's mine; the last cube flips it for its owner."""
    g = game(era="rail")
    helpers.set_player(g, 0, money=20, hand=list(HAND))
    helpers.place(g, "Birmingham[1]", owner=0, industry="cotton", level=2)
    helpers.place(g, "Dudley[1]", owner=1, industry="coal", level=2, cubes=1)
    g.play("network Dudley - Birmingham with card Stafford")
    assert g.state.players[0].money == 15
    tile = g.state.tiles["Dudley[1]"]
    assert tile.flipped and tile.cubes == 0
    owner = g.state.players[1]
    assert owner.income_space == 10 + 7 and owner.income_level == level_at(g, 17) == 4
    assert owner.money == 17                               # the owner is not paid for the coal


def test_rail_coal_from_market_needs_a_merchant_connection_and_counts_as_spending():
    """coal.market: no connected mine, so coal is bought (cheapest cube) through a connected trade icon."""
    g = game(era="rail")
    helpers.set_player(g, 0, money=20, hand=list(HAND))
    helpers.place(g, "Birmingham[1]", owner=0, industry="cotton", level=2)
    helpers.place(g, "Stone[2]", owner=1, industry="coal", level=2, cubes=3)       # not connected: unusable
    assert g.state.markets["coal"] == 13
    g.play("network Birmingham - Oxford with card Stafford; coal market")
    p = g.state.players[0]
    assert p.money == 20 - 5 - 1 and p.spent_this_round == 6
    assert g.state.markets["coal"] == 12
    assert g.state.tiles["Stone[2]"].cubes == 3
    # an empty coal market still sells at £8 a cube
    g2 = game(era="rail")
    helpers.set_player(g2, 0, money=13, hand=list(HAND))
    helpers.place(g2, "Birmingham[1]", owner=0, industry="cotton", level=2)
    helpers.set_market(g2, "coal", 0)
    g2.play("network Birmingham - Oxford with card Stafford; coal market")
    assert g2.state.players[0].money == 0 and g2.state.players[0].spent_this_round == 13


def test_rail_without_any_coal_source_is_refused():
    """coal.no_source: a rail connected to no mine with coal and no trade icon cannot be built."""
    g = game(era="rail")
    helpers.set_player(g, 0, money=20, hand=list(HAND))
    helpers.place(g, "Birmingham[1]", owner=0, industry="cotton", level=2)
    helpers.place(g, "Stone[2]", owner=1, industry="coal", level=2, cubes=3)
    assert refused(g, "network Dudley - Birmingham with card Stafford") == "coal.no_source"


def test_second_rail_costs_10_more_one_coal_and_own_beer_from_anywhere():
    """Ruling 1: two rails in one action cost £15, 2 coal, 1 beer and one card; your own brewery needs no connection."""
    g = game(era="rail")
    helpers.set_player(g, 0, money=30, hand=list(HAND))
    helpers.place(g, "Birmingham[1]", owner=0, industry="cotton", level=2)
    helpers.place(g, "Stone[1]", owner=0, industry="brewery", level=2, cubes=2)    # far away, not connected
    hand_before = len(g.state.players[0].hand)
    g.play("network Birmingham - Oxford with card Stafford; coal market")
    assert g.phase == "rail2"
    assert refused(g, "network Birmingham - Coventry with card Dudley; coal market; beer Stone[1]") \
        == "network.second_card"
    g.play("network Birmingham - Coventry; coal market; beer Stone[1]")
    p = g.state.players[0]
    assert p.money == 30 - 5 - 1 - 10 - 2               # coal cubes at £1 then £2
    assert p.spent_this_round == 18
    assert g.state.markets["coal"] == 11
    assert g.state.tiles["Stone[1]"].cubes == 1
    assert len(p.hand) == hand_before - 1                # one card for the whole double-rail action
    assert p.links_left == 12
    assert g.phase is None and g.state.actions_done == 1


def test_second_rail_never_uses_merchant_beer():
    """Ruling 1/8: the second rail's beer comes from a brewery only, never from a merchant's barrel."""
    g = game(era="rail")
    set_merchants(g, {"Oxford[1]": (("cotton",), 1)})
    helpers.set_player(g, 0, money=30, hand=list(HAND))
    helpers.place(g, "Birmingham[1]", owner=0, industry="cotton", level=2)
    g.play("network Birmingham - Oxford with card Stafford; coal market")
    # the only beer in sight is Oxford's merchant barrel, at the end of the rail: no second rail is possible
    assert g.phase is None and g.state.actions_done == 1
    assert g.state.merchants["Oxford[1]"].beer == 1
    assert g.state.players[0].money == 24
    # with a brewery barrel available the second rail is possible, but still not with the merchant's barrel
    g2 = game(era="rail")
    set_merchants(g2, {"Oxford[1]": (("cotton",), 1)})
    helpers.set_player(g2, 0, money=30, hand=list(HAND))
    helpers.place(g2, "Birmingham[1]", owner=0, industry="cotton", level=2)
    helpers.place(g2, "Stone[1]", owner=0, industry="brewery", level=2, cubes=1)
    g2.play("network Birmingham - Oxford with card Stafford; coal market")
    assert g2.phase == "rail2"
    assert refused(g2, "network Birmingham - Coventry; coal market; beer Oxford[1]") == "choice.invalid"
    assert all(a.beer == ("Stone[1]",) for a in g2.legal_actions() if a.kind == "network")


def test_second_rail_with_another_players_brewery_needs_it_connected_to_the_second_rail():
    """beer.short: another player's brewery must be connected to the second rail (connected only to the first: no)."""
    g = game(era="rail")
    helpers.set_player(g, 0, money=40, hand=list(HAND))
    helpers.place(g, "Birmingham[1]", owner=0, industry="cotton", level=2)
    helpers.place(g, "Stafford[2]", owner=0, industry="pottery", level=1)             # network also at Stafford
    helpers.place(g, "Walsall[2]", owner=1, industry="brewery", level=2, cubes=1)
    helpers.place(g, "Stone[2]", owner=1, industry="coal", level=2, cubes=3)
    # no mine is connected to the first rail (Walsall - Birmingham): its coal comes from the market via Oxford
    helpers.link(g, "Birmingham - Oxford", owner=1)
    g.play("network Walsall - Birmingham with card Stafford; coal market")
    assert g.phase == "rail2"
    # the second rail Stone - Stafford is not connected to Walsall: that brewery may not supply it
    assert refused(g, "network Stone - Stafford; coal Stone[2]; beer Walsall[2]") == "beer.short"
    # a second rail that is connected (Walsall - Wolverhampton touches Walsall) may use it
    helpers.place(g, "Wolverhampton[2]", owner=1, industry="coal", level=2, cubes=3)
    g.play("network Walsall - Wolverhampton; coal Wolverhampton[2]; beer Walsall[2]")
    brewery = g.state.tiles["Walsall[2]"]
    assert brewery.cubes == 0 and brewery.flipped
    assert g.state.players[1].income_space == 10 + 5          # brewery II: 5 spaces for its owner
    assert g.state.players[0].money == 40 - 5 - 1 - 10


def test_link_must_touch_your_network_not_just_anyones_links():
    """network.not_in_network: your network is your tiles and links; another player's link does not extend it."""
    g = game()
    helpers.set_player(g, 0, money=20, hand=list(HAND))
    helpers.place(g, "Dudley[1]", owner=0, industry="coal", level=1)
    helpers.link(g, "Dudley - Birmingham", owner=1)                    # Birmingham: connected, not our network
    assert refused(g, "network Birmingham - Coventry with card Stafford") == "network.not_in_network"
    assert refused(g, "network Stone - Stafford with card Stafford") == "network.not_in_network"
    g.play("network Dudley - Kidderminster with card Stafford")
    g.play("network Kidderminster - Coalbrookdale with card Dudley")   # the new link extends the network
    assert g.state.players[0].money == 14


def test_first_link_may_go_anywhere_with_nothing_on_the_board():
    """Ruling 15: with no tile or link of yours on the board, a link may go on any empty space."""
    g = game()
    helpers.set_player(g, 0, money=20, hand=list(HAND))
    helpers.place(g, "Dudley[1]", owner=1, industry="coal", level=1)     # other players' tiles do not matter
    g.play("network Stone - Stafford with card Stafford")
    assert g.state.players[0].money == 17
    assert refused(g, "network Redditch - Oxford with card Dudley") == "network.not_in_network"


# ================================================================ 2. develop


def test_develop_removes_the_lowest_tile_and_takes_iron_from_any_works_free():
    """develop.remove + iron.take: lowest level leaves the mat; iron from an unconnected works, free."""
    g = game()
    helpers.set_player(g, 0, money=10, hand=list(HAND))
    helpers.place(g, "Dudley[2]", owner=1, industry="iron", level=1, cubes=2)      # nowhere near player 0
    mat_before = list(g.state.players[0].mat["coal"])
    g.play("develop coal with card Stafford; iron Dudley[2]")
    p = g.state.players[0]
    assert mat_before == [1, 2, 2, 2] and p.mat["coal"] == [0, 2, 2, 2]
    assert p.lowest_level("coal") == 2
    assert p.money == 10 and p.spent_this_round == 0
    assert g.state.tiles["Dudley[2]"].cubes == 1
    assert g.state.markets["iron"] == 8
    assert g.phase == "develop2"


def test_develop_buys_iron_from_the_market_only_when_no_works_has_iron():
    """iron.market: no iron on the board, so 1 iron is bought (cheapest, £2 at the start), counted as spending."""
    g = game()
    helpers.set_player(g, 0, money=10, hand=list(HAND))
    helpers.place(g, "Dudley[2]", owner=1, industry="iron", level=1, flipped=True)   # empty works
    g.play("develop cotton with card Stafford; iron market")
    g.play("done")
    p = g.state.players[0]
    assert p.mat["cotton"] == [2, 2, 3, 3]
    assert p.money == 8 and p.spent_this_round == 2
    assert g.state.markets["iron"] == 7
    assert g.phase is None and g.state.actions_done == 1
    # an empty iron market still sells at £6 a cube
    helpers.set_market(g, "iron", 0)
    helpers.set_player(g, 0, money=6)
    g.play("develop cotton with card Dudley; iron market")
    assert g.state.players[0].money == 0 and g.state.players[0].mat["cotton"] == [1, 2, 3, 3]


def test_develop_two_tiles_in_one_action_second_without_a_card():
    """develop2: a second tile in the same action, 1 more iron, no second card (develop.extra_card)."""
    g = game()
    helpers.set_player(g, 0, money=10, hand=list(HAND))
    helpers.place(g, "Dudley[2]", owner=1, industry="iron", level=1, cubes=2)
    g.play("develop coal with card Stafford; iron Dudley[2]")
    assert refused(g, "develop coal with card Dudley; iron Dudley[2]") == "develop.extra_card"
    g.play("develop coal; iron Dudley[2]")
    p = g.state.players[0]
    assert p.mat["coal"] == [0, 1, 2, 2]
    assert len(p.hand) == 7 and p.discard[-1] == "Stafford"
    works = g.state.tiles["Dudley[2]"]
    assert works.cubes == 0 and works.flipped
    assert g.state.players[1].income_space == 10 + 3             # iron works I: 3 spaces for its owner
    assert g.phase is None and g.state.actions_done == 1


def test_develop_two_different_industries_in_one_action():
    """develop2: the second tile may be of another industry; each removes that industry's lowest tile."""
    g = game()
    helpers.set_player(g, 0, money=10, hand=list(HAND))
    g.play("develop brewery with card Stafford; iron market")
    g.play("develop manufacturer; iron market")
    p = g.state.players[0]
    assert p.mat["brewery"] == [1, 2, 2, 1] and p.mat["manufacturer"] == [0, 2, 1, 1, 2, 1, 1, 2]
    assert p.money == 10 - 2 - 2 and g.state.markets["iron"] == 6


def test_pottery_with_lightbulb_cannot_be_developed():
    """develop.lightbulb: pottery I and III show the crossed lightbulb; pottery II and IV may be developed."""
    g = game()
    helpers.set_player(g, 0, money=40, hand=list(HAND))
    assert refused(g, "develop pottery with card Stafford; iron market") == "develop.lightbulb"
    assert g.why_not("develop pottery with card Stafford; iron market")[0].facts["level"] == 1
    helpers.place(g, "Stafford[2]", owner=0, industry="pottery", level=1)        # pottery I built: II uncovered
    g.play("develop pottery with card Stafford; iron market")
    assert g.state.players[0].mat["pottery"] == [0, 0, 1, 1, 1]
    # the next is pottery III (lightbulb): not even as the second tile of the action
    assert refused(g, "develop pottery; iron market") == "develop.lightbulb"
    assert not [a for a in g.legal_actions() if a.kind == "develop" and a.industry == "pottery"]


# ================================================================ 3. sell


def sell_position(players: int = 2, merchants: dict | None = None, era: str = "canal"):
    g = game(players=players, era=era)
    set_merchants(g, merchants)
    helpers.set_player(g, 0, money=10, hand=list(HAND), income_space=10, vp=0)
    return g


def test_sell_with_gloucester_beer_flips_raises_income_and_gives_a_free_develop():
    """sell.merchant_beer (Gloucester): the tile flips, income +5 spaces, then one free develop without iron."""
    g = sell_position(merchants={"Gloucester[1]": (("cotton",), 1)})
    helpers.place(g, "Worcester[1]", owner=0, industry="cotton", level=1)
    helpers.link(g, "Worcester - Gloucester", owner=1)              # anyone's links connect
    g.play("sell cotton Worcester[1] to Gloucester[1] with card Stafford; beer Gloucester[1]")
    p = g.state.players[0]
    tile = g.state.tiles["Worcester[1]"]
    assert tile.flipped
    assert p.income_space == 15 and p.income_level == 3
    assert g.state.merchants["Gloucester[1]"].beer == 0
    assert g.phase == "bonus_develop"
    assert refused(g, "develop pottery free") == "develop.lightbulb"      # the bonus cannot skip a lightbulb
    assert refused(g, "develop coal; iron market") == "develop.bonus_is_free"
    iron_market = g.state.markets["iron"]
    g.play("develop coal free")
    assert p.mat["coal"] == [0, 2, 2, 2]
    assert p.money == 10 and g.state.markets["iron"] == iron_market
    assert g.phase is None and g.state.actions_done == 1 and len(p.hand) == 7


def test_sell_with_oxford_beer_gives_two_more_income_spaces():
    """sell.merchant_beer (Oxford): +2 income spaces on top of the tile's own income spaces."""
    g = sell_position(merchants={"Oxford[2]": (("cotton", "manufacturer", "pottery"), 1)})
    helpers.place(g, "Birmingham[1]", owner=0, industry="cotton", level=1)
    helpers.link(g, "Birmingham - Oxford", owner=1)
    g.play("sell cotton Birmingham[1] to Oxford[2] with card Stafford; beer Oxford[2]")
    p = g.state.players[0]
    assert p.income_space == 10 + 5 + 2 and p.income_level == 4
    assert p.money == 10 and p.vp == 0
    assert g.state.merchants["Oxford[2]"].beer == 0


def test_sell_with_shrewsbury_beer_gives_4_vp():
    """sell.merchant_beer (Shrewsbury): 4 VP; the manufacturer is connected through two links of anyone."""
    g = sell_position(merchants={"Shrewsbury[1]": (("manufacturer",), 1)})
    helpers.place(g, "Wolverhampton[1]", owner=0, industry="manufacturer", level=1)
    helpers.link(g, "Wolverhampton - Coalbrookdale", owner=1)
    helpers.link(g, "Coalbrookdale - Shrewsbury", owner=0)
    g.play("sell manufacturer Wolverhampton[1] to Shrewsbury[1] with card Stafford; beer Shrewsbury[1]")
    p = g.state.players[0]
    assert p.vp == 4 and p.money == 10
    assert p.income_space == 15 and p.income_level == 3


def test_sell_with_warrington_beer_gives_5_pounds():
    """sell.merchant_beer (Warrington, 3+ players): £5."""
    g = sell_position(players=3, merchants={"Warrington[1]": (("cotton",), 1)})
    helpers.place(g, "Stoke-on-Trent[1]", owner=0, industry="cotton", level=1)
    helpers.link(g, "Warrington - Stoke-on-Trent", owner=2)
    g.play("sell cotton Stoke-on-Trent[1] to Warrington[1] with card Stafford; beer Warrington[1]")
    p = g.state.players[0]
    assert p.money == 15 and p.spent_this_round == 0 and p.vp == 0
    assert p.income_space == 15


def test_sell_with_nottingham_beer_gives_3_vp():
    """sell.merchant_beer (Nottingham, 4 players): 3 VP."""
    g = sell_position(players=4, merchants={"Nottingham[2]": (("cotton", "manufacturer", "pottery"), 1)})
    helpers.place(g, "Derby[2]", owner=0, industry="cotton", level=1)
    helpers.link(g, "Derby - Nottingham", owner=3)
    g.play("sell cotton Derby[2] to Nottingham[2] with card Stafford; beer Nottingham[2]")
    p = g.state.players[0]
    assert p.vp == 3 and p.money == 10 and p.income_space == 15


def test_own_brewery_needs_no_connection_and_gives_no_merchant_bonus():
    """Ruling 8: your own beer needs no connection; only merchant beer grants the bonus."""
    g = sell_position(merchants={"Oxford[1]": (("cotton",), 1)})
    helpers.place(g, "Birmingham[1]", owner=0, industry="cotton", level=1)
    helpers.place(g, "Stone[1]", owner=0, industry="brewery", level=1)      # canal: 1 barrel, far away
    helpers.link(g, "Birmingham - Oxford", owner=1)
    g.play("sell cotton Birmingham[1] to Oxford[1] with card Stafford; beer Stone[1]")
    p = g.state.players[0]
    assert g.state.merchants["Oxford[1]"].beer == 1                          # untouched, so no bonus
    assert g.state.tiles["Stone[1]"].flipped                                 # our brewery emptied: flips too
    assert p.income_space == 10 + 5 + 4 and p.income_level == level_at(g, 19) == 5


def test_another_players_brewery_only_if_connected_to_the_sold_industry():
    """beer.short: another player's barrel must be connected to the industry being sold; using it flips it for them."""
    g = sell_position(merchants={"Oxford[1]": (("cotton",), 0)})
    helpers.place(g, "Birmingham[1]", owner=0, industry="cotton", level=1)
    helpers.place(g, "Walsall[2]", owner=1, industry="brewery", level=1)
    helpers.link(g, "Birmingham - Oxford", owner=0)
    assert refused(g, "sell cotton Birmingham[1] to Oxford[1] with card Stafford; beer Walsall[2]") == "beer.short"
    helpers.link(g, "Walsall - Birmingham", owner=1)
    g.play("sell cotton Birmingham[1] to Oxford[1] with card Stafford; beer Walsall[2]")
    assert g.state.tiles["Birmingham[1]"].flipped
    assert g.state.tiles["Walsall[2]"].flipped
    assert g.state.players[1].income_space == 10 + 4
    assert g.state.players[1].money == 17                       # the brewery owner is not paid
    assert g.state.players[0].income_space == 15


def test_manufacturer_iii_needs_no_beer_so_no_bonus_even_beside_merchant_beer():
    """Ruling 8: no drinking unneeded beer: manufacturer III (0 beer) sells without the merchant's bonus."""
    g = sell_position(merchants={"Oxford[1]": (("manufacturer",), 1)}, era="rail")
    helpers.place(g, "Birmingham[2]", owner=0, industry="manufacturer", level=3)
    helpers.link(g, "Birmingham - Oxford", owner=1)
    assert refused(g, "sell manufacturer Birmingham[2] to Oxford[1] with card Stafford; beer Oxford[1]") \
        == "sell.extra_beer"
    g.play("sell manufacturer Birmingham[2] to Oxford[1] with card Stafford")
    p = g.state.players[0]
    assert g.state.tiles["Birmingham[2]"].flipped
    assert p.income_space == 10 + 4                             # manufacturer III: 4 spaces, no Oxford +2
    assert g.state.merchants["Oxford[1]"].beer == 1


def test_several_tiles_sold_in_one_action_with_one_card():
    """sell (phase "sell"): further sales in the same action need no card; each needs its merchant and beer."""
    g = sell_position(merchants={"Oxford[2]": (("cotton", "manufacturer", "pottery"), 1)})
    helpers.place(g, "Birmingham[1]", owner=0, industry="cotton", level=1)
    helpers.place(g, "Coventry[3]", owner=0, industry="manufacturer", level=1)
    helpers.place(g, "Stone[1]", owner=0, industry="brewery", level=1)
    helpers.link(g, "Birmingham - Oxford", owner=1)
    helpers.link(g, "Birmingham - Coventry", owner=1)
    g.play("sell cotton Birmingham[1] to Oxford[2] with card Stafford; beer Oxford[2]")
    assert g.phase == "sell"
    assert refused(g, "sell manufacturer Coventry[3] to Oxford[2] with card Dudley; beer Stone[1]") \
        == "sell.extra_card"
    g.play("sell manufacturer Coventry[3] to Oxford[2]; beer Stone[1]")
    p = g.state.players[0]
    assert g.state.tiles["Birmingham[1]"].flipped and g.state.tiles["Coventry[3]"].flipped
    # cotton I +5, Oxford +2, manufacturer I +5, our brewery I flipped +4
    assert p.income_space == 26 and p.income_level == 8
    assert len(p.hand) == 7 and p.discard.count("Stafford") == 1
    assert g.phase is None and g.state.actions_done == 1


def test_sell_may_stop_with_done():
    """phase.done: a sale of several tiles may end after any sale."""
    g = sell_position(merchants={"Oxford[2]": (("cotton", "manufacturer", "pottery"), 0)})
    helpers.place(g, "Birmingham[1]", owner=0, industry="cotton", level=1)
    helpers.place(g, "Coventry[3]", owner=0, industry="manufacturer", level=1)
    helpers.place(g, "Stone[1]", owner=0, industry="brewery", level=2, cubes=2)
    helpers.link(g, "Birmingham - Oxford", owner=1)
    helpers.link(g, "Birmingham - Coventry", owner=1)
    g.play("sell cotton Birmingham[1] to Oxford[2] with card Stafford; beer Stone[1]")
    assert g.phase == "sell"
    g.play("done")
    assert g.phase is None and not g.state.tiles["Coventry[3]"].flipped
    assert g.state.tiles["Stone[1]"].cubes == 1


def test_blank_merchant_buys_nothing():
    """sell.merchant_wont_buy: a blank merchant tile buys no good (it still carries the trade icon for coal)."""
    g = sell_position(merchants={"Oxford[2]": (("manufacturer",), 1)})
    helpers.place(g, "Birmingham[1]", owner=0, industry="cotton", level=1)
    helpers.place(g, "Stone[1]", owner=0, industry="brewery", level=1)
    helpers.link(g, "Birmingham - Oxford", owner=1)
    assert refused(g, "sell cotton Birmingham[1] to Oxford[1] with card Stafford; beer Stone[1]") \
        == "sell.merchant_wont_buy"                                  # blank
    assert refused(g, "sell cotton Birmingham[1] to Oxford[2] with card Stafford; beer Stone[1]") \
        == "sell.merchant_wont_buy"                                  # buys manufactured goods only
    assert not [a for a in g.legal_actions() if a.kind == "sell"]


def test_sell_needs_a_connection_to_the_merchant():
    """sell.not_connected: the industry must be connected (anyone's links) to the merchant buying the good."""
    g = sell_position(merchants={"Oxford[1]": (("cotton",), 1)})
    helpers.place(g, "Birmingham[1]", owner=0, industry="cotton", level=1)
    helpers.link(g, "Birmingham - Coventry", owner=0)
    assert refused(g, "sell cotton Birmingham[1] to Oxford[1] with card Stafford; beer Oxford[1]") \
        == "sell.not_connected"


def test_only_unflipped_own_sold_industries_can_be_sold():
    """sell.flipped / sell.not_yours / sell.not_sold_industry."""
    g = sell_position(merchants={"Oxford[1]": (("cotton", "manufacturer", "pottery"), 1)})
    helpers.place(g, "Birmingham[1]", owner=0, industry="cotton", level=1, flipped=True)
    helpers.place(g, "Birmingham[2]", owner=1, industry="manufacturer", level=1)
    helpers.place(g, "Birmingham[3]", owner=0, industry="iron", level=1)
    helpers.link(g, "Birmingham - Oxford", owner=0)
    assert refused(g, "sell cotton Birmingham[1] to Oxford[1] with card Stafford; beer Oxford[1]") == "sell.flipped"
    assert refused(g, "sell manufacturer Birmingham[2] to Oxford[1] with card Stafford; beer Oxford[1]") \
        == "sell.not_yours"
    assert refused(g, "sell iron Birmingham[3] to Oxford[1] with card Stafford") == "sell.not_sold_industry"


def test_sell_without_the_needed_beer_is_refused():
    """beer.short: a good needing beer cannot be sold without a usable barrel."""
    g = sell_position(merchants={"Oxford[1]": (("cotton",), 0)})
    helpers.place(g, "Birmingham[1]", owner=0, industry="cotton", level=1)
    helpers.link(g, "Birmingham - Oxford", owner=1)
    assert refused(g, "sell cotton Birmingham[1] to Oxford[1] with card Stafford") == "beer.short"


# ================================================================ 4. loan


@pytest.mark.parametrize("space, to_space, to_level", [
    (10, 7, -3),      # level 0 -> -3 (the seed's example)
    (20, 14, 2),      # level 5 (upper space) -> the highest space of level 2
    (19, 14, 2),      # level 5 (lower space) -> the same space
    (12, 8, -2),      # level 1 (its upper space 12) -> -2
    (3, 0, -10),      # level -7 -> -10, the lowest allowed
])
def test_loan_gives_30_and_lowers_the_income_level_by_3(space, to_space, to_level):
    """loan.take: +£30, income LEVEL -3, marker to the highest space of the new level; not spending."""
    g = game()
    helpers.set_player(g, 0, money=5, hand=list(HAND), income_space=space)
    assert highest_space_of(g, to_level) == to_space
    g.play("loan with card Stafford")
    p = g.state.players[0]
    assert p.money == 35 and p.spent_this_round == 0
    assert p.income_space == to_space and p.income_level == to_level == level_at(g, space) - 3
    assert p.discard[-1] == "Stafford"


def test_loan_refused_below_level_minus_10():
    """loan.too_low: no loan that would take the income level below -10."""
    g = game()
    helpers.set_player(g, 0, money=5, hand=list(HAND), income_space=2)       # level -8
    assert refused(g, "loan with card Stafford") == "loan.too_low"
    (why,) = g.why_not("loan with card Stafford")
    assert (why.facts["level"], why.facts["new_level"], why.facts["lowest"]) == (-8, -11, -10)
    assert not [a for a in g.legal_actions() if a.kind == "loan"]


def test_loan_allowed_when_the_deck_is_empty():
    """Ruling 13: a loan is allowed after the draw deck is empty."""
    g = game(era="rail")
    helpers.set_player(g, 0, money=5, hand=["Stafford", "Dudley"])
    g.state.deck.clear()
    g.state.mark_changed()
    g.play("loan with card Stafford")
    assert g.state.players[0].money == 35 and g.state.players[0].income_level == -3


# ================================================================ 5. scout and pass


def test_scout_discards_three_cards_for_one_wild_location_and_one_wild_industry():
    """scout.take: the action card plus two more are discarded; one wild location and one wild industry taken."""
    g = game()
    helpers.set_player(g, 0, hand=list(HAND))
    wilds = dict(g.state.wilds)
    discard_before = list(g.state.players[0].discard)
    g.play("scout with cards Stafford, Dudley, Coventry")
    p = g.state.players[0]
    assert Counter(p.hand) == Counter(["Birmingham", "Walsall", "Cannock", "Tamworth", "Worcester",
                                       "Wild Location", "Wild Industry"])
    assert Counter(p.discard) == Counter(discard_before + ["Stafford", "Dudley", "Coventry"])
    assert g.state.wilds == {"Wild Location": wilds["Wild Location"] - 1, "Wild Industry": wilds["Wild Industry"] - 1}
    assert p.money == 17 and g.state.actions_done == 1


def test_scout_refused_while_holding_a_wild_card():
    """scout.holding_wild: no scouting while a wild card is in your hand."""
    g = game()
    helpers.set_player(g, 0, hand=["Stafford", "Dudley", "Coventry", "Wild Industry"])
    assert refused(g, "scout with cards Stafford, Dudley, Coventry") == "scout.holding_wild"
    assert not [a for a in g.legal_actions() if a.kind == "scout"]


def test_pass_discards_one_card_and_a_played_wild_returns_to_its_pile():
    """pass.action + card.wild_returned: a pass discards one card; a wild card goes back to its face-up pile."""
    g = game()
    helpers.set_player(g, 0, money=9, hand=["Stafford", "Wild Location", "Dudley"])
    wilds = g.state.wilds["Wild Location"]
    discard_before = list(g.state.players[0].discard)
    g.play("pass with card Stafford")
    p = g.state.players[0]
    assert p.discard == discard_before + ["Stafford"] and sorted(p.hand) == ["Dudley", "Wild Location"]
    g.play("pass with card Wild Location")
    assert g.state.wilds["Wild Location"] == wilds + 1
    assert "Wild Location" not in p.discard and "Wild Location" not in p.hand
    assert p.money == 9


# ================================================================ 6. turns and rounds


def test_first_canal_round_has_one_action_per_player_later_rounds_two():
    """turn.end: 1 action each in the first canal round, 2 per turn afterwards (the rail era starts with 2)."""
    g = helpers.fresh(players=2, seed=1)
    assert (g.state.era, g.state.round) == ("canal", 1)
    first, second = g.state.order
    g.play(f"pass with card {g.state.players[first].hand[0]}")
    assert g.current_player == second and len(g.state.players[first].hand) == 8
    g.play(f"pass with card {g.state.players[second].hand[0]}")
    assert g.state.round == 2
    now = g.current_player
    g.play(f"pass with card {g.state.players[now].hand[0]}")
    assert g.current_player == now and len(g.state.players[now].hand) == 7
    g.play(f"pass with card {g.state.players[now].hand[0]}")
    assert g.current_player != now and len(g.state.players[now].hand) == 8
    g2 = game(era="rail", rnd=1)
    g2.play(f"pass with card {g2.state.players[0].hand[0]}")
    assert g2.current_player == 0 and g2.state.actions_done == 1


@pytest.mark.parametrize("players, rounds", [(2, 10), (3, 9), (4, 8)])
def test_each_era_lasts_until_deck_and_hands_are_empty(players, rounds):
    """Ruling 18: 10 / 9 / 8 rounds per era for 2 / 3 / 4 players when everyone only passes."""
    g = helpers.fresh(players=players, seed=players)
    last = {"canal": 0, "rail": 0}
    while not g.is_over:
        last[g.state.era] = max(last[g.state.era], g.state.round)
        g.play(f"pass with card {g.state.players[g.current_player].hand[0]}")
    assert last == {"canal": rounds, "rail": rounds}
    assert all(p.money == 17 and p.vp == 0 for p in g.state.players)


def test_hand_is_refilled_to_8_at_the_end_of_the_turn_only():
    """turn.end: cards are drawn after the whole turn, up to 8, from the deck."""
    g = game()
    helpers.set_player(g, 0, hand=list(HAND))
    deck = len(g.state.deck)
    g.play("pass with card Stafford")
    assert len(g.state.players[0].hand) == 7 and len(g.state.deck) == deck
    g.play("scout with cards Coventry, Dudley, Walsall")          # 7 - 3 + 2 wilds = 6 cards
    p = g.state.players[0]
    assert len(p.hand) == 8 and len(g.state.deck) == deck - 2
    assert {"Wild Location", "Wild Industry"} <= set(p.hand)
    assert g.current_player == 1


def test_turn_order_by_money_spent_ties_keep_their_relative_order():
    """turn.order: ascending money spent this round; equal spenders keep their current relative order."""
    g = game(players=3)
    g.state.order = [2, 0, 1]
    g.state.mark_changed()
    for i in range(3):
        helpers.set_player(g, i, money=20)
    # player 2 spends £3 (a canal), player 0 spends nothing, player 1 spends £3
    g.play(f"network Stone - Stafford with card {g.state.players[2].hand[0]}")
    g.play(f"pass with card {g.state.players[2].hand[0]}")
    g.play(f"pass with card {g.state.players[0].hand[0]}")
    g.play(f"pass with card {g.state.players[0].hand[0]}")
    g.play(f"network Dudley - Birmingham with card {g.state.players[1].hand[0]}")
    assert g.state.players[1].spent_this_round == 3
    g.play(f"pass with card {g.state.players[1].hand[0]}")
    assert g.state.round == 3
    assert g.state.order == [0, 2, 1]
    assert all(p.spent_this_round == 0 for p in g.state.players)
    assert g.current_player == 0
    assert [g.state.players[i].money for i in range(3)] == [20, 17, 17]


def test_loans_are_not_spending_but_market_purchases_are():
    """Ruling 4: a loan does not count as spending; money paid to the iron market does."""
    g = game()
    helpers.set_player(g, 0, money=10)
    helpers.set_player(g, 1, money=10)
    g.state.order = [0, 1]
    g.state.mark_changed()
    g.play(f"develop coal with card {g.state.players[0].hand[0]}; iron market")    # £2 to the market
    g.play("done")
    g.play(f"pass with card {g.state.players[0].hand[0]}")
    g.play(f"loan with card {g.state.players[1].hand[0]}")
    g.play(f"pass with card {g.state.players[1].hand[0]}")
    assert g.state.order == [1, 0]
    assert g.state.players[0].money == 8
    assert g.state.players[1].money == 40 - 3                   # +£30, then income at level -3


def test_income_is_paid_at_the_end_of_the_round_after_the_new_turn_order():
    """Ruling 3: at the round's end the new turn order is set first, then each player receives their income level."""
    g = game()
    helpers.set_player(g, 0, money=10, income_space=20)
    helpers.set_player(g, 1, money=10, income_space=13)
    g.state.order = [0, 1]
    g.state.mark_changed()
    g.play(f"network Stone - Stafford with card {g.state.players[0].hand[0]}")
    g.play(f"pass with card {g.state.players[0].hand[0]}")
    g.play(f"pass with card {g.state.players[1].hand[0]}")
    expl = g.play(f"pass with card {g.state.players[1].hand[0]}")
    rules = expl.rules()
    assert rules.index("turn.order") < rules.index("income.pay")
    paid = [s.facts["player"] for s in expl.find("income.pay")]
    assert paid == [1, 0] and g.state.order == [1, 0]
    assert g.state.players[0].money == 7 + 5 and g.state.players[1].money == 10 + 2     # levels 5 and 2
    assert g.state.players[0].income_space == 20 and g.state.players[1].income_space == 13


def test_seed_000_worked_example_loan_then_canal_then_pass():
    """Seed 000 example: £17, loan -> £47 at level -3 (spent 0), after income £44; canal £3 -> £41, pass,
    income -> £38."""
    g = helpers.fresh(players=2, seed=1)
    me, other = g.state.order
    p = g.state.players[me]
    assert (p.money, p.income_space, p.income_level) == (17, 10, 0)
    g.play(f"loan with card {p.hand[0]}")
    assert p.money == 47 and p.income_level == -3 and p.income_space == 7 and p.spent_this_round == 0
    assert len(p.hand) == 8                                      # refilled: one action in the first round
    g.play(f"pass with card {g.state.players[other].hand[0]}")
    assert g.state.round == 2
    assert p.money == 44 and g.state.players[other].money == 17
    assert g.state.order == [me, other]                          # both spent 0: order kept
    g.play(f"network Stone - Stafford with card {p.hand[0]}")    # nothing on the board: any canal space
    assert p.money == 41 and p.spent_this_round == 3
    g.play(f"pass with card {p.hand[0]}")
    assert len(p.hand) == 8
    pass_until_round_ends(g)
    assert g.state.round == 3
    assert p.money == 38 and p.income_level == -3
    assert g.state.order == [other, me]


# ================================================================ 7. negative income


def test_negative_income_paid_from_cash():
    """income.negative: at level -3 with enough cash the player pays £3 (not spending, VP unchanged)."""
    g = game()
    helpers.set_player(g, 0, money=10, income_space=7, vp=5)
    pass_until_round_ends(g)
    p = g.state.players[0]
    assert p.money == 7 and p.vp == 5 and p.income_level == -3
    assert g.phase is None and g.state.round == 3


def test_negative_income_shortfall_removes_industries_for_half_their_cost_and_stops_when_paid():
    """shortfall.remove: one tile at a time for half its cost (rounded down), stopping once the debt can be paid."""
    g = game()
    helpers.set_player(g, 0, money=1, income_space=5, vp=2)            # level -5, only £1
    helpers.place(g, "Dudley[1]", owner=0, industry="coal", level=2, cubes=3)       # cost 7 -> £3
    helpers.place(g, "Birmingham[1]", owner=0, industry="cotton", level=1)         # cost 12 -> £6
    helpers.link(g, "Dudley - Birmingham", owner=0)
    pass_until_round_ends(g)
    assert g.phase == "shortfall" and g.current_player == 0
    assert {a.slot for a in g.legal_actions()} == {"Dudley[1]", "Birmingham[1]"}     # industries only
    assert refused(g, f"pass with card {g.state.players[0].hand[0]}") == "phase.shortfall"
    supply = g.state.supply["coal"]
    g.play("remove coal Dudley[1]")                  # £1 + £3 = £4 < £5: must go on
    p = g.state.players[0]
    assert g.phase == "shortfall" and p.money == 4
    assert "Dudley[1]" not in g.state.tiles and g.state.supply["coal"] == supply + 3
    g.play("remove cotton Birmingham[1]")            # £4 + £6 = £10: pay £5
    assert g.phase is None
    assert p.money == 5 and p.vp == 2
    assert g.state.links == {g.facts.board.link_between("Dudley", "Birmingham").index: 0}   # links stay
    assert g.state.round == 3


def test_shortfall_stops_as_soon_as_the_debt_can_be_paid():
    """Ruling 5: once the cash covers the debt no further industry is given up."""
    g = game()
    helpers.set_player(g, 0, money=1, income_space=5)                   # owes £5
    helpers.place(g, "Dudley[1]", owner=0, industry="coal", level=2, cubes=3)
    helpers.place(g, "Birmingham[1]", owner=0, industry="cotton", level=1)
    pass_until_round_ends(g)
    g.play("remove cotton Birmingham[1]")            # £1 + £6 = £7 >= £5
    assert g.phase is None
    assert "Dudley[1]" in g.state.tiles
    assert g.state.players[0].money == 2


def test_shortfall_left_after_all_industries_costs_vp_but_never_below_zero():
    """income.vp_loss: each pound still missing costs 1 VP, VP never below 0; a £0 tile is never forced off."""
    g = game()
    helpers.set_player(g, 0, money=2, income_space=0, vp=3)             # level -10: owes £10
    helpers.place(g, "Stafford[2]", owner=0, industry="pottery", level=2)     # pottery II costs £0
    helpers.link(g, "Stone - Stafford", owner=0)
    pass_until_round_ends(g)
    assert g.phase is None                            # nothing to give up: removing a £0 tile cannot help pay
    p = g.state.players[0]
    assert p.money == 0 and p.vp == 0                 # £2 paid, £8 missing, only 3 VP to lose
    assert g.state.tiles["Stafford[2]"].owner == 0    # the pottery stays, with its VP and link icons
    assert g.state.players[0].links_left == 13 and len(g.state.links) == 1


def test_shortfall_with_no_industries_costs_vp_directly():
    """income.vp_loss: no industry to give up: pay what cash allows, 1 VP per missing pound."""
    g = game()
    helpers.set_player(g, 0, money=1, income_space=6, vp=10)            # level -4
    pass_until_round_ends(g)
    p = g.state.players[0]
    assert g.phase is None and p.money == 0 and p.vp == 7


# ================================================================ 8. era end and game end


def last_round(g, hands: dict[int, list[str]], discards: dict[int, list[str]] | None = None) -> None:
    """Every hand down to the given cards and the deck empty: the round these cards are played in is the last."""
    for i, hand in hands.items():
        helpers.set_player(g, i, hand=hand)
    g.state.deck.clear()
    for i, cards in (discards or {}).items():
        g.state.players[i].discard = list(cards)
    g.state.mark_changed()


DISCARD_0 = ["Coventry", "Coventry", "Birmingham", "Iron Works", "Brewery", "Walsall", "Tamworth", "Cannock",
             "Nuneaton", "Redditch"]
DISCARD_1 = ["Worcester", "Worcester", "Kidderminster", "Coal Mine", "Pottery", "Brewery", "Wolverhampton",
             "Burton-on-Trent", "Coalbrookdale", "Iron Works"]


def canal_era_end_position():
    g = game(era="canal", rnd=10)
    set_merchants(g, {"Oxford[1]": (("cotton",), 0), "Gloucester[1]": (("manufacturer",), 1)})
    helpers.set_player(g, 0, money=20, income_space=12, vp=0)         # level 1
    helpers.set_player(g, 1, money=17, income_space=10, vp=0)
    helpers.place(g, "Dudley[1]", owner=1, industry="coal", level=1, flipped=True)          # 2 link icons, 1 VP
    helpers.place(g, "Birmingham[3]", owner=1, industry="iron", level=1, flipped=True)      # 1 link icon, 3 VP
    helpers.place(g, "Birmingham[1]", owner=0, industry="cotton", level=1)                  # unflipped: nothing
    helpers.place(g, "Wolverhampton[2]", owner=0, industry="coal", level=2, flipped=True)   # 1 icon, 2 VP; stays
    helpers.link(g, "Dudley - Birmingham", owner=0)          # 2 + 1 = 3 VP
    helpers.link(g, "Walsall - Wolverhampton", owner=0)      # 0 + 1 = 1 VP
    helpers.link(g, "Birmingham - Oxford", owner=1)          # 1 + Oxford's printed 2 = 3 VP
    last_round(g, {0: ["Stafford"], 1: ["Dudley"]}, {0: DISCARD_0, 1: DISCARD_1})
    return g


def play_canal_last_round(g):
    g.play("develop brewery with card Stafford; iron market")          # player 0 spends £2
    g.play("done")
    assert g.current_player == 1
    mats = [{k: list(v) for k, v in p.mat.items()} for p in g.state.players]
    expl = g.play("pass with card Dudley")
    return expl, mats


def test_canal_era_end_scores_link_icons_at_both_ends_then_flipped_industries():
    """score.link + score.industry: link icons of flipped tiles (any owner) and merchants; unflipped tiles give none."""
    g = canal_era_end_position()
    expl, _ = play_canal_last_round(g)
    links = {s.facts["link"]: (s.facts["owner"], s.facts["vp"]) for s in expl.find("score.link")}
    assert links == {"Dudley - Birmingham": (0, 3), "Walsall - Wolverhampton": (0, 1),
                     "Birmingham - Oxford": (1, 3)}
    industries = {s.facts["slot"]: s.facts["vp"] for s in expl.find("score.industry")}
    assert industries == {"Dudley[1]": 1, "Birmingham[3]": 3, "Wolverhampton[2]": 2}
    assert g.state.players[0].vp == 3 + 1 + 2
    assert g.state.players[1].vp == 3 + 1 + 3


def test_canal_era_end_removes_links_and_level_1_tiles_but_not_mats():
    """era.remove_links + era.remove_level1: links leave (tiles back to the players); level-I industries leave the
    board."""
    g = canal_era_end_position()
    _, mats = play_canal_last_round(g)
    assert g.state.links == {}
    assert [p.links_left for p in g.state.players] == [14, 14]
    assert set(g.state.tiles) == {"Wolverhampton[2]"}
    assert g.state.tiles["Wolverhampton[2]"].flipped                       # level II stays, still flipped
    assert [{k: list(v) for k, v in p.mat.items()} for p in g.state.players] == mats
    assert g.state.players[0].mat["cotton"][0] == 2                         # level-I tiles on the mat stay


def test_canal_era_end_pays_income_refills_merchant_beer_reshuffles_discards_and_keeps_order():
    """era.rail_begins: income after the last canal round, beer on non-blank merchants, 8 cards each, order kept."""
    g = canal_era_end_position()
    expl, _ = play_canal_last_round(g)
    rules = expl.rules()
    assert rules.index("income.pay") < rules.index("era.end")
    assert g.state.players[0].money == 20 - 2 + 1 and g.state.players[1].money == 17
    assert g.state.players[0].income_space == 12
    assert {k: m.beer for k, m in g.state.merchants.items()} == {
        "Shrewsbury[1]": 0, "Gloucester[1]": 1, "Gloucester[2]": 0, "Oxford[1]": 1, "Oxford[2]": 0}
    cards = Counter(DISCARD_0 + DISCARD_1 + ["Stafford", "Dudley"])
    hands = [g.state.players[i].hand for i in range(2)]
    assert [len(h) for h in hands] == [8, 8]
    assert Counter(hands[0] + hands[1] + g.state.deck) == cards
    assert all(p.discard == [] for p in g.state.players)                # no new face-down card
    assert (g.state.era, g.state.round) == ("rail", 1)
    assert g.state.order == [1, 0]                                      # player 0 spent £2 in the last round
    assert g.current_player == 1
    g.play(f"pass with card {g.state.players[1].hand[0]}")
    assert g.current_player == 1                                        # rail round 1: two actions


def test_three_way_link_scores_the_icons_at_all_its_ends():
    """score.link: the Kidderminster-Worcester-farm brewery link counts icons at all three ends."""
    g = game(era="canal", rnd=10)
    helpers.place(g, "Farm Brewery South[1]", owner=0, industry="brewery", level=1, flipped=True)   # 2 icons
    helpers.place(g, "Worcester[1]", owner=1, industry="cotton", level=1, flipped=True)              # 1 icon
    helpers.place(g, "Kidderminster[2]", owner=1, industry="cotton", level=2, flipped=True)          # 2 icons
    helpers.link(g, "Kidderminster - Worcester", owner=1)
    last_round(g, {0: ["Stafford"], 1: ["Dudley"]}, {0: DISCARD_0, 1: DISCARD_1})
    expl = g.play("pass with card Stafford")
    expl = g.play("pass with card Dudley")
    (step,) = expl.find("score.link")
    assert step.facts["vp"] == 2 + 1 + 2
    assert g.state.players[1].vp == 5 + (5 + 5)                         # link + cotton I + cotton II
    assert g.state.players[0].vp == 4


def test_last_rail_round_pays_no_income_and_ends_the_game():
    """income.skipped_last_round + game.end: no income after the last rail round; scoring; no more actions."""
    g = game(era="rail", rnd=10)
    helpers.set_player(g, 0, money=12, income_space=20, vp=30)          # level 5
    helpers.set_player(g, 1, money=3, income_space=5, vp=30)            # level -5: would have to pay
    helpers.place(g, "Birmingham[2]", owner=0, industry="manufacturer", level=3, flipped=True)   # 4 VP, 0 icons
    helpers.link(g, "Birmingham - Oxford", owner=1)                      # 0 + 2 = 2 VP
    last_round(g, {0: ["Stafford"], 1: ["Dudley"]}, {0: DISCARD_0, 1: DISCARD_1})
    g.play("pass with card Stafford")
    expl = g.play("pass with card Dudley")
    assert "income.skipped_last_round" in expl.rules() and "income.pay" not in expl.rules()
    assert g.is_over
    assert [p.money for p in g.state.players] == [12, 3]                 # money never becomes VP either
    assert [p.vp for p in g.state.players] == [34, 32]
    assert g.state.links == {}
    assert g.legal_actions() == []
    assert [r["player"] for r in g.scores()] == [0, 1]


def test_actions_after_the_game_end_are_refused_with_game_over():
    """game.over: once the game has ended every action is refused (IllegalAction), nothing changes."""
    g = game(era="rail", rnd=10)
    last_round(g, {0: ["Stafford"], 1: ["Dudley"]}, {0: DISCARD_0, 1: DISCARD_1})
    g.play("pass with card Stafford")
    g.play("pass with card Dudley")
    assert g.is_over
    assert refused(g, "pass with card Stafford") == "game.over"


def test_game_end_ties_broken_by_income_level_then_money_else_shared():
    """game.end: most VP, then highest income level, then most money; equal on all three share a place."""
    g = helpers.fresh(players=4, seed=1)
    helpers.set_player(g, 0, money=50, income_space=13, vp=80)          # level 2
    helpers.set_player(g, 1, money=5, income_space=20, vp=80)           # level 5: beats 0 on income
    helpers.set_player(g, 2, money=40, income_space=13, vp=80)          # level 2, less money than 0
    helpers.set_player(g, 3, money=40, income_space=14, vp=80)          # level 2, same money as 2: shared
    ranking = [(r["player"], r["place"]) for r in g.scores()]
    assert ranking[:2] == [(1, 1), (0, 2)]
    assert sorted(ranking[2:]) == [(2, 3), (3, 3)]
    helpers.set_player(g, 2, vp=81)
    assert g.scores()[0]["player"] == 2


# ================================================================ 9. more edge cases


def test_merchant_beer_only_beside_the_merchant_tile_sold_to():
    """Ruling 8: a merchant's barrel serves sales to that merchant tile only, not the neighbouring tile."""
    g = sell_position(merchants={"Oxford[1]": (("cotton",), 0), "Oxford[2]": (("manufacturer",), 1)})
    helpers.place(g, "Birmingham[1]", owner=0, industry="cotton", level=1)
    helpers.link(g, "Birmingham - Oxford", owner=1)
    assert refused(g, "sell cotton Birmingham[1] to Oxford[1] with card Stafford; beer Oxford[2]") in (
        "beer.short", "choice.invalid")
    assert not [a for a in g.legal_actions() if a.kind == "sell"]


def test_merchant_beer_plus_own_beer_for_a_two_beer_good_still_gives_the_bonus():
    """sell.merchant_beer: a good needing 2 beer may drink the merchant's barrel and one of yours; bonus once."""
    g = sell_position(merchants={"Oxford[1]": (("manufacturer",), 1)}, era="rail")
    helpers.place(g, "Birmingham[2]", owner=0, industry="manufacturer", level=5)        # needs 2 beer
    helpers.place(g, "Stone[1]", owner=0, industry="brewery", level=2, cubes=2)
    helpers.link(g, "Birmingham - Oxford", owner=1)
    g.play("sell manufacturer Birmingham[2] to Oxford[1] with card Stafford; beer Oxford[1], Stone[1]")
    p = g.state.players[0]
    assert p.income_space == 10 + 2 + 2 and p.income_level == 2            # manufacturer V: 2, Oxford: +2
    assert g.state.tiles["Stone[1]"].cubes == 1 and g.state.merchants["Oxford[1]"].beer == 0


def test_gloucester_bonus_then_more_sales_in_the_same_action():
    """bonus_develop then sell: after the free develop (or declining it) the sale of further tiles continues."""
    g = sell_position(merchants={"Gloucester[2]": (("cotton", "manufacturer", "pottery"), 1)})
    helpers.place(g, "Worcester[1]", owner=0, industry="cotton", level=1)
    helpers.place(g, "Birmingham[2]", owner=0, industry="manufacturer", level=1)
    helpers.place(g, "Stone[1]", owner=0, industry="brewery", level=1)
    helpers.link(g, "Worcester - Gloucester", owner=1)
    helpers.link(g, "Worcester - Birmingham", owner=1)
    g.play("sell cotton Worcester[1] to Gloucester[2] with card Stafford; beer Gloucester[2]")
    assert g.phase == "bonus_develop"
    g.play("done")                                                   # decline the free develop
    assert g.phase == "sell"
    g.play("sell manufacturer Birmingham[2] to Gloucester[2]; beer Stone[1]")
    p = g.state.players[0]
    assert p.mat["coal"] == [1, 2, 2, 2]
    assert p.income_space == 10 + 5 + 5 + 4
    assert g.phase is None and g.state.actions_done == 1


def test_negative_income_in_turn_order_waits_for_a_shortfall_then_continues():
    """pay_income: players pay in the new turn order; a player giving up industries pauses the others' payment."""
    g = game()
    helpers.set_player(g, 0, money=0, income_space=7)                 # level -3, no cash
    helpers.set_player(g, 1, money=10, income_space=7)                # level -3
    helpers.place(g, "Birmingham[1]", owner=0, industry="cotton", level=1)
    g.state.order = [0, 1]
    g.state.mark_changed()
    pass_until_round_ends(g)
    assert g.phase == "shortfall" and g.current_player == 0
    assert g.state.players[1].money == 10                             # not yet paid
    g.play("remove cotton Birmingham[1]")                             # +£6, pays £3
    assert [p.money for p in g.state.players] == [3, 7]
    assert g.phase is None and g.state.round == 3 and g.current_player == 0


def test_shortfall_after_the_last_canal_round_then_the_era_ends():
    """Ruling 3/5: income (and a shortfall) after the last canal round, then canal scoring and the rail era."""
    g = game(era="canal", rnd=10)
    helpers.set_player(g, 0, money=0, income_space=7, vp=0)                             # level -3, no cash
    helpers.place(g, "Birmingham[1]", owner=0, industry="cotton", level=1)              # unflipped
    helpers.place(g, "Dudley[1]", owner=0, industry="coal", level=2, flipped=True)      # 2 VP at era end
    last_round(g, {0: ["Stafford"], 1: ["Dudley"]}, {0: DISCARD_0, 1: DISCARD_1})
    g.play("pass with card Stafford")
    g.play("pass with card Dudley")
    assert g.phase == "shortfall" and g.state.era == "canal"
    expl = g.play("remove cotton Birmingham[1]")                                         # +£6, pays £3
    rules = expl.rules()
    assert rules.index("income.negative") < rules.index("era.end")
    p = g.state.players[0]
    assert p.money == 3 and p.vp == 2 and p.income_level == -3
    assert (g.state.era, g.state.round) == ("rail", 1) and len(p.hand) == 8
