"""Quizzes: a position, a question, the learner's answer checked against the engine, and the engine's reason."""
from __future__ import annotations

import html

import ipywidgets as w

from brass_nb.explain import language_or_default, reason
from brass_nb.plot import draw, png
from brass_nb.rules.game import Game
from brass_nb.rules.records import Step
from brass_nb.saves import game_from_json
from brass_nb.widgets.labels import LABELS

QUESTIONS = {
    "coal_source": {"en": "Player {player} plays `{action}`. Which coal source supplies the coal?",
                    "ja": "プレイヤー{player}が `{action}` を行います。石炭はどこから来ますか？"},
    "link_score": {"en": "If the era ended now, how many VP would the link {link} score?",
                   "ja": "今この時代が終わると、運輸タイル {link} は何勝利点になりますか？"},
    "income_after": {"en": "Player {player} plays `{action}`. What is their income level afterwards?",
                     "ja": "プレイヤー{player}が `{action}` を行います。その後の収入レベルはいくつですか？"},
}


def _after(game: Game, action: str):
    """Play ``action`` on a copy of ``game`` (the learner's game is never changed by a quiz)."""
    copy = game_from_json(game.to_json())
    player = copy.current_player
    return copy, player, copy.play(action)


class Quiz(w.VBox):
    """One question about a position; ``Check`` compares the chosen answer with the engine's and explains it.

    Build one with :meth:`coal_source`, :meth:`link_score` or :meth:`income_after`.
    """

    def __init__(self, game: Game, kind: str, facts: dict, options: list[str], answer: str, steps: list[Step],
                 language: str | None = None, highlight: list[Step] | None = None):
        self.kind, self.facts, self.answer, self.reasons = kind, facts, answer, steps
        self.language = language = language_or_default(language)
        self.correct: bool | None = None
        words = LABELS[language]
        self.question = w.HTML(f"<b>{html.escape(QUESTIONS[kind][language].format(**facts))}</b>")
        self.choice = w.RadioButtons(options=options, value=None)
        self.check_button = w.Button(description=words["check_answer"], button_style="info")
        self.check_button.add_class("brass-quiz-check")
        self.feedback = w.HTML()
        self.picture = w.Image(value=png(draw(game, highlight=highlight, language=language)), format="png",
                               layout=w.Layout(width="100%", max_width="980px"))
        super().__init__([self.picture, self.question, self.choice, self.check_button, self.feedback])
        self.check_button.on_click(self._check)

    def __repr__(self) -> str:
        return f"Quiz({self.kind!r}, {len(self.choice.options)} answers)"

    def _check(self, _button=None) -> None:
        words = LABELS[self.language]
        if self.choice.value is None:
            self.feedback.value = html.escape(words["answer_is"].format(answer="?"))
            return
        self.correct = self.choice.value == self.answer
        verdict = words["right"] if self.correct else words["wrong"]
        colour = "#1b6e1b" if self.correct else "#b00020"
        items = "".join(f"<li>{html.escape(reason(s, self.language))}</li>" for s in self.reasons)
        self.feedback.value = (f"<p style='color:{colour}'><b>{html.escape(verdict)}</b> "
                               f"{html.escape(words['answer_is'].format(answer=self.answer))}</p><ul>{items}</ul>")

    @classmethod
    def coal_source(cls, game: Game, action: str, language: str | None = None) -> Quiz:
        """Which mine (or the market) supplies the coal for ``action``?"""
        _, player, explanation = _after(game, action)
        takes = explanation.find("coal.take")
        answer = takes[0].facts["source"] if takes else "market"
        mines = [label for label, t in game.state.tiles.items() if t.industry == "coal" and t.cubes]
        options = sorted(mines, key=game.facts.board.slot_order.__getitem__) + ["market"]
        steps = [s for s in explanation.steps if s.rule in ("coal.nearest", "coal.market", "coal.take", "coal.buy")]
        return cls(game, "coal_source", {"player": player + 1, "action": action}, options, answer, steps, language)

    @classmethod
    def link_score(cls, game: Game, link: str, language: str | None = None) -> Quiz:
        """How many VP would ``link`` score if the era ended now?"""
        step = next(s for s in game.score_preview().find("score.link") if s.facts["link"] == link)
        options = [str(n) for n in range(0, max(step.facts["vp"] + 3, 6))]
        return cls(game, "link_score", {"link": link}, options, str(step.facts["vp"]), [step], language)

    @classmethod
    def income_after(cls, game: Game, action: str, language: str | None = None) -> Quiz:
        """What is the acting player's income level after ``action``?"""
        copy, player, explanation = _after(game, action)
        level = copy.players[player].income_level
        options = [str(n) for n in range(level - 4, level + 5)]
        steps = [s for s in explanation.steps if s.rule in ("loan.take", "income.advance", "tile.flip")]
        return cls(game, "income_after", {"player": player + 1, "action": action}, options, str(level), steps,
                   language)
