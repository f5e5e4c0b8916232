"""The guided first game: the table against a bot, with a coach above the controls.

For each coached move of the script (:mod:`brass_nb.guided`) the coach says what to look at and why, and judges the
learner's move before the bot answers: a move that misses the goal stays on the board, with the reason, until "Try
again" takes it back. A hint climbs from the rule to the move shown on the board. After the script the learner plays
on with the table's own Hint; when the canal era ends, the table stops on its scoring, step by step on the board.
"""
from __future__ import annotations

import html
from dataclasses import dataclass

import ipywidgets as w

from brass_nb import guided
from brass_nb.explain import language_or_default
from brass_nb.quizbank.goals import Verdict
from brass_nb.rules.actions import Action
from brass_nb.rules.game import Game
from brass_nb.rules.records import Explanation
from brass_nb.widgets.choices import choice_of, describe
from brass_nb.widgets.clicks import ClickGuard, GuardedButton
from brass_nb.widgets.coaching import BOX_HEIGHT, COMPACT, bullets, verdict_html
from brass_nb.widgets.explorer import Explorer
from brass_nb.widgets.table import Panel, Table

SCORING_RULES = ("score.link", "score.industry")

WORDS = {
    "en": {"coach": "Coach · move {n} of {total}", "goal": "Goal", "hint": "Hint: the rule", "show": "Show me",
           "retry": "Try again", "rule": "The rule", "answer": "The move, on the board: {action}. Press Play.",
           "right": "Well played.", "wrong": "Not this move.", "refused": "This move is not allowed here:",
           "again": "Press Try again to take it back.",
           "free": "Coach · your game now",
           "free_text": "The guided moves are done. Play on to the end of the canal era; press Hint whenever you want "
                        "the coach's suggestion and its reasons. The bot answers each of your moves at once.",
           "passed": "Your earlier moves took another road, so the coach's next lesson does not fit this position: "
                     "play on.",
           "scored": "Coach · the canal era is scored",
           "scored_text": "The canal era is over. Each link scores the link icons at its ends; each flipped industry "
                          "scores its VP; then the canal links and the level I tiles leave the board. Press the step "
                          "buttons to see each score on the board.",
           "rail": "Play on into the rail era"},
    "ja": {"coach": "コーチ · {total}回のうち{n}回目", "goal": "目標", "hint": "ヒント: ルール",
           "show": "アクションを見せて", "retry": "もう一度", "rule": "ルール",
           "answer": "盤上にアクションを示しました: {action}。「実行」を押してください。",
           "right": "よいアクションです。", "wrong": "このアクションではありません。",
           "refused": "このアクションはここではできません:",
           "again": "「もう一度」を押すとアクションを取り消してやり直せます。",
           "free": "コーチ · ここからはあなたの対局です",
           "free_text": "手ほどきはここまでです。運河時代の終わりまで打ち進めましょう。"
                        "コーチの提案と理由が知りたいときは、いつでも「ヒント」を押してください。"
                        "あなたが打つたびに、ボットがすぐに応じます。",
           "passed": "これまでのアクションで局面が手ほどきの流れから外れたので、"
                     "コーチの次の課題はこの局面に合いません。そのまま打ち進めてください。",
           "scored": "コーチ · 運河時代の得点計算",
           "scored_text": "運河時代が終わりました。運輸タイルは両端のリンク得点アイコンの数だけ、"
                          "裏返った産業はその勝利点だけ得点になります。"
                          "そのあと運河と、レベル1の産業タイルが盤から取り除かれます。"
                          "ステップのボタンを押すと、得点を一つずつ盤上で確かめられます。",
           "rail": "鉄道時代へ打ち進める"},
}


@dataclass(frozen=True)
class Scored(Panel):
    """The canal era's scoring: only its scoring steps, each drawn on the board when its button is pressed."""

    heading: str = ""

    def body(self, table: Table, chosen: int | None) -> str:
        return f"<p style='margin:4px 0'><b>{html.escape(self.heading)}</b></p>" + table.steps_html(self.steps, chosen)


def era_scoring(explanations: tuple[Explanation, ...]) -> Explanation | None:
    """The explanation in which the canal era ended (its scoring steps are in it), if one of these is."""
    return next((e for e in explanations if any(s.rule == "era.end" for s in e.steps)), None)


class FirstGame(w.VBox):
    """A first game of Birmingham against a bot, coached move by move and stopped on the canal era's scoring."""

    def __init__(self, language: str | None = None):
        self._clicks = ClickGuard()
        self.script = guided.script()
        self.language = language = language_or_default(language)
        game = self.script.new_game()
        assert game.current_player is not None
        self.learner = game.current_player
        seats = ["human" if i == self.learner else self.script.bot() for i in range(len(game.players))]
        self.coached: guided.CoachedMove | None = None     # the coached move the learner is about to make
        self.passed_over = False
        self.rung = 0
        self.verdict: Verdict | None = None
        self.scored = False                                # the canal era's scoring is on show
        self.heading = w.HTML(layout=w.Layout(flex="0 0 auto"))
        self.hint_button = GuardedButton(self._clicks, icon="lightbulb-o", button_style="info",
                                         layout=w.Layout(width="auto"))
        self.retry_button = GuardedButton(self._clicks, icon="undo", layout=w.Layout(width="auto"))
        self.rail_button = GuardedButton(self._clicks, icon="forward", button_style="success",
                                        layout=w.Layout(width="auto"))
        for button, css in ((self.hint_button, "brass-coach-hint"), (self.retry_button, "brass-coach-retry"),
                            (self.rail_button, "brass-coach-rail")):
            button.add_class(css)
        self.hints = w.HTML(layout=w.Layout(flex="0 0 auto"))
        self.feedback = w.HTML(layout=w.Layout(flex="0 0 auto"))
        self.feedback.add_class("brass-coach-feedback")
        box = w.VBox([self.heading, w.HBox([self.hint_button, self.retry_button, self.rail_button],
                             layout=w.Layout(flex="0 0 auto")), self.hints,
                      self.feedback], layout=w.Layout(
            flex="0 1 auto", max_height=BOX_HEIGHT, overflow="auto", border="2px solid #2e7d32", padding="2px 6px"))
        box.add_class("brass-coach")
        self.explorer = Explorer(game, language, seats, auto=True, top=box)
        table = self.explorer.table
        table.on_move = self._judge
        table.on_change = self._changed
        self.explorer.toggle.observe(self._on_language, "value")
        self.hint_button.on_click(lambda _: self.climb())
        self.retry_button.on_click(lambda _: self.retry())
        self.rail_button.on_click(lambda _: self.play_on())
        super().__init__([self.explorer])
        self._changed()

    def __repr__(self) -> str:
        return f"FirstGame(seed={self.script.seed})"

    @property
    def game(self) -> Game:
        return self.explorer.game

    def close(self) -> None:
        self.explorer.close()
        super().close()

    # ------------------------------------------------------------------ the coach follows the game

    def _changed(self) -> None:
        """After every change: the next coached move (passed over when no legal move meets it), and the era."""
        table = self.explorer.table
        if table.paused:
            return
        if self.verdict is not None and not self.verdict.ok:
            self.verdict = None         # the missed move was taken back
        self.coached = self.script.coached(self.game, self.learner)
        self.passed_over = self.coached is not None and guided.reachable(self.game, self.coached) is None
        if self.passed_over:
            self.coached = None
        self.rung = 0 if self.coached is None or self.verdict is None or self.verdict.ok else self.rung
        ended = era_scoring(getattr(table.panel, "explanations", ()))
        if ended is not None and not self.scored:
            self.scored, table.paused = True, True
            table.show(Scored(tuple(s for s in ended.steps if s.rule in SCORING_RULES),
                              WORDS[self.language]["scored"]))
        self.explorer.hints = self.coached is None
        self._render()

    def _judge(self, action: Action | str, explanation: Explanation | None) -> None:
        """The learner's move: judged against the coached move's goal, before the bot answers."""
        coached = self.coached
        if coached is None:
            return
        if explanation is None:
            before = self.game
        else:
            before = self.game.copy()
            before.undo()
            if before.phase is not None:
                return          # the rest of a compound action (more sales, the bonus) is not judged
        self.verdict = verdict = guided.check(before, coached, action)
        if explanation is not None and not verdict.ok:
            self.explorer.table.paused = True
        if verdict.ok:
            self.hints.value = ""
        self._render()

    def climb(self) -> None:
        """The rule first, then the move itself, chosen in the dropdowns and drawn on the board."""
        if self.coached is None or self.rung >= 2:
            return
        self.rung += 1
        if self.rung == 2:
            answer = guided.reachable(self.game, self.coached)
            table = self.explorer.table
            table.choose(choice_of(table.legal(), answer, self.language) if answer is not None else None)
            self.explorer._render()
        self._render()

    def retry(self) -> None:
        """Take back the move the coach did not accept."""
        table = self.explorer.table
        if not table.paused:
            return          # nothing judged is waiting (the table's own Undo took it back already)
        table.undo()
        while table.game.phase is not None and table.game.log:
            table.undo()
        self.verdict = None
        self.explorer._render()
        self._render()

    def play_on(self) -> None:
        """Leave the canal era's scoring and play the rail era."""
        table = self.explorer.table
        table.paused = False
        table.bot_moves(once=False)
        self.explorer._render()
        self._render()

    def _on_language(self, change) -> None:
        self.language = change["new"]
        self._render()

    # ------------------------------------------------------------------ drawing

    def _render(self) -> None:
        words, language = WORDS[self.language], self.language
        table = self.explorer.table
        wrong = self.verdict is not None and not self.verdict.ok and table.paused
        moves = self.script.moves
        if self.scored and table.paused:
            title, text, goals = words["scored"], words["scored_text"], []
        elif self.coached is not None:
            number = moves.index(self.coached) + 1
            title, text = words["coach"].format(n=number, total=len(moves)), self.coached.look[language]
            goals = guided.goal_words(self.coached, language)
        else:
            title = words["free"]
            text = words["passed"] if self.passed_over else words["free_text"]
            goals = []
        self.heading.value = (f"<b>{html.escape(title)}</b><p style='{COMPACT}'>{html.escape(text)}</p>"
                              + (f"<b>{html.escape(words['goal'])}:</b>{bullets(goals)}" if goals else ""))
        coached = self.coached is not None
        self.hint_button.description = words["hint"] if self.rung == 0 else words["show"]
        self.hint_button.layout.display = None if coached and self.rung < 2 else "none"
        self.retry_button.description = words["retry"]
        self.retry_button.layout.display = None if wrong else "none"
        self.rail_button.description = words["rail"]
        self.rail_button.layout.display = None if self.scored and table.paused else "none"
        rungs = []
        if coached and self.rung >= 1:
            rungs.append(f"{words['rule']}: {self.coached.principle[language]}")
        if coached and self.rung >= 2 and table.selected is not None:
            rungs.append(words["answer"].format(action=describe(table.selected, language)))
        self.hints.value = bullets(rungs) if rungs else ""
        self.feedback.value = self._verdict_html(wrong)

    def _verdict_html(self, wrong: bool) -> str:
        verdict, words = self.verdict, WORDS[self.language]
        if verdict is None:
            return ""
        head = words["right"] if verdict.ok else words["wrong"] if verdict.legal else words["refused"]
        return verdict_html(verdict, head, self.language, then=words["again"] if wrong else "")
