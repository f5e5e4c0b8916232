"""A learner's progress (brass_nb/progress.py) without a hub: kept across kernels, written whole or not at all, read
distrustfully, summed up per lesson, and the review of earlier misses; and the two widgets at a lesson's top."""
from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
import types
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from brass_nb import progress, quizbank
from brass_nb.progress import (
    MAX_FILE_BYTES,
    PROGRESS_VARIABLE,
    QUESTION,
    YOUR_MOVE,
    ItemProgress,
    LessonProgress,
    lesson_progress,
    read_progress,
    record,
    to_review,
)
from brass_nb.quizbank.exercises import exercises as quizbank_exercises
from brass_nb.widgets import progress as widgets
from brass_nb.widgets.quiz import Quiz

REPO = Path(__file__).resolve().parent.parent
FIRST, SECOND, THIRD = "00_start_here", "01_setup_and_first_turn", "02_network_vs_connected"


@pytest.fixture
def path() -> Path:
    return Path(os.environ[PROGRESS_VARIABLE])


@pytest.fixture
def clock(monkeypatch):
    """Each record a minute after the one before, so that the order of misses does not depend on the machine."""
    minutes = iter(range(10_000))
    start = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)

    class Clock(datetime):
        @classmethod
        def now(cls, tz=None):
            return start + timedelta(minutes=next(minutes))

    monkeypatch.setattr(progress, "datetime", Clock)


def answer(item: str, right: bool, tries: int = 1, kind: str = QUESTION) -> ItemProgress:
    return record(item, kind, right, tries, "Dudley[1]" if right else "market", f"Where from? ({item})")


# --- one item's record --------------------------------------------------------------------------------------------

def test_each_item_keeps_its_attempts_its_first_try_its_last_answer_and_whether_to_review_it(path, clock):
    answer(f"{FIRST}/q1", False)
    answer(f"{FIRST}/q1", True, tries=2)
    answer(f"{FIRST}/q2", True)
    kept = read_progress(path)
    assert kept.problems == []
    first, second = kept.items[f"{FIRST}/q1"], kept.items[f"{FIRST}/q2"]
    assert (first.attempts, first.right, first.right_first_try, first.needs_review, first.answer) == (
        2, True, False, True, "Dudley[1]")
    assert first.missed == "2026-12-01T09:00:00.000+00:00" and first.time == "2026-12-01T09:01:00.000+00:00"
    assert (second.attempts, second.right_first_try, second.needs_review, second.missed) == (1, True, False, None)
    answer(f"{FIRST}/beer-for-the-mill", True, kind=YOUR_MOVE)
    assert read_progress(path).items[f"{FIRST}/beer-for-the-mill"].kind == "your_move"
    assert json.loads(path.read_text())["version"] == 1


def test_progress_survives_a_new_kernel(path):
    environment = {**os.environ, "PYTHONPATH": str(REPO)}
    subprocess.run([sys.executable, "-c", f"from brass_nb.progress import record; "
                    f"record('{FIRST}/q1', 'question', True, 1, 'Dudley[1]', 'Where?')"],
                   env=environment, check=True, cwd=REPO)
    shown = subprocess.run([sys.executable, "-c", f"from brass_nb.progress import lesson_progress; "
                            f"print(lesson_progress('{FIRST}'))"],
                           env=environment, check=True, cwd=REPO, capture_output=True, text=True).stdout
    assert "questions_done=1" in shown and "questions_right_first_try=1" in shown


def test_a_kernel_killed_while_writing_leaves_the_file_as_it_was(path):
    answer(f"{FIRST}/q1", True)
    before = path.read_bytes()
    killed = subprocess.run([sys.executable, "-c", f"""
import os
import brass_nb.rules.files as files
files.os.replace = lambda *args: os._exit(9)          # the kernel dies between writing and renaming
from brass_nb.progress import record
record('{FIRST}/q2', 'question', False, 1, 'market', 'Where?')
"""], env={**os.environ, "PYTHONPATH": str(REPO)}, cwd=REPO)
    assert killed.returncode == 9
    assert path.read_bytes() == before
    assert list(read_progress(path).items) == [f"{FIRST}/q1"]
    answer(f"{FIRST}/q3", True)                          # and the next record goes on from there
    assert sorted(read_progress(path).items) == [f"{FIRST}/q1", f"{FIRST}/q3"]


def test_a_file_that_cannot_be_written_does_not_stop_the_lesson(tmp_path, monkeypatch, caplog):
    blocker = tmp_path / "not_a_folder"
    blocker.write_text("")
    monkeypatch.setenv(PROGRESS_VARIABLE, str(blocker / "progress.json"))
    with caplog.at_level(logging.WARNING):
        kept = answer(f"{FIRST}/q1", True)
    assert kept.right_first_try and "progress not saved" in caplog.text


def test_an_unknown_kind_or_an_item_without_its_lesson_is_the_callers_mistake():
    with pytest.raises(ValueError, match="expected an item"):
        record(f"{FIRST}/q1", "essay", True, 1, "a", "q")
    with pytest.raises(ValueError, match="expected an item"):
        record("q1", QUESTION, True, 1, "a", "q")


# --- a file the learner can edit ----------------------------------------------------------------------------------

GOOD = {"kind": "question", "attempts": 1, "right": True, "right_first_try": True, "needs_review": False,
        "answer": "2", "prompt": "q", "time": "2026-12-01T09:00:00+00:00", "missed": None}


@pytest.mark.parametrize("content, problem", [
    (b"{not json", "not JSON"),
    (b"\xff\xfe\x00garbage", "not JSON"),
    (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    (b"[1, 2]", "expected an object with an 'items' object"),
    (b'{"items": ["all right"]}', "expected an object with an 'items' object"),
])
def test_a_broken_file_is_a_problem_a_lesson_without_progress_and_is_moved_aside(path, content, problem):
    path.write_bytes(content)
    stored = read_progress(path)
    assert stored.items == {} and len(stored.problems) == 1 and problem in stored.problems[0]
    assert lesson_progress(FIRST).questions_done == 0 and to_review(SECOND) == []
    answer(f"{FIRST}/q1", True)
    aside = [p for p in path.parent.iterdir() if p.name.startswith("progress.json.unreadable-")]
    assert len(aside) == 1 and aside[0].read_bytes() == content
    assert list(read_progress(path).items) == [f"{FIRST}/q1"]


def test_malformed_entries_are_skipped_and_the_good_ones_kept(path):
    path.write_text(json.dumps({"version": 1, "items": {
        f"{FIRST}/q1": GOOD, "no-lesson": GOOD, f"{FIRST}/q2": {**GOOD, "right": "yes"},
        f"{FIRST}/q3": {**GOOD, "attempts": True}, f"{FIRST}/q4": {**GOOD, "kind": "essay"},
        f"{FIRST}/q5": {**GOOD, "attempts": 0}, f"{FIRST}/q6": {**GOOD, "extra": 1}, f"{FIRST}/q7": "cheat"}}))
    stored = read_progress(path)
    assert list(stored.items) == [f"{FIRST}/q1"] and len(stored.problems) == 7
    assert all(" skipped: " in problem for problem in stored.problems)


def test_a_symlink_a_fifo_and_an_oversized_file_are_refused_without_reading_or_writing_through_them(tmp_path,
                                                                                                   monkeypatch):
    secret = tmp_path / "someone_elses.json"
    secret.write_text(json.dumps({"items": {f"{FIRST}/q1": GOOD}}))
    link = tmp_path / "link.json"
    link.symlink_to(secret)
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)                                          # a reader that opened this blocking would hang the lesson
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (MAX_FILE_BYTES + 1))
    for where, problem in ((link, "Too many levels of symbolic links"), (fifo, "not a regular file"),
                           (big, "more than the")):
        stored = read_progress(where)
        assert stored.items == {} and len(stored.problems) == 1 and problem in stored.problems[0], stored.problems
    monkeypatch.setenv(PROGRESS_VARIABLE, str(link))
    answer(f"{FIRST}/q2", False)
    assert json.loads(secret.read_text()) == {"items": {f"{FIRST}/q1": GOOD}}     # the link was moved, not followed
    assert not link.is_symlink() and list(read_progress(link).items) == [f"{FIRST}/q2"]


# --- a lesson's progress and the review ---------------------------------------------------------------------------

def test_a_lessons_progress_counts_only_its_own_items_still_in_the_bank(clock):
    answer(f"{FIRST}/q1", True)
    answer(f"{FIRST}/q2", False)
    answer(f"{FIRST}/q2", True, tries=2)
    answer(f"{FIRST}/q99", True)                         # a question the bank no longer has
    answer(f"{SECOND}/q1", True)
    total, exercises = len(quizbank.questions(FIRST)), len(quizbank_exercises(FIRST))
    assert lesson_progress(FIRST) == LessonProgress(FIRST, 2, total, 1, 0, exercises, 0)


def test_the_review_holds_earlier_misses_most_recent_first_until_answered_right_at_a_first_try(clock):
    answer(f"{FIRST}/q1", False)                         # 09:00 missed
    answer(f"{FIRST}/q2", True)                          # right at the first try: never reviewed
    answer(f"{FIRST}/q3", False)                         # 09:02 missed ...
    answer(f"{FIRST}/q3", True, tries=2)                 # ... right only at the second try
    answer(f"{SECOND}/q1", False)                        # 09:04
    answer(f"{SECOND}/q2", False)                        # 09:05
    answer(f"{THIRD}/q1", False)                         # this lesson's own miss is not reviewed in it
    answer(f"{FIRST}/q9", False)                         # not in the bank: nothing to show
    assert to_review(THIRD) == [f"{SECOND}/q2", f"{SECOND}/q1", f"{FIRST}/q3"]
    assert to_review(THIRD, limit=5) == [f"{SECOND}/q2", f"{SECOND}/q1", f"{FIRST}/q3", f"{FIRST}/q1"]
    assert to_review(SECOND) == [f"{FIRST}/q3", f"{FIRST}/q1"]
    answer(f"{FIRST}/q3", False)                         # in the review: wrong again, so the most recent miss
    answer(f"{FIRST}/q3", True, tries=2)
    answer(f"{SECOND}/q2", True)                         # right at the first try of the review: done with it
    assert to_review(THIRD, limit=5) == [f"{FIRST}/q3", f"{SECOND}/q1", f"{FIRST}/q1"]
    answer(f"{SECOND}/q2", False)                        # a later slip brings it back
    assert to_review(THIRD)[0] == f"{SECOND}/q2"


def test_whoever_listens_hears_each_record_and_a_failing_listener_is_only_logged(caplog, monkeypatch):
    monkeypatch.setattr(progress, "_listeners", [])
    heard: list[str] = []

    class Listener:
        def hear(self, kept: ItemProgress) -> None:
            heard.append(kept.item)

    def fail(kept: ItemProgress) -> None:
        raise RuntimeError("broken widget")

    listener = Listener()
    progress.add_listener(fail)
    progress.add_listener(listener.hear)
    answer(f"{FIRST}/q1", True)
    assert heard == [f"{FIRST}/q1"] and "a progress listener failed" in caplog.text
    del listener                                          # a widget gone with its cell is not called again
    answer(f"{FIRST}/q2", True)
    assert heard == [f"{FIRST}/q1"]


# --- the widgets --------------------------------------------------------------------------------------------------

def test_the_banner_says_what_is_done_in_both_languages():
    done = LessonProgress(FIRST, 3, 5, 2, 1, 3, 1)
    assert widgets.banner_text(done, "en") == (
        "Your progress: questions 3 of 5 (2 right at the first try) · exercises 1 of 3 (1 right at the first try)")
    assert widgets.banner_text(done, "ja") == (
        "これまでの進み具合: 問題 5問中3問（1回目で正解 2問）・あなたの番 3問中1問（1回目で正解 1問）")
    nothing = LessonProgress(FIRST, 0, 5, 0, 0, 0, 0)
    assert widgets.banner_text(nothing, "en") == "Your progress: questions 0 of 5"
    assert widgets.banner_text(nothing, "ja") == "これまでの進み具合: 問題 5問中0問"


def test_the_banner_follows_each_answer_of_its_lesson():
    banner = widgets.ProgressBanner(FIRST, "en")
    other = widgets.ProgressBanner(SECOND, "ja")
    total, exercises = len(quizbank.questions(FIRST)), len(quizbank_exercises(FIRST))
    assert banner.value == f"<p><b>Your progress: questions 0 of {total} · exercises 0 of {exercises}</b></p>"
    answer(f"{FIRST}/q1", True)
    assert banner.value == (f"<p><b>Your progress: questions 1 of {total} (1 right at the first try)"
                            f" · exercises 0 of {exercises}</b></p>")
    assert "5問中0問" in other.value


def test_with_nothing_to_review_the_review_says_so_kindly():
    assert widgets.ReviewSet(SECOND, "en").children[0].value == (
        "<p><b>Nothing to review from earlier lessons. On with this one!</b></p>")
    assert "復習する問題はありません" in widgets.ReviewSet(SECOND, "ja").heading.value


def test_the_review_asks_the_missed_questions_again_with_the_quiz(clock):
    answer(f"{FIRST}/q2", False)
    answer(f"{FIRST}/q4", False)
    review = widgets.ReviewSet(SECOND, "ja")
    assert review.items == [f"{FIRST}/q4", f"{FIRST}/q2"]
    quizzes = [child for child in review.children if isinstance(child, Quiz)]
    assert [q.text for q in quizzes] == [quizbank.solve(quizbank.questions(FIRST)[n], "ja").prompt for n in (3, 1)]
    assert "2問あります" in review.heading.value and review.status.value == ""
    quiz = quizzes[0]
    quiz.choice.value = quiz.answer
    quiz.check_button.click()
    assert review.status.value == "<p>2問中1問に取り組みました。</p>"


def test_an_exercise_to_review_is_shown_by_the_exercise_widget(monkeypatch):
    shown = []
    exercise = types.ModuleType("brass_nb.widgets.exercise")
    exercise.YourMove = types.SimpleNamespace(from_key=lambda key, language: shown.append((key, language)) or key)
    monkeypatch.setitem(sys.modules, "brass_nb.widgets.exercise", exercise)
    assert widgets.review_widget(f"{FIRST}/beer-for-the-mill", "en") == f"{FIRST}/beer-for-the-mill"
    assert shown == [(f"{FIRST}/beer-for-the-mill", "en")]


def test_a_checked_quiz_answer_is_kept_in_the_learners_progress():
    question = quizbank.questions(FIRST)[0]
    quiz = Quiz.from_question(question, "en", picture=False)
    wrong = next(option for option in quiz.choice.options if option != quiz.answer)
    quiz.choice.value = wrong
    quiz.check_button.click()
    quiz.choice.value = quiz.answer
    quiz.check_button.click()
    kept = progress.read_progress().items[f"{FIRST}/q1"]
    assert (kept.attempts, kept.right, kept.right_first_try, kept.needs_review) == (2, True, False, True)
    assert lesson_progress(FIRST).questions_done == 1 and to_review(SECOND) == [f"{FIRST}/q1"]
