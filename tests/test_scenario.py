"""Hand-built positions: the ready library, every validation error, the file format round trip."""
from __future__ import annotations

import pytest

import brass_nb as bn
from brass_nb.explain import reason
from brass_nb.scenario import Scenario, library, read, write


def play_key_actions(name: str):
    scenario = library.load(name)
    assert scenario.check() == []
    game = scenario.game()
    explanations = [game.play(action) for action in scenario.actions]
    return game, explanations


def test_library_has_one_scenario_per_teaching_point():
    assert library.names() == ["equidistant_coal", "coal_market", "iron_anywhere", "own_and_other_beer",
                               "merchant_beer_bonus", "overbuild_coal", "farm_breweries", "negative_income",
                               "canal_scoring", "first_build", "rail_two_links", "rail_era_building", "round_end",
                               "merchant_bonuses", "coal_to_market", "overbuild_own", "two_player_board",
                               "lancashire_ports_and_shipyards", "lancashire_canal_end", "lancashire_rail_end",
                               "lancashire_2007_distant"]
    for name in library.names():
        scenario = library.load(name)
        assert scenario.title and scenario.teaches and scenario.actions, name


def test_equidistant_coal_mines_the_player_chooses():
    game, (ex,) = play_key_actions("equidistant_coal")
    (nearest,) = ex.find("coal.nearest")
    assert nearest.facts["tie"] == ["Cannock[2]", "Dudley[1]"]
    assert [c["distance"] for c in nearest.facts["candidates"]] == [2, 2]
    assert ex.find("coal.take")[0].facts["source"] == "Cannock[2]"
    game.undo()
    assert [s.rule for s in game.why_not("build iron Walsall[1] with card Walsall")] == ["choice.ambiguous"]


def test_coal_market_through_a_merchant():
    game, (ex,) = play_key_actions("coal_market")
    (market,) = ex.find("coal.market")
    assert market.facts["why"] == "no_mine" and market.facts["merchants"] == ["Oxford"]
    assert ex.find("coal.buy")[0].facts["prices"] == [1]
    assert "Tamworth" not in reason(market)            # an unconnected mine never supplies coal


def test_iron_from_anywhere():
    game, (ex,) = play_key_actions("iron_anywhere")
    (take,) = ex.find("iron.take")
    assert take.facts["source"] == "Coalbrookdale[2]" and take.facts["owner"] == 1
    assert game.state.links == {}                       # nothing is connected, and iron still flows
    assert "no connection" in reason(ex.find("iron.works")[0]).lower() or "connected or not" in reason(
        ex.find("iron.works")[0])


def test_own_beer_needs_no_connection_another_players_does():
    game, (ex,) = play_key_actions("own_and_other_beer")
    (sources,) = ex.find("beer.sources")
    assert [c["source"] for c in sources.facts["own"]] == ["Stafford[1]"]
    assert [c["source"] for c in sources.facts["unconnected"]] == ["Walsall[2]"]
    assert ex.find("beer.take")[0].facts["source"] == "Stafford[1]"
    assert game.state.tiles["Walsall[2]"].cubes == 1


def test_only_merchant_beer_gives_the_bonus():
    game, (ex,) = play_key_actions("merchant_beer_bonus")
    (bonus,) = ex.find("sell.merchant_beer")
    assert bonus.facts["bonus"] == "income_spaces" and bonus.facts["amount"] == 2
    assert game.players[0].income_space == 10 + 5 + 2
    game.undo()
    ex = game.play("sell cotton Birmingham[1] to Oxford[1] with card Wolverhampton; beer Stafford[1]")
    assert ex.find("sell.merchant_beer") == []
    assert game.players[0].income_space == 10 + 5 + 4      # the cotton mill, and the own brewery emptied and flipped


def test_overbuild_another_players_coal_mine_when_no_coal_is_left():
    game, (ex,) = play_key_actions("overbuild_coal")
    (over,) = ex.find("build.overbuild")
    assert over.facts["owner"] == 1 and not over.facts["own"] and over.facts["new_level"] == 2
    assert game.state.tiles["Dudley[1]"].owner == 0


def test_farm_brewery_through_the_three_way_link():
    game, (ex,) = play_key_actions("farm_breweries")
    assert ex.find("build.card")[0].facts["why"] == "network"
    game.undo()
    assert game.why_not("build brewery Farm Brewery South[1] with card Worcester; iron market")[0].rule == \
        "build.farm_brewery_card"


def test_negative_income_sells_chosen_industries_for_half_cost_then_costs_vp():
    game, explanations = play_key_actions("negative_income")
    (shortfall,) = explanations[1].find("income.shortfall")
    assert shortfall.facts["owed"] == 9 and shortfall.facts["money"] == 0
    (removed,) = explanations[2].find("shortfall.remove")
    assert removed.facts["gained"] == 6 and not explanations[2].find("income.vp_loss")   # £6 < £9: still waiting
    (removed,) = explanations[3].find("shortfall.remove")
    assert removed.facts["gained"] == 2
    (loss,) = explanations[3].find("income.vp_loss")
    assert (loss.facts["paid"], loss.facts["missing"], loss.facts["vp_lost"]) == (8, 1, 1)
    player = game.players[0]
    assert player.money == 0 and player.vp == 4 - 1 and not game.state.tiles and game.phase is None


def test_canal_link_scoring_counts_icons_at_both_ends():
    game, (ex,) = play_key_actions("canal_scoring")
    scores = {s.facts["link"]: s for s in ex.find("score.link")}
    dudley = scores["Dudley - Birmingham"]
    assert [e["icons"] for e in dudley.facts["ends"]] == [2, 1] and dudley.facts["vp"] == 3
    assert scores["Birmingham - Oxford"].facts["vp"] == 1 + 2
    assert game.players[0].vp == 3 and game.era == "rail"


def test_first_build_exception():
    game, (ex,) = play_key_actions("first_build")
    assert ex.find("build.card")[0].facts["why"] == "first_build"
    assert game.state.tiles["Leek[2]"].owner == 0


@pytest.mark.parametrize("name", library.names())
def test_library_files_round_trip_and_replay(name, tmp_path):
    text = library.text(name)
    assert write(read(text)) == text
    game = read(text).game(play=True)
    path = tmp_path / "game.json"
    game.save(path)
    loaded = bn.load_game(path)
    assert loaded.state.to_dict() == game.state.to_dict()
    assert loaded.to_json()["scenario"] == text


HEAD = "game birmingham\nplayers 2\nera canal\nround 2\nturn 1\nhand 1 Stafford\n"


@pytest.mark.parametrize("lines, rule, words", [
    ("tile Dudley[1] player 1 iron I cubes 4", "scenario.slot_industry", "Dudley[1] shows coal mine, not iron works"),
    ("tile Leek[1] player 1 cotton I\ntile Leek[2] player 1 coal I cubes 2", "scenario.canal_one_per_town",
     "only one industry in Leek"),
    ("link Leek - Belper player 1", "scenario.link_era", "rail only"),
    ("tile Leek[1] player 1 cotton I\ntile Derby[1] player 1 cotton I\ntile Stone[1] player 1 cotton I\n"
     "tile Worcester[1] player 1 cotton I", "scenario.no_tile_left", "no cotton mill I left"),
    ("mat 1 coal 1 2 2 2\ntile Dudley[1] player 1 coal I cubes 2", "scenario.no_tile_left", "1 still on the mat"),
    ("tile Dudly[1] player 1 coal I cubes 2", "scenario.unknown_name", "did you mean Dudley"),
    ("link Birmingam - Oxford player 1", "scenario.unknown_name", "did you mean"),
    ("tile Leek[1] player 1 cotton I cubes 2", "scenario.cubes", "hold no cubes"),
    ("tile Dudley[1] player 1 coal I cubes 9", "scenario.cubes", "built with 2 at most"),
    ("tile Dudley[1] player 1 coal I flipped cubes 1", "scenario.cubes", "used its last cube"),
    ("tile Dudley[1] player 1 coal I", "scenario.empty_unflipped", "write 'flipped'"),
    ("tile Dudley[3] player 1 coal I cubes 1", "scenario.no_such_slot", "Dudley[1] and Dudley[2]"),
    ("tile Dudley[1] player 3 coal I cubes 1", "scenario.player", "no player 3"),
    ("merchant Warrington[1] buys cotton beer 1", "scenario.merchant_space", "Warrington[1]"),
    ("player 1 money -4", "scenario.value", "money is -4"),
    ("market coal 20", "scenario.value", "coal market is 20"),
    ("tile Dudley[1] player 1 coal 1 sideways", "scenario.syntax", "tile Dudley[1] player 2 coal I"),
    ("castle Dudley", "scenario.syntax", "a line starting with"),
])
def test_each_validation_error_names_the_problem_and_line(lines, rule, words):
    text = HEAD + lines + "\n"
    problem_line = 7 + lines.count("\n")
    with pytest.raises(bn.ScenarioError) as err:
        read(text).game()
    assert isinstance(err.value, ValueError)
    steps = {s.rule: s for s in err.value.steps}
    assert rule in steps, err.value.steps
    message = reason(steps[rule])
    assert words in message, message
    if "line" in steps[rule].facts:
        assert steps[rule].facts["line"] in range(7, problem_line + 1)
        assert message.startswith(f"Line {steps[rule].facts['line']}:")


def test_rail_tiles_and_turn_problems():
    problems = {s.rule for s in read(HEAD.replace("era canal", "era rail") + "tile Dudley[1] player 1 coal I cubes 2\n"
                                     ).check()}
    assert "scenario.canal_tile_in_rail" in problems
    problems = {s.rule for s in read(HEAD.replace("hand 1 Stafford\n", "")).check()}
    assert problems == {"scenario.no_cards"}


def test_python_api_builds_the_same_position_as_the_file():
    sc = Scenario("birmingham", players=2)
    sc.title = "Two coal mines at the same distance"
    sc.teaches = library.load("equidistant_coal").teaches
    sc.turn = 0
    sc.player(0, money=30, hand=["Walsall", "Wolverhampton"]).player(1, hand=["Kidderminster", "Burton-on-Trent"])
    sc.tile("Cannock[2]", player=1, industry="coal", level=2, cubes=2)
    sc.tile("Dudley[1]", player=1, industry="coal", level=1, cubes=2)
    for link in ("Cannock - Wolverhampton", "Walsall - Wolverhampton", "Wolverhampton - Dudley"):
        sc.link(link, player=1)
    sc.play("build iron Walsall[1] with card Walsall; coal Cannock[2]")
    assert write(sc) == library.text("equidistant_coal")
    game = sc.game()
    assert game.legal_actions() == library.load("equidistant_coal").game().legal_actions()


def test_loading_never_executes_code(tmp_path):
    text = HEAD + "title __import__('os').system('echo pwned')\n"
    scenario = read(text)
    assert scenario.title == "__import__('os').system('echo pwned')"
