"""What an action leads to: the income level after it, the next turn order, the tiles an era end removes, and what a
link would score.

Each wrong option is a number, order or set of tiles a learner reaches by a known slip (levels counted for spaces,
the level before the action, a tile that is not level I, one end of a link only); its reason is a ``quiz.wrong_*``
step carrying the engine's facts for that slip.
"""
from __future__ import annotations

import itertools

from brass_nb.quizbank.model import PLAYER, WORDS, Choices, Question, choices, place, refuse
from brass_nb.rules.game import Game
from brass_nb.rules.records import Step


def _play(question: Question) -> tuple[Game, Game, int, list[Step]]:
    before = question.game()
    game = before.copy()
    player = game.current_player
    return before, game, player, game.play(question.action).steps


def income_after(question: Question, language: str) -> Choices:
    """The acting player's income level after the action, against the levels around it."""
    before, game, player, steps = _play(question)
    start = before.players[player]
    level = game.players[player].income_level
    spaces = sum(s.facts["spaces"] for s in steps if s.rule == "income.advance" and s.facts["player"] == player)
    levels = sum(s.facts["levels"] for s in steps if s.rule == "loan.take")
    table = before.facts.income_levels
    back = table[max(start.income_space - levels, 0)]
    common = {"before": start.income_level, "space": start.income_space, "spaces": spaces, "levels": levels}
    words = WORDS[language]["level"]
    reasons = {}
    for n in range(max(level - 4, -10), min(level + 5, 31)):
        why = ("unchanged" if n == start.income_level else
               "levels_not_spaces" if spaces and n == start.income_level + spaces else
               "spaces_not_levels" if levels and n == back else "other")
        reasons[words.format(level=n)] = [Step("quiz.wrong_level", {**common, "chosen": n, "why": why},
                                               (f"player:{player}",))]
    order = [words.format(level=n) for n in range(max(level - 4, -10), min(level + 5, 31))]
    shown = [s for s in steps if s.rule in ("loan.take", "income.advance", "tile.flip", "sell.merchant_beer",
                                            "sell.distant_draw")]
    return choices(reasons, words.format(level=level), shown, order)


def _order(order: tuple[int, ...], language: str) -> str:
    return WORDS[language]["then"].join(PLAYER[language](p) for p in order)


def turn_order(question: Question, language: str) -> Choices:
    """The next round's turn order, against every other order of the players."""
    before, game, _, steps = _play(question)
    step = next((s for s in steps if s.rule == "turn.order"), None)
    if step is None:
        raise refuse("quiz.round_continues", question, action=question.action, round=before.round)
    answer, current, spent = tuple(step.facts["after"]), step.facts["before"], step.facts["spent"]
    reasons = {}
    orders = sorted(itertools.permutations(range(len(game.players))))
    for order in orders:
        if order == answer:
            continue
        i = next(i for i, (p, q) in enumerate(zip(order, answer, strict=True)) if p != q)
        first, other = order[i], answer[i]
        facts = {"first": first, "other": other, "spent_first": spent[str(first)], "spent_other": spent[str(other)],
                 "why": "tie" if spent[str(first)] == spent[str(other)] else "more",
                 "current": current}
        reasons[_order(order, language)] = [Step("quiz.wrong_order", facts, (f"player:{first}", f"player:{other}"))]
    return choices(reasons, _order(answer, language), [step], [_order(o, language) for o in orders])


def _slots(slots: list[str], language: str) -> str:
    words = WORDS[language]
    return words["comma"].join(place(s, language) for s in slots) if slots else words["none"]


def era_removed(question: Question, language: str) -> Choices:
    """The tiles the canal era's end removes, against other sets a learner might pick (flipped ones, all, none)."""
    before, _, _, steps = _play(question)
    order = before.facts.board.slot_order
    ends = [s for s in steps if s.rule == "era.remove_level1"]
    if not ends:
        raise refuse("quiz.era_continues", question, action=question.action, era=before.state.era)
    removed = sorted(ends[0].facts["slots"], key=order.__getitem__)
    tiles = sorted(before.state.tiles.items(), key=lambda item: order[item[0]])
    candidates = [[label for label, t in tiles if keep(t)] for keep in (
        lambda t: True, lambda t: t.flipped, lambda t: not t.flipped, lambda t: t.level == 1 and t.flipped,
        lambda t: t.level == 1 and not t.flipped, lambda t: t.level != 1, lambda t: t.level <= 2, lambda t: False)]
    reasons = {}
    for candidate in candidates:
        extra = [label for label in candidate if label not in removed]
        missing = [label for label in removed if label not in candidate]
        if not extra and not missing:
            continue
        label = (extra or missing)[0]
        t = before.state.tiles[label]
        facts = {"slot": label, "industry": t.industry, "level": t.level, "flipped": t.flipped,
                 "why": "not_level_one" if extra else "level_one"}
        reasons.setdefault(_slots(candidate, language), [Step("quiz.wrong_tiles", facts, (label,))])
    answer = _slots(removed, language)
    return choices(reasons, answer, [s for s in steps if s.rule in ("era.remove_links", "era.remove_level1")],
                   sorted({answer, *reasons}, key=len))


def link_score_step(game: Game, link: str, question: Question | None = None) -> Step:
    """The ``score.link`` step of ``link`` if the era ended now; a :class:`QuizError` when no link is there."""
    for step in game.score_preview().find("score.link"):
        if step.facts["link"] == link:
            return step
    raise refuse("quiz.no_link", question, link=str(link)[:60])


def link_score(question: Question, language: str) -> Choices:
    """What a link would score now, against the counts of one end only, of tiles for icons, and the numbers
    around them."""
    step = link_score_step(question.game(), question.link, question)
    vp, ends, counts = step.facts["vp"], step.facts["ends"], step.facts["counts"]
    slips = {}
    if counts == "icons":
        slips.setdefault(sum(len(e["parts"]) for e in ends), {"why": "tiles_not_icons", "location": ""})
    for end in ends:
        slips.setdefault(end["icons"], {"why": "one_end", "location": end["location"]})
    words = WORDS[language]["vp"]
    numbers = range(0, max(vp + 3, 6))
    places = [e["location"] for e in ends]
    reasons = {words.format(vp=n): [Step("quiz.wrong_vp", {"link": question.link, "chosen": n, "counts": counts,
                                                          "places": places,
                                                          **slips.get(n, {"why": "other", "location": ""})},
                                         step.entities)]
               for n in numbers if n != vp}
    return choices(reasons, words.format(vp=vp), [step], [words.format(vp=n) for n in numbers])
