"""A coach's hint: the suggested action, what it would do, and why it beats the next best ones.

The hint is computed on copies, so asking for one never changes the game. Its words come from
:mod:`brass_nb.explain.advice`, which reads only the record :meth:`Hint.to_dict` gives.
"""
from __future__ import annotations

from dataclasses import dataclass

from brass_nb.bots.clock import Deadline
from brass_nb.bots.evaluation import TERMS, Rates
from brass_nb.bots.players import Candidate, GreedyBot, SearchBot
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
        horizon: decisions each look-ahead played after a candidate (0 when the hint did not search).
    """

    action: Action
    explanation: Explanation
    candidates: list[Candidate]
    rates: Rates
    horizon: int

    @property
    def player(self) -> int:
        return self.explanation.player

    def to_dict(self) -> dict:
        """The record the words are made from: names, numbers and terms, nothing decided here."""
        rows = []
        for c in self.candidates:
            before, after = c.before[c.player].amounts, c.after[c.player].amounts
            rows.append({"action": str(c.action), "gain": c.gain, "search": c.search, "rivals": c.rivals_gain,
                         "terms": {name: c.deltas[name] for name in TERMS},
                         "amounts": {name: after[name] - before[name] for name in TERMS}})
        return {"player": self.player, "action": str(self.action), "candidates": rows, "horizon": self.horizon,
                "payments": self.rates.payments_left, "pound_vp": self.rates.pound_vp}

    def render(self, language: str | None = None, form: str = "text") -> str:
        """The hint in words: ``form`` "text", "markdown" or "html"; ``language`` "en" or "ja"."""
        from brass_nb.explain import advice

        return advice.render(self.to_dict(), self.explanation, language, form)

    def __str__(self) -> str:
        return self.render()

    def _repr_markdown_(self) -> str:
        return self.render(form="markdown")

    def _repr_html_(self) -> str:
        return self.render(form="html")


def hint(game: Game, budget: int = DEFAULT_BUDGET, shown: int = 3, seconds: float | None = None) -> Hint:
    """Suggest an action for the player to act and say why; ``budget`` simulated decisions of look-ahead
    (0: one ply only); ``shown`` candidates side by side; ``seconds``, when given, a time limit for choosing
    (as :class:`SearchBot`'s). The game is not changed."""
    if game.is_over:
        raise IllegalAction([Step("hint.game_over", {"ranking": ranking(game.state)}, ok=False)])
    rates = Rates.of(game.state)
    if budget > 0:
        bot = SearchBot(seed=0, budget=budget, candidates=max(shown, SearchBot().candidates), seconds=seconds)
        ranked, horizon = bot.rank(game), bot.horizon_of(game)
    else:
        ranked, horizon = GreedyBot().rank(game, rates, Deadline.after(seconds)), 0
    if ranked[0].search is None:
        horizon = 0
    best = ranked[0]
    return Hint(best.action, game.copy().play(best.action), ranked[:shown], rates, horizon)
