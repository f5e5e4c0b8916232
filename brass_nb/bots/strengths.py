"""Bots at named strengths a teacher can pick: beginner, club and strong (the coach's own).

- ``beginner``: one ply, but not always the best move: it picks at random (seeded) among the moves its evaluation
  values within :data:`BEGINNER_SLACK` VP of the best, so it varies its play and misses things, and yet never plays
  a move it can see is clearly bad (no random blunder a learner would laugh at). It takes a loan or passes only
  when that is its best move: a random loan too many starts a spiral of debt a learner would laugh at.
- ``club``: :class:`~brass_nb.bots.players.GreedyBot`: always the best move one ply deep.
- ``strong``: :class:`~brass_nb.bots.players.SearchBot` with its default budget: the strength a hint uses. At the
  table it also stops at :data:`TABLE_SECONDS`, so a learner never waits long for a bot (tournaments leave the
  limit off: their results must not depend on the machine).

All three use the tuned weights (:data:`~brass_nb.bots.evaluation.WEIGHTS`); ``scripts/tournament.py`` measures
each against the next weaker (``--hero club --field beginner``).
"""
from __future__ import annotations

import random

from brass_nb.bots.evaluation import WEIGHTS, Weights
from brass_nb.bots.players import Bot, GreedyBot, SearchBot, require_turn
from brass_nb.rules.actions import Action
from brass_nb.rules.errors import UnknownName
from brass_nb.rules.game import Game
from brass_nb.rules.records import Step

STRENGTHS = ("beginner", "club", "strong")
"""The named strengths, weakest first."""

BEGINNER_SLACK = 2.0
"""VP below its best move that a beginner still plays: about a link's worth, never a whole build's."""

TABLE_SECONDS = 0.4
"""Wall-clock limit on a strong bot's choice at the table: its move answers in under half a second even on a
busy machine (the search overruns it by at most one simulated move)."""

ONLY_WHEN_BEST = ("loan", "pass")
"""Kinds of action a beginner plays only when its evaluation ranks one of them first."""


class BeginnerBot:
    """One ply, choosing at random among the moves valued within ``slack`` VP of the best (deterministic for a
    seed)."""

    def __init__(self, seed: int = 0, slack: float = BEGINNER_SLACK, weights: Weights = WEIGHTS):
        self.name = "beginner"
        self.rng = random.Random(seed)
        self.slack = slack
        self.greedy = GreedyBot(weights)

    def choose(self, game: Game) -> Action:
        require_turn(game)
        actions = game.legal_actions()
        if len(actions) == 1:
            return actions[0]
        ranked = self.greedy.rank(game)
        close = [c for c in ranked if c.gain >= ranked[0].gain - self.slack
                 and (c is ranked[0] or c.action.kind not in ONLY_WHEN_BEST)]
        return self.rng.choice(close).action


def bot(strength: str, seed: int = 0, seconds: float | None = None) -> Bot:
    """A bot of the named ``strength`` (one of :data:`STRENGTHS`), seeded where it draws at random; ``seconds``
    limits a strong bot's choice (the weaker ones answer at once)."""
    if strength == "beginner":
        return BeginnerBot(seed)
    if strength == "club":
        made: Bot = GreedyBot()
    elif strength == "strong":
        made = SearchBot(seed, seconds=seconds)
    else:
        raise UnknownName([Step("bot.strength", {"strength": repr(strength)[:30], "strengths": list(STRENGTHS)},
                                ok=False)])
    made.name = strength
    return made
