"""\"Your move\" exercises: each is solved by the engine, and a plausible wrong move is refused for the right reason.

Every lesson has at least three, in both languages; the widget judges a move played with the table's controls or
typed, climbs the hint ladder to the answer on the board, and takes a wrong move back."""
from __future__ import annotations

import pytest

from brass_nb import progress, quizbank
from brass_nb.explain import reason
from brass_nb.quizbank import exercises as bank
from brass_nb.widgets.exercise import YourMove

ALL = [e for lesson in quizbank.lessons() for e in bank.exercises(lesson)]
MINIMUM_PER_LESSON = 3


def test_every_lesson_has_three_exercises_with_unique_ids():
    short = {lesson: len(bank.exercises(lesson)) for lesson in quizbank.lessons()
             if len(bank.exercises(lesson)) < MINIMUM_PER_LESSON}
    assert not short, f"lessons with fewer than {MINIMUM_PER_LESSON} exercises: {short}"
    keys = [e.key for e in ALL]
    assert len(keys) == len(set(keys))


@pytest.mark.parametrize("exercise", ALL, ids=lambda e: e.key)
def test_the_engine_solves_it_and_refuses_the_wrong_move_for_its_reason(exercise):
    answer = bank.answer(exercise)
    verdict = bank.judge(exercise, answer)
    assert verdict.ok and verdict.legal, [reason(s, "en") for s in verdict.steps]
    assert exercise.wrong and exercise.wrong_reason, "every exercise names a plausible wrong move and its reason"
    wrong = bank.judge(exercise, exercise.wrong)
    assert not wrong.ok
    assert wrong.reason is not None and wrong.reason.rule == exercise.wrong_reason, (
        [(s.rule, reason(s, "en")) for s in wrong.steps])
    assert len(bank.solutions(exercise)) < len(exercise.game().legal_actions()), "some legal move must miss"
    for language in ("en", "ja"):
        assert all(bank.goal_words(exercise, language))
        assert all(reason(s, language) for s in verdict.steps + wrong.steps)


def test_a_wrong_move_then_the_hint_ladder_then_the_right_move():
    exercise = bank.exercise("04_building/farm-brewery")
    widget = YourMove(exercise, "en")
    table = widget.explorer.table
    table.play("build pottery Stafford[2] with card Wild Location")
    assert widget.tries == 1 and not widget.solved and table.paused and not table.controls().human
    assert "a pottery at Stafford[2]" in widget.feedback.value and "Try again" in widget.feedback.value
    widget.retry()
    assert not table.game.log and table.controls().human
    table.play_typed(exercise.wrong)
    assert widget.tries == 2 and "never a location card" in widget.feedback.value
    for _ in range(3):
        widget.climb()
    assert widget.hint_button.disabled and table.selected == bank.answer(exercise)
    assert "Farm Brewery South[1]" in widget.hints.value
    table.play(table.selected)
    assert widget.solved and not widget.first_try and "Goal met" in widget.feedback.value
    widget.close()


def test_right_at_the_first_try_in_japanese():
    exercise = bank.exercise("04_building/farm-brewery")
    widget = YourMove(exercise, "ja")
    widget.explorer.table.play(bank.answer(exercise))
    assert widget.solved and widget.first_try
    assert "1回目で正解です" in widget.feedback.value and "目標達成" in widget.feedback.value
    kept = progress.lesson_progress("04_building")
    assert (kept.exercises_done, kept.exercises_right_first_try) == (1, 1)
    widget.close()


def test_a_move_played_from_the_shown_answer_is_kept_as_not_first_try():
    exercise = bank.exercise("04_building/farm-brewery")
    widget = YourMove(exercise, "en")
    for _ in range(3):
        widget.climb()
    widget.explorer.table.play(widget.explorer.table.selected)
    kept = progress.read_progress().items[exercise.key]
    assert kept.right and not kept.right_first_try and kept.needs_review
    widget.close()


def test_a_brewery_the_sale_empties_is_not_counted_as_sold():
    exercise = bank.exercise("05_selling_and_merchants/two-barrels")
    (step,) = bank.judge(exercise, bank.answer(exercise)).steps
    assert step.facts["sold"] == ["Birmingham[2]"]
    assert reason(step, "en") == "Goal met: Birmingham[2] is sold."


def test_first_next_round_reads_the_new_turn_order_and_a_tie_keeps_the_order():
    exercise = bank.exercise("01_setup_and_first_turn/build-and-go-first")
    tie = bank.judge(exercise, exercise.wrong).reason
    assert tie is not None and tie.facts["decided"] and tie.facts["spent"] == [7, 7] and tie.facts["first"] == 1
    assert "a tie keeps the current order" in reason(tie, "en") and "同額なら今の手番順のままです" in reason(tie, "ja")
def test_a_move_that_ends_the_era_is_measured_by_the_vp_it_scored():
    """The era's last action scores the era; a preview of the next era's end would count the tiles that stay twice."""
    from brass_nb.quizbank import bank as questions
    from brass_nb.quizbank.goals import _outcome, measure
    from brass_nb.scenario.text import game_from_text

    game = game_from_text(questions("14_a_whole_game_against_the_bots")["positions"]["canal_end"])
    outcome = _outcome(game, game.parse("pass with card Coventry"))
    assert outcome.after.state.era != game.state.era
    assert measure(outcome, "vp") == outcome.after.players[outcome.player].vp


def test_a_lessons_exercises_one_at_a_time():
    from brass_nb.widgets.exercise import YourMoveSet

    walk = YourMoveSet("15_your_first_game", "ja")
    assert len(walk.exercises) == 3 and walk.previous_button.disabled
    walk.next_button.click()
    assert walk.index == 1 and walk.slot.children[0].exercise.id == "sell-with-merchant-beer"
    assert "あなたの番 · 2 / 3" in walk.slot.children[0].heading.value


def test_the_tables_own_undo_takes_a_judged_move_back_like_try_again():
    widget = YourMove(bank.exercise("04_building/farm-brewery"), "en")
    table = widget.explorer.table
    table.play("loan with card Coventry")
    assert table.paused
    table.undo()
    assert not table.game.log and not table.paused and table.controls().human
    widget.close()


def test_a_second_click_while_the_verdict_shows_plays_nothing():
    widget = YourMove(bank.exercise("04_building/farm-brewery"), "en")
    table = widget.explorer.table
    table.play("loan with card Coventry")
    widget.explorer.play_button.click()             # the double click's second half
    table.play_typed("pass with card Dudley")
    assert len(table.game.log) == 1 and widget.tries == 1
    widget.close()
