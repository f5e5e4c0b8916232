"""Bots that choose an action for the player to act: random, greedy (one ply) and search (rollouts).

A bot reads only the game's public API (``legal_actions``, ``copy``, ``play``) and the evaluation terms;
it holds no rule of its own. Each one is deterministic for a given seed.
"""
from __future__ import annotations

import random
import threading
from collections import Counter
from dataclasses import dataclass, replace
from itertools import zip_longest
from typing import Protocol, runtime_checkable

from brass_nb.bots.clock import NO_LIMIT, Deadline
from brass_nb.bots.evaluation import WEIGHTS, Evaluation, Rates, Weights, advantage, evaluate
from brass_nb.rules.actions import Action, Discard
from brass_nb.rules.errors import IllegalAction
from brass_nb.rules.game import Game
from brass_nb.rules.notation import TWO_CARDS
from brass_nb.rules.randomplay import random_action
from brass_nb.rules.records import Step
from brass_nb.rules.scoring import ranking


def require_turn(game: Game) -> None:
    """Refuse, as ``play`` does, to choose for a finished game: the refusal carries the final ranking."""
    if game.is_over:
        raise IllegalAction([Step("game.over", {"ranking": ranking(game.state)}, ok=False)])


@runtime_checkable
class Bot(Protocol):
    """Anything that picks one of ``game.legal_actions()`` for the player to act."""

    name: str

    def choose(self, game: Game) -> Action: ...


class RandomBot:
    """Picks an action kind by :data:`brass_nb.rules.randomplay.KIND_WEIGHTS`, then an action of it uniformly."""

    def __init__(self, seed: int = 0):
        self.name = "random"
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        require_turn(game)
        return random_action(game, self.rng)


@dataclass(frozen=True)
class Candidate:
    """One legal action tried on a copy: everyone's evaluation before and after, and the mover's gain.

    Attributes:
        action: the action as listed by ``legal_actions``.
        player: the mover.
        before, after: every player's evaluation now and after the action (a double-card build is evaluated
            with its cheapest two cards).
        gain: the mover's advantage after less before (what greedy ranks by).
        search: the mean advantage at the end of the search's rollouts, when a search tried this action.
    """

    action: Action
    player: int
    before: list[Evaluation]
    after: list[Evaluation]
    gain: float
    search: float | None = None

    @property
    def deltas(self) -> dict[str, float]:
        """Each term's change for the mover, in VP."""
        before, after = self.before[self.player].terms, self.after[self.player].terms
        return {name: after[name] - before[name] for name in before}

    @property
    def rivals_gain(self) -> float:
        """The mean change of the rivals' values: what this action gives away."""
        changes = [a.value - b.value for a, b in zip(self.after, self.before, strict=False) if a.player != self.player]
        return sum(changes) / len(changes) if changes else 0.0


def card_cost(card: str, hand: list[str], wilds: dict[str, int], weights: Weights = WEIGHTS) -> float:
    """What giving up ``card`` costs in the ``cards`` term: a wild card, or the last copy of a card."""
    return (card in wilds) * weights.wild_card_vp + (hand.count(card) == 1) * weights.distinct_card_vp


def distinct_actions(game: Game, weights: Weights = WEIGHTS) -> list[Action]:
    """The legal actions, keeping of those that differ only in the card discarded the one with the cheapest
    card: the card changes nothing else a bot measures, so trying every card would only cost time."""
    hand = game.players[game.current_player].hand
    wilds = game.state.wilds
    best: dict[tuple, tuple[float, Action]] = {}
    for action in game.legal_actions():
        card = getattr(action, "card", None)
        if card is None or card == TWO_CARDS:
            best.setdefault(("as listed", action), (0.0, action))
            continue
        key = ("any card", action._replace(card=None))
        cost = card_cost(card, hand, wilds, weights)
        if key not in best or cost < best[key][0]:
            best[key] = (cost, action)
    return [action for _, action in best.values()]


def cheapest_two_cards(hand: list[str], wilds: dict[str, int]) -> Discard:
    """The two cards a double-card build gives up most cheaply: repeated cards first, wild cards last."""
    counts = Counter(hand)
    ranked = sorted(hand, key=lambda card: (card in wilds, -counts[card], card))
    return Discard(tuple(sorted(ranked[:2])))


def kinds_in_turn(actions: list[Action]) -> list[int]:
    """Indices of ``actions``, one of each kind in turn, so that a ranking cut short by a deadline has tried
    every kind of action rather than only the kind listed first."""
    by_kind: dict[str, list[int]] = {}
    for i, action in enumerate(actions):
        by_kind.setdefault(action.kind, []).append(i)
    return [i for turn in zip_longest(*by_kind.values()) for i in turn if i is not None]


SEARCHED_ONLY_WHEN_SHORTLISTED = ("pass",)
"""Kinds of action the search tries only when greedy ranks one of them among its best: a pass gives up an action for
nothing but a card, and one noisy rollout must not make it the coach's advice at a game's first turn."""


def shortlist(ranked: list[Candidate], size: int) -> list[Candidate]:
    """Greedy's best ``size`` candidates, then the best of each action kind missing from them (but a pass): one ply
    often ranks a whole kind (scouting for wild cards, say) above the rest, and only a look-ahead can tell whether a
    build, a link or a loan would have paid more."""
    chosen = ranked[:size]
    kinds = {c.action.kind for c in chosen} | set(SEARCHED_ONLY_WHEN_SHORTLISTED)
    for candidate in ranked[size:]:
        if candidate.action.kind not in kinds:
            chosen.append(candidate)
            kinds.add(candidate.action.kind)
    return chosen


class GreedyBot:
    """One ply: play each legal action on a copy and keep the one whose evaluation gains the most.

    Ties keep the order of ``legal_actions``, so the bot is deterministic. Given a deadline, it ranks only the
    actions it had time to try (always at least one), tried one kind at a time in turn.
    """

    def __init__(self, weights: Weights = WEIGHTS):
        self.name = "greedy"
        self.weights = weights

    def rank(self, game: Game, rates: Rates | None = None, deadline: Deadline = NO_LIMIT) -> list[Candidate]:
        """The legal actions (one card for actions otherwise equal) with their evaluations, best first."""
        player = game.current_player
        rates = rates or Rates.of(game.state, self.weights)
        now = evaluate(game, rates, self.weights)
        start = advantage(now, player, self.weights)
        actions = distinct_actions(game, self.weights)
        scored: dict[int, Candidate] = {}
        for i in kinds_in_turn(actions):
            if scored and deadline.passed():
                break
            after = self.after(game, actions[i], rates)
            scored[i] = Candidate(actions[i], player, now, after, advantage(after, player, self.weights) - start)
        ranked = [scored[i] for i in sorted(scored)]
        ranked.sort(key=lambda c: -c.gain)
        return ranked

    def after(self, game: Game, action: Action, rates: Rates) -> list[Evaluation]:
        trial = game.copy()
        player = trial.current_player
        trial.play(action)
        if trial.phase == "double_cards":       # nothing is built until the two cards are named
            trial.play(cheapest_two_cards(trial.players[trial.current_player].hand, trial.state.wilds))
        if trial.phase is not None and trial.current_player == player and not trial.why_not("done"):
            ended = trial.copy()                # the game's last action, left open: read it as finished
            ended.play("done")
            if ended.is_over:
                trial = ended
        return evaluate(trial, rates, self.weights)

    def choose(self, game: Game, deadline: Deadline = NO_LIMIT) -> Action:
        require_turn(game)
        actions = game.legal_actions()
        if len(actions) == 1:
            return actions[0]
        return self.rank(game, deadline=deadline)[0].action


class SearchBot:
    """Greedy's best few actions, and the best action of every other kind, each followed by greedy play of every
    seat to the end of the next round.

    Why to the end of a round rather than a fixed number of decisions: money spent now moves the player later in the
    next round's turn order, so after a fixed count (or at the end of the mover's next turn) the candidates would be
    compared after different numbers of the rivals' decisions, which favours spending (or saving) for no reason of
    the game. At the end of a round every player has had the same turns, whatever the order.

    Cards the player cannot see (the deck, rivals' hands, Lancashire's distant market tiles) are reshuffled
    in each rollout, so the bot does not peek. The budget counts simulated decisions (deterministic);
    ``seconds``, when given, also stops the search early (then the result depends on the machine).

    When ``seconds`` runs out, the rounds of rollouts already finished decide (a round counts only once every
    candidate has played out the same reshuffle, so candidates stay compared on equal terms); with no round
    finished, greedy's ranking decides, of the actions greedy had time to try (see :class:`GreedyBot`).

    Args:
        seed: seeds the reshuffles.
        budget: simulated decisions for one choice, shared between the candidates (at least one rollout each).
        candidates: how many of greedy's best actions are searched, besides the best of each other kind.
        horizon: decisions per rollout, when given; by default a rollout ends with the next round.
        seconds: optional wall-clock limit for one choice.
        stop: optional event that ends a choice as soon as another thread sets it (as ``seconds`` running out).
    """

    def __init__(self, seed: int = 0, budget: int = 15, candidates: int = 3, horizon: int | None = None,
                 seconds: float | None = None, weights: Weights = WEIGHTS, stop: threading.Event | None = None):
        self.name = "search"
        self.rng = random.Random(seed)
        self.budget = budget
        self.candidates = candidates
        self.horizon = horizon
        self.seconds = seconds
        self.stop = stop
        self.greedy = GreedyBot(weights)
        self.weights = weights
        self.looked_ahead = 0.0     # decisions per rollout in the last ranking, on average (for a hint's words)

    def rank(self, game: Game) -> list[Candidate]:
        """Greedy's ranking with the shortlist (see :func:`shortlist`) re-scored by rollouts: searched ones
        first, best first, then the others in greedy's order."""
        deadline = Deadline.after(self.seconds, self.stop)
        rates = Rates.of(game.state, self.weights)
        ranked = self.greedy.rank(game, rates, deadline)
        chosen = shortlist(ranked, self.candidates)
        if len(chosen) < 2:
            return ranked
        player = game.current_player
        rollouts = max(1, self.budget // max(1, self.horizon_of(game) * len(chosen)))
        totals = [0.0] * len(chosen)
        done = played = 0
        for _ in range(rollouts):
            seed = self.rng.randrange(2**32)
            values = []
            for candidate in chosen:
                outcome = self._rollout(game, candidate.action, player, random.Random(seed), rates, deadline)
                if outcome is None:
                    break
                values.append(outcome[0])
                played += outcome[1]
            if len(values) < len(chosen):
                break
            totals = [total + value for total, value in zip(totals, values, strict=True)]
            done += 1
        if not done:
            return ranked
        self.looked_ahead = played / (done * len(chosen))
        searched = sorted((replace(c, search=total / done) for c, total in zip(chosen, totals, strict=True)),
                          key=lambda c: -c.search)
        rest = [c for c in ranked if all(c is not s for s in chosen)]
        return searched + rest

    def horizon_of(self, game: Game) -> int:
        """Decisions a rollout plays at most, as the budget counts them: the given horizon, else the rounds a
        rollout plays out (compound actions' later decisions aside)."""
        if self.horizon is not None:
            return self.horizon
        return game.facts.rules.actions_per_turn * len(game.players) * ROLLOUT_ROUNDS

    def _rollout(self, game: Game, action: Action, player: int, rng: random.Random, rates: Rates,
                 deadline: Deadline) -> tuple[float, int] | None:
        """The mover's advantage after ``action`` and greedy play to the end of the next round (or for ``horizon``
        decisions), and the decisions played; None when time ran out."""
        trial = game.copy()
        hide_unseen(trial, player, rng)
        trial.play(action)
        limit = self.horizon if self.horizon is not None else MAX_ROLLOUT
        rounds = [round_of(game)]           # the round ``action`` is played in, then the next
        played = 0
        while played < limit and not trial.is_over:
            if self.horizon is None and round_of(trial) != rounds[-1]:
                if len(rounds) == ROLLOUT_ROUNDS:
                    break
                rounds.append(round_of(trial))
            choice = self.greedy.choose(trial, deadline)
            if deadline.passed():
                return None
            trial.play(choice)
            played += 1
        return advantage(evaluate(trial, rates, self.weights), player, self.weights), played

    def choose(self, game: Game) -> Action:
        require_turn(game)
        actions = game.legal_actions()
        if len(actions) == 1:
            return actions[0]
        return self.rank(game)[0].action


def round_of(game: Game) -> tuple[str, int]:
    """Which round the game is in: its era and round."""
    return game.state.era, game.state.round


ROLLOUT_ROUNDS = 2
"""A rollout plays to the end of this many rounds: the one the candidate is played in and the next."""


MAX_ROLLOUT = 60
"""A rollout's decisions at most: more than two rounds of any game, so it only guards against a loop."""


def hide_unseen(game: Game, player: int, rng: random.Random) -> None:
    """Reshuffle, in a scratch copy, what ``player`` cannot see: the deck, the cards set aside and the rivals'
    hands (each keeps its number of cards), the distant market's tiles, and the seed of later shuffles."""
    state = game.state
    rivals = [p for p in state.players if p.index != player]
    pool = state.deck + state.set_aside + [card for p in rivals for card in p.hand]
    rng.shuffle(pool)
    for p in rivals:
        p.hand, pool = pool[:len(p.hand)], pool[len(p.hand):]
    state.set_aside, state.deck = pool[:len(state.set_aside)], pool[len(state.set_aside):]
    if state.distant is not None:
        rng.shuffle(state.distant.tiles)
    state.seed = rng.randrange(2**32)
    state.mark_changed()
