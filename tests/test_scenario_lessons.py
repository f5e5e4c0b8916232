"""The ready scenarios of lessons 10-13: each one's teaching point asserted by what its key actions do."""
from __future__ import annotations

from brass_nb.rules.facts import load_facts
from brass_nb.scenario import library

BIRMINGHAM = load_facts("birmingham").rules
LANCASHIRE = load_facts("lancashire").rules


def played(name: str):
    scenario = library.load(name)
    assert scenario.check() == []
    game = scenario.game()
    return game, [game.play(action) for action in scenario.actions]


def test_one_rail_then_a_second_rail_with_brewery_beer():
    game, (first, second) = played("rail_two_links")
    assert first.find("network.place")[0].facts["cost"] == BIRMINGHAM.rail_link.money == 5
    assert len(first.find("coal.take")) == BIRMINGHAM.rail_link.coal == 1
    assert second.find("network.place")[0].facts["cost"] == BIRMINGHAM.second_rail.money == 10
    assert len(second.find("coal.take")) == BIRMINGHAM.second_rail.coal == 1
    (beer,) = second.find("beer.take")
    assert beer.facts["source"] == "Walsall[2]" and beer.facts["owner"] == 1   # another player's, connected
    assert game.players[0].money == 30 - 5 - 10
    assert game.state.tiles["Cannock[2]"].cubes == 1 and game.state.tiles["Walsall[2]"].cubes == 1


def test_rail_era_building_several_per_town_no_level_one_two_barrels():
    game, (ex,) = played("rail_era_building")
    assert game.state.tiles["Stafford[1]"].cubes == 2 == load_facts("birmingham").tile("brewery", 2).produces["rail"]
    assert {label for label, t in game.state.tiles.items() if label.startswith("Stafford") and t.owner == 0} == {
        "Stafford[1]", "Stafford[2]"}
    (refusal,) = game.why_not("build coal Cannock[1] with card Cannock")
    assert refusal.rule == "build.tile_era" and refusal.facts["level"] == 1


def test_round_end_order_by_spending_income_negative_and_capped():
    game, (ex,) = played("round_end")
    order = ex.find("turn.order")[0].facts
    assert order["spent"] == {"0": 12, "1": 3, "2": 6 + 5 + 8} or order["spent"] == {0: 12, 1: 3, 2: 19}
    assert list(game.turn_order) == [1, 0, 2]
    advance = ex.find("income.advance")[0].facts
    assert advance["spaces"] == 3 and advance["to_space"] == 99 and advance["to_level"] == BIRMINGHAM.max_income_level
    assert game.players[1].money == 10 - 5                         # negative income paid to the bank
    assert game.players[2].money == 30 - 8 - 5 + 18 + 30            # coal bought, tile paid, iron sold, income


def test_merchant_bonuses_each_have_their_own_effect():
    scenario = library.load("merchant_bonuses")
    outcomes = {}
    for merchant, sale in [("Warrington", "sell cotton Stoke-on-Trent[1] to Warrington[1]"),
                           ("Nottingham", "sell manufacturer Derby[2] to Nottingham[1]"),
                           ("Shrewsbury", "sell manufacturer Wolverhampton[1] to Shrewsbury[1]"),
                           ("Gloucester", "sell cotton Worcester[1] to Gloucester[1]"),
                           ("Oxford", "sell manufacturer Birmingham[2] to Oxford[1]")]:
        game = scenario.game()
        ex = game.play(f"{sale} with card Wolverhampton; beer {merchant}[1]")
        (bonus,) = ex.find("sell.merchant_beer")
        outcomes[merchant] = (bonus.facts["bonus"], bonus.facts["amount"])
        if merchant == "Gloucester":
            assert game.legal_actions().texts()[0] == "develop cotton free"
            mat = game.players[0].mat["cotton"][0]
            game.play("develop cotton free")
            assert game.players[0].mat["cotton"][0] == mat - 1
    assert outcomes == {"Warrington": ("money", 5), "Nottingham": ("vp", 3), "Shrewsbury": ("vp", 4),
                        "Gloucester": ("free_develop", 1), "Oxford": ("income_spaces", 2)}
    assert {m: load_facts("birmingham").board.locations[m].beer_bonus for m in outcomes} == {
        m: outcome for m, outcome in outcomes.items()}


def test_a_new_connected_coal_mine_sells_to_the_market_and_flips():
    game, (ex,) = played("coal_to_market")
    (sale,) = ex.find("market.sell")
    assert sale.facts["prices"] == [2, 1] and sale.facts["merchants"] == ["Oxford"]
    assert game.state.tiles["Coventry[2]"].flipped and game.players[0].money == 20 - 5 + 3
    assert "(Oxford)" in sale.text("en")


def test_overbuilding_your_own_tile_returns_its_cubes():
    game, (ex,) = played("overbuild_own")
    (over,) = ex.find("build.overbuild")
    assert over.facts["own"] and over.facts["new_level"] == 2
    assert game.state.tiles["Dudley[1]"].level == 2 and game.state.tiles["Dudley[1]"].cubes == 3


def test_a_town_without_cards_is_built_with_an_industry_card():
    game, (ex,) = played("two_player_board")
    assert "Stone" not in {card[0] for card in load_facts("birmingham").location_cards if card[2] == 2}
    assert ex.find("build.card")[0].facts["why"] == "network"
    assert game.state.tiles["Stone[1]"].industry == "brewery"
    assert "Warrington" in game.connected("Stoke-on-Trent") and not game.state.merchants.get("Warrington[1]")


def test_lancashire_port_first_and_shipyard_flips():
    game, (ex,) = played("lancashire_ports_and_shipyards")
    assert game.state.tiles["Liverpool[3]"].flipped and ex.find("tile.flip")[0].facts["why"] == "built"
    refusal = game.why_not("build port Lancaster[2] with card Lancaster")
    assert [s.rule for s in refusal] == ["build.slot_invalid"] and "Lancaster[1]" in refusal[0].text("en")


def test_lancashire_canal_end_resets_the_distant_market_and_pays_income_at_the_start():
    game, (ex,) = played("lancashire_canal_end")
    assert game.state.distant.closed is False and game.state.distant.marker == 0 and not game.state.distant.drawn
    rules = [s.rule for s in ex.steps]
    assert rules.index("era.distant_reset") < rules.index("round.start") < rules.index("income.pay")
    assert LANCASHIRE.income_paid.value == "round_start"
    assert game.players[0].money == 25 and game.players[1].money == 23


def test_lancashire_rail_end_no_loans_and_money_scores():
    scenario = library.load("lancashire_rail_end")
    game = scenario.game()
    assert [s.rule for s in game.why_not("loan £10 with card Wigan")] == ["loan.divider"]      # shown in round 4
    game.play(scenario.actions[0])
    assert [p.vp for p in game.players] == [40 + 25 // 10, 40 + 42 // 10, 43 + 9 // 10]
    assert LANCASHIRE.money_vp_per == 10 and game.scores()[0]["player"] == 1


def test_warfrog_2007_puts_a_drawn_distant_tile_back_under_the_pile():
    scenario = library.load("lancashire_2007_distant")
    game = scenario.game()
    pile = list(game.state.distant.tiles)
    assert len(pile) == 12 and game.facts.rules.edition_name == "Warfrog 2007"
    ex = game.play(scenario.actions[0])
    (draw,) = ex.find("sell.distant_draw")
    assert draw.facts["tile"] == pile[-1] == -1 and draw.facts["drawn_tiles"] == "bottom"
    assert game.state.distant.tiles == [pile[-1]] + pile[:-1] and game.state.distant.drawn == []
