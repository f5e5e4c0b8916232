"""The post-game review: every decision of one player rated against the coach's best move, and everyone's
expected margin over the game.

The game is replayed from its start (its seed or written position) by the engine, so a finished game, a game
still in progress and a loaded save are reviewed alike, and the game itself is never changed.

How a decision is rated. At each of the player's decisions the coach's best move is the one its hint of that
position suggests (the same search, with the same reshuffles: ``depth="search"``, the default), or, with
``depth="greedy"``, the best one ply deep (:meth:`~brass_nb.bots.players.GreedyBot.rank`). Moves are valued one ply
deep on one scale: a move's worth is the change in the player's *advantage*
(:func:`~brass_nb.bots.evaluation.advantage`: their expected VP less half the rivals' mean, in VP), and the *loss*
is how far the move played falls short of the coach's best, in VP (never below 0: the hint's move, and any move one
ply values as highly, is best, so the review never contradicts a hint). The ratings (:data:`RATING_LIMITS`):

- best: within 0.05 VP of the coach's best (the same move, or one the evaluation cannot tell apart from it);
- good: under 1 VP lost: about one wild card of hand flexibility, within what the evaluation's weights can
  misjudge;
- inaccuracy: under 3 VP: a link's or a small tile's worth;
- mistake: under 6 VP: a good build's worth, or a round of income given away;
- blunder: 6 VP or more: enough to decide a close game.

The plot's margins are a different measure, on the same scale before and at the end: each player's estimated final
VP less the best rival's (:func:`margin`).

``depth="greedy"`` reviews a whole 2-player game in well under a second (46 decisions, 0.16 s); the hint's search
takes a tenth to a fifth of a second a decision (the same game in 4.6 s, one seat of a 4-player game in 6 s).
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any

from brass_nb.bots.evaluation import WEIGHTS, Evaluation, Rates, Weights, advantage, evaluate
from brass_nb.bots.players import Candidate, GreedyBot, SearchBot
from brass_nb.bots.principles import principles_of
from brass_nb.rules.actions import Action
from brass_nb.rules.errors import UnknownName
from brass_nb.rules.game import Game
from brass_nb.rules.records import Step
from brass_nb.saves import game_from_json

if TYPE_CHECKING:
    from matplotlib.figure import Figure


class Rating(Enum):
    """How a decision compares with the coach's best, from best to worst (see :data:`RATING_LIMITS`)."""

    BEST = "best"
    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"


RATING_LIMITS: tuple[tuple[Rating, float], ...] = (
    (Rating.BEST, 0.05), (Rating.GOOD, 1.0), (Rating.INACCURACY, 3.0), (Rating.MISTAKE, 6.0))
"""Each rating but the last, with the loss (VP) it stays below; a loss at or above the last is a blunder."""

DECISIVE = 3
"""How many of the costliest decisions the summary lists first."""


def rating_of(loss: float) -> Rating:
    """The rating of a decision that lost ``loss`` VP against the coach's best."""
    for rating, limit in RATING_LIMITS:
        if loss < limit:
            return rating
    return Rating.BLUNDER


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed player, rated.

    Attributes:
        number: its place in the game's log (1 for the game's first action).
        era, round: when it was taken.
        played: the action played.
        better: the coach's best action (``played`` itself when it was the best).
        loss: VP of advantage the move played gave up against ``better`` (0 at best).
        rating: the loss's rating.
        choices: how many different moves the coach weighed (1: the move was forced).
        better_principle: the first principle (:mod:`brass_nb.bots.principles`) the better move follows, as the
            step that words it; None when the move played was the best or no principle applies to the better one.
    """

    number: int
    era: str
    round: int
    played: Action
    better: Action
    loss: float
    rating: Rating
    choices: int
    better_principle: Step | None = None

    def to_dict(self) -> dict[str, Any]:
        """The record its words are made from: actions by their fields, the loss, the rating."""
        return {"number": self.number, "era": self.era, "round": self.round, "played": self.played._asdict(),
                "better": self.better._asdict(), "played_text": str(self.played), "better_text": str(self.better),
                "loss": self.loss, "rating": self.rating.value, "choices": self.choices,
                "better_principle": None if self.better_principle is None else {
                    "rule": self.better_principle.rule, "facts": self.better_principle.facts}}


def margin(evaluations: list[Evaluation], player: int) -> float:
    """``player``'s estimated final VP less the best rival's: the same measure before the end as at it (the bots'
    :func:`~brass_nb.bots.evaluation.advantage` weighs the rivals less, which would make the plot jump at the
    end)."""
    rivals = [e.value for e in evaluations if e.player != player]
    return evaluations[player].value - max(rivals, default=0.0)


@dataclass(frozen=True)
class Margins:
    """Every player's expected margin over the best rival (in VP, from the evaluation's estimate of each player's
    final VP) before log entry ``number``, and after the last entry the margin the game ended with."""

    number: int
    margins: tuple[float, ...]


@dataclass(frozen=True)
class Review:
    """A player's decisions rated against the coach's, and every player's expected margin over the game.

    Attributes:
        player: the reviewed player (0 for Player 1).
        players: the number of players.
        game, edition: which game was played (``brass_nb.rules.facts.GameFacts.game`` and ``.edition``).
        decisions: every decision of ``player``, in the order played.
        margins: every player's expected margin before each logged action, and at the end.
        over: whether the game was finished.
        depth: what the coach's best move is: the hint's ("search") or one ply's ("greedy").
    """

    player: int
    players: int
    game: str
    edition: str
    decisions: tuple[Decision, ...]
    margins: tuple[Margins, ...]
    over: bool
    depth: str = "search"

    def counts(self) -> dict[Rating, int]:
        """How many decisions got each rating (every rating listed, best first)."""
        found = Counter(d.rating for d in self.decisions)
        return {rating: found[rating] for rating in Rating}

    def decisive(self, count: int = DECISIVE) -> list[Decision]:
        """The costliest decisions, largest loss first: those rated below good (the moments that decided the
        game, as far as this player could)."""
        costly = [d for d in self.decisions if d.rating not in (Rating.BEST, Rating.GOOD)]
        return sorted(costly, key=lambda d: (-d.loss, d.number))[:count]

    @property
    def mean_loss(self) -> float:
        """The VP lost per decision on average."""
        return sum(d.loss for d in self.decisions) / len(self.decisions) if self.decisions else 0.0

    def to_dict(self) -> dict[str, Any]:
        """The record the words and the plot are made from: actions by their fields, losses, ratings."""
        return {"player": self.player, "players": self.players, "game": self.game, "edition": self.edition,
                "over": self.over, "depth": self.depth, "decisions": [d.to_dict() for d in self.decisions],
                "decisive": [d.to_dict() for d in self.decisive()],
                "counts": {rating.value: n for rating, n in self.counts().items()},
                "limits": [[rating.value, limit] for rating, limit in RATING_LIMITS],
                "margins": [{"number": m.number, "margins": list(m.margins)} for m in self.margins]}

    def render(self, language: str | None = None, form: str = "text", every: bool = False) -> str:
        """The review in words: ``form`` "text", "markdown" or "html"; ``language`` "en" or "ja"; the summary
        (decisive moments, then counts), and with ``every`` each decision too (html always adds them, folded)."""
        from brass_nb.explain import review as words

        return words.render(self.to_dict(), language, form, every)

    def plot(self, language: str | None = None, size: tuple[float, float] | None = None) -> Figure:
        """Every player's expected margin over the game, the reviewed player's decisive moments marked; ``size``
        in inches (a side panel draws it smaller than a notebook's cell)."""
        from brass_nb.plot.margins import SIZE, plot_margins

        return plot_margins(self.to_dict(), language, size=size or SIZE)

    def __str__(self) -> str:
        return self.render()

    def _repr_markdown_(self) -> str:
        return self.render(form="markdown")

    def _repr_html_(self) -> str:
        return self.render(form="html")


DEPTHS = ("search", "greedy")
"""What the coach's best move is: the one the hint suggests, or the best one ply deep."""


def review(game: Game, player: int, weights: Weights = WEIGHTS, depth: str = "search",
           progress: Callable[[int, int], None] | None = None) -> Review:
    """Rate every decision ``player`` (0 for Player 1) took in ``game`` against the coach's best, replaying the
    game from its start; ``game`` is not changed. ``depth``: "search" (as a hint looks) or "greedy" (one ply).
    ``progress`` is told (entries replayed, entries in all) after each log entry: a searched review takes seconds,
    and a table says how far it got."""
    if depth not in DEPTHS:
        raise UnknownName([Step("review.depth", {"depth": repr(depth)[:20], "depths": list(DEPTHS)}, ok=False)])
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < len(game.players):
        raise UnknownName([Step("review.player", {"player": repr(player)[:20], "players": len(game.players)},
                                ok=False)])
    coach = GreedyBot(weights)
    replay = game_from_json({**game.to_json(), "actions": []})
    decisions, margins = [], []
    for number, action in enumerate(game.log, start=1):
        rates = Rates.of(replay.state, weights)
        now = evaluate(replay, rates, weights)
        margins.append(Margins(number, tuple(margin(now, i) for i in range(len(now)))))
        if replay.current_player == player:
            decisions.append(_rate(replay, number, action, coach, rates) if depth == "greedy"
                             else _rate_searched(replay, number, action, weights))
        replay.play(action)
        if progress is not None:
            progress(number, len(game.log))
    end = evaluate(replay, Rates.of(replay.state, weights), weights)
    margins.append(Margins(len(game.log) + 1, tuple(margin(end, i) for i in range(len(end)))))
    facts = game.facts
    return Review(player, len(game.players), facts.game, facts.edition, tuple(decisions), tuple(margins),
                  replay.is_over, depth)


def _rate(position: Game, number: int, played: Action, coach: GreedyBot, rates: Rates) -> Decision:
    """The decision to play ``played`` at ``position``, rated against the coach's one-ply best."""
    ranked = coach.rank(position, rates)
    best = ranked[0]
    loss = max(0.0, best.gain - _gain_of(position, played, ranked, coach, rates))
    rating = rating_of(loss)
    better = played if rating is Rating.BEST else best.action
    return Decision(number, position.era, position.round, played, better, loss, rating, len(ranked),
                    _idea(position, better) if better != played else None)


def _rate_searched(position: Game, number: int, played: Action, weights: Weights) -> Decision:
    """The decision rated against the move the hint of ``position`` suggests (the same search), by one ply's value:
    the hint's move, and any move one ply values as highly, is best."""
    rates = Rates.of(position.state, weights)
    greedy = GreedyBot(weights)
    suggested = SearchBot(seed=0, weights=weights).rank(position)[0]
    ranked = greedy.rank(position, rates)
    loss = max(0.0, _gain_of(position, suggested.action, ranked, greedy, rates)
               - _gain_of(position, played, ranked, greedy, rates))
    rating = rating_of(loss)
    better = played if rating is Rating.BEST else suggested.action
    return Decision(number, position.era, position.round, played, better, loss, rating, len(ranked),
                    _idea(position, better) if better != played else None)


def _idea(position: Game, better: Action) -> Step | None:
    """The first principle the better move follows, if any (:mod:`brass_nb.bots.principles`)."""
    found = principles_of(position, better, position.copy().play(better))
    return found[0] if found else None


def _gain_of(position: Game, played: Action, ranked: list[Candidate], coach: GreedyBot, rates: Rates) -> float:
    """The played move's gain, from the ranking when the coach weighed it, else tried on a copy (the coach keeps
    one card of moves that differ only in the card discarded)."""
    for candidate in ranked:
        if candidate.action == played:
            return candidate.gain
    first = ranked[0]
    after = coach.after(position, played, rates)
    return advantage(after, first.player, coach.weights) - advantage(first.before, first.player, coach.weights)
