"""The table's model (brass_nb/widgets/table.py) played without a browser and without ipywidgets: choosing narrows
to one legal action and previews it, a move updates the message and panel, a refusal keeps the choice legal, undo
and redo, bots, a finished game's replay, and the same panel and message redrawn in the other language."""
from __future__ import annotations

import subprocess
import sys

from brass_nb.bots import GreedyBot
from brass_nb.rules.game import new_game
from brass_nb.widgets.table import HintShown, Played, Preview, Replayed, Table, Undone


def test_the_model_needs_no_ipywidgets():
    code = ("import sys; sys.modules['ipywidgets'] = None; "
            "from brass_nb.widgets.table import Table; from brass_nb.rules.game import new_game; "
            "t = Table(new_game('birmingham', players=2, seed=1)); t.choose_kind('loan'); print(t.selected.kind)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "loan"


def test_choosing_previews_one_legal_action_and_playing_it_explains_it():
    table = Table(new_game("birmingham", players=2, seed=1))
    assert table.selected in table.game.legal_actions()
    table.choose_kind("loan")
    assert table.selected.kind == "loan" and isinstance(table.panel, Preview) and table.panel.allowed
    assert [row.label for row in table.field_rows()] == ["card", "amount"]
    borrower = table.game.players[table.game.current_player]
    money = borrower.money
    table.play(table.selected)
    assert table.game.log[-1].kind == "loan" and isinstance(table.panel, Played)
    assert borrower.money == money + 30
    assert "Played" in table.status_html() and table.shown == list(table.panel.steps)
    table.choose_step(1)
    assert table.highlight == table.shown[:1] and "brass-chosen" in table.panel_html()


def test_a_refusal_is_a_message_and_the_choice_stays_legal():
    table = Table(new_game("birmingham", players=2, seed=1))
    table.play_typed("build pottery Leek with card Leek")
    assert table.message.kind == "refused" and "Not allowed" in table.status_html()
    assert table.selected in table.game.legal_actions() and table.game.log == []
    table.check("fly to the moon")
    assert "is not an action" in table.status_html()


def test_undo_redo_and_the_message_redrawn_in_japanese():
    table = Table(new_game("birmingham", players=2, seed=1))
    table.choose_kind("loan")
    table.play(table.selected)
    table.undo()
    assert isinstance(table.panel, Undone) and table.game.log == [] and table.controls().redo
    assert table.status_html().count("Undone") == 1
    table.set_language("ja")
    assert "取り消しました" in table.status_html() and "Undone" not in table.status_html()
    assert "取り消しました" in table.panel_html()
    table.redo()
    assert table.game.log and isinstance(table.panel, Played) and not table.controls().redo


def test_bots_move_and_a_finished_game_replays():
    table = Table(new_game("birmingham", players=2, seed=3), seats=[GreedyBot(), GreedyBot()])
    assert table.controls().bots_to_act and not table.controls().human
    assert table.bot_moves(once=True) and len(table.game.log) == 1
    table.bot_moves(once=False)
    assert table.game.is_over and table.controls().over and table.moments is not None
    assert "Final scores" in table.scores_html()
    table.replay_to(0)
    assert isinstance(table.panel, Replayed) and table.board_game() is table.moments[0].game
    table.replay_to(len(table.moments) - 1)
    assert table.shown == list(table.moments[-1].explanation.steps)


def test_a_hint_sets_the_choice_to_the_suggestion():
    table = Table(new_game("birmingham", players=2, seed=1))
    table.hint()
    assert isinstance(table.panel, HintShown) and table.selected == table.panel.hint.action
    hint = table.panel.hint                                 # the board shows what the plan and principles name
    assert table.shown == hint.highlights + hint.explanation.steps
