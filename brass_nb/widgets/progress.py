"""The learner's progress at the top of a lesson: one line of what is done here, and a short review of what they
missed in earlier lessons.

Both read the learner's progress file (:mod:`brass_nb.progress`). :class:`ProgressBanner` listens to
:func:`brass_nb.progress.record` and rewrites its line whenever an item of its lesson is answered, in any cell.
:class:`ReviewSet` picks its items once, when shown, so that the set stays put while the learner works through it.
"""
from __future__ import annotations

import html

import ipywidgets as w

from brass_nb import progress, quizbank
from brass_nb.explain import language_or_default
from brass_nb.widgets.quiz import Quiz

WORDS = {
    "en": {"progress": "Your progress: {questions}", "questions": "questions {done} of {total}",
           "first_try": " ({first} right at the first try)", "exercises": " · exercises {done} of {total}",
           "review": "Review: {count} you missed in earlier lessons. Try them again.",
           "reviewed": "Tried again: {done} of {count}.",
           "nothing": "Nothing to review from earlier lessons. On with this one!"},
    "ja": {"progress": "これまでの進み具合: {questions}", "questions": "問題 {total}問中{done}問",
           "first_try": "（1回目で正解 {first}問）", "exercises": "・あなたの番 {total}問中{done}問",
           "review": "復習: 前のレッスンで間違えた問題が{count}問あります。もう一度挑戦してみましょう。",
           "reviewed": "{count}問中{done}問に取り組みました。",
           "nothing": "前のレッスンから復習する問題はありません。このレッスンに進みましょう！"},
}


def banner_text(done: progress.LessonProgress, language: str) -> str:
    """The banner's line: questions answered (and how many right at the first try), exercises done."""
    words = WORDS[language]
    questions = words["questions"].format(done=done.questions_done, total=done.questions_total)
    if done.questions_done:
        questions += words["first_try"].format(first=done.questions_right_first_try)
    if done.exercises_total:
        questions += words["exercises"].format(done=done.exercises_done, total=done.exercises_total)
        if done.exercises_done:
            questions += words["first_try"].format(first=done.exercises_right_first_try)
    return words["progress"].format(questions=questions)


class ProgressBanner(w.HTML):
    """One line for the top of a lesson, kept up to date as the learner answers its questions and exercises."""

    def __init__(self, lesson: str, language: str | None = None):
        super().__init__()
        self.lesson = lesson
        self.language = language_or_default(language)
        self.add_class("brass-progress")
        progress.add_listener(self._heard)
        self.refresh()

    def __repr__(self) -> str:
        return f"ProgressBanner({self.lesson!r})"

    def refresh(self) -> None:
        """Read the progress file again and rewrite the line."""
        text = banner_text(progress.lesson_progress(self.lesson), self.language)
        self.value = f"<p><b>{html.escape(text)}</b></p>"

    def _heard(self, kept: progress.ItemProgress) -> None:
        if kept.lesson == self.lesson:
            self.refresh()


class ReviewSet(w.VBox):
    """Up to ``limit`` questions and exercises of earlier lessons the learner missed, to try again; a friendly line
    when there is nothing to review."""

    def __init__(self, lesson: str, language: str | None = None, limit: int = 3):
        self.lesson = lesson
        self.language = language = language_or_default(language)
        self.items = progress.to_review(lesson, limit)
        words = WORDS[language]
        self.heading = w.HTML()
        self.status = w.HTML()
        self.reviews = [review_widget(item, language) for item in self.items]
        for review in self.reviews:
            if isinstance(review, Quiz):
                review.on_answer = lambda _quiz: self._update_status()
        text = words["review"].format(count=len(self.items)) if self.items else words["nothing"]
        self.heading.value = f"<p><b>{html.escape(text)}</b></p>"
        self._update_status()
        super().__init__([self.heading, *self.reviews, self.status] if self.items else [self.heading])
        self.add_class("brass-review")

    def __repr__(self) -> str:
        return f"ReviewSet({self.lesson!r}, {len(self.items)} to review)"

    def _update_status(self) -> None:
        done = sum(1 for review in self.reviews if isinstance(review, Quiz) and review.finished)
        text = WORDS[self.language]["reviewed"].format(done=done, count=len(self.items))
        self.status.value = f"<p>{html.escape(text)}</p>" if done else ""


def review_widget(item: str, language: str) -> w.Widget:
    """The widget that asks ``item`` again: a :class:`Quiz` for a question of the bank, else its exercise."""
    lesson = item.partition("/")[0]
    for question in quizbank.questions(lesson):
        if progress.question_item(question) == item:
            return Quiz.from_question(question, language)
    return exercise_widget(item, language)


def exercise_widget(key: str, language: str) -> w.Widget:
    """The "your move" exercise ``key`` (``"<lesson>/<id>"``), shown as the exercise widget shows it."""
    from brass_nb.widgets.exercise import YourMove  # the exercises' widget, loaded only when one is reviewed
    return YourMove.from_key(key, language)
