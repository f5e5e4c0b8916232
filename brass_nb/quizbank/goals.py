"""The checks an exercise's goal is made of: each reads the position before and after the learner's move.

A check answers with a :class:`~brass_nb.rules.records.Step` of rule ``goal.<check>``: ``ok`` says whether the move
met it, and its facts say what the move did against what the goal needed, so that the same catalogue that explains
the rules words the verdict (:mod:`brass_nb.explain`). ``best`` is the one check that looks beyond the move: it
measures every legal move of the same position and asks that none does better.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from brass_nb.rules.actions import Action, Discard
from brass_nb.rules.errors import BrassError
from brass_nb.rules.game import Game
from brass_nb.rules.records import Explanation, Step
from brass_nb.rules.state import State


@dataclass(frozen=True)
class Check:
    """One condition of a goal: the check's name and its parameters, as written in the bank."""

    name: str
    params: tuple[tuple[str, object], ...] = ()

    def get(self, key: str, default: object = None) -> object:
        return dict(self.params).get(key, default)


@dataclass(frozen=True)
class Verdict:
    """The engine's judgement of one move: met or not, and why — the refusal's reasons when the move is illegal,
    else one step per check of the goal (each saying what the move did against what the goal needed)."""

    ok: bool
    action: str
    legal: bool
    steps: tuple[Step, ...]

    @property
    def reason(self) -> Step | None:
        """The first thing that failed (None when the goal is met)."""
        return next((s for s in self.steps if not s.ok), None)


@dataclass(frozen=True)
class Outcome:
    """A move played on a copy of the exercise's position: the positions around it and what the engine said."""

    before: Game
    after: Game
    player: int
    action: Action
    explanation: Explanation


def _tiles(state: State, player: int) -> dict[str, tuple[str, bool]]:
    return {label: (t.industry, t.flipped) for label, t in state.tiles.items() if t.owner == player}


def _verdict(check: str, facts: dict, ok: bool) -> Step:
    """The check's step; ``ok`` goes into the facts too, for the catalogues word a met and a missed goal apart."""
    return Step(f"goal.{check}", {**facts, "ok": ok}, ok=ok)


def _place(label: str) -> str:
    return label.partition("[")[0]


def builds(o: Outcome, industry: str, location: str = "") -> Step:
    before = _tiles(o.before.state, o.player)
    built = [label for label, (ind, _) in _tiles(o.after.state, o.player).items()
             if before.get(label, ("", False))[0] != ind]
    ok = any(o.after.state.tiles[label].industry == industry and (not location or _place(label) == location)
             for label in built)
    return _verdict("builds", {"player": o.player, "industry": industry, "location": location, "built": built,
                                "built_industries": [o.after.state.tiles[label].industry for label in built]}, ok)


def sells(o: Outcome, industry: str = "", location: str = "") -> Step:
    """The tile the sale names, when it flipped: a brewery emptied by the sale's beer flips too, but is not sold."""
    before = _tiles(o.before.state, o.player)
    sold = [label for label, (ind, flipped) in _tiles(o.after.state, o.player).items()
            if flipped and label in before and not before[label][1] and label == getattr(o.action, "slot", None)
            ] if o.action.kind == "sell" else []
    ok = any((not industry or o.after.state.tiles[label].industry == industry)
             and (not location or _place(label) == location) for label in sold)
    return _verdict("sells", {"player": o.player, "industry": industry, "location": location, "sold": sold,
                               "kind": o.action.kind}, ok)


def network_has(o: Outcome, location: str) -> Step:
    network = o.after.network(o.player)
    return _verdict("network_has", {"player": o.player, "location": location, "network": network},
                    location in network)


def kind(o: Outcome, kind: str) -> Step:
    return _verdict("kind", {"wanted": kind, "kind": o.action.kind}, o.action.kind == kind)


def no_market(o: Outcome, resource: str) -> Step:
    bought = sum(s.facts.get("count", 1) for s in o.explanation.steps if s.rule == f"{resource}.buy")
    return _verdict("no_market", {"resource": resource, "bought": bought}, bought == 0)


def source(o: Outcome, resource: str, location: str) -> Step:
    taken = list(dict.fromkeys(s.facts["source"] for s in o.explanation.steps if s.rule == f"{resource}.take"))
    return _verdict("source", {"resource": resource, "location": location, "sources": taken},
                    any(_place(t) == location or t == location for t in taken))


def first_next_round(o: Outcome) -> Step:
    """The player opens the next round: the turn order set when this move ends the round, else the one the money
    spent so far would set (least spent first, ties keeping their order)."""
    _, steps = _action_ended(o)
    ended = next((s.facts for s in steps if s.rule == "turn.order"), None)
    players = range(len(o.after.state.players))
    if ended:
        spent, order = [ended["spent"][str(i)] for i in players], list(ended["after"])
    else:
        spent = [o.after.state.players[i].spent_this_round for i in players]
        order = sorted(o.after.state.order, key=spent.__getitem__)
    return _verdict("first_next_round", {"player": o.player, "first": order[0], "order": order, "spent": spent,
                                         "decided": ended is not None}, order[0] == o.player)


def _vp(game: Game, player: int) -> int:
    """The player's VP if the era ended now (their VP so far when the game has ended)."""
    preview = 0 if game.is_over else sum(
        s.facts["vp"] for s in game.score_preview().steps
        if s.facts.get("owner") == player)
    return game.players[player].vp + preview


MEASURES: dict[str, Callable[[Game, int], int]] = {
    "vp": _vp,
    "money": lambda game, player: game.players[player].money,
    "income": lambda game, player: game.players[player].income_level,
}
"""What ``best`` can ask a move to maximise, read from the position after it."""


def _action_ended(o: Outcome) -> tuple[Game, list[Step]]:
    """The position once the move's action is over, and the steps that led there: a move that leaves its action
    open (a first rail, a first develop, a sale that could go on) is read as if the player then said ``done``, so
    that what ends the action (the round's turn order and income, the era's scoring) counts for it as for any
    other move."""
    game, steps = o.after, list(o.explanation.steps)
    while game.phase is not None and game.current_player == o.player and not game.why_not("done"):
        game = game.copy()
        steps += game.play("done").steps
    return game, steps


def measure(o: Outcome, name: str) -> int:
    """The move's score on measure ``name``, read once its action is over. A move that ended the era has just been
    scored: its VP are counted as they stand, without adding what the next era's end would score for the tiles
    that stay."""
    after, _ = _action_ended(o)
    if name == "vp" and after.era != o.before.era:
        return after.players[o.player].vp
    return MEASURES[name](after, o.player)


CHECKS: dict[str, Callable[..., Step]] = {
    "builds": builds, "sells": sells, "network_has": network_has, "kind": kind, "no_market": no_market,
    "source": source, "first_next_round": first_next_round,
}
"""Every check but ``best``, by the name the bank uses."""


def _outcome(game: Game, action: Action) -> Outcome:
    """The move played on a copy. A double-card build places its tile only once its two cards are chosen, and
    which two cannot change what a goal looks at, so the first choice is made for it: the build is judged whole."""
    after = game.copy()
    player = game.current_player
    assert player is not None
    explanation = after.play(action)
    pending = after.legal_actions() if after.current_player == player and not after.is_over else []
    if pending and all(isinstance(a, Discard) for a in pending):
        explanation = Explanation(action, player, after.play(pending[0]).steps)   # it explains the whole build
    return Outcome(game, after, player, action, explanation)


def score(game: Game, action: Action, name: str) -> int:
    """What ``action`` scores on measure ``name``, played on a copy of ``game``."""
    return measure(_outcome(game, action), name)


def best(game: Game, name: str) -> int:
    """The most any legal move of ``game``'s position scores on measure ``name``: every move is played on a copy."""
    return max(score(game, action, name) for action in game.legal_actions())


def judge(game: Game, goal: Sequence[Check], action: Action | str,
          best_of: Callable[[str], int] | None = None) -> Verdict:
    """Play ``action`` on a copy of ``game`` and check it against every check of ``goal`` (``game`` is untouched).

    ``best_of`` gives the best score of the position on a measure (kept by the caller, as it plays every move)."""
    try:
        move = game.parse(action) if isinstance(action, str) else action
        refusal = list(game.why_not(move))
    except BrassError as error:
        return Verdict(False, str(action), False, tuple(error.steps))
    if refusal:
        return Verdict(False, str(move), False, tuple(refusal))
    outcome = _outcome(game, move)
    top = best_of or (lambda name: best(game, name))
    steps = tuple(_best_step(outcome, str(c.get("measure")), top(str(c.get("measure")))) if c.name == "best"
                  else CHECKS[c.name](outcome, **dict(c.params)) for c in goal)
    return Verdict(all(s.ok for s in steps), str(move), True, steps)


def _best_step(outcome: Outcome, name: str, top: int) -> Step:
    got = measure(outcome, name)
    return _verdict("best", {"measure": name, "got": got, "best": top}, got >= top)
