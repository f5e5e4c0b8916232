"""Names in Japanese output are Japanese: the bots at the table, the hand, the players' money, a quiz's options, the
edition's name and the cards a refusal names."""
from __future__ import annotations

import pytest

import brass_nb as bn
from brass_nb.bots import GreedyBot, RandomBot, SearchBot, strengths
from brass_nb.explain import localize, reason
from brass_nb.rules.records import Step
from brass_nb.scenario import library
from brass_nb.widgets.labels import LABELS
from brass_nb.widgets.panels import hand_html, seat_name, status_html
from brass_nb.widgets.quiz import Quiz


@pytest.mark.parametrize("bot, words", [
    (strengths.bot("beginner"), "初級"), (strengths.bot("club"), "中級"), (strengths.bot("strong"), "上級"),
    (GreedyBot(), "欲張り"), (SearchBot(), "先読み"), (RandomBot(), "ランダム")])
def test_a_bot_seat_is_named_in_japanese(bot, words):
    seats = ["human", bot]
    assert seat_name(seats, 1, "ja") == f"プレイヤー2（ボット: {words}）"
    assert seat_name(seats, 0, "ja") == "プレイヤー1（あなた）"
    assert seat_name(seats, 1, "en") == f"Player 2 ({bot.name})"          # English keeps the bot's own name
    game = bn.new_game("birmingham", players=2, seed=1)
    while game.current_player != 1:
        game.play(game.legal_actions()[0])
    assert f"プレイヤー2（ボット: {words}）の手番です" in status_html(game, seats, "ja")


def test_every_bot_the_package_names_has_japanese_words():
    named = {strengths.bot(s).name for s in strengths.STRENGTHS} | {GreedyBot().name, SearchBot().name,
                                                                       RandomBot().name}
    assert named <= set(LABELS["ja"]["bots"])


def test_a_bot_the_labels_do_not_know_keeps_its_name():
    class Mine:
        name = "mine"

        def choose(self, game):
            return game.legal_actions()[0]
    assert seat_name(["human", Mine()], 1, "ja") == "プレイヤー2（ボット: mine）"


def test_the_hand_in_japanese():
    game = bn.new_game("birmingham", players=2, seed=1)
    player = game.current_player
    shown = hand_html(game, player, "ja")
    for card in game.players[player].hand:
        assert localize(card, "ja") in shown


def test_a_coal_source_quiz_offers_japanese_names():
    game = library.load("coal_market").game()
    quiz = Quiz.coal_source(game, "build iron Birmingham[3] with card Birmingham", "ja")
    assert quiz.choice.options == ("タムワース[1]", "石炭市場")
    assert quiz.text == ("プレイヤー1が「バーミンガム[3]に製鉄所を建設（カード: バーミンガム）」を行います。"
                         "石炭はどこから来ますか？")
    assert "<code class='brass-notation'" in quiz.question.value and "build iron Birmingham[3]" in quiz.question.value


def test_the_editions_and_the_cards_a_refusal_names_are_japanese():
    assert localize("Roxley 2018", "ja") == "ロクスリー2018年版"
    assert localize("Warfrog 2007", "ja") == "ウォーフロッグ2007年版"
    step = Step("card.not_in_hand", {"card": "Iron Works, Wild Location", "hand": ["Coventry", "Dudley"]}, ok=False)
    assert reason(step, "ja") == "「製鉄所、ワイルド都市」は手札にありません（手札: コヴェントリー、ダドリー）。"
