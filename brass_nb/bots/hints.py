"""A coach's hint: the suggested action as a plan, the principles that make it good, what it would do, and
(as supporting detail) the evaluation's numbers against the next best actions.

The hint is computed on copies, so asking for one never changes the game. Its words come from
:mod:`brass_nb.explain.advice`, which reads only the record :meth:`Hint.to_dict` gives.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass

from brass_nb.bots.clock import Deadline
from brass_nb.bots.evaluation import TERMS, Rates
from brass_nb.bots.players import Candidate, GreedyBot, SearchBot
from brass_nb.bots.principles import plan, principles_of
from brass_nb.rules.actions import Action
from brass_nb.rules.errors import IllegalAction
from brass_nb.rules.game import Game
from brass_nb.rules.records import Explanation, Step
from brass_nb.rules.scoring import ranking

DEFAULT_BUDGET = SearchBot().budget
"""Simulated decisions a hint may spend looking ahead (0: one ply, greedy only)."""


@dataclass(frozen=True)
class Hint:
    """The suggested action for the player to act, with the best few candidates side by side.

    Attributes:
        action: the suggestion (one of ``legal_actions()``).
        explanation: what ``play(action)`` would explain, step by step (computed on a copy).
        candidates: the suggestion first, then the next best ones, each with its evaluation terms.
        rates: the stage of the game the money and income terms were valued at.
        horizon: decisions each look-ahead played after a candidate, on average (0 when the hint did not
            search).
        plan: the action in words (a ``hint.plan`` step, its entities what it builds, links or sells).
        principles: the ``principle.*`` steps that apply to the action, most important first
            (:mod:`brass_nb.bots.principles`).
    """

    action: Action
    explanation: Explanation
    candidates: list[Candidate]
    rates: Rates
    horizon: int
    plan: Step
    principles: list[Step]

    @property
    def player(self) -> int:
        return self.explanation.player

    @property
    def highlights(self) -> list[Step]:
        """What the board should show with the hint: the plan's places and what each principle names (pass it to
        ``brass_nb.plot.draw(game, highlight=hint.highlights)``)."""
        return [self.plan, *self.principles]

    def to_dict(self) -> dict:
        """The record the words are made from: names, numbers and terms, nothing decided here (each action both in
        notation, ``action``, and by its fields, ``fields``, which the words in a language are made from)."""
        rows = []
        for c in self.candidates:
            before, after = c.before[c.player].amounts, c.after[c.player].amounts
            # a finished game's result measures only VP, income and money: the rest count as unchanged
            rows.append({"action": str(c.action), "fields": c.action._asdict(), "gain": c.gain, "search": c.search,
                         "rivals": c.rivals_gain,
                         "terms": {name: c.deltas[name] for name in TERMS},
                         "amounts": {name: after[name] - before[name] if name in after else 0.0 for name in TERMS}})
        return {"player": self.player, "action": str(self.action), "fields": self.action._asdict(),
                "candidates": rows, "horizon": self.horizon,
                "payments": self.rates.payments_left, "pound_vp": self.rates.pound_vp,
                "plan": self.plan.to_dict(), "principles": [step.to_dict() for step in self.principles]}

    def render(self, language: str | None = None, form: str = "text", detail: bool = False) -> str:
        """The hint in words: the plan and the principles behind it, then what it would do; ``detail`` adds the
        evaluation's numbers against the next best actions. ``form`` "text", "markdown" or "html"; ``language``
        "en" or "ja"."""
        from brass_nb.explain import advice

        return advice.render(self.to_dict(), self.explanation, language, form, detail)

    def __str__(self) -> str:
        return self.render()

    def _repr_markdown_(self) -> str:
        return self.render(form="markdown")

    def _repr_html_(self) -> str:
        return self.render(form="html")


def hint(game: Game, budget: int = DEFAULT_BUDGET, shown: int = 3, seconds: float | None = None,
         stop: threading.Event | None = None) -> Hint:
    """Suggest an action for the player to act and say why; ``budget`` simulated decisions of look-ahead
    (0: one ply only); ``shown`` candidates side by side; ``seconds``, when given, a time limit for choosing
    (as :class:`SearchBot`'s); ``stop``, an event that cuts the thinking short when another thread sets it (the
    hint is then a lesser one, to be thrown away). The game is not changed."""
    if game.is_over:
        raise IllegalAction([Step("hint.game_over", {"ranking": ranking(game.state)}, ok=False)])
    rates = Rates.of(game.state)
    if budget > 0:
        bot = SearchBot(seed=0, budget=budget, candidates=max(shown, SearchBot().candidates), seconds=seconds,
                        stop=stop)
        ranked = bot.rank(game)
        horizon = round(bot.looked_ahead)
    else:
        ranked, horizon = GreedyBot().rank(game, rates, Deadline.after(seconds, stop)), 0
    if ranked[0].search is None:
        horizon = 0
    best = ranked[0]
    explanation = game.copy().play(best.action)
    return Hint(best.action, explanation, ranked[:shown], rates, horizon, plan(best.action, explanation),
                principles_of(game, best.action, explanation))
