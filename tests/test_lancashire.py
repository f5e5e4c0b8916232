"""Rules that Lancashire has and Birmingham lacks, on hand-built positions (RULINGS.md, Lancashire section)."""
from __future__ import annotations

import helpers
import pytest

import brass_nb as bn


def refused(g, text: str) -> str:
    before = helpers.snapshot(g)
    with pytest.raises((bn.IllegalAction, bn.AmbiguousAction)) as err:
        g.play(text)
    assert helpers.snapshot(g) == before
    return err.value.rule


def game(era: str = "canal", players: int = 3, money: int = 40, edition: str = "roxley"):
    g = bn.new_game("lancashire", players=players, seed=2, edition=edition)
    helpers.to_act(g, 0, era=era)
    helpers.set_player(g, 0, money=money, hand=["Rochdale", "Preston", "Liverpool", "Cotton Mill"])
    return g


def test_setup_money_markets_no_merchants_and_cards_set_aside():
    g = helpers.fresh(players=4, seed=5, game="lancashire")
    assert all(p.money == 30 and len(p.hand) == 8 and p.discard == [] for p in g.players)
    assert g.state.markets == {"coal": 8, "iron": 8} and g.state.merchants == {}
    assert len(g.state.set_aside) == 4 and len(g.state.deck) == 64 - 32 - 4
    assert g.state.distant.marker == 0 and len(g.state.distant.tiles) == 12
    assert not any(a.kind == "scout" for a in g.legal_actions())


def test_distant_market_moves_demand_and_pays_the_bonus_in_spaces():
    g = game()
    helpers.place(g, "Rochdale[1]", 0, "cotton", 1)
    helpers.link(g, "Rochdale - Yorkshire", 0)                  # Yorkshire shows a trade icon
    g.state.distant.tiles.append(-1)                          # the next tile drawn
    ex = g.play("sell cotton Rochdale[1] to distant market with card Preston")
    (draw,) = ex.find("sell.distant_draw")
    assert (draw.facts["marker_from"], draw.facts["marker_to"], draw.facts["bonus"]) == (0, 1, 3)
    assert g.players[0].income_space == 10 + 3 + 5              # the bonus, then the mill's own income
    assert g.state.tiles["Rochdale[1]"].flipped and g.state.distant.marker == 1


def test_no_more_demand_fails_the_sale_ends_the_action_and_closes_the_market():
    g = game()
    helpers.place(g, "Rochdale[1]", 0, "cotton", 1)
    helpers.place(g, "Rochdale[2]", 1, "cotton", 1)
    helpers.link(g, "Rochdale - Yorkshire", 0)
    g.state.distant.marker = 7
    g.state.distant.tiles.append(-2)
    ex = g.play("sell cotton Rochdale[1] to distant market with card Preston")
    assert ex.find("sell.no_demand") and not g.state.tiles["Rochdale[1]"].flipped
    assert g.players[0].income_space == 10 and g.state.distant.closed and g.phase is None
    assert refused(g, "sell cotton Rochdale[1] to distant market with card Liverpool") == "sell.distant_closed"


def test_selling_through_a_port_flips_both_and_pays_the_port_owner():
    g = game()
    helpers.place(g, "Preston[1]", 1, "port", 1)
    helpers.place(g, "Preston[2]", 0, "cotton", 1)
    ex = g.play("sell cotton Preston[2] to Preston[1] with card Rochdale")
    assert ex.find("sell.port")[0].facts["owner"] == 1
    assert g.state.tiles["Preston[1]"].flipped and g.state.tiles["Preston[2]"].flipped
    assert g.players[1].income_space == 10 + 3 and g.players[0].income_space == 10 + 5
    assert "sell.flipped" in [s.rule for s in g.why_not("sell cotton Preston[2] to Preston[1] with card Liverpool")]


def test_coal_bought_through_a_flipped_port():
    g = game()
    helpers.place(g, "Preston[1]", 1, "port", 1, flipped=True)
    ex = g.play("build iron Preston[3] with card Preston")
    (market,) = ex.find("coal.market")
    assert market.facts["merchants"] == ["Preston"] and market.facts["prices"] == [1]


def test_loans_of_10_20_or_30_and_in_2007_none_once_the_rail_deck_is_empty():
    g = game()
    assert {a.amount for a in g.legal_actions() if a.kind == "loan"} == {10, 20, 30}
    assert refused(g, "loan with card Preston") == "choice.ambiguous"
    g.play("loan £20 with card Preston")
    assert (g.players[0].money, g.players[0].income_level) == (60, -2)
    g = game(era="rail", edition="2007")
    g.state.deck.clear()
    g.state.mark_changed()
    assert refused(g, "loan £10 with card Preston") == "loan.deck_empty"
    assert not any(a.kind == "loan" for a in g.legal_actions())


def test_double_card_build_counts_as_any_location_card_and_takes_both_actions():
    g = game()
    helpers.set_player(g, 0, hand=["Rochdale", "Preston", "Liverpool", "Cotton Mill"])
    assert refused(g, "build cotton Bolton[1] with card Rochdale") == "build.card_location"
    g.play("build cotton Bolton[1] with card two cards")
    assert g.phase == "double_cards" and "Bolton[1]" not in g.state.tiles
    ex = g.play("discard Liverpool, Rochdale")
    assert g.state.tiles["Bolton[1]"].owner == 0 and ex.find("build.card")[0].facts["why"] == "two_cards"
    assert g.current_player != 0                                    # both actions of the turn are used
    assert sorted(g.players[0].discard)[-2:] == ["Liverpool", "Rochdale"]


def test_double_card_build_not_in_the_first_round_nor_after_one_action():
    g = helpers.fresh(players=3, seed=2, game="lancashire")
    first = g.current_player
    assert refused(g, "build cotton Bolton[1] with card two cards") == "build.two_cards_not_now"
    g = game()
    g.play("loan £10 with card Preston")
    assert refused(g, "build cotton Bolton[1] with card two cards") == "build.two_cards_not_now"
    assert first is not None


def test_2007_virtual_link_lets_an_industry_card_reach_birkenhead_but_carries_no_coal():
    g = game(edition="2007")
    helpers.place(g, "Liverpool[1]", 0, "port", 1)
    helpers.place(g, "Wigan[1]", 1, "coal", 2, cubes=3)
    helpers.link(g, "Liverpool - Wigan", 1)
    helpers.set_player(g, 0, hand=["Shipyard", "Preston"])
    g.state.set_mat(g.state.players[0], "shipyard", [0, *g.state.players[0].mat["shipyard"][1:]])  # level 0 gone
    assert "Birkenhead" not in g.network(0)                       # the virtual link is no part of a network
    reasons = [s.rule for s in g.why_not("build shipyard Birkenhead[1] with card Shipyard")]
    assert "build.not_in_network" not in reasons and "coal.no_source" in reasons
    assert "Birkenhead" not in g.connected("Liverpool")


def test_shipyards_flip_when_built_and_level_0_never_builds():
    g = game()
    helpers.place(g, "Liverpool[1]", 1, "port", 1)                  # a trade icon for market coal
    helpers.set_player(g, 0, hand=["Liverpool", "Preston"])
    g.state.set_mat(g.state.players[0], "shipyard", [2, *g.state.players[0].mat["shipyard"][1:]])
    assert refused(g, "build shipyard Liverpool[3] with card Liverpool") == "build.tile_era"
    g.state.set_mat(g.state.players[0], "shipyard", [0, *g.state.players[0].mat["shipyard"][1:]])
    ex = g.play("build shipyard Liverpool[3] with card Liverpool")
    assert g.state.tiles["Liverpool[3]"].flipped and ex.find("tile.flip")[0].facts["why"] == "built"
    assert g.players[0].income_space == 12


def test_income_is_collected_at_the_start_of_rounds_after_the_first():
    g = game(players=3)
    g.state.round = 1
    g.state.mark_changed()
    helpers.set_player(g, 0, income_space=15)
    for _player in list(g.state.order):
        g.play(f"pass with card {g.players[g.current_player].hand[0]}")
    assert g.round == 2
    money = g.players[0].money
    rules = []
    while g.round == 2:
        rules += g.play(f"pass with card {g.players[g.current_player].hand[0]}").rules()
        rules += g.play(f"pass with card {g.players[g.current_player].hand[0]}").rules() if g.round == 2 else []
    assert rules.index("round.start") < rules.index("income.pay")
    assert "income.skipped_last_round" not in rules and g.players[0].money >= money


def test_link_scoring_counts_flipped_tiles_and_external_locations():
    g = game()
    helpers.place(g, "Rochdale[1]", 0, "cotton", 1, flipped=True)
    helpers.place(g, "Rochdale[2]", 1, "coal", 1, flipped=True)
    helpers.link(g, "Rochdale - Yorkshire", 0)
    preview = g.score_preview()
    (link,) = preview.find("score.link")
    assert link.facts["vp"] == 1 + 1 + 2                            # two flipped tiles, Yorkshire's printed 2


def test_port_goes_on_the_port_only_slot_first():
    g = game()
    g.play("build port Preston with card Preston")
    assert g.state.tiles["Preston[1]"].industry == "port"
    assert "Preston[2]" not in g.state.tiles


def test_game_end_money_scores_1_vp_per_10_and_ties_go_to_turn_order():
    from brass_nb.scenario import read

    text = "\n".join([
        "game lancashire", "players 3", "era rail", "round 9", "order 1 2 3", "turn 3",
        "player 1 money 25", "player 2 money 25", "player 3 money 9", "hand 3 Preston", ""])
    g = read(text).game()
    ex = g.play("pass with card Preston")
    money = {s.facts["player"]: s.facts["vp"] for s in ex.find("score.money")}
    assert money == {0: 2, 1: 2, 2: 0} and g.is_over
    ranking = g.scores()
    assert [r["player"] for r in ranking[:2]] == [0, 1] and ranking[1]["behind_by"] == "turn_order"
