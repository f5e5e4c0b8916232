"""The public game object: legal actions, play with explanations, undo/redo, save and load."""
from __future__ import annotations

import json
import random
import weakref
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, cast, get_args

from brass_nb.rules import actions as A
from brass_nb.rules import queries
from brass_nb.rules.build import build_actions, double_build_card_pairs, plan_build, plan_double_build_cards
from brass_nb.rules.cards import pass_actions, plan_pass, plan_scout, scout_generator
from brass_nb.rules.cotton import cotton_sale_actions, plan_cotton_sale
from brass_nb.rules.develop import FIRST, FREE, SECOND, develop_actions, plan_develop
from brass_nb.rules.errors import GameSetupError, IllegalAction, SaveFileError, UnknownName, refusal
from brass_nb.rules.facts import GameFacts, load_facts
from brass_nb.rules.files import write_text
from brass_nb.rules.income import (
    loan_generator,
    plan_loan,
    plan_remove,
    removable_tiles,
    remove_actions,
    settle_shortfall,
)
from brass_nb.rules.legal import Generator, Group, LegalActions
from brass_nb.rules.network import network_actions, plan_network
from brass_nb.rules.phases import PHASES, Phase
from brass_nb.rules.plan import Plan
from brass_nb.rules.records import Explanation, Reasons, Step
from brass_nb.rules.ruleset import SaleKind
from brass_nb.rules.scoring import industry_scores, link_scores, ranking
from brass_nb.rules.sell import plan_sell, sell_actions
from brass_nb.rules.state import Player, State, copy_slots
from brass_nb.rules.turns import actions_this_turn, finish_action, pay_income_from, setup
from brass_nb.rules.view import SharedSearches, View

if TYPE_CHECKING:
    from brass_nb.bots.hints import Hint  # the bots sit above the rules: imported only when asked

SAVE_FORMAT = "brass_nb.game"
SAVE_VERSION = 2
"""The save file's layout: 2 adds ``rules`` (:data:`RULES_VERSION`); 1, before it, is still read."""
RULES_VERSION = 2
"""How this engine plays. Raised whenever a change makes a seeded game or a saved action log play differently
(``tests/test_recorded_games.py`` pins the recorded games to it). A save carries it, so that a save from an older
engine that no longer replays is refused as such; saves of layout 1 are from before it was recorded (1)."""
MAX_SEED_DIGITS = 12
"""The longest seed a game takes: what a position file's numbers hold, so that ``position()`` always reads back."""

SalePlanner = Callable[[View, int, A.Sell, bool], Plan]


class SaleGenerator(Protocol):
    """Every legal sale for a player here, as groups: the action's first sale unless ``first`` is False."""

    def __call__(self, view: View, player: int, first: bool = True) -> Iterable[Group]: ...


def _listed(generate: Callable[[View, int], list[Any]]) -> Generator:
    """A generator that lists its actions one by one, as a single group."""
    return lambda view, player: (generate(view, player),)


@dataclass(frozen=True)
class SaleRules:
    """What the sell action is in this game, chosen once when the game is created."""

    plan: SalePlanner
    generate: SaleGenerator


SALES = {
    SaleKind.MERCHANTS: SaleRules(plan_sell, sell_actions),
    SaleKind.COTTON: SaleRules(plan_cotton_sale, cotton_sale_actions),
}


@dataclass(frozen=True)
class PhaseRules:
    """One compound-action phase: the action type it takes (besides ``done``), its validator and generator."""

    takes: type[A.Action]
    plan: Callable[[View, int, Any], Plan]
    generate: Generator
    done_ends_it: bool = True


ACTION_TYPES: tuple[type, ...] = get_args(A.Action)

OUT_OF_PHASE = {
    A.Done: "phase.nothing_to_finish",
    A.Discard: "phase.no_double_build",
    A.Remove: "phase.no_shortfall",
}
"""Actions that only answer a phase, with the refusal they get when no such phase is open."""

SHORTFALL, END, BONUS_DEVELOP = Phase.SHORTFALL, Phase.END, Phase.BONUS_DEVELOP
"""Enum members as module names, read by the turn flow for every decision in place of ``Phase.MEMBER`` (a read
through the Enum class costs several times a global's on every interpreter we support: docs/performance.md); the
phase table, made once per game, names the members by their class."""

DONE_SOURCE: tuple[Group, ...] = ((A.Done(),),)
"""The source of a phase that ``done`` ends: one group, the one action (made once: a list only reads it)."""


def _done(view: View, player: int) -> tuple[Group, ...]:
    """The generator of a phase that ``done`` ends."""
    return DONE_SOURCE


@dataclass(frozen=True)
class Verdict:
    """What the validator says of an action here, without the power to apply it: the steps it would explain
    (when legal) and every failing condition, most fundamental first."""

    action: A.Action
    steps: tuple[Step, ...]
    failures: tuple[Step, ...]

    @property
    def ok(self) -> bool:
        return not self.failures

    def reasons(self) -> list[Step]:
        return list(self.failures)


class Game:
    """One game of Brass. Create it with :func:`brass_nb.new_game` or :func:`brass_nb.load_game`."""

    # (slots, copied one by one: see State's)
    __slots__ = ("_origin", "_start", "state", "log", "_redo", "_view", "_legal", "_searches", "_actions",
                 "_generators", "_phases")

    def __init__(self, origin: Callable[[], State], start: dict[str, Any]):
        self._origin = origin
        self._start = start
        self.state = origin()
        self.log: list[A.Action] = []
        self._redo: list[A.Action] = []
        self._view: tuple[int, View] | None = None          # cached for one state version
        self._legal: tuple[int, LegalActions] | None = None
        self._searches = SharedSearches()
        sale = SALES[self.facts.rules.sale]
        self._actions: dict[type, Callable[[View, int, Any], Plan]] = {
            A.Build: plan_build,
            A.Network: lambda view, player, action: plan_network(view, player, action, second=False),
            A.Develop: lambda view, player, action: plan_develop(view, player, action, FIRST),
            A.Sell: lambda view, player, action: sale.plan(view, player, action, True),
            A.Loan: plan_loan,
            A.Scout: plan_scout,
            A.Pass: plan_pass,
        }
        self._generators: tuple[Generator, ...] = (
            build_actions, network_actions, develop_actions, sale.generate, loan_generator(self.facts),
            scout_generator(self.facts), pass_actions,
        )                                   # (each called as it is: their defaults are an action's first part)
        self._phases: dict[Phase, PhaseRules] = {
            Phase.SELL: PhaseRules(A.Sell, lambda view, player, action: sale.plan(view, player, action, False),
                                   lambda view, player: sale.generate(view, player, False)),
            Phase.RAIL2: PhaseRules(A.Network, lambda view, player, action: plan_network(view, player, action, True),
                                    lambda view, player: network_actions(view, player, second=True)),
            Phase.DEVELOP2: PhaseRules(A.Develop,
                                       lambda view, player, action: plan_develop(view, player, action, SECOND),
                                       lambda view, player: develop_actions(view, player, SECOND)),
            Phase.BONUS_DEVELOP: PhaseRules(A.Develop,
                                            lambda view, player, action: plan_develop(view, player, action, FREE),
                                            lambda view, player: develop_actions(view, player, FREE)),
            Phase.DOUBLE_CARDS: PhaseRules(A.Discard, plan_double_build_cards,
                                           _listed(lambda view, player: double_build_card_pairs(view.state, player)),
                                           done_ends_it=False),
            Phase.SHORTFALL: PhaseRules(A.Remove,
                                        plan_remove,
                                        _listed(lambda view, player: remove_actions(view.state, player)),
                                        done_ends_it=False),
        }

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
    def phase(self) -> Phase | None:
        """None between actions, else the compound action or decision in progress."""
        if self.state.shortfall:
            return SHORTFALL
        return PHASES[self.state.pending[0]] if self.state.pending else None

    def _actor(self) -> int:
        """The player to decide, for code that only runs while the game goes on."""
        player = self.state.current_player
        if player is None:
            raise IllegalAction([Step("game.over", {"ranking": ranking(self.state)}, ok=False)])
        return player

    def _turn(self) -> tuple[int, Phase | None]:
        """The player to act and the phase open, for a game going on: between actions (as nearly always) read from
        the turn order, without the calls of the two properties that say the same."""
        state = self.state
        if state.pending or state.shortfall:
            player = state.current_player
            assert player is not None, "a game going on always has a player to act"
            return player, self.phase
        return state.order[state.turn_index], None

    def _shortfall(self) -> tuple[int, int, int]:
        if self.state.shortfall is None:
            raise IllegalAction([Step("phase.no_shortfall", ok=False)])
        return self.state.shortfall

    # Read-only views of what a teacher or a test asks about; each returns a copy, so nothing changes the game
    # behind its back.

    @property
    def turn_order(self) -> tuple[int, ...]:
        """Player indices in this round's turn order."""
        return tuple(self.state.order)

    @property
    def actions_left(self) -> int:
        """Actions the player to act may still take this turn (0 once the game is over)."""
        if self.state.over:
            return 0
        return actions_this_turn(self.state) - self.state.actions_done

    @property
    def spent_this_round(self) -> tuple[int, ...]:
        """Money each player has spent this round (what the next turn order is decided by; loans are not spending)."""
        return tuple(p.spent_this_round for p in self.state.players)

    @property
    def supply(self) -> dict[str, int]:
        """Cubes and barrels in the general supply (negative: taken out of an unlimited supply)."""
        return dict(self.state.supply)

    @property
    def wild_piles(self) -> dict[str, int]:
        """Wild cards left in each face-up pile."""
        return dict(self.state.wilds)

    @property
    def merchant_beer(self) -> dict[str, int]:
        """Beer barrels beside each merchant tile, by merchant space."""
        return {label: m.beer for label, m in self.state.merchants.items()}

    @property
    def deck_size(self) -> int:
        return len(self.state.deck)

    def hand(self, player: int) -> tuple[str, ...]:
        """A player's cards, sorted."""
        return tuple(sorted(self.state.players[player].hand))

    def scores(self) -> list[dict[str, Any]]:
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
        """Every location connected to ``location`` by anyone's links, with its distance in links (nearest first).

        :raises UnknownName: no location has that name (the ``query.unknown_location`` refusal).
        """
        if location not in self.facts.board.locations:
            raise UnknownName([queries.unknown_location(self.view(), location)])
        reach = self.view().reachable((location,))
        return dict(sorted(reach.items(), key=lambda item: (item[1], list(self.facts.board.locations).index(item[0]))))

    def iron_sources(self) -> Step:
        """Every iron works with iron, anywhere (iron needs no connection), and the market's next price."""
        return queries.iron_sources(self.view())

    def resources(self) -> list[str]:
        """The resources of this game, as the source queries take them (Lancashire has no beer)."""
        return queries.resources(self.view())

    def beer_sources(self, location: str, player: int | None = None) -> Step:
        """Beer ``player`` (default: the one to act) could use at ``location``: own anywhere, others' if connected.

        :raises UnknownName: the game has no beer (Lancashire), the ``query.no_beer`` refusal naming the game.
        """
        refused = queries.no_beer(self.view())
        if refused is not None:
            raise UnknownName([refused])
        return queries.beer_sources(self.view(), self._actor() if player is None else player, location)

    def next_tile(self, industry: str, player: int | None = None) -> Step:
        """What the mat prints for ``player``'s (default: the one to act) next tile of ``industry``, the lowest level
        left: its cost, coal and iron, beer or cubes, VP, income and link icons, and the eras it may be built in."""
        return queries.next_tile(self.view(), self._actor() if player is None else player, industry)

    def income_space(self, space: int) -> Step:
        """The income level a track space shows, its band of spaces, and where a loan from there would land."""
        rules = self.facts.rules
        return queries.income_space(self.facts.income_levels, space, rules.largest_loan, rules.min_income_level)

    def rounds_per_era(self) -> Step:
        """How many rounds an era lasts with each number of players this game allows (this game's count named)."""
        return queries.rounds_per_era(self.facts, len(self.state.players))

    def score_preview(self) -> Explanation:
        """What each link and flipped industry would score if the era ended now (nothing changes)."""
        return Explanation("score preview", None, link_scores(self.state) + industry_scores(self.state))

    def view(self) -> View:
        if self._view is None or self._view[0] != self.state.version:
            self._view = (self.state.version, View(self.state, self._searches))
        return self._view[1]

    def picture(self, highlight: Any = None, network: int | None = None, connected: str | None = None,
                language: str | None = None) -> Any:
        """The position as a picture (shows itself in Jupyter; ``.figure()`` gives the matplotlib figure).

        ``highlight`` takes a step, an explanation or a list of steps; ``network`` a player index;
        ``connected`` a location name.
        """
        from brass_nb.plot import Picture

        return Picture(self, highlight=highlight, network=network, connected=connected, language=language)

    def _repr_png_(self) -> bytes:
        png: bytes = self.picture()._repr_png_()
        return png

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> Any:
        """The picture with the width Jupyter should show it at (see ``brass_nb.plot.geometry``)."""
        return self.picture()._repr_mimebundle_(include, exclude)

    def __repr__(self) -> str:
        s = self.state
        status = "game over" if s.over else f"Player {self._actor() + 1} to act"
        return f"<Game {self.facts.game} {len(s.players)}p, {s.era} era round {s.round}, {status}>"

    # ------------------------------------------------------------ actions

    def parse(self, text: str) -> A.Action:
        """Read an action written in notation (see :mod:`brass_nb.rules.actions`)."""
        return A.parse(self.facts, text)

    def _action(self, action: A.Action | str) -> A.Action:
        """An action object as given, or read from notation (anything else is a :class:`NotationError`)."""
        if isinstance(action, ACTION_TYPES):
            return action  # type: ignore[return-value]      # (an instance of one of the Action union's types)
        return self.parse(cast(str, action))                 # parse refuses anything that is not text

    def legal_actions(self) -> LegalActions:
        """Every legal action of the player to act, each stating all its choices: a read-only sequence whose
        groups are worked out when first read and whose actions are built when asked (see
        :class:`~brass_nb.rules.legal.LegalActions`)."""
        if self._legal is None or self._legal[0] != self.state.version:
            self._legal = (self.state.version, self._new_legal())
        return self._legal[1]

    def _new_legal(self) -> LegalActions:
        """The list of this position: one generator per kind of action, each called when first read (see
        :class:`LegalActions`)."""
        if self.state.over:
            return LegalActions()
        player, phase = self._turn()
        return LegalActions(self._generators if phase is None else self._phase_generators(phase), self.view(), player)

    def _phase_generators(self, phase: Phase) -> tuple[Generator, ...]:
        rules = self._phases[phase]
        return (rules.generate, _done) if rules.done_ends_it else (rules.generate,)

    def _settle_legal(self) -> None:
        """Before the position changes: the game lets its legal list go, and a list someone else still holds is
        completed (its sources read the state lazily, and must read this position). A list no one holds is gone
        once the game lets it go (at once under reference counting; an interpreter that frees it later only
        completes a list no one reads)."""
        if self._legal is None:
            return
        held = weakref.ref(self._legal[1])
        self._legal = None
        legal = held()
        if legal is not None and not legal.complete:
            legal.settle()

    def _plan(self, action: A.Action) -> Plan:
        """The validator for ``action`` in this position: the single source of every reason."""
        if self.state.over:
            plan = Plan()
            plan.fail("game.over", ranking=ranking(self.state))
            return plan
        return self._validate(action, *self._turn())

    def _validate(self, action: A.Action, player: int, phase: Phase | None) -> Plan:
        """:meth:`_plan` for a game still going on, its player to act and phase (read once by the caller)."""
        view = self.view()
        if phase is None:
            planner = self._actions.get(type(action))
            if planner is None:
                plan = Plan()
                plan.fail(OUT_OF_PHASE[type(action)])
                return plan
            return planner(view, player, action)
        plan = Plan()
        rules = self._phases[phase]
        if isinstance(action, A.Done) and rules.done_ends_it:
            plan.note("phase.done", phase=phase.value)
            plan.apply = lambda state, expl: None
            return plan
        if not isinstance(action, rules.takes):
            if phase is SHORTFALL:
                plan.fail("phase.shortfall", player=player, owed=self._shortfall()[1])
            elif isinstance(action, A.Remove):
                plan.fail("phase.no_shortfall")
            else:
                plan.fail("phase.finish_first", phase=phase.value, expected=A.KIND_OF[rules.takes], got=action.kind)
            return plan
        return rules.plan(view, player, action)

    def why_not(self, action: A.Action | str) -> Reasons:
        """Every failing condition of ``action`` here (empty when it is legal); a list that shows itself in a
        notebook."""
        action = self._action(action)
        return Reasons(str(action), self._plan(action).reasons())

    def check(self, action: A.Action | str) -> Verdict:
        """The validator's verdict (the steps it would explain, or every failure) without playing; read-only."""
        action = self._action(action)
        plan = self._plan(action)
        return Verdict(action, tuple(plan.steps), tuple(plan.reasons()))

    def play(self, action: A.Action | str) -> Explanation:
        """Apply a legal action and explain it; changes nothing and raises otherwise.

        :raises NotationError: text that is not an action;
        :raises IllegalAction: an action against the rules here;
        :raises AmbiguousAction: an action that leaves a choice with several legal answers unnamed.
        """
        action = self._action(action)
        expl = self._apply(action)
        self._redo.clear()
        return expl

    def _apply(self, action: A.Action) -> Explanation:
        state = self.state
        if state.over:
            raise refusal(self._plan(action).reasons(), str(action))
        player, phase = self._turn()
        plan = self._validate(action, player, phase)
        if plan.failures:
            raise refusal(plan.reasons(), str(action))
        self._settle_legal()
        expl = Explanation(action, player, plan.steps)       # (the plan is not used again; the text written if read)
        assert plan.apply is not None, "a validator without failures always says how to apply the action"
        follow_ups = plan.apply(state, expl)
        if phase is None and not follow_ups:        # a whole action done, as nearly always: nothing opens or goes on
            state.pending = None
            finish_action(state, expl)
            opened = None
        else:
            opened = self._after(phase, follow_ups or [], expl, player)
        self.log.append(action)
        state.mark_changed()
        if opened is not None:                  # the phase's list was read to open it: it is the new position's
            self._view, self._legal = (state.version, opened[0]), (state.version, opened[1])
        return expl

    def _after(self, phase: Phase | None, follow_ups: list[Phase], expl: Explanation, player: int
               ) -> tuple[View, LegalActions] | None:
        """Decide what comes next for ``player``, who just acted in ``phase`` or opened phases (not a plain whole
        action: :meth:`_apply` finishes it itself): a phase this action opened, the rest of the action, or the next
        action. A phase opens only if it offers something: the view and legal list that said so are returned."""
        state = self.state
        if phase is SHORTFALL:
            who, owed, position = self._shortfall()
            if state.players[who].money >= owed or not removable_tiles(state, who):
                state.shortfall = None
                settle_shortfall(state, who, owed, expl)
                pay_income_from(state, position + 1, expl)
            return None
        rest = [PHASES[p] for p in state.pending[1:]] if phase and state.pending else []
        stack = [] if END in follow_ups else follow_ups + rest
        state.pending = None
        kept = []
        opened = None
        if stack:                        # only a phase that offers something stays open
            view = View(state, self._searches)
            for p in stack:
                legal = LegalActions(self._phase_generators(p), view, player)
                if A.KIND_OF[self._phases[p].takes] in legal.kinds():
                    kept.append(p)
                    opened = opened or (view, legal)
                elif p is BONUS_DEVELOP:
                    expl.steps.append(Step("sell.bonus_nothing_to_develop", {"player": player}, (f"player:{player}",)))
        if kept:
            state.pending = tuple(kept)
            return opened
        finish_action(state, expl)
        return None

    def copy(self) -> Game:
        """An independent game at this position (log and redo included), made without replaying the log:
        cheap enough for bots to try every legal action on a copy."""
        twin = Game.__new__(Game)
        copy_slots(twin, self, Game.__slots__)
        twin.state = self.state.copy()
        twin.log, twin._redo = list(self.log), list(self._redo)
        twin._view = None                    # a view belongs to one state object
        if self._legal is not None and self._legal[0] == self.state.version and self._legal[1].complete:
            twin._legal = (twin.state.version, self._legal[1])      # the same position's whole list
        else:
            twin._legal = None               # an unfinished list reads this game's state, not the copy's
        twin._searches = self._searches.share()
        return twin

    def hint(self, budget: int | None = None) -> Hint:
        """A suggested action for the player to act, what it would do and why (see :mod:`brass_nb.bots.hints`);
        ``budget``: simulated decisions of look-ahead (0: one ply). The game is not changed."""
        from brass_nb.bots.hints import DEFAULT_BUDGET, hint

        return hint(self, DEFAULT_BUDGET if budget is None else budget)

    def undo(self) -> A.Action:
        """Take back the last action (or sub-decision) by replaying the log without it."""
        if not self.log:
            raise IllegalAction([Step("undo.nothing", ok=False)])
        last = self.log[-1]
        redo = self._redo + [last]
        self._replay(self.log[:-1])
        self._redo = redo
        return last

    @property
    def can_redo(self) -> bool:
        """Is there an undone action to play again?"""
        return bool(self._redo)

    def redo(self) -> Explanation:
        """Play again the last action undone."""
        if not self._redo:
            raise IllegalAction([Step("redo.nothing", ok=False)])
        action = self._redo.pop()
        return self._apply(action)

    def _replay(self, actions: Iterable[A.Action]) -> None:
        """Rebuild the position from the start; the same State and Player objects are kept, so a
        ``player = game.players[0]`` held by a learner shows the position after undo too."""
        self._settle_legal()
        kept = self.state
        self.state = self._origin()
        self.log = []
        for action in actions:
            self._apply(action)
        kept.adopt(self.state)
        self.state = kept
        self._view = self._legal = None        # they read the replay's own state object, now given up

    # ------------------------------------------------------------ saving

    def position(self) -> str:
        """This exact position as a position file (see :mod:`brass_nb.scenario.text`), like a chess FEN: it reads
        back to an equal state, mid-turn, mid-action or mid-income included, and plays on identically."""
        from brass_nb.scenario.model import Scenario
        from brass_nb.scenario.text import write

        return write(Scenario.from_game(self))

    def to_json(self) -> dict[str, Any]:
        return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "rules": RULES_VERSION, **self._start,
                "actions": [str(a) for a in self.log]}

    def save(self, path: str | Path) -> None:
        """Write the start (game, players, seed) and the action log as JSON; loading replays it. The file is
        replaced whole or not at all (see :mod:`brass_nb.rules.files`)."""
        write_text(path, json.dumps(self.to_json(), ensure_ascii=False, indent=1) + "\n", SaveFileError)


def new_game(game: str = "birmingham", players: int = 2, seed: int | None = None, edition: str | None = None) -> Game:
    """Set up a new game; the same ``seed`` always gives the same cards, merchants and turn order.

    ``edition`` picks one of the game's editions (Lancashire: "roxley", the default, or "2007" for Warfrog's Brass).
    """
    facts = load_facts(game, edition)
    counts = facts.rules.player_counts
    if isinstance(players, bool) or not isinstance(players, int) or players not in counts:
        raise GameSetupError([Step("game.players", {"game": facts.title, "edition": facts.rules.edition_name,
                                                    "allowed": list(counts), "players": repr(players)}, ok=False)])
    if seed is None:
        seed = random.randrange(2**31)
    elif isinstance(seed, bool) or not isinstance(seed, int) or abs(seed) >= 10**MAX_SEED_DIGITS:
        shown = f"10^{int(seed.bit_length() * 0.30103)}" if isinstance(seed, int) and seed.bit_length() > 128 \
            else repr(seed)[:40]
        raise GameSetupError([Step("game.seed", {"seed": shown, "most": MAX_SEED_DIGITS}, ok=False)])

    def origin() -> State:
        state = State(facts, players, seed)
        setup(state)
        return state

    return Game(origin, {"game": game, "edition": facts.edition, "players": players, "seed": seed})
