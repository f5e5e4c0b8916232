"""The shape every action validator returns: the reasons it found, and what to do if legal."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from brass_nb.rules.catalog import refusal_rank
from brass_nb.rules.phases import Phase
from brass_nb.rules.records import Explanation, Step
from brass_nb.rules.sourcing import SourcePlan
from brass_nb.rules.state import State

WILD_LOCATION = "Wild Location"
WILD_INDUSTRY = "Wild Industry"


@dataclass(init=False, slots=True)
class Plan:
    """What a validator decided about one action.

    ``steps`` explain the decisions (card, slot, sources...) and become the start of the
    :class:`Explanation`; ``failures`` are every broken condition, most actionable first;
    ``apply`` performs the action once nothing failed and returns the follow-up decisions it
    triggers (e.g. ``["bonus_develop"]``), or None.
    """

    steps: list[Step]
    failures: list[Step]
    apply: Callable[[State, Explanation], list[Phase] | None] | None

    def __init__(self, steps: list[Step] | None = None, failures: list[Step] | None = None,
                 apply: Callable[[State, Explanation], list[Phase] | None] | None = None):
        # (by hand: a dataclass's own __init__ calls list() for each list left out, on every action validated)
        self.steps = [] if steps is None else steps
        self.failures = [] if failures is None else failures
        self.apply = apply

    @property
    def ok(self) -> bool:
        return not self.failures

    def reasons(self) -> list[Step]:
        """The failures, most fundamental first (see :func:`brass_nb.rules.catalog.refusal_rank`)."""
        return sorted(self.failures, key=lambda s: refusal_rank(s.rule))

    def fail(self, rule: str, entities: tuple[str, ...] = (), **facts: Any) -> None:
        self.failures.append(Step(rule, facts, entities, ok=False))

    def note(self, rule: str, entities: tuple[str, ...] = (), **facts: Any) -> None:
        """Record a step given its facts as keywords (the frequent actions' validators append theirs with the facts
        written as a dict, for the reason :meth:`Explanation.add` gives)."""
        self.steps.append(Step(rule, facts, entities))

    def choose_sources(self, source: SourcePlan, chosen: tuple[str, ...] | None) -> tuple[str, ...] | None:
        """Record how a resource would be supplied and take the allocation the action names."""
        if not source.need and chosen is None:      # no cube, none named: the allocation of nothing, and nothing
            return ()                               # to explain (sourcing's NOTHING_NEEDED), without its properties
        self.steps.extend(source.steps)
        allocation, failure = source.choose(chosen)
        if failure is not None:
            self.failures.append(failure)
        return allocation


def check_card_in_hand(plan: Plan, hand: list[str], card: str | None) -> None:
    """Every action but a compound action's later parts discards one card from the hand."""
    if card is None:
        plan.fail("card.missing")
    elif card not in hand:
        plan.fail("card.not_in_hand", card=card, hand=sorted(hand))


def missing_cards(hand: list[str], cards: tuple[str, ...]) -> list[str]:
    """The named cards the hand lacks, repeats counted (a card named twice needs two in hand); a loop, as a
    Counter's difference runs several Python calls."""
    left = list(hand)
    missing = []
    for card in cards:
        if card in left:
            left.remove(card)
        else:
            missing.append(card)
    return missing
