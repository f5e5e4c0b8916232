"""The table's review view, apart from the table: what is computed (a job the widget may run away from the click)
and how one decision is laid out. The ratings and better moves are the coach's (:mod:`brass_nb.bots.reviews`), the
sentences :mod:`brass_nb.explain.review`'s; nothing is decided here.
"""
from __future__ import annotations

import html
from collections.abc import Callable
from typing import NamedTuple

from brass_nb.bots.reviews import Decision, Rating, Review, review
from brass_nb.explain.review import decision_words
from brass_nb.rules.actions import Action
from brass_nb.rules.game import Game

REVIEW_DEPTH = "search"
"""The table rates a decision against the move its Hint button would have suggested. One ply deep ("greedy") is 30
to 50 times faster, but of a game played from the hints (seed 5, two players) it rated 11 of the 47 hinted moves a
mistake or a blunder: a learner who followed the hint would be told off for it. So the widget computes the search
away from the click instead (measured for GreedyBot games, seed 2: 4.6 s for a two-player game's 46 decisions,
6.0 s for one seat's 34 in a four-player game; one ply deep 0.16 s and 0.12 s)."""

RATING_COLORS = {Rating.BEST: "#1b6e1b", Rating.GOOD: "#1b6e1b", Rating.INACCURACY: "#a15c00",
                 Rating.MISTAKE: "#b00020", Rating.BLUNDER: "#b00020"}


class ReviewJob(NamedTuple):
    """A review to compute, on a copy of the game: a move at the table while it runs cannot change what it reads."""

    game: Game
    player: int
    depth: str

    @property
    def key(self) -> tuple[int, tuple[Action, ...]]:
        """The player and the log reviewed: what a cached review answers for."""
        return self.player, tuple(self.game.log)

    def run(self, progress: Callable[[int, int], None] | None = None) -> Review:
        return review(self.game, self.player, depth=self.depth, progress=progress)


def decision_label(decision: Decision, language: str, played: bool = False) -> str:
    """A decision on a button: its number and rating (and with ``played``, the move played)."""
    words = decision_words(decision.to_dict(), language)
    return f"{decision.number} · {words.rating}" + (f" · {words.played}" if played else "")


def decision_html(decision: Decision, labels: dict, language: str) -> str:
    """The decision's head: when it was taken, the move played with its rating and loss, and the better move
    (nothing more when the move played was the best)."""
    words = decision_words(decision.to_dict(), language)
    e = html.escape
    rating = labels["review_rating"].format(rating=words.rating, loss=words.loss)
    lines = [f"<b>{e(words.when)}</b>",
             f"{e(labels['review_played'])} {e(words.played)} — "
             f"<b style='color:{RATING_COLORS[decision.rating]}'>{e(rating)}</b>"]
    if decision.better != decision.played:
        lines.append(f"{e(labels['review_better'])} <b>{e(words.better)}</b>")
    why = labels["review_did"] if decision.better == decision.played else labels["review_why"]
    lines.append(f"<i>{e(why)}</i>")
    return (f"<div class='brass-review-decision' data-number='{decision.number}' data-rating='{decision.rating.value}'"
            f" style='line-height:1.35'>" + "".join(f"<p style='margin:3px 0'>{line}</p>" for line in lines)
            + "</div>")
