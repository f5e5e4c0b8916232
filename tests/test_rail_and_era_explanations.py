"""What the explanations say about rails, rounds, loans and the era change, read from the steps' facts.

Rulings: ``shared/RULINGS.md`` B1 (two rails), B9 (pottery I in the rail era), B13 (loans after the deck is empty),
B16 (three-way link; income marker stays), B18 (rounds per era); rule text ``shared/seeds/000_*.txt``.
"""
from __future__ import annotations

import pytest

import brass_nb as bn
from brass_nb.explain import reason
from brass_nb.scenario import library, read

CANAL_END = """
players 2
era canal
round 10
order 2 1
turn 1
player 1 money 10 income 20
player 2 money 8 income 14
hand 1 Worcester
discard 1 Birmingham, Birmingham, Coventry, Coventry, Dudley, Stafford, Cannock, Brewery
discard 2 Iron Works, Iron Works, Coalbrookdale, Coalbrookdale, Burton-on-Trent, Wolverhampton, Tamworth, Pottery
tile Kidderminster[2] player 1 cotton III flipped
tile Worcester[1] player 2 cotton III flipped
tile Farm Brewery South[1] player 2 brewery I flipped
link Kidderminster - Worcester player 1
"""


def test_two_rails_in_one_action_against_two_single_rail_actions():
    """B1: one action, two rails: £15, 2 coal, 1 beer, 1 card; two actions, one rail each: £10, 2 coal, no beer."""
    scenario = library.load("rail_two_links")
    first, second = scenario.actions
    one = scenario.game()
    steps = one.play(first).find("network.place") + one.play(second).find("network.place")
    assert steps[1].facts["action"] == {"cost": 15, "coal": 2, "beer": 1}
    assert "this action's two rails cost £15, 2 coal cubes and 1 beer barrel in all" in reason(steps[1], "en")
    assert "合計15ポンド、石炭2個、ビール1樽" in reason(steps[1], "ja")
    two = scenario.game()
    plays = [two.play(first), two.play("done"), two.play("network Tamworth - Birmingham with card Stafford"),
             two.play("done")]
    rails = [s.facts for e in plays for s in e.find("network.place")]
    assert [(r["cost"], r["coal"], r["beer"], r["second"]) for r in rails] == [(5, 1, 0, False)] * 2
    assert all("action" not in r for r in rails) and not any(e.find("beer.take") for e in plays)
    assert two.players[0].money == 30 - 10 and one.players[0].money == 30 - 15


def test_the_rail_eras_first_round_has_two_actions_and_says_so():
    scenario = library.load("rail_two_links")
    game = scenario.game()
    first, _ = scenario.actions
    assert not game.play(first).find("turn.end") and not game.play("done").find("turn.end")
    game.play("network Tamworth - Birmingham with card Stafford")
    (end,) = game.play("done").find("turn.end")
    assert (end.facts["era"], end.facts["round"], end.facts["actions"], end.facts["per_turn"]) == ("rail", 1, 2, 2)
    assert "ends after 2 actions" in reason(end, "en")
    assert "only the canal era's first round has 1)" in reason(end, "en")
    assert "（2アクション。鉄道時代の最初のラウンドは1手番2アクション" in reason(end, "ja")


def test_turn_end_names_the_action_count_only_in_an_eras_first_round():
    game = bn.new_game("birmingham", players=2, seed=1)
    (end,) = game.play(f"pass with card {game.players[game.current_player].hand[0]}").find("turn.end")
    assert "after 1 action (the canal era's first round has 1 action a turn, every later round 2)" in reason(end)
    while game.round == 1:
        game.play(f"pass with card {game.players[game.current_player].hand[0]}")
    game.play(f"pass with card {game.players[game.current_player].hand[0]}")
    (end,) = game.play(f"pass with card {game.players[game.current_player].hand[0]}").find("turn.end")
    assert end.facts["round"] == 2 and "after" not in reason(end) and "アクション" not in reason(end, "ja")


def test_pottery_one_is_built_in_the_rail_era_and_the_explanation_says_why():
    game = read("players 2\nera rail\nround 3\nturn 1\nplayer 1 money 30\nhand 1 Coventry, Nuneaton\n"
                "hand 2 Dudley, Walsall\ntile Dudley[2] player 2 iron II cubes 2\n").game()
    (refusal,) = game.why_not("build cotton Nuneaton[2] with card Nuneaton")
    assert refusal.rule == "build.tile_era" and refusal.facts["level"] == 1
    (tile,) = game.play("build pottery Coventry[1] with card Coventry").find("build.tile")
    assert (tile.facts["level"], tile.facts["eras"]) == (1, ["canal", "rail"])
    assert "marked for both eras, so it may be built in the rail era" in reason(tile, "en")
    assert "運河印と鉄道印の両方があるので鉄道時代にも建てられます" in reason(tile, "ja")
    assert game.state.tiles["Coventry[1]"].level == 1


def test_a_level_two_tile_in_the_rail_era_gets_no_level_one_note():
    game = library.load("rail_era_building").game()
    (tile,) = game.play("build brewery Stafford[1] with card Stafford").find("build.tile")
    assert tile.facts["level"] == 2 and "both eras" not in reason(tile, "en")


@pytest.mark.parametrize("game_name, era, words", [
    ("birmingham", "rail", "The draw deck is empty, and Brass: Birmingham still allows loans."),
    ("lancashire", "canal",
     "The draw deck is empty, but in the canal era Brass: Lancashire (Roxley 2018) still allows loans"),
])
def test_a_loan_after_the_deck_is_empty_says_it_is_allowed(game_name, era, words):
    hands = "hand 1 Coventry, Nuneaton\nhand 2 Dudley, Walsall\n" if game_name == "birmingham" else \
        "hand 1 Bolton, Wigan\nhand 2 Preston, Bury\n"
    game = read(f"game {game_name}\nplayers 2\nera {era}\nround 9\nturn 1\nplayer 1 money 4 income 25\n"
                + hands).game()
    assert game.deck_size == 0
    (loan,) = game.play(f"loan £30 with card {game.players[0].hand[0]}").find("loan.take")
    assert loan.facts["deck"] == 0 and words in reason(loan, "en")
    assert "山札はなくなっていますが" in reason(loan, "ja")
    assert game.players[0].money == 34


def test_a_loan_with_cards_in_the_deck_says_nothing_about_the_deck():
    game = bn.new_game("birmingham", players=2, seed=1)
    (loan,) = game.play(f"loan with card {game.players[game.current_player].hand[0]}").find("loan.take")
    assert loan.facts["deck"] > 0 and "deck" not in reason(loan, "en") and "山札" not in reason(loan, "ja")


def test_the_three_way_link_scores_three_places_and_income_markers_stay():
    """B16: the Kidderminster-Worcester link scores the icons at all three places; the income marker stays."""
    game = read(CANAL_END).game()
    before = [(p.income_space, p.income_level) for p in game.players]
    explanation = game.play("pass with card Worcester")
    (link,) = explanation.find("score.link")
    assert [e["location"] for e in link.facts["ends"]] == ["Kidderminster", "Worcester", "Farm Brewery South"]
    assert [e["icons"] for e in link.facts["ends"]] == [1, 1, 2] and link.facts["vp"] == 4
    assert "at all three places it touches" in reason(link, "en") and "3か所すべて" in reason(link, "ja")
    assert game.players[0].vp == 4 + 9
    (begins,) = explanation.find("era.rail_begins")
    assert [(m["space"], m["level"]) for m in begins.facts["income"]] == before
    assert [(p.income_space, p.income_level) for p in game.players] == before == [(20, 5), (14, 2)]
    assert ("no income marker moves between eras: Player 1 on space 20 (level 5) and Player 2 on space 14 "
            "(level 2)") in reason(begins, "en")
    assert "時代が変わっても収入マーカーは動きません" in reason(begins, "ja")
    assert (game.era, game.round) == ("rail", 1)


def test_rounds_per_era_for_every_player_count():
    """B18: 10 / 9 / 8 rounds per era for 2 / 3 / 4 players, from the deck and the actions per turn."""
    step = bn.new_game("birmingham", players=3, seed=1).rounds_per_era()
    assert step.rule == "query.rounds" and step.ok
    assert [(c["players"], c["deck"], c["rounds"]) for c in step.facts["counts"]] == [
        (2, 40, {"canal": 10, "rail": 10}), (3, 54, {"canal": 9, "rail": 9}), (4, 64, {"canal": 8, "rail": 8})]
    en, ja = reason(step, "en"), reason(step, "ja")
    assert "2 players, 40 cards, 10 rounds per era; 3 players, 54 cards, 9 rounds per era; 4 players, 64 cards, " \
           "8 rounds per era" in en
    assert en.endswith("This game has 3 players: 9 rounds per era.")
    assert "2人は山札40枚で各時代10ラウンド" in ja and ja.endswith("このゲームは3人なので各時代9ラウンドです。")
    assert "data-rule='query.rounds'" in step._repr_html_()


@pytest.mark.parametrize("players, rounds", [(2, 10), (3, 9), (4, 8)])
def test_rounds_per_era_agrees_with_a_game_played_to_its_end(players, rounds):
    game = bn.new_game("birmingham", players=players, seed=players)
    (row,) = [c for c in game.rounds_per_era().facts["counts"] if c["players"] == players]
    last = {"canal": 0, "rail": 0}
    while not game.is_over:
        last[game.era] = max(last[game.era], game.round)
        game.play(f"pass with card {game.players[game.current_player].hand[0]}")
    assert row["rounds"] == last == {"canal": rounds, "rail": rounds}
