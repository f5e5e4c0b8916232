"""\"Your move\": the learner makes a move at the table towards a goal, and the engine judges it and says why.

:class:`YourMove` is the table (the Explorer: the same dropdowns, or the move typed in notation) with the exercise
above its controls: the situation, the goal, a hint ladder (a nudge, the principle, then the answer shown on the
board) and the verdict. A wrong move stays on the board with what it did until "Try again" takes it back.
:class:`YourMoveSet` walks through a lesson's exercises. The judging is :mod:`brass_nb.quizbank.exercises`'s.
"""
from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as w

from brass_nb import progress
from brass_nb.explain import code_html, language_or_default
from brass_nb.quizbank import exercises as bank
from brass_nb.quizbank.exercises import Exercise, Verdict
from brass_nb.rules.actions import Action
from brass_nb.rules.records import Explanation
from brass_nb.widgets.choices import choice_of, describe
from brass_nb.widgets.clicks import ClickGuard, GuardedButton
from brass_nb.widgets.coaching import BOX_HEIGHT, COMPACT, bullets, verdict_html
from brass_nb.widgets.explorer import Explorer
from brass_nb.widgets.panels import phrased

RUNGS = 3   # a nudge, the principle, the answer

WORDS = {
    "en": {"title": "Your move", "of": "{n} of {total}", "goal": "Goal", "hint": "Hint ({rung} of {rungs})",
           "show_answer": "Show the answer", "retry": "Try again", "nudge": "Hint", "principle": "The rule",
           "answer": "The answer, on the board: {action}. Press Play to make it.",
           "right": "Right!", "right_first": "Right at the first try!", "wrong": "Not this move.",
           "refused": "This move is not allowed here:", "again": "Press Try again to take it back.",
           "your_move": "Your move: {action}.", "previous": "◀ Previous", "next": "Next ▶"},
    "ja": {"title": "あなたの番", "of": "{n} / {total}", "goal": "目標", "hint": "ヒント（{rung} / {rungs}）",
           "show_answer": "答えを見る", "retry": "もう一度", "nudge": "ヒント", "principle": "ルール",
           "answer": "答えを盤上に示しました: {action}。「実行」を押すとそのアクションを行えます。",
           "right": "正解です！", "right_first": "1回目で正解です！", "wrong": "このアクションではありません。",
           "refused": "このアクションはここではできません:",
           "again": "「もう一度」を押すとアクションを取り消してやり直せます。",
           "your_move": "あなたのアクション: {action}。", "previous": "◀ 前へ", "next": "次へ ▶"},
}


class YourMove(w.VBox):
    """One exercise at the table: the learner plays a move, and the engine says whether it meets the goal and why.

    ``on_answer`` (if set) is called after every judged move, with this widget; ``tries``, ``solved`` and
    ``first_try`` say how it went.
    """

    def __init__(self, exercise: Exercise, language: str | None = None, number: tuple[int, int] | None = None):
        self._clicks = ClickGuard()
        self.exercise = exercise
        self.language = language = language_or_default(language)
        self.number = number
        self.tries = 0
        self.rung = 0
        self.solved = False
        self.first_try = False
        self.verdict: Verdict | None = None
        self.on_answer: Callable[[YourMove], None] | None = None
        self.heading = w.HTML(layout=w.Layout(flex="0 0 auto"))
        self.hint_button = GuardedButton(self._clicks, icon="lightbulb-o", button_style="info",
                                         layout=w.Layout(width="auto"))
        self.retry_button = GuardedButton(self._clicks, icon="undo", layout=w.Layout(width="auto"))
        self.hint_button.add_class("brass-exercise-hint")
        self.retry_button.add_class("brass-exercise-retry")
        self.hints = w.HTML(layout=w.Layout(flex="0 0 auto"))
        self.feedback = w.HTML(layout=w.Layout(flex="0 0 auto"))
        self.feedback.add_class("brass-exercise-feedback")
        buttons = w.HBox([self.hint_button, self.retry_button], layout=w.Layout(flex="0 0 auto"))
        box = w.VBox([self.heading, buttons, self.hints, self.feedback],
                     layout=w.Layout(
            flex="0 1 auto", max_height=BOX_HEIGHT, overflow="auto", border="2px solid #1565c0", padding="2px 6px"))
        box.add_class("brass-exercise")
        game = exercise.game()
        self.explorer = Explorer(game, language, seats=["human"] * len(game.players), hints=False, top=box,
                                 reviews=False)
        self.explorer.table.on_move = self._judge
        self.explorer.toggle.observe(self._on_language, "value")
        self.hint_button.on_click(lambda _: self.climb())
        self.retry_button.on_click(lambda _: self.retry())
        super().__init__([self.explorer])
        self._render()

    def __repr__(self) -> str:
        return f"YourMove({self.exercise.key!r})"

    @classmethod
    def from_key(cls, key: str, language: str | None = None) -> YourMove:
        """The exercise ``<lesson>/<id>`` of the quiz bank."""
        return cls(bank.exercise(key), language)

    def close(self) -> None:
        self.explorer.close()
        super().close()

    # ------------------------------------------------------------------ the learner's actions

    def _judge(self, action: Action | str, explanation: Explanation | None) -> None:
        """Told by the table of a move tried from the exercise's position: judge it on a fresh copy."""
        table = self.explorer.table
        if explanation is not None and len(table.game.log) != 1:
            return      # a move after the judged one (the position is no longer the exercise's)
        self.verdict = verdict = bank.judge(self.exercise, action)
        self.tries += 1
        if verdict.ok and not self.solved:
            self.solved, self.first_try = True, self.tries == 1 and self.rung < RUNGS
        table.paused = explanation is not None
        shown = self.rung >= RUNGS      # a move played after the answer was shown is not a first try
        progress.record(self.exercise.key, progress.YOUR_MOVE, verdict.ok, max(self.tries, 1 + shown),
                        verdict.action, self.exercise.story[self.language])
        if self.on_answer is not None:
            self.on_answer(self)
        self._render()

    def climb(self) -> None:
        """The next rung of the hint ladder; the last one shows the answer on the board, ready to play."""
        if self.rung >= RUNGS:
            return
        self.rung += 1
        if self.rung == RUNGS:
            self.retry()
            table = self.explorer.table
            table.choose(choice_of(table.legal(), bank.answer(self.exercise), self.language))
            self.explorer._render()
        self._render()

    def retry(self) -> None:
        """Take the judged move back: the exercise's position again, the learner's to play."""
        table = self.explorer.table
        while table.game.log:
            table.undo()
        table.paused = False
        self.verdict = None
        self.explorer._render()
        self._render()

    def _on_language(self, change) -> None:
        self.language = change["new"]
        self._render()

    # ------------------------------------------------------------------ drawing

    def _render(self) -> None:
        words, language, exercise = WORDS[self.language], self.language, self.exercise
        title = words["title"] + (f" · {words['of'].format(n=self.number[0], total=self.number[1])}"
                                  if self.number else "")
        goals = bank.goal_words(exercise, language)
        self.heading.value = phrased(f"<b>{html.escape(title)}</b><p style='{COMPACT}'>"
                                     f"{code_html(exercise.story[language])}</p>"
                                     f"<b>{html.escape(words['goal'])}:</b>{bullets(goals)}", language)
        rungs = []
        if self.rung >= 1:
            rungs.append(f"{words['nudge']}: {exercise.nudge[language]}")
        if self.rung >= 2:
            rungs.append(f"{words['principle']}: {exercise.principle[language]}")
        if self.rung >= 3:
            rungs.append(words["answer"].format(action=describe(bank.answer(exercise), language)))
        self.hints.value = phrased(bullets(rungs), language) if rungs else ""
        self.hint_button.description = (words["show_answer"] if self.rung == RUNGS - 1
                                        else words["hint"].format(rung=min(self.rung + 1, RUNGS), rungs=RUNGS))
        self.hint_button.disabled = self.rung >= RUNGS
        self.retry_button.description = words["retry"]
        self.retry_button.disabled = not self.explorer.table.game.log
        self.feedback.value = phrased(self._verdict_html(), language)

    def _verdict_html(self) -> str:
        verdict, words, language = self.verdict, WORDS[self.language], self.language
        if verdict is None:
            return ""
        if verdict.ok:
            head = words["right_first"] if self.first_try and self.tries == 1 else words["right"]
        else:
            head = words["wrong"] if verdict.legal else words["refused"]
        log = self.explorer.table.game.log
        said = words["your_move"].format(action=describe(log[0], language)) if verdict.legal and log else ""
        return verdict_html(verdict, head, language, said, words["again"] if verdict.legal and not verdict.ok else "")


class YourMoveSet(w.VBox):
    """A lesson's exercises one at a time (each is built when first shown)."""

    def __init__(self, lesson: str, language: str | None = None):
        self._clicks = ClickGuard()
        self.lesson = lesson
        self.language = language = language_or_default(language)
        self.exercises = bank.exercises(lesson)
        self.shown: dict[int, YourMove] = {}
        words = WORDS[language]
        self.previous_button = GuardedButton(self._clicks, description=words["previous"])
        self.next_button = GuardedButton(self._clicks, description=words["next"])
        self.previous_button.add_class("brass-exercise-previous")
        self.next_button.add_class("brass-exercise-next")
        self.slot = w.Box()
        self.index = 0
        self.previous_button.on_click(lambda _: self.show(self.index - 1))
        self.next_button.on_click(lambda _: self.show(self.index + 1))
        super().__init__([self.slot, w.HBox([self.previous_button, self.next_button])])
        self.show(0)

    def __repr__(self) -> str:
        return f"YourMoveSet({self.lesson!r}, {len(self.exercises)} exercises)"

    def exercise(self, index: int) -> YourMove:
        """The widget of exercise ``index`` (from 0)."""
        if index not in self.shown:
            self.shown[index] = YourMove(self.exercises[index], self.language, (index + 1, len(self.exercises)))
        return self.shown[index]

    def show(self, index: int) -> None:
        self.index = index = max(0, min(index, len(self.exercises) - 1))
        self.slot.children = [self.exercise(index)]
        self.previous_button.disabled = index == 0
        self.next_button.disabled = index == len(self.exercises) - 1
