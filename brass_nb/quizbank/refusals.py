"""Questions answered by the engine's refusals: why an action is refused, and which card allows a build.

A refusal question's wrong options are the engine's first reasons for refusing *similar* actions in the same position
(the asked action with one part changed: another industry, place, card, link, buyer or amount), preferring those
that name as many of the asked action's names as the answer does, so that no option can be picked by matching a word
of the prompt. A wrong option's reason is a ``quiz.other_refusal`` step naming the action it belongs to.
"""
from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from itertools import combinations
from typing import NamedTuple

from brass_nb.explain import en, ja, reason
from brass_nb.quizbank.model import MIN_OPTIONS, Choices, Question, choices, place, refuse
from brass_nb.rules import actions as A
from brass_nb.rules.game import Game
from brass_nb.rules.records import Step

WILDS = ("Wild Location", "Wild Industry")
INDUSTRY_WORDS = {"en": en.INDUSTRY, "ja": ja.INDUSTRY}


class Refusal(NamedTuple):
    """An action refused in the question's position, and the engine's first reason for it."""

    action: str
    step: Step


def _wilds(game: Game) -> list[str]:
    """The wild cards of games that have them (Lancashire has none)."""
    return list(WILDS) if game.facts.wild_location or game.facts.wild_industry else []


def _cards(game: Game) -> list[str]:
    hand = list(dict.fromkeys(game.hand(game.current_player)))
    return hand + [c for c in [*_wilds(game), *game.facts.card_industries] if c not in hand]


def _variants(game: Game, action) -> Iterator:
    """The action with one or two of its parts changed, over the names this board and hand offer."""
    facts, state = game.facts, game.state
    pools = {"industry": list(facts.industries), "location": list(facts.board.towns), "card": _cards(game),
             "link": [link.label for link in facts.board.links], "merchant": [*state.merchants, A.DISTANT],
             "amount": [10, 20, 30, 40], "slot": list(state.tiles) if isinstance(action, A.Sell) else [1, 2, 3, 4]}
    holders = [(label,) for label in [*state.tiles, *state.merchants]]
    pools.update({"beer": holders, "coal": holders, "iron": holders})
    if isinstance(action, A.Scout):
        yield from (action._replace(cards=tuple(sorted(c))) for c in combinations(_cards(game)[:6], 3))
    changes = [(field, value) for field in action._fields for value in pools.get(field, [])
               if value != getattr(action, field)]
    yield from (action._replace(**{field: value}) for field, value in changes)
    for (one, first), (two, second) in combinations(changes, 2):
        if one != two:
            yield action._replace(**{one: first, two: second})
    card = getattr(action, "card", None)                 # other kinds of action played with the same card
    if card is None:
        return
    mine = [label for label, tile in state.tiles.items() if tile.owner == game.current_player]
    yield from (A.Loan(card, amount) for amount in [None, *pools["amount"]])
    yield from (A.Develop(industry, card) for industry in facts.industries)
    yield from (A.Sell(state.tiles[label].industry, label, buyer, card)
                for label in mine for buyer in pools["merchant"])


@cache
def similar_refusals(question: Question) -> tuple[Refusal, ...]:
    """The first reason of every refused action similar to the question's (its listed distractors first)."""
    game = question.game()
    asked = game.parse(question.action)
    found = []
    for action in [*question.distractors, *_variants(game, asked)]:
        reasons = game.why_not(action)
        if reasons:
            found.append(Refusal(str(action), reasons[0]))
    return tuple(found)


def prompt_names(question: Question, language: str) -> list[str]:
    """The names a learner could match between the prompt's action and an option: places (and the slots and links
    written with them), industries and cards."""
    action = question.game().parse(question.action)
    names = []
    for field in ("industry", "location", "card", "link", "merchant", "slot", "cards", "coal", "iron", "beer"):
        value = getattr(action, field, None)
        for v in value if isinstance(value, tuple) else [value]:
            if isinstance(v, str):
                names += [v] if field == "industry" else [v, *(p.partition("[")[0] for p in v.split(" - "))]
    words = [INDUSTRY_WORDS[language].get(n) or place(n, language) for n in dict.fromkeys(names)]
    return list(dict.fromkeys(w for w in words if w))


def shared(text: str, names: list[str]) -> int:
    """How many of the prompt's names a sentence contains (case aside)."""
    return sum(1 for n in names if n.lower() in text.lower())


def refusal(question: Question, language: str) -> Choices:
    """The engine's first reason for refusing the question's action, against similar refusals' reasons."""
    game = question.game()
    reasons = game.why_not(question.action)
    if not reasons:
        raise refuse("quiz.legal", question, action=question.action)
    answer = reason(reasons[0], language)
    true = {reason(s, language) for s in reasons}
    names = prompt_names(question, language)
    family = reasons[0].rule.partition(".")[0]
    pool: dict[str, Refusal] = {}
    for found in similar_refusals(question):
        text = reason(found.step, language)
        if text not in true and text not in pool:
            pool[text] = found
    ranked = sorted(pool, key=lambda t: (-shared(t, names), pool[t].step.rule.partition(".")[0] != family, t))
    picked, rules = [], set()
    for text in ranked:                              # one per rule id first: a variety of reasons
        if pool[text].step.rule not in rules and len(picked) < MIN_OPTIONS - 1:
            picked.append(text)
            rules.add(pool[text].step.rule)
    picked += [t for t in ranked if t not in picked][:MIN_OPTIONS - 1 - len(picked)]
    wrong = {t: [Step("quiz.other_refusal", {"action": pool[t].action, "asked": question.action},
                      pool[t].step.entities)] for t in picked}
    return choices(wrong, answer, [reasons[0]])


def build_card(question: Question, language: str) -> Choices:
    """The one card of the hand that allows the build, against the hand's other cards and cards one might think
    of (the town's card, the industry's card, the wild cards); each wrong card's reason is the engine's refusal."""
    game = question.game()
    hand = list(dict.fromkeys(game.hand(game.current_player)))
    template = f"build {question.industry} {question.slot} with card {{}}"
    legal = [card for card in hand if game.check(template.format(card)).ok]
    if len(legal) != 1:
        raise refuse("quiz.build_cards", question, cards=legal, industry=question.industry, slot=question.slot)
    town = question.slot.partition("[")[0]
    wilds = _wilds(game)
    thought = [town, *(c for c, inds in game.facts.card_industries.items() if question.industry in inds), *wilds]
    cards = hand + [c for c in thought if c not in hand and c in [*game.facts.board.towns, *wilds,
                                                                   *game.facts.card_industries]]
    cards = cards[:max(len(hand), MIN_OPTIONS)]
    wrong = {place(c, language): list(game.why_not(template.format(c))[:1]) for c in cards if c != legal[0]}
    steps = [s for s in game.copy().play(template.format(legal[0])).steps if s.rule == "build.card"]
    return choices(wrong, place(legal[0], language), steps, [place(c, language) for c in cards])
