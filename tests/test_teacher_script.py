"""The answers in the teacher's script are the engine's: each is replayed on the lesson's own position, and the
number the script states is checked against what the engine does."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

import brass_nb as bn
from brass_nb.scenario import library, read

REPO = Path(__file__).resolve().parent.parent
SCRIPTS = {language: " ".join((REPO / "docs" / "teaching" / name).read_text(encoding="utf-8").split())
           for language, name in (("en", "script.md"), ("ja", "script.ja.md"))}
"""Each script with its line breaks and indents read as single spaces."""


def says(language: str, *phrases: str) -> None:
    missing = [phrase for phrase in phrases if phrase not in SCRIPTS[language]]
    assert not missing, f"the {language} script no longer says {missing}"


def test_a_loan_from_the_start():
    game = bn.new_game("birmingham", players=2, seed=1)
    player = game.current_player
    game.play(f"loan with card {game.hand(player)[0]}")
    after = game.players[player]
    assert (after.money, after.income_level, after.income_space) == (47, -3, 7)
    says("en", "£47, and income level −3 on space 7")
    says("ja", "47ポンドになり、収入レベルは-3（7マス目）")


def test_network_against_connected_in_lesson_02():
    source = (REPO / "notebooks" / "en" / "02_network_vs_connected.md").read_text(encoding="utf-8")
    game = read(re.search(r'position = """(.*?)"""', source, flags=re.S).group(1)).game()
    assert game.network(0) == ["Walsall", "Birmingham"] and game.connected("Walsall")["Dudley"] == 2
    assert game.why_not("build iron Dudley[2] with card Iron Works")
    assert not game.why_not("build iron Birmingham[3] with card Iron Works")
    assert game.coal_sources("Birmingham").text().startswith(
        "Coal used at Birmingham comes from the nearest connected mine with coal: Dudley[1] (Player 2, 2 coal cubes, "
        "3 links away)")
    game.play("network Cannock - Walsall with card Coal Mine")
    assert "Nearest: Cannock[2]" in game.coal_sources("Birmingham").text()
    says("en", "Dudley's, three links away", "Cannock is connected, two links away")
    says("ja", "ダドリーからです。運輸タイル3本", "カノックは2本の距離でつながり")


def test_coal_iron_and_beer_in_lesson_03():
    equal = library.load("equidistant_coal").game()
    assert [step.rule for step in equal.why_not("build iron Walsall[1] with card Walsall")] == ["choice.ambiguous"]
    market = library.load("coal_market").game()
    market.play("build iron Birmingham[3] with card Birmingham")
    anywhere = library.load("iron_anywhere").game()
    anywhere.play("build brewery Stafford[1] with card Stafford")
    assert (market.players[0].money, anywhere.players[0].money) == (16, 15)
    scenario = library.load("own_and_other_beer")
    scenario.link("Walsall - Birmingham", player=1).link("Worcester - Birmingham", player=1)
    beer = scenario.game()
    before = beer.players[0].money, beer.players[1].income_level
    beer.play("sell cotton Worcester[1] to Gloucester[1] with card Wolverhampton; beer Walsall[2]")
    assert before == (10, 0) and (beer.players[0].money, beer.players[1].income_level) == (10, 2)
    says("en", "+ £2, because", ": £16.", "(£20 → £15)", "their £10 stay £10", "rises from 0 to 2")
    says("ja", "2ポンドを足して16ポンド", "20ポンド → 15ポンド", "10ポンドのまま", "収入レベルが0から2に")


@pytest.mark.parametrize(("beer", "space"), [("Oxford[1]", 17), ("Stafford[1]", 19)])
def test_merchant_beer_against_own_beer_in_lesson_05(beer, space):
    game = library.load("merchant_beer_bonus").game()
    assert game.players[0].income_space == 10
    game.play(f"sell cotton Birmingham[1] to Oxford[1] with card Wolverhampton; beer {beer}")
    assert game.players[0].income_space == space
    says("en", f"to {space}")
    says("ja", f"{space}マス目")


def test_refused_sales_in_lesson_05():
    game = library.load("merchant_beer_bonus").game()
    assert game.why_not("sell brewery Stafford[1] to Oxford[1] with card Wolverhampton")
    assert game.why_not("sell cotton Birmingham[1] to Oxford[1] with card Wolverhampton; beer Oxford[1], Stafford[1]")


def test_link_scores_in_the_canal_scoring_position():
    lines = str(library.load("canal_scoring").game().score_preview())
    assert "Dudley - Birmingham" in lines and "= 3 VP" in lines
    assert ("Birmingham 1 (Player 2's flipped iron works I: 1 icon) + Oxford 2 (printed at the merchant: 2 icons) "
            "= 3 VP") in lines
    says("en", "3 VP: the coal mine shows 2 link icons and the iron works 1", "scores 1 + 2 = 3")
    says("ja", "3点です。炭鉱にリンク得点アイコンが2個、製鉄所に1個", "1＋2＝3点")


def test_the_guided_rounds_of_lesson_15():
    """The four coached moves, as the script tells them: money and income after each."""
    from brass_nb import guided

    play = guided.script()
    game, bot, seen = play.new_game(), play.bot(), []
    for move in play.moves:
        while game.current_player != 0 or game.phase is not None:
            game.play("done" if game.current_player == 0 else bot.choose(game))
        game.play(guided.reachable(game, move))
        learner = game.players[0]
        seen.append((learner.money, learner.income_level, learner.income_space))
    assert seen == [(5, 0, 10), (2, 0, 10), (2, 3, 15), (35, 0, 10)]
    says("en", "It costs £12 of your £17", "You are left with £2", "10 → 15: level 0 → 3", "(£35 in all)",
         "level 3 → 0 (space 15 → 10)")
    says("ja", "所持金17ポンドのうち12ポンド", "残りは2ポンド", "10から15へ、収入レベルは0から3", "合計35ポンド",
         "レベル3から0（15マス目から10マス目）")
