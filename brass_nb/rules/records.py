"""Explanation records: what a rule considered and decided, as data.

Every rule that decides something returns or records a :class:`Step`. Words and pictures are made
from these records elsewhere (``brass_nb.explain``, ``brass_nb.plot``), so an explanation can never
say something other than what the rule did.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from brass_nb.rules.actions import Action


@dataclass(frozen=True, init=False)
class Step:
    """One decision of one rule.

    Attributes:
        rule: stable id from :data:`brass_nb.rules.catalog.RULES` (e.g. ``"coal.nearest"``).
        facts: the numbers and names the rule used (JSON-friendly values).
        entities: board things involved, for highlighting: slot labels (``"Dudley[1]"``),
            location names, link labels (``"link:12"``) and ``"market:coal"``.
        ok: False for a failed condition of a refused action.
    """

    rule: str
    facts: dict[str, Any]
    entities: tuple[str, ...]
    ok: bool

    def __init__(self, rule: str, facts: dict[str, Any] | None = None, entities: tuple[str, ...] = (),
                 ok: bool = True):
        # A game records hundreds of steps: written straight into the instance's dict (a frozen dataclass's own
        # __init__ sets each field through object.__setattr__, at nearly twice the cost); still frozen after.
        fields = self.__dict__
        fields["rule"], fields["facts"] = rule, {} if facts is None else facts
        fields["entities"], fields["ok"] = entities, ok

    def __repr__(self) -> str:
        mark = "" if self.ok else ", ok=False"
        return f"Step({self.rule!r}, {self.facts!r}{mark})"

    def to_dict(self) -> dict[str, Any]:
        return {"rule": self.rule, "facts": self.facts, "entities": list(self.entities), "ok": self.ok}

    def text(self, language: str | None = None) -> str:
        """This step in words (``language`` "en" or "ja"; default: ``brass_nb.explain.set_language``)."""
        from brass_nb.explain import reason

        return reason(self, language)

    def _repr_markdown_(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        from brass_nb.explain import render_steps_html

        return render_steps_html([self])


class Reasons(list[Step]):
    """Every failing condition of an action here, most fundamental first (empty when it is legal).

    A list of steps, so code reads it as one; in a notebook it shows itself as a list of sentences, each item
    carrying its rule id as the explanation's do (the lessons' coverage test reads those ids)."""

    def __init__(self, action: str, steps: list[Step] | tuple[Step, ...] = ()):
        super().__init__(steps)
        self.action = action

    def text(self, language: str | None = None) -> str:
        from brass_nb.explain import reason

        return "\n".join(f"- {reason(s, language)}" for s in self)

    def _repr_markdown_(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        from brass_nb.explain import render_steps_html

        return render_steps_html(self)


class Explanation:
    """The ordered steps of one applied action (or of the automatic phases that followed it).

    ``action`` is the action's text; the action itself may be given instead, its text written only when first read
    (every play makes an explanation, and most are never read), and kept as :attr:`subject` for the words."""

    __slots__ = ("_text", "player", "steps", "subject")

    def __init__(self, action: str | Action, player: int | None, steps: list[Step] | None = None):
        self.subject: str | Action = action
        """What is explained: the action itself when given (its words are made from it), else the text."""
        self._text: str | None = action if type(action) is str else None
        self.player = player
        self.steps: list[Step] = [] if steps is None else steps

    @property
    def action(self) -> str:
        """The text of the action explained, in notation."""
        text = self._text
        if text is None:
            text = self._text = str(self.subject)
        return text

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Explanation):
            return NotImplemented
        return (self.action, self.player, self.steps) == (other.action, other.player, other.steps)

    __hash__ = None  # type: ignore[assignment]     # (mutable: its steps grow)

    def add(self, rule: str, entities: tuple[str, ...] = (), **facts: Any) -> Step:
        """Record a step given its facts as keywords. (The rules append their steps with the facts written as a
        dict: a call with keywords builds the same dict at about half as much again, on every step of every action.)"""
        step = Step(rule, facts, entities)
        self.steps.append(step)
        return step

    def rules(self) -> list[str]:
        """The rule ids in order, handy in tests and quizzes."""
        return [s.rule for s in self.steps]

    def find(self, rule: str) -> list[Step]:
        return [s for s in self.steps if s.rule == rule]

    def to_dict(self) -> dict[str, Any]:
        return {"action": self.action, "player": self.player, "steps": [s.to_dict() for s in self.steps]}

    def __repr__(self) -> str:
        return f"<Explanation of {self.action!r}: {len(self.steps)} steps>"

    def text(self, language: str | None = None) -> str:
        from brass_nb.explain import render_text

        return render_text(self, language)

    def markdown(self, language: str | None = None) -> str:
        from brass_nb.explain import render_markdown

        return render_markdown(self, language)

    def html(self, language: str | None = None) -> str:
        from brass_nb.explain import render_html

        return render_html(self, language)

    def __str__(self) -> str:
        return self.text()

    def _repr_markdown_(self) -> str:
        return self.markdown()

    def _repr_html_(self) -> str:
        return self.html()
