"""The table's model (brass_nb/widgets/table.py) played without a browser and without ipywidgets: choosing narrows
to one legal action and previews it, a move updates the message and panel, a refusal keeps the choice legal, undo
and redo, bots, a finished game's replay, the review view beside it, and the same panel and message redrawn in the
other language."""
from __future__ import annotations

import re
import subprocess
import sys

import pytest

import brass_nb as bn
from brass_nb.bots import GreedyBot, RandomBot, play_out
from brass_nb.explain.review import EN_RATINGS, JA_RATINGS, decision_words
from brass_nb.rules.game import new_game
from brass_nb.widgets.reviewing import REVIEW_DEPTH
from brass_nb.widgets.table import HintShown, Played, Preview, Replayed, Reviewed, Reviewing, Table, Undone


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


# ---------------------------------------------------------------------------- the review view


@pytest.fixture(scope="module")
def finished() -> bn.Game:
    """A two-player game Player 1 played at random (so it has decisive moments) and the greedy coach finished."""
    game = new_game("birmingham", players=2, seed=1)
    play_out(game, [RandomBot(1), GreedyBot()])
    return game


def reviewed_table(game: bn.Game, player: int | None = None) -> Table:
    """The game at a table, Player 2 a bot, its review view open on ``player`` with the review computed (one ply
    deep: the search's own test is the game in progress below)."""
    table = Table(game, seats=["human", GreedyBot()])
    table.review_depth = "greedy"
    job = table.open_review(player)
    assert isinstance(table.panel, Reviewing) and "0%" in table.panel_html()
    table.review_done(job, job.run())
    return table


@pytest.mark.parametrize("player", [None, 1])
def test_the_review_view_lists_the_seats_decisions_with_bn_reviews_ratings(finished, player):
    table = reviewed_table(finished, player)
    expected = bn.review(finished, player or 0, depth="greedy")
    assert table.reviewed == (player or 0)                  # the human seat unless another is chosen
    assert [number for _, number in table.decision_options()] == [d.number for d in expected.decisions]
    for (label, _), decision in zip(table.decision_options(), expected.decisions, strict=True):
        assert label.startswith(f"{decision.number} · {EN_RATINGS[decision.rating.value][0]} · ")
    assert [number for _, number in table.decisive_options()] == [d.number for d in expected.decisive()]
    assert isinstance(table.panel, Reviewed) and table.panel.review == expected
    assert ("The moments that decided the game" if expected.decisive() else "No decision cost") in table.panel_html()
    assert table.controls().reviewing and not table.controls().human


def test_choosing_a_decision_moves_the_replay_to_where_it_was_taken_and_shows_the_better_move(finished):
    table = reviewed_table(finished)
    decision = bn.review(finished, 0, depth="greedy").decisive()[0]
    table.choose_decision(decision.number)
    assert table.replay_index == decision.number - 1 and table.decision_shown == decision
    position = table.board_game()
    assert position is table.moments[decision.number - 1].game
    assert position.log == finished.log[:decision.number - 1] and position.current_player == 0
    assert decision.better != decision.played and decision.better in position.legal_actions()
    words = decision_words(decision.to_dict(), "en")
    shown = table.panel_html()
    assert f"data-number='{decision.number}'" in shown and "Better:" in shown
    assert words.better in shown and words.played in shown and words.rating in shown
    # the board shows the better move: its principle, then its steps, as the engine explains it on that position
    better = position.copy().play(decision.better)
    assert table.highlight == [decision.better_principle, *better.steps]
    # the replay moved elsewhere: a move of Player 2 is shown, with no decision of Player 1
    rival = next(i for i in range(decision.number, len(table.moments)) if table.moments[i].explanation.player == 1)
    table.replay_to(rival)
    assert table.decision_shown is None and table.shown == list(table.moments[rival].explanation.steps)


def test_the_review_is_worded_again_in_the_other_language(finished):
    table = reviewed_table(finished)
    decision = bn.review(finished, 0, depth="greedy").decisive()[0]
    table.choose_decision(decision.number)
    english = table.panel_html()
    assert "Played:" in english and EN_RATINGS[decision.rating.value][0] in english
    table.set_language("ja")
    japanese = table.panel_html()
    assert "行ったアクション:" in japanese and "よりよいアクション:" in japanese
    assert JA_RATINGS[decision.rating.value] in japanese
    assert "Played:" not in japanese and "Better:" not in japanese
    assert decision_words(decision.to_dict(), "ja").better in japanese
    assert table.decisive_options()[0][0] == f"{decision.number} · {JA_RATINGS[decision.rating.value]}"


def test_a_review_is_computed_once_and_closing_returns_to_the_replay(finished):
    table = reviewed_table(finished)
    number = table.decisive_options()[0][1]
    table.choose_decision(number)
    table.close_review()
    assert type(table.panel) is Replayed and table.replay_index == number - 1 and table.decisive_options() == []
    assert table.reviewed is None and table.controls().over and not table.controls().reviewing
    assert table.open_review() is None                      # kept: nothing to compute again
    assert isinstance(table.panel, Reviewed)


def test_a_game_in_progress_is_reviewed_on_demand_against_the_hints_move():
    game = new_game("birmingham", players=2, seed=1)
    play_out(game, [RandomBot(1), GreedyBot()], limit=12)
    table = Table(game, seats=["human", GreedyBot()])
    table.choose_kind("loan")
    preview = table.panel
    assert table.review_depth == REVIEW_DEPTH == "search" and table.controls().review
    job = table.open_review()
    assert table.moments is not None and table.replay_index == len(game.log)
    assert not table.controls().human and not table.controls().bots_to_act       # the controls wait
    table.review_done(job, job.run())
    expected = bn.review(game, 0)
    assert [d.rating for d in table.panel.review.decisions] == [d.rating for d in expected.decisions]
    assert "not over" in table.panel_html()
    table.close_review()
    assert table.moments is None and table.panel is preview and table.selected.kind == "loan"
    assert table.controls().human
    game.play(table.selected)                               # the game moves on: the kept review is of the past
    assert table.cached_review(0) is None


def note(game) -> tuple[str, list[int]]:
    return game.era, [p.vp for p in game.players]


class Recording(GreedyBot):
    """A greedy bot that notes the era and every player's VP before each of its moves."""

    def __init__(self, notes: list[tuple[str, list[int]]]):
        super().__init__()
        self.notes = notes

    def choose(self, game):
        self.notes.append(note(game))
        return super().choose(game)


@pytest.mark.parametrize("seed", [7, 3])
def test_the_end_of_the_canal_era_is_said_first_with_what_each_player_scored(seed):
    notes: list[tuple[str, list[int]]] = []
    game = new_game("birmingham", players=2, seed=seed)
    table = Table(game, ["human", Recording(notes)], "en")
    while game.era == "canal":
        if not table.human_to_act():                # (the bot first in the turn order)
            table.bot_moves(once=False)
            continue
        notes.append(note(game))
        table.play(GreedyBot().choose(game), True)
    before = [vp for era, vp in notes if era == "canal"][-1]      # before the move that ended the era
    panel = table.panel_html()
    line = re.search(r"<p class='brass-era-ended'[^>]*><b>The canal era ended with (Player \d) \(\w+\)&#x27;s move "
                     r"below\. Its scoring: (.*?)\.</b></p>", panel)
    assert line and panel.index("brass-era-ended") < panel.index("played"), panel[:400]
    scored = {int(n) - 1: int(vp) for n, vp in re.findall(r"Player (\d) \(\w+\) (\d+) VP", line.group(2))}
    assert scored == {p.index: p.vp - before[p.index] for p in game.players}
    table.set_language("ja")
    assert "運河時代が終わりました。運河時代の得点: " in table.panel_html()
