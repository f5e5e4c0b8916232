"""Review of the Lancashire rules (RULINGS.md, Lancashire section 1-11) on hand-built positions.

Complements tests/test_lancashire.py: every test asserts concrete outcomes (money, income space and
level, VP, flips, phase, market cubes, the distant marker).
"""
from __future__ import annotations

import helpers
import pytest

import brass_nb as bn
from brass_nb.rules.income import highest_space


def refused(g, text: str) -> str:
    before = helpers.snapshot(g)
    with pytest.raises(bn.IllegalAction) as err:
        g.play(text)
    assert helpers.snapshot(g) == before
    return err.value.rule


def game(era: str = "canal", players: int = 3, money: int = 40, round: int = 2):
    g = helpers.fresh(players=players, seed=2, game="lancashire")
    helpers.to_act(g, 0, era=era, round=round)
    helpers.set_player(g, 0, money=money, hand=["Rochdale", "Preston", "Liverpool", "Cotton Mill"])
    return g


def space_of(g, level: int) -> int:
    return highest_space(g.facts.income_levels, level)


def pass_all(g, rules: list | None = None):
    """Every player passes until the round (or era) changes; returns the rules recorded."""
    rules = [] if rules is None else rules
    start = (g.era, g.round)
    while (g.era, g.round) == start and not g.is_over and g.phase is None:
        rules += g.play(f"pass with card {g.players[g.current_player].hand[0]}").rules()
    return rules


def last_round(g, era: str, cards: int = 1):
    """Make this the last round of ``era``: empty deck, each player holds ``cards`` cards."""
    st = g.state
    helpers.to_act(g, st.order[0], era=era, round=9)
    for i in range(len(st.players)):
        helpers.set_player(g, i, hand=st.deck[:cards])
    st.deck.clear()
    st.mark_changed()


# ---------------------------------------------------------------- ruling 1: income at round start


def test_no_income_in_the_first_canal_round_then_paid_at_the_start_of_round_2():
    g = helpers.fresh(players=3, seed=2, game="lancashire")
    assert (g.era, g.round) == ("canal", 1)
    for i in range(3):
        helpers.set_player(g, i, income_space=space_of(g, 3))
    money = [p.money for p in g.players]
    # round 1: one action each, nobody collects anything during it
    for _ in range(3):
        before = [p.money for p in g.players]
        rules = g.play(f"pass with card {g.players[g.current_player].hand[0]}").rules()
        if g.round == 1:
            assert "income.pay" not in rules and [p.money for p in g.players] == before
    assert g.round == 2 and g.phase is None
    assert [p.money for p in g.players] == [m + 3 for m in money]          # paid once at the start of round 2
    assert "income.pay" in rules and rules.index("round.start") < rules.index("income.pay")


def test_canal_to_rail_income_paid_once_after_canal_scoring_at_start_of_rail_round_1():
    g = helpers.fresh(players=3, seed=2, game="lancashire")
    last_round(g, "canal")
    helpers.set_player(g, 0, income_space=space_of(g, 4))
    helpers.place(g, "Rochdale[1]", 0, "cotton", 2, flipped=True)            # 5 VP, survives the era end
    money = g.players[0].money
    rules = pass_all(g)
    assert (g.era, g.round) == ("rail", 1) and g.phase is None
    assert rules.count("income.pay") == 3                                     # once per player, not twice
    assert rules.index("era.end") < rules.index("era.rail_begins") < rules.index("round.start") \
        < rules.index("income.pay")
    assert g.players[0].money == money + 4 and g.players[0].vp == 5
    assert g.players[0].income_space == space_of(g, 4)                        # the marker stays


def test_negative_income_shortfall_at_the_start_of_a_round_is_settled_before_anyone_acts():
    g = helpers.fresh(players=3, seed=2, game="lancashire")
    helpers.to_act(g, 0, era="canal", round=3)
    for i in range(3):
        helpers.set_player(g, i, money=20, income_space=space_of(g, 2))
    helpers.set_player(g, 1, money=1, income_space=space_of(g, -3))
    helpers.place(g, "Rochdale[1]", 1, "cotton", 1)                           # cost 12: worth £6
    rules = pass_all(g)
    assert g.round == 4 and g.phase == "shortfall" and g.current_player == 1
    assert rules.index("round.start") < rules.index("income.shortfall")
    assert [str(a) for a in g.legal_actions()] == ["remove cotton Rochdale[1]"]
    assert refused(g, f"pass with card {g.players[1].hand[0]}") == "phase.shortfall"
    g.play("remove cotton Rochdale[1]")
    assert "Rochdale[1]" not in g.state.tiles and g.phase is None
    assert g.players[1].money == 1 + 6 - 3 and g.players[1].vp == 0
    assert all(g.players[i].money == 20 + 2 for i in (0, 2))                 # everyone else paid too
    assert g.current_player == g.state.order[0] and g.state.actions_done == 0 and g.round == 4


def test_negative_income_without_tiles_costs_vp_and_play_continues():
    g = helpers.fresh(players=3, seed=2, game="lancashire")
    helpers.to_act(g, 0, era="canal", round=3)
    helpers.set_player(g, 2, money=2, income_space=space_of(g, -5), vp=10)
    pass_all(g)
    assert g.round == 4 and g.phase is None
    assert (g.players[2].money, g.players[2].vp) == (0, 10 - 3)


def test_no_income_after_the_last_rail_round():
    g = helpers.fresh(players=3, seed=2, game="lancashire")
    last_round(g, "rail")
    for i in range(3):
        helpers.set_player(g, i, money=23, income_space=space_of(g, 6))
    rules = pass_all(g)
    assert g.is_over and "income.pay" not in rules
    assert [p.money for p in g.players] == [23, 23, 23] and [p.vp for p in g.players] == [2, 2, 2]


# ---------------------------------------------------------------- ruling 2: loans


@pytest.mark.parametrize("amount,levels", [(10, 1), (20, 2), (30, 3)])
def test_loan_amounts_lower_levels_to_the_highest_space_of_the_new_level(amount, levels):
    g = game()
    helpers.set_player(g, 0, income_space=space_of(g, 5) - 1)               # the lower space of level 5
    assert g.players[0].income_level == 5
    g.play(f"loan £{amount} with card Preston")
    p = g.players[0]
    assert p.money == 40 + amount and p.income_level == 5 - levels
    assert p.income_space == space_of(g, 5 - levels)
    assert p.spent_this_round == 0                                           # a loan is not spending


def test_loan_never_below_minus_10():
    g = game()
    helpers.set_player(g, 0, income_space=space_of(g, -8))
    assert {a.amount for a in g.legal_actions() if a.kind == "loan"} == {10, 20}
    assert refused(g, "loan £30 with card Preston") == "loan.too_low"
    g.play("loan £20 with card Preston")
    assert (g.players[0].income_level, g.players[0].income_space, g.players[0].money) == (-10, 0, 60)
    g.play("pass with card Rochdale")
    helpers.to_act(g, 0)
    assert not any(a.kind == "loan" for a in g.legal_actions())


def test_loan_allowed_with_an_empty_deck_in_the_last_canal_round_and_a_full_rail_deck():
    g = game()
    g.state.deck.clear()
    g.state.mark_changed()
    g.play("loan £10 with card Preston")
    assert g.players[0].money == 50 and g.players[0].income_level == -1
    g = game(era="rail")
    assert g.state.deck
    g.play("loan £30 with card Preston")
    assert g.players[0].money == 70 and g.players[0].income_level == -3


# ---------------------------------------------------------------- ruling 3: coal and iron


def test_market_coal_needs_a_port_connection_unflipped_other_players_port_counts():
    g = game()
    helpers.set_player(g, 0, hand=["Rochdale", "Preston"])
    # nothing connects Rochdale to a trade icon: no coal
    assert "coal.no_source" in [s.rule for s in g.why_not("build iron Rochdale[3] with card Rochdale")]
    # an unflipped port of another player reached by a canal
    g2 = game()
    helpers.set_player(g2, 0, hand=["Preston", "Rochdale"])
    helpers.place(g2, "Lancaster[1]", 1, "port", 1)
    helpers.link(g2, "Lancaster - Preston", 2)
    ex = g2.play("build iron Preston[3] with card Preston")
    (market,) = ex.find("coal.market")
    assert market.facts["prices"] == [1]
    assert g2.state.markets["coal"] == 7 and not g2.state.tiles["Lancaster[1]"].flipped


def test_market_coal_through_an_external_trade_icon():
    g = game()
    helpers.set_player(g, 0, hand=["Rochdale", "Preston"])
    helpers.link(g, "Rochdale - Yorkshire", 1)
    money = g.players[0].money
    g.play("build iron Rochdale[3] with card Rochdale")
    assert g.state.markets["coal"] == 7
    # iron I: £5 + £1 coal; 4 iron made, 0 empty iron spaces -> nothing sold
    assert g.players[0].money == money - 5 - 1


def test_coal_and_iron_cost_5_when_their_markets_are_empty():
    g = game()
    helpers.set_player(g, 0, hand=["Rochdale", "Preston"])
    helpers.link(g, "Rochdale - Yorkshire", 1)
    helpers.set_market(g, "coal", 0)
    money = g.players[0].money
    g.play("build iron Rochdale[3] with card Rochdale")
    # 4 iron made, iron market full: 5 (tile) + 5 (coal from stock)
    assert g.players[0].money == money - 10 and g.state.markets["coal"] == 0
    g = game()
    helpers.set_market(g, "iron", 0)
    money = g.players[0].money
    g.play("develop cotton with card Preston")
    assert g.players[0].money == money - 5 and g.state.markets["iron"] == 0


def test_new_coal_mine_sells_to_market_only_when_connected_to_a_trade_icon():
    g = game()
    helpers.set_player(g, 0, hand=["Rochdale", "Preston"])
    helpers.set_market(g, "coal", 6)                     # cubes bought cheapest first: the £1 spaces are empty
    money = g.players[0].money
    g.play("build coal Rochdale[1] with card Rochdale")                        # coal I: £5, 2 cubes
    assert g.state.tiles["Rochdale[1]"].cubes == 2 and g.state.markets["coal"] == 6
    assert g.players[0].money == money - 5
    g = game()
    helpers.set_player(g, 0, hand=["Rochdale", "Preston"])
    helpers.set_market(g, "coal", 6)
    helpers.link(g, "Rochdale - Yorkshire", 1)
    money = g.players[0].money
    g.play("build coal Rochdale[1] with card Rochdale")
    tile = g.state.tiles["Rochdale[1]"]
    assert g.state.markets["coal"] == 8 and tile.cubes == 0 and tile.flipped
    assert g.players[0].money == money - 5 + 1 + 1
    assert g.players[0].income_space == 10 + 4


def test_new_coal_mine_sells_through_a_players_port_tile():
    g = game()
    helpers.set_player(g, 0, hand=["Wigan", "Preston"])
    helpers.place(g, "Preston[1]", 2, "port", 1)
    helpers.link(g, "Preston - Wigan", 1)
    helpers.set_market(g, "coal", 7)
    money = g.players[0].money
    g.play("build coal Wigan[1] with card Wigan")
    assert g.state.markets["coal"] == 8 and g.state.tiles["Wigan[1]"].cubes == 1
    assert g.players[0].money == money - 5 + 1 and not g.state.tiles["Preston[1]"].flipped


# ---------------------------------------------------------------- ruling 4: selling cotton


def _two_mills_and_a_port(g):
    helpers.place(g, "Preston[1]", 1, "port", 1)                               # unflipped, player 2's
    helpers.place(g, "Preston[2]", 0, "cotton", 1)
    helpers.place(g, "Lancaster[2]", 0, "cotton", 1)
    helpers.link(g, "Lancaster - Preston", 2)


def test_several_mills_in_one_action_via_one_port_to_the_distant_market_port_not_flipped():
    g = game()
    _two_mills_and_a_port(g)
    g.state.distant.tiles += [-1, 0]                                        # drawn: 0, then -1
    g.play("sell cotton Preston[2] to distant market with card Rochdale")
    assert g.phase == "sell" and g.state.distant.marker == 0
    assert g.players[0].income_space == 10 + 3 + 5
    g.play("sell cotton Lancaster[2] to distant market")
    assert g.state.distant.marker == 1 and g.players[0].income_space == 10 + 3 + 5 + 3 + 5
    assert g.state.tiles["Preston[2]"].flipped and g.state.tiles["Lancaster[2]"].flipped
    assert not g.state.tiles["Preston[1]"].flipped and g.players[1].income_space == 10
    assert g.phase is None and g.state.actions_done == 1 and g.current_player == 0
    assert len(g.players[0].hand) == 3                                          # one card for the whole sale


def test_a_port_serves_another_players_mill_and_the_seller_can_mix_port_and_distant():
    g = game()
    _two_mills_and_a_port(g)
    g.state.distant.tiles.append(-2)
    g.play("sell cotton Lancaster[2] to distant market with card Rochdale")
    assert g.state.distant.marker == 2 and g.players[0].income_space == 10 + 2 + 5
    g.play("sell cotton Preston[2] to Preston[1]")
    assert g.state.tiles["Preston[1]"].flipped and g.players[1].income_space == 13
    assert g.players[0].income_space == 10 + 2 + 5 + 5 and g.phase is None


def test_no_more_demand_ends_the_whole_action_although_another_mill_could_sell():
    g = game()
    _two_mills_and_a_port(g)
    g.state.distant.marker = 5
    g.state.distant.tiles += [-3]
    ex = g.play("sell cotton Preston[2] to distant market with card Rochdale")
    assert ex.find("sell.no_demand") and g.state.distant.closed and g.state.distant.marker == 8
    assert g.phase is None and g.state.actions_done == 1                       # no "sell" continuation
    assert not g.state.tiles["Preston[2]"].flipped and not g.state.tiles["Lancaster[2]"].flipped
    assert g.players[0].income_space == 10
    # the port is still open for cotton, the distant market is not
    assert refused(g, "sell cotton Lancaster[2] to distant market with card Preston") == "sell.distant_closed"
    g.play("sell cotton Lancaster[2] to Preston[1] with card Preston")
    assert g.state.tiles["Lancaster[2]"].flipped


def test_no_more_demand_after_a_successful_sale_keeps_the_first_flip():
    g = game()
    _two_mills_and_a_port(g)
    g.state.distant.marker = 6
    g.state.distant.tiles += [-4, -1]                                       # drawn: -1 then -4
    g.play("sell cotton Preston[2] to distant market with card Rochdale")
    assert g.state.distant.marker == 7 and g.players[0].income_space == 10 + 0 + 5
    ex = g.play("sell cotton Lancaster[2] to distant market")
    assert ex.find("sell.no_demand") and g.phase is None and g.state.distant.closed
    assert g.state.tiles["Preston[2]"].flipped and not g.state.tiles["Lancaster[2]"].flipped
    assert g.players[0].income_space == 15


def test_distant_market_reopens_after_the_canal_era():
    g = helpers.fresh(players=3, seed=2, game="lancashire")
    total = len(g.state.distant.tiles)
    g.state.distant.drawn = [g.state.distant.tiles.pop() for _ in range(3)]
    g.state.distant.marker, g.state.distant.closed = 8, True
    last_round(g, "canal")
    rules = pass_all(g)
    assert g.era == "rail" and "era.distant_reset" in rules
    d = g.state.distant
    assert (d.marker, d.closed, len(d.tiles), d.drawn) == (0, False, total, [])


def test_distant_market_needs_a_trade_icon_and_the_virtual_link_carries_no_cotton():
    g = game()
    helpers.place(g, "Rochdale[1]", 0, "cotton", 1)
    assert "sell.no_trade_connection" in [
        s.rule for s in g.why_not("sell cotton Rochdale[1] to distant market with card Preston")]
    assert not any(a.kind == "sell" for a in g.legal_actions())
    helpers.link(g, "Rochdale - Yorkshire", 2)                                  # anyone's link
    assert any(a.kind == "sell" for a in g.legal_actions())


# ---------------------------------------------------------------- ruling 5: shipyards


def test_shipyard_level_1_is_canal_only_and_flipped_shipyards_score_at_era_end():
    g = game(era="rail")
    helpers.place(g, "Liverpool[1]", 1, "port", 2)
    helpers.set_player(g, 0, hand=["Liverpool", "Preston"], money=60)
    g.state.set_mat(g.state.players[0], "shipyard", [0, *g.state.players[0].mat["shipyard"][1:]])  # level 0 gone
    assert refused(g, "build shipyard Liverpool[3] with card Liverpool") == "build.tile_era"
    g = game()
    helpers.place(g, "Liverpool[1]", 1, "port", 1)
    helpers.set_player(g, 0, hand=["Liverpool", "Preston"], money=60)
    g.state.set_mat(g.state.players[0], "shipyard", [0, *g.state.players[0].mat["shipyard"][1:]])
    g.play("build shipyard Liverpool[3] with card Liverpool")
    tile = g.state.tiles["Liverpool[3]"]
    assert tile.flipped and tile.level == 1
    vp = [s.facts["vp"] for s in g.score_preview().find("score.industry") if s.facts["owner"] == 0]
    assert vp == [g.facts.tile("shipyard", 1).vp]


# ---------------------------------------------------------------- ruling 6: double-card build


def test_double_card_build_refills_the_hand_and_works_outside_the_network():
    g = game()
    helpers.set_player(g, 0, hand=["Rochdale", "Preston", "Liverpool", "Cotton Mill", "Wigan", "Wigan",
                                   "Colne", "Port"])
    deck = len(g.state.deck)
    assert g.network(0) == []
    g.play("build cotton Bolton[1] with card two cards")
    g.play("discard Wigan, Colne")
    assert g.state.tiles["Bolton[1]"].owner == 0 and g.players[0].money == 40 - 12
    assert g.players[0].spent_this_round == 12
    assert len(g.players[0].hand) == 8 and len(g.state.deck) == deck - 2      # drawn back up to 8
    assert g.current_player != 0


def test_double_card_build_still_needs_two_actions_left_in_canal_round_1():
    g = helpers.fresh(players=3, seed=2, game="lancashire")
    assert g.round == 1
    assert not any(getattr(a, "card", None) == bn.rules.notation.TWO_CARDS for a in g.legal_actions())


# ---------------------------------------------------------------- ruling 7: virtual link


def test_virtual_link_does_not_carry_cotton_to_a_liverpool_port():
    g = game()
    helpers.place(g, "Liverpool[1]", 1, "port", 1)
    helpers.set_player(g, 0, hand=["Birkenhead", "Preston"])
    assert "Birkenhead" not in g.connected("Liverpool")
    assert "Birkenhead" not in g.network(1)                                   # industry-card builds only
    assert "Birkenhead" not in g.network(0)


# ---------------------------------------------------------------- ruling 8: Lancaster / Preston


def test_lancaster_port_goes_on_the_port_only_slot_first_then_the_shared_slot():
    g = game()
    helpers.set_player(g, 0, hand=["Lancaster", "Preston"], money=60)
    g.play("build port Lancaster with card Lancaster")
    assert g.state.tiles["Lancaster[1]"].industry == "port" and "Lancaster[2]" not in g.state.tiles
    g = game()
    helpers.place(g, "Lancaster[1]", 1, "port", 1)
    helpers.set_player(g, 0, hand=["Lancaster", "Preston"], money=60)
    g.play("build port Lancaster with card Lancaster")
    assert g.state.tiles["Lancaster[2]"].industry == "port" and g.state.tiles["Lancaster[2]"].owner == 0


def test_cotton_in_preston_uses_the_shared_slot():
    g = game()
    g.play("build cotton Preston with card Preston")
    assert g.state.tiles["Preston[2]"].industry == "cotton" and "Preston[1]" not in g.state.tiles


# ---------------------------------------------------------------- ruling 9: scoring


def test_link_to_blackpool_scores_2_plus_flipped_tiles_and_money_rounds_down():
    g = game(era="rail")
    helpers.place(g, "Preston[1]", 0, "port", 2, flipped=True)
    helpers.place(g, "Preston[2]", 1, "cotton", 2, flipped=True)
    helpers.place(g, "Preston[3]", 2, "iron", 2, flipped=True)
    helpers.link(g, "Blackpool - Preston", 1)
    (link,) = g.score_preview().find("score.link")
    assert link.facts["owner"] == 1 and link.facts["vp"] == 3 + 2            # tiles counted, not their income


def test_game_end_money_vp_rounds_down():
    g = helpers.fresh(players=3, seed=2, game="lancashire")
    last_round(g, "rail")
    helpers.set_player(g, 0, money=39)
    helpers.set_player(g, 1, money=40)
    helpers.set_player(g, 2, money=9)
    pass_all(g)
    assert [p.vp for p in g.players] == [3, 4, 0]


# ---------------------------------------------------------------- ruling 10: ties


def test_ties_go_to_income_level_before_money():
    g = helpers.fresh(players=3, seed=2, game="lancashire")
    last_round(g, "rail")
    helpers.set_player(g, 0, money=29, vp=10, income_space=space_of(g, 3))
    helpers.set_player(g, 1, money=25, vp=10, income_space=space_of(g, 5))
    helpers.set_player(g, 2, money=5, vp=11)
    pass_all(g)
    assert [p.vp for p in g.players] == [12, 12, 11]
    ranking = g.scores()
    assert [r["player"] for r in ranking] == [1, 0, 2] and ranking[1]["behind_by"] == "income_level"


# ---------------------------------------------------------------- ruling 11: no first link anywhere


def test_with_nothing_on_the_board_no_link_may_be_built():
    g = game()
    assert g.network(0) == []
    assert not any(a.kind == "network" for a in g.legal_actions())
    assert refused(g, "network Preston - Lancaster with card Preston") == "network.not_in_network"
    (reason,) = g.why_not("network Preston - Lancaster with card Preston")
    assert reason.facts["no_first_link"] and reason.facts["game"] == "Brass: Lancashire"
    assert "has no exception for a first link" in reason.text("en") and "例外はありません" in reason.text("ja")
    g.play("build cotton Bolton[1] with card Cotton Mill")
    (reason,) = g.why_not("network Preston - Lancaster with card Preston")
    assert not reason.facts["no_first_link"]                     # something built: the plain rule is enough


def test_with_nothing_on_the_board_an_industry_card_builds_anywhere():
    g = game()
    g.play("build cotton Bolton[1] with card Cotton Mill")
    assert g.state.tiles["Bolton[1]"].owner == 0 and g.players[0].money == 28


def test_virtual_link_is_one_way_and_scores_nothing():
    g = game(era="rail")
    helpers.place(g, "Birkenhead[1]", 0, "shipyard", 2, flipped=True)
    helpers.place(g, "Liverpool[1]", 1, "port", 2, flipped=True)
    assert g.network(0) == ["Birkenhead"]                                     # never Liverpool from Birkenhead
    assert g.score_preview().find("score.link") == []                         # it is not a link tile


def test_blackpool_scores_2_for_links_but_is_no_trade_icon():
    g = game()
    helpers.place(g, "Preston[2]", 0, "cotton", 1)
    helpers.link(g, "Blackpool - Preston", 1)
    assert [s.rule for s in g.why_not("sell cotton Preston[2] to distant market with card Rochdale")] == [
        "sell.no_trade_connection"]


def test_canal_era_end_removes_level_1_tiles_of_every_kind_but_keeps_higher_ones():
    g = helpers.fresh(players=3, seed=2, game="lancashire")
    last_round(g, "canal")
    helpers.place(g, "Preston[1]", 1, "port", 1)                               # unflipped level I: removed
    helpers.place(g, "Preston[2]", 0, "cotton", 1, flipped=True)               # flipped level I: scores, removed
    helpers.place(g, "Lancaster[1]", 2, "port", 2)                             # level II stays
    pass_all(g)
    assert g.era == "rail" and set(g.state.tiles) == {"Lancaster[1]"}
    assert g.players[0].vp == 3 and g.players[1].vp == 0


def test_two_rails_in_one_action_cost_15_and_two_coal_without_beer():
    """Lancashire rail: £5 + 1 coal for one rail, £15 + 2 coal for two in one action; no beer exists."""
    from brass_nb.scenario import read

    text = "\n".join(["game lancashire", "players 3", "era rail", "round 2", "turn 1", "player 1 money 40",
                      "hand 1 Preston, Wigan", "tile Wigan[1] player 1 coal II cubes 3", ""])
    g = read(text).game()
    g.play("network Preston - Wigan with card Preston")
    assert g.phase == "rail2" and g.players[0].money == 35
    ex = g.play("network Wigan - Liverpool")
    assert g.players[0].money == 25 and g.state.tiles["Wigan[1]"].cubes == 1
    assert not ex.find("beer.take") and g.players[0].spent_this_round == 15
