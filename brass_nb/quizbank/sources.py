"""Where a resource comes from: coal and iron sources, and whose beer a sale may use.

The wrong options are the other holders on the board and the market; each one's reason is a ``quiz.wrong_source``
or ``quiz.wrong_owner`` step built from the engine's own steps (distances, cubes, connections), so that a learner
who picks a farther mine is told how far it is, and one who picks the market is told which mine has coal.
"""
from __future__ import annotations

import itertools

from brass_nb.quizbank.model import LISTING, PLAYER, WORDS, Choices, Question, choices, place, refuse
from brass_nb.rules.records import Step

MARKET = "market"
OTHER = {"coal": "iron", "iron": "coal"}


def _why_source(resource: str, label: str, facts: dict) -> Step:
    return Step("quiz.wrong_source", {"resource": resource, "option": label, **facts},
                (label,) if label != MARKET else (f"market:{resource}",))


def source(question: Question, language: str, resource: str) -> Choices:
    """The first source of ``resource`` for the question's action, against every other holder and the market."""
    before = question.game()
    game = before.copy()
    steps = game.play(question.action).steps
    used = [s for s in steps if s.rule in (f"{resource}.take", f"{resource}.buy")]
    if not used:
        raise refuse("quiz.no_resource", question, action=question.action, resource=resource)
    taken = [s.facts["source"] for s in used if s.rule == f"{resource}.take"]
    answer = taken[0] if taken else MARKET
    plan = next((s for s in steps if s.rule in ("coal.nearest", "iron.works")), None)
    consumer = next((s.facts["consumer"] for s in steps if s.rule in ("coal.nearest", "coal.market")), "")
    near = {c["source"]: c.get("distance") for c in plan.facts["candidates"]} if plan else {}
    right = set(taken) | set(plan.facts.get("tie", []) if plan else [])
    common = {"answer": answer, "answer_distance": near.get(answer), "consumer": consumer}
    reasons: dict[str, list[Step]] = {}
    for label, tile in before.state.tiles.items():
        if label in right:
            continue
        if tile.industry == resource:
            why = ("empty" if not tile.cubes else "unconnected" if label not in near else "farther")
            if why == "farther" and resource == "iron":
                continue                                     # iron from any works: another works is right too
            reasons[label] = [_why_source(resource, label, {**common, "why": why, "distance": near.get(label)})]
        elif tile.industry == OTHER[resource] and tile.cubes:
            reasons[label] = [_why_source(resource, label, {**common, "why": "other_resource",
                                                             "industry": tile.industry, "distance": None})]
    if not any(s.rule == f"{resource}.buy" for s in used):
        reasons[MARKET] = [_why_source(resource, MARKET, {**common, "why": "market_last", "distance": None})]
    holders = [label for label in reasons if label != MARKET and before.state.tiles[label].industry == resource]
    fillers = [label for label in reasons if label not in holders and label != MARKET]
    wanted = holders + fillers[:max(0, 3 - len(holders) - (MARKET in reasons))]
    order = before.facts.board.slot_order
    kept = {label: reasons[label] for label in wanted + [MARKET] if label in reasons}
    ordered = sorted({answer, *kept} - {MARKET}, key=order.__getitem__) + [MARKET]
    return _named(kept, answer, [s for s in steps if s.rule.startswith(f"{resource}.")], ordered, resource, language)


def _named(reasons: dict[str, list[Step]], answer: str, steps: list[Step], order: list[str], resource: str,
           language: str) -> Choices:
    """Choices with each holder's label (or the market) put into words."""
    def word(label: str) -> str:
        return WORDS[language]["market"][resource] if label == MARKET else place(label, language)
    return choices({word(k): v for k, v in reasons.items()}, word(answer), steps, [word(o) for o in order])


def who(owners: tuple[int, ...], language: str) -> str:
    """A set of players as an option reads it ("only Player 2's")."""
    words = WORDS[language]
    if not owners:
        return words["nobody"]
    if len(owners) == 1:
        return words["only"].format(who=PLAYER[language](owners[0]))
    names = LISTING[language]([words["own"].format(who=PLAYER[language](p)) for p in owners])
    return words["both"].format(who=names)


def beer_owner(question: Question, language: str) -> Choices:
    """Whose breweries may supply a sale at the question's location, against every other set of players."""
    game = question.game()
    player = game.current_player
    step = game.beer_sources(question.location, player)
    own, connected, unconnected = step.facts["own"], step.facts["connected"], step.facts["unconnected"]
    usable = tuple(sorted({c["owner"] for c in own + connected}))
    with_beer = {c["owner"] for c in own + connected + unconnected}
    players = range(len(game.players))
    subsets = [tuple(c) for n in range(len(game.players) + 1) for c in itertools.combinations(players, n)]
    reasons = {}
    for subset in subsets:
        extra = [p for p in subset if p not in usable]
        missing = [p for p in usable if p not in subset]
        if extra:
            p = extra[0]
            far = [c["source"] for c in unconnected if c["owner"] == p]
            why = "unconnected" if p in with_beer else "no_beer"
            facts = {"player": p, "why": why, "breweries": far, "location": question.location}
        elif missing:
            p = missing[0]
            mine = [c["source"] for c in own + connected if c["owner"] == p]
            facts = {"player": p, "why": "own" if p == player else "connected", "breweries": mine,
                     "location": question.location}
        else:
            continue
        reasons[who(subset, language)] = [Step("quiz.wrong_owner", facts, tuple(facts["breweries"]))]
    order = [who(s, language) for s in subsets]
    return choices(reasons, who(usable, language), [step], order)
