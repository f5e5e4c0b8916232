"""How a legal action is picked step by step: the fields of each action kind, in the order a learner chooses.

Pure data over the legal actions (no widgets here), so the narrowing can be tested on its own.
"""
from __future__ import annotations

from collections.abc import Callable

from brass_nb.rules.actions import Action

KIND_ORDER = ("build", "network", "develop", "sell", "loan", "scout", "pass", "done", "discard", "remove")


def _sources(*names: str) -> Callable[[Action], str]:
    def text(action: Action) -> str:
        parts = [f"{name} {', '.join(getattr(action, name))}" for name in names if getattr(action, name)]
        return "; ".join(parts) or "(nothing to choose)"
    return text


FIELDS: dict[str, tuple[tuple[str, Callable[[Action], str]], ...]] = {
    "build": (("industry", lambda a: a.industry), ("where", lambda a: f"{a.location}[{a.slot}]"),
              ("card", lambda a: a.card), ("resources", _sources("coal", "iron"))),
    "network": (("link", lambda a: a.link), ("card", lambda a: a.card or "(same action)"),
                ("resources", _sources("coal", "beer"))),
    "develop": (("industry", lambda a: a.industry + (" (free)" if a.free else "")),
                ("card", lambda a: a.card or "(same action)"), ("iron", _sources("iron"))),
    "sell": (("tile", lambda a: f"{a.industry} {a.slot}"), ("merchant", lambda a: a.merchant),
             ("card", lambda a: a.card or "(same action)"), ("beer", _sources("beer"))),
    "loan": (("card", lambda a: a.card),),
    "pass": (("card", lambda a: a.card),),
    "scout": (("cards", lambda a: ", ".join(a.cards)),),
    "remove": (("tile", lambda a: f"{a.industry} {a.slot}"),),
    "discard": (("cards", lambda a: ", ".join(a.cards)),),
    "done": (),
}


def kinds(actions: list[Action]) -> list[str]:
    present = {a.kind for a in actions}
    return [k for k in KIND_ORDER if k in present]


def narrow(actions: list[Action], kind: str, chosen: list[str]) -> tuple[list[list[str]], list[Action]]:
    """Options for each field given the values chosen so far, and the actions still matching them.

    ``chosen`` holds one value per field already picked (a value that is no longer an option
    stops the narrowing there, so a stale choice never picks a wrong action).
    """
    matching = [a for a in actions if a.kind == kind]
    options: list[list[str]] = []
    for i, (_, value_of) in enumerate(FIELDS[kind]):
        values = list(dict.fromkeys(value_of(a) for a in matching))
        options.append(values)
        if i >= len(chosen) or chosen[i] not in values:
            break
        matching = [a for a in matching if value_of(a) == chosen[i]]
    return options, matching
