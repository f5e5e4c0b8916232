"""The public game object: legal actions, play with explanations, undo/redo, save and load."""
from __future__ import annotations

import json
import random
from collections import Counter
from itertools import combinations
from pathlib import Path
from typing import Callable, Iterable, Union

from brass_nb.rules import actions as A
from brass_nb.rules.build import build_actions, plan_build
from brass_nb.rules.cards import discard, pass_actions, plan_pass, plan_scout, scout_actions
from brass_nb.rules.develop import develop_actions, plan_develop
from brass_nb.rules.errors import IllegalAction
from brass_nb.rules.facts import GameFacts, load_facts
from brass_nb.rules.income import loan_actions, plan_loan, plan_remove, remove_actions, settle_shortfall
from brass_nb.rules.network import network_actions, plan_network
from brass_nb.rules.plan import Plan
from brass_nb.rules.records import Explanation, Step
from brass_nb.rules.cotton import cotton_sale_actions, plan_cotton_sale
from brass_nb.rules.sell import plan_sell, sell_actions
from brass_nb.rules.state import Player, State
from brass_nb.rules import queries
from brass_nb.rules.scoring import industry_scores, link_scores, ranking
from brass_nb.rules.turns import finish_action, pay_income_from, setup
from brass_nb.rules.view import View

SAVE_FORMAT = "brass_nb.game"

# Phases of a compound action: which continuation actions they accept, and what "done" means.
_CONTINUATIONS = {
    "sell": ("sell", "sell another of your industries, or done"),
    "rail2": ("network", "build a second rail, or done"),
    "develop2": ("develop", "develop a second tile, or done"),
    "bonus_develop": ("develop", "take Gloucester's free develop, or done to decline it"),
    "double_cards": ("discard", "choose the two cards of the double-card build"),
}


class LegalActions(list):
    """The legal actions of a position; prints one action per line in notation."""

    def __str__(self) -> str:
        return "\n".join(str(a) for a in self)

    def texts(self) -> list[str]:
        return [str(a) for a in self]


class Game:
    """One game of Brass. Create it with :func:`brass_nb.new_game` or :func:`brass_nb.load_game`."""

    def __init__(self, origin: Callable[[], State], start: dict):
        self._origin = origin
        self._start = start
        self.state = origin()
        self.log: list[A.Action] = []
        self._redo: list[A.Action] = []
        self._view: View | None = None
        self._legal: LegalActions | None = None

    # ------------------------------------------------------------ reading the position

    @property
    def facts(self) -> GameFacts:
        return self.state.facts

    @property
    def players(self) -> list[Player]:
        return self.state.players

    @property
    def current_player(self) -> int | None:
        """Index of the player to act (0-based; explanations say "Player 1" for 0); None once the game is over."""
        return self.state.current_player

    @property
    def era(self) -> str:
        return self.state.era

    @property
    def round(self) -> int:
        return self.state.round

    @property
    def is_over(self) -> bool:
        return self.state.over

    @property
    def phase(self) -> str | None:
        """None between actions, else the compound action or decision in progress."""
        if self.state.shortfall:
            return "shortfall"
        return self.state.pending[0] if self.state.pending else None

    def scores(self) -> list[dict]:
        """Ranking (best first) by VP, then income level, then money; equal players share a place."""
        return ranking(self.state)

    # ------------------------------------------------------------ teaching queries

    def coal_sources(self, location: str) -> Step:
        """Connected coal mines with coal for ``location``, nearest first, and whether the market is reachable."""
        return queries.coal_sources(self.view(), location)

    def network(self, player: int) -> list[str]:
        """A player's network: locations with one of their industries or touching one of their links."""
        return sorted(self.view().network(player), key=list(self.facts.board.locations).index)

    def connected(self, location: str) -> dict[str, int]:
        """Every location connected to ``location`` by anyone's links, with its distance in links (nearest first)."""
        reach = self.view().reachable((location,))
        return dict(sorted(reach.items(), key=lambda item: (item[1], list(self.facts.board.locations).index(item[0]))))

    def iron_sources(self) -> Step:
        """Every iron works with iron, anywhere (iron needs no connection), and the market's next price."""
        return queries.iron_sources(self.view())

    def beer_sources(self, location: str, player: int | None = None) -> Step:
        """Beer ``player`` (default: the one to act) could use at ``location``: own anywhere, others' if connected."""
        return queries.beer_sources(self.view(), self.current_player if player is None else player, location)

    def income_space(self, space: int) -> Step:
        """The income level a track space shows, its band of spaces, and where a loan from there would land."""
        c = self.facts.constants
        largest = max(levels for _, levels in c["loan_options"])   # Lancashire's £30 loan, Birmingham's only one
        return queries.income_space(self.facts.income_levels, space, largest, c["min_income_level"])

    def score_preview(self) -> Explanation:
        """What each link and flipped industry would score if the era ended now (nothing changes)."""
        return Explanation("score preview", None, link_scores(self.state) + industry_scores(self.state))

    def view(self) -> View:
        if self._view is None:
            self._view = View(self.state)
        return self._view

    def picture(self, highlight=None, network: int | None = None, connected: str | None = None,
                language: str | None = None):
        """The position as a picture (shows itself in Jupyter; ``.figure()`` gives the matplotlib figure).

        ``highlight`` takes a step, an explanation or a list of steps; ``network`` a player index;
        ``connected`` a location name.
        """
        from brass_nb.plot import Picture

        return Picture(self, highlight=highlight, network=network, connected=connected, language=language)

    def _repr_png_(self) -> bytes:
        return self.picture()._repr_png_()

    def _repr_mimebundle_(self, include=None, exclude=None):
        """The picture with the width Jupyter should show it at (see ``brass_nb.plot.geometry``)."""
        return self.picture()._repr_mimebundle_(include, exclude)

    def __repr__(self) -> str:
        s = self.state
        status = "game over" if s.over else f"Player {self.current_player + 1} (index {self.current_player}) to act"
        return f"<Game {self.facts.game} {len(s.players)}p, {s.era} era round {s.round}, {status}>"

    # ------------------------------------------------------------ actions

    def parse(self, text: str) -> A.Action:
        """Read an action written in notation (see :mod:`brass_nb.rules.actions`)."""
        return A.parse(self.facts, text)

    def legal_actions(self) -> LegalActions:
        """Every legal action of the player to act, each stating all its choices."""
        if self._legal is None:
            self._legal = LegalActions(self._generate())
        return self._legal

    def _generate(self) -> list[A.Action]:
        state = self.state
        if state.over:
            return []
        view, player = self.view(), self.current_player
        phase = self.phase
        if phase == "shortfall":
            return remove_actions(state, player)
        if phase == "sell":
            return self._sell_actions(view, player, first=False) + [A.Done()]
        if phase == "rail2":
            return network_actions(view, player, second=True) + [A.Done()]
        if phase == "double_cards":
            return [A.Discard(pair) for pair in dict.fromkeys(combinations(sorted(state.players[player].hand), 2))]
        if phase in ("develop2", "bonus_develop"):
            kind = "free" if phase == "bonus_develop" else "second"
            return develop_actions(view, player, kind) + [A.Done()]
        return (build_actions(view, player) + network_actions(view, player, second=False)
                + develop_actions(view, player, "first") + self._sell_actions(view, player, first=True)
                + loan_actions(view, player) + scout_actions(view, player) + pass_actions(view, player))

    def _plan(self, action: A.Action) -> Plan:
        """The validator for ``action`` in this position: the single source of every reason."""
        state = self.state
        plan = Plan()
        if state.over:
            plan.fail("game.over", ranking=ranking(state))
            return plan
        view, player = self.view(), self.current_player
        phase = self.phase
        kind = action.kind
        if phase == "shortfall":
            owed = state.shortfall[1]
            if kind != "remove":
                plan.fail("phase.shortfall", player=player, owed=owed)
                return plan
            return plan_remove(view, player, action, owed)
        if kind == "remove":
            plan.fail("phase.no_shortfall")
            return plan
        if phase:
            expected, _ = _CONTINUATIONS[phase]
            if phase == "double_cards":
                if kind != "discard":
                    plan.fail("phase.finish_first", phase=phase, expected=expected, got=kind)
                    return plan
                return self._double_build_cards(view, player, action)
            if kind == "done":
                plan.note("phase.done", phase=phase)
                plan.apply = lambda state, expl: None
                return plan
            if kind != expected:
                plan.fail("phase.finish_first", phase=phase, expected=expected, got=kind)
                return plan
            if phase == "sell":
                return self._sell_plan(view, player, action, first=False)
            if phase == "rail2":
                return plan_network(view, player, action, second=True)
            return plan_develop(view, player, action, "free" if phase == "bonus_develop" else "second")
        if kind == "done":
            plan.fail("phase.nothing_to_finish")
            return plan
        if kind == "discard":
            plan.fail("phase.no_double_build")
            return plan
        if kind == "build":
            plan = plan_build(view, player, action)
            if plan.ok and action.card == A.TWO_CARDS:
                plan.apply = self._await_two_cards(action)
            return plan
        if kind == "network":
            return plan_network(view, player, action, second=False)
        if kind == "develop":
            return plan_develop(view, player, action, "first")
        if kind == "sell":
            return self._sell_plan(view, player, action, first=True)
        if kind == "loan":
            return plan_loan(view, player, action)
        if kind == "scout":
            return plan_scout(view, player, action)
        return plan_pass(view, player, action)

    def _await_two_cards(self, action: A.Build):
        """A double-card build is checked first, then built once its two cards are named."""
        def apply(state: State, expl: Explanation) -> list[str]:
            state.double_build = action
            expl.add("build.two_cards", (f"{action.location}[{action.slot}]",), player=self.current_player,
                     industry=action.industry, location=action.location)
            return ["double_cards"]
        return apply

    def _double_build_cards(self, view: View, player: int, action: A.Discard) -> Plan:
        state = self.state
        plan = Plan()
        missing = Counter(action.cards) - Counter(state.players[player].hand)
        if missing:
            plan.fail("card.not_in_hand", card=", ".join(sorted(missing.elements())),
                      hand=sorted(state.players[player].hand))
            return plan
        build = plan_build(view, player, state.double_build)
        if build.failures:
            return build

        def apply(state: State, expl: Explanation) -> None:
            for card in action.cards:
                discard(state, player, card, "build", expl)
            build.apply(state, expl)
            state.double_build = None
            state.actions_done += 1          # the double-card build is both actions of the turn

        plan.steps = build.steps
        plan.apply = apply
        return plan

    def _sell_plan(self, view: View, player: int, action: A.Sell, first: bool) -> Plan:
        """Birmingham sells to merchants with beer; Lancashire sells cotton to ports or the distant market."""
        if self.facts.distant_market:
            return plan_cotton_sale(view, player, action, first)
        return plan_sell(view, player, action, first)

    def _sell_actions(self, view: View, player: int, first: bool) -> list[A.Sell]:
        if self.facts.distant_market:
            return cotton_sale_actions(view, player, first)
        return sell_actions(view, player, first)

    def why_not(self, action: Union[A.Action, str]) -> list[Step]:
        """Every failing condition of ``action`` here (empty when it is legal)."""
        if isinstance(action, str):
            action = self.parse(action)
        return self._plan(action).reasons()

    def check(self, action: Union[A.Action, str]) -> Plan:
        """The validator's full verdict (steps it would explain, or failures) without playing."""
        if isinstance(action, str):
            action = self.parse(action)
        return self._plan(action)

    def play(self, action: Union[A.Action, str]) -> Explanation:
        """Apply a legal action and explain it; raises :class:`IllegalAction` (changing nothing) otherwise."""
        if isinstance(action, str):
            action = self.parse(action)
        expl = self._apply(action)
        self._redo.clear()
        return expl

    def _apply(self, action: A.Action) -> Explanation:
        plan = self._plan(action)
        if plan.failures:
            raise IllegalAction(plan.reasons(), str(action))
        state = self.state
        player = self.current_player
        expl = Explanation(str(action), player, list(plan.steps))
        phase = self.phase
        card = _card_of(action)
        if card is not None:
            discard(state, player, card, action.kind, expl)
        follow_ups = plan.apply(state, expl) or []
        self._after(action, phase, follow_ups, expl)
        self.log.append(action)
        state.version += 1
        self._view = None
        self._legal = None
        return expl

    def _after(self, action: A.Action, phase: str | None, follow_ups: list[str], expl: Explanation) -> None:
        """Decide what comes next: a continuation of this action, or the next action, turn or round."""
        state = self.state
        player = self.current_player
        if phase == "shortfall":
            who, owed, position, income_phase = state.shortfall
            if state.players[who].money >= owed or not state.tiles_of(who):
                state.shortfall = None
                settle_shortfall(state, who, owed, expl)
                pay_income_from(state, position + 1, expl, income_phase)
            return
        stack = list(state.pending[1:] if phase else ())
        next_phase = _continuation(action, state.era)
        stack = follow_ups + ([next_phase] if next_phase else []) + stack
        if "stop" in follow_ups:             # e.g. the distant market ran out of demand: the action ends
            stack = []
        state.pending = None
        kept = []
        for p in stack:
            if self._continuation_possible(p, player):
                kept.append(p)
            elif p == "bonus_develop":
                expl.add("sell.bonus_nothing_to_develop", (f"player:{player}",), player=player)
        if kept:
            state.pending = tuple(kept)
        else:
            finish_action(state, expl)

    def _continuation_possible(self, phase: str, player: int) -> bool:
        view = View(self.state)
        if phase == "sell":
            return bool(self._sell_actions(view, player, first=False))
        if phase == "rail2":
            return bool(network_actions(view, player, second=True))
        if phase == "double_cards":
            return True
        return bool(develop_actions(view, player, "free" if phase == "bonus_develop" else "second"))

    def undo(self) -> A.Action:
        """Take back the last action (or sub-decision) by replaying the log without it."""
        if not self.log:
            raise IllegalAction([Step("undo.nothing", ok=False)])
        last = self.log[-1]
        redo = self._redo + [last]
        self._replay(self.log[:-1])
        self._redo = redo
        return last

    def redo(self) -> Explanation:
        if not self._redo:
            raise IllegalAction([Step("redo.nothing", ok=False)])
        action = self._redo.pop()
        return self._apply(action)

    def _replay(self, actions: Iterable[A.Action]) -> None:
        """Rebuild the position from the start; the same State and Player objects are kept, so a
        ``player = game.players[0]`` held by a learner shows the position after undo too."""
        kept = self.state
        self.state = self._origin()
        self.log = []
        self._view = None
        self._legal = None
        for action in actions:
            self._apply(action)
        kept.adopt(self.state)
        self.state = kept

    # ------------------------------------------------------------ saving

    def to_json(self) -> dict:
        return {"format": SAVE_FORMAT, "version": 1, **self._start, "actions": [str(a) for a in self.log]}

    def save(self, path: str | Path) -> None:
        """Write the start (game, players, seed) and the action log as JSON; loading replays it."""
        Path(path).write_text(json.dumps(self.to_json(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def _continuation(action: A.Action, era: str) -> str | None:
    """The sub-decision that may follow ``action`` in the same action: more sales, a second rail or tile."""
    if action.kind == "sell":
        return "sell"
    if action.kind == "network" and action.card is not None and era == "rail":
        return "rail2"
    if action.kind == "develop" and action.card is not None:
        return "develop2"
    return None


def _card_of(action: A.Action) -> str | None:
    """The card an action discards by itself (double-card builds discard theirs when they are named)."""
    if action.kind == "scout":
        return action.cards[0]
    if action.kind == "discard" or getattr(action, "card", None) == A.TWO_CARDS:
        return None
    return getattr(action, "card", None)


def new_game(game: str = "birmingham", players: int = 2, seed: int | None = None) -> Game:
    """Set up a new game; the same ``seed`` always gives the same cards, merchants and turn order."""
    facts = load_facts(game)
    if players not in facts.player_counts:
        raise ValueError(f"{facts.title} is for {', '.join(map(str, facts.player_counts))} players, not {players!r}")
    if seed is None:
        seed = random.randrange(2**31)

    def origin() -> State:
        state = State(facts, players, seed)
        setup(state)
        return state

    return Game(origin, {"game": game, "players": players, "seed": seed})
