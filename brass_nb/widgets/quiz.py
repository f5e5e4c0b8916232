"""Quizzes: a position, a question, the learner's answer checked against the engine, and the engine's reason.

:class:`Quiz` is one question with two tries: a wrong answer is told at once why that option is wrong (the engine's
reason, from the quiz bank); the answer and its steps are shown after a right answer or a second wrong one.
:class:`QuizSet` walks through a lesson's questions from the quiz bank (:mod:`brass_nb.quizbank`) and keeps the
score; :func:`answers` is the teacher's view of a bank.
"""
from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as w

from brass_nb import progress, quizbank
from brass_nb.classroom.scores import record_answer
from brass_nb.explain import code_html, language_or_default, notation_html, reason
from brass_nb.explain.actions import describe
from brass_nb.plot import DISPLAY_WIDTH, draw, png
from brass_nb.rules.game import Game
from brass_nb.rules.records import Step
from brass_nb.widgets.clicks import ClickGuard, GuardedButton
from brass_nb.widgets.panels import phrased

TRIES = 2

WORDS = {
    "en": {"check": "Check", "choose": "Choose an answer first.", "right": "Right!",
           "again": "Not quite. Look again and try once more.", "wrong": "Not quite.",
           "answer_is": "The answer is: {answer}.", "previous": "◀ Previous", "next": "Next ▶",
           "question": "Question {n} of {total}",
           "score": "Score: {right} of {total} right ({first} at the first try).",
           "unanswered": "{left} questions not answered yet.", "done": "All questions answered.",
           "heading": "Quiz", "answer": "answer"},
    "ja": {"check": "答え合わせ", "choose": "先に答えを選んでください。", "right": "正解！",
           "again": "ちがいます。もう一度考えてみましょう。", "wrong": "残念。",
           "answer_is": "答えは「{answer}」です。", "previous": "◀ 前へ", "next": "次へ ▶",
           "question": "問題 {n} / {total}", "score": "得点: {total}問中{right}問正解（1回目で正解 {first}問）。",
           "unanswered": "まだ答えていない問題が{left}問あります。", "done": "すべての問題に答えました。",
           "heading": "クイズ", "answer": "答え"},
}

def prompt_html(prompt: str, notation: str = "") -> str:
    """A question's prompt in bold, its `notation` spans as code, and the notation it names only in words (if any)
    beside it as code."""
    return f"<b>{code_html(prompt)}</b>" + (f"<br>{notation_html(notation)}" if notation else "")


# The prompts of the three original question kinds, kept for callers of the Quiz constructor.
QUESTIONS = {kind: quizbank.PROMPTS[kind] for kind in ("coal_source", "link_score", "income_after")}


class Quiz(w.VBox):
    """One question about a position; ``Check`` compares the chosen answer with the engine's and explains it.

    Build one with :meth:`coal_source`, :meth:`link_score`, :meth:`income_after` or :meth:`from_question`.
    """

    def __init__(self, game: Game | None, kind: str, facts: dict, options: list[str], answer: str,
                 steps: list[Step], language: str | None = None, highlight: list[Step] | None = None,
                 prompt: str | None = None, wrong: tuple[quizbank.WrongOption, ...] = (), notation: str = ""):
        self._clicks = ClickGuard()
        self.kind, self.facts, self.answer, self.reasons = kind, facts, answer, list(steps)
        self.wrong = {w.option: w.steps for w in wrong}
        self.last_wrong: str | None = None
        self.language = language = language_or_default(language)
        self.correct: bool | None = None
        self.tries = 0
        self.item: str | None = None        # the bank's name of the question, under which progress is kept
        self.on_answer: Callable[[Quiz], None] | None = None
        words = WORDS[language]
        if prompt is None:
            facts = {"move": describe(facts.get("action", ""), language), **facts}
            notation = notation or (facts.get("action", "") if language != "en" else "")
        self.text = text = prompt if prompt is not None else QUESTIONS[kind][language].format(**facts)
        self.question = w.HTML(phrased(prompt_html(text, notation), self.language))
        self.choice = w.RadioButtons(options=list(options), value=None, layout=w.Layout(width="auto"))
        self.check_button = GuardedButton(self._clicks, description=words["check"], button_style="info")
        self.check_button.add_class("brass-quiz-check")
        self.feedback = w.HTML()
        answering = w.VBox([self.question, self.choice, self.check_button, self.feedback],
                           layout=w.Layout(min_width="0"))
        parts: list[w.Widget] = [answering]
        if game is not None:
            # the board beside the question, so that the feedback stays on a laptop's screen with the board
            self.picture = w.Image(value=png(draw(game, highlight=highlight, language=language)), format="png",
                                   layout=w.Layout(width=f"{DISPLAY_WIDTH}px", max_width="100%"))
            parts = [w.GridBox([self.picture, answering], layout=w.Layout(
                grid_template_columns=f"minmax(0, {DISPLAY_WIDTH}px) minmax(280px, 1fr)", grid_gap="10px",
                align_items="flex-start", width="100%"))]
        super().__init__(parts)
        self.check_button.on_click(self._check)

    def __repr__(self) -> str:
        return f"Quiz({self.kind!r}, {len(self.choice.options)} answers)"

    @property
    def finished(self) -> bool:
        """Answered right, or wrong on every try: the answer is on show."""
        return self.correct is True or self.tries >= TRIES

    def _check(self, _button=None) -> None:
        """Check the choice; a click on the same wrong choice again spends no try (nor does a double click's second
        click: the button drops it)."""
        if self.finished or (self.choice.value is not None and self.choice.value == self.last_wrong):
            return
        self._judge()

    def _why_wrong(self, option: str) -> str:
        return "".join(f"<li>{code_html(reason(s, self.language))}</li>" for s in self.wrong.get(option, ()))

    def _judge(self) -> None:
        words = WORDS[self.language]
        if self.choice.value is None:
            self.feedback.value = f"<p>{html.escape(words['choose'])}</p>"
            return
        self.tries += 1
        self.correct = self.choice.value == self.answer
        why = "" if self.correct else f"<ul class='brass-quiz-why'>{self._why_wrong(self.choice.value)}</ul>"
        if not self.correct and self.tries < TRIES:
            self.last_wrong = self.choice.value
            self.feedback.value = phrased(f"<p style='color:#b00020'>{html.escape(words['again'])}</p>{why}",
                                          self.language)
        else:
            verdict = words["right"] if self.correct else words["wrong"]
            colour = "#1b6e1b" if self.correct else "#b00020"
            items = "".join(f"<li>{code_html(reason(s, self.language))}</li>" for s in self.reasons)
            self.feedback.value = phrased(f"<p style='color:{colour}'><b>{html.escape(verdict)}</b></p>{why}"
                                          f"<p>{html.escape(words['answer_is'].format(answer=self.answer))}</p>"
                                          f"<ul>{items}</ul>", self.language)
            self.choice.disabled = True
        if self.item is not None:
            progress.record(self.item, progress.QUESTION, self.correct, self.tries, self.choice.value, self.text)
        else:       # a quiz on a learner's own game, not from the bank: only the class hub hears of it
            record_answer(self.text, self.choice.value, self.correct)
        if self.on_answer is not None:
            self.on_answer(self)

    @classmethod
    def from_question(cls, question: quizbank.Question, language: str | None = None,
                      picture: bool = True) -> Quiz:
        """A quiz on one question of the bank; its answer is the engine's, computed from the question's position."""
        language = language_or_default(language)
        solution = quizbank.solve(question, language)
        game = question.game() if picture else None
        quiz = cls(game, question.kind, {}, list(solution.options), solution.answer, list(solution.steps),
                   language, prompt=solution.prompt, wrong=solution.wrong, notation=solution.notation)
        quiz.item = progress.question_item(question)
        return quiz

    @classmethod
    def _on_game(cls, game: Game, kind: str, language: str | None, **fields) -> Quiz:
        """A bank question asked on a copy of ``game``'s position (the learner's game is never changed); the position
        may give fewer than four options, never fewer than two."""
        language = language_or_default(language)
        question = quizbank.Question("", 0, kind, game.position(), **fields)
        solution = quizbank.solve(question, language, minimum=2)
        return cls(question.game(), kind, {}, list(solution.options), solution.answer, list(solution.steps),
                   language, prompt=solution.prompt, wrong=solution.wrong, notation=solution.notation)

    @classmethod
    def coal_source(cls, game: Game, action: str, language: str | None = None) -> Quiz:
        """Which mine (or the market) supplies the coal for ``action``?"""
        return cls._on_game(game, "coal_source", language, action=action)

    @classmethod
    def link_score(cls, game: Game, link: str, language: str | None = None) -> Quiz:
        """How many VP would ``link`` score if the era ended now?"""
        return cls._on_game(game, "link_score", language, link=link)

    @classmethod
    def income_after(cls, game: Game, action: str, language: str | None = None) -> Quiz:
        """What is the acting player's income level after ``action``?"""
        return cls._on_game(game, "income_after", language, action=action)


class QuizSet(w.VBox):
    """A lesson's questions one at a time (each with its board), and the score so far.

    Show ``QuizSet("03_coal_iron_beer")`` where the quiz starts and ``quizzes.scoreboard`` at the end of the
    notebook: the scoreboard follows every answer.
    """

    def __init__(self, lesson: str, language: str | None = None):
        self._clicks = ClickGuard()
        self.lesson = lesson
        self.language = language = language_or_default(language)
        self.questions = quizbank.questions(lesson)
        self.quizzes: dict[int, Quiz] = {}
        words = WORDS[language]
        self.heading = w.HTML()
        self.previous_button = GuardedButton(self._clicks, description=words["previous"])
        self.next_button = GuardedButton(self._clicks, description=words["next"])
        self.previous_button.add_class("brass-quiz-previous")
        self.next_button.add_class("brass-quiz-next")
        self.slot = w.Box()
        self.scoreboard = w.HTML()
        self.scoreboard.add_class("brass-quiz-score")
        self.index = 0
        self.previous_button.on_click(lambda _: self.show(self.index - 1))
        self.next_button.on_click(lambda _: self.show(self.index + 1))
        super().__init__([self.heading, self.slot, w.HBox([self.previous_button, self.next_button])])
        self.show(0)

    def __repr__(self) -> str:
        return f"QuizSet({self.lesson!r}, {len(self.questions)} questions)"

    def quiz(self, index: int) -> Quiz:
        """The quiz for question ``index`` (from 0), built when it is first shown."""
        if index not in self.quizzes:
            quiz = Quiz.from_question(self.questions[index], self.language)
            quiz.on_answer = lambda _quiz: self._update_score()
            self.quizzes[index] = quiz
        return self.quizzes[index]

    def show(self, index: int) -> None:
        """Show question ``index`` (from 0)."""
        self.index = index = max(0, min(index, len(self.questions) - 1))
        words = WORDS[self.language]
        self.heading.value = (f"<h4>{html.escape(words['heading'])} · "
                              f"{html.escape(words['question'].format(n=index + 1, total=len(self.questions)))}</h4>")
        self.slot.children = [self.quiz(index)]
        self.previous_button.disabled = index == 0
        self.next_button.disabled = index == len(self.questions) - 1
        self._update_score()

    def score(self) -> tuple[int, int, int]:
        """(right answers, right at the first try, questions)."""
        right = sum(1 for q in self.quizzes.values() if q.correct)
        first = sum(1 for q in self.quizzes.values() if q.correct and q.tries == 1)
        return right, first, len(self.questions)

    def _update_score(self) -> None:
        words = WORDS[self.language]
        right, first, total = self.score()
        left = total - sum(1 for q in self.quizzes.values() if q.finished)
        rest = words["unanswered"].format(left=left) if left else words["done"]
        self.scoreboard.value = (f"<p><b>{html.escape(words['score'].format(right=right, total=total, first=first))}"
                                 f"</b> {html.escape(rest)}</p>")


def answers(lesson: str, language: str = "en") -> list[tuple[str, str]]:
    """The teacher's view: each question of a lesson with the engine's answer, in ``language``."""
    return [(s.prompt, s.answer) for s in (quizbank.solve(q, language) for q in quizbank.questions(lesson))]
