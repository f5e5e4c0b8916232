"""The quiz bank: questions on written positions, each answered by the engine, never typed in.

Each lesson has a file ``<lesson>.toml`` beside this module, one ``[[question]]`` table per question; a position
used by several questions may be named once under ``[positions]``::

    [positions]
    two_mines = '''
    players 2
    ...
    '''

    [[question]]
    kind = "coal_source"                 # one of KINDS
    position = "two_mines"               # a name under [positions], or a position file's text itself
    action = "build iron Walsall[1] with card Walsall"

``solve(question, language)`` plays the question on a copy of its position and returns the prompt, the options
and the answer in that language, with the steps that explain the answer. The widgets only show what it returns.
"""
from __future__ import annotations

import itertools
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

from brass_nb.explain import en, ja, localize, reason
from brass_nb.rules.errors import QuizError, UnknownName
from brass_nb.rules.game import Game
from brass_nb.rules.records import Step
from brass_nb.scenario.text import game_from_text

PLAYER = {"en": en.player, "ja": ja.player}
LISTING = {"en": en.listing, "ja": "と".join}
INDUSTRY = {"en": lambda industry: en.a(en.INDUSTRY[industry]), "ja": ja.INDUSTRY.__getitem__}

# What each kind asks; {player}, {action}, {link}, {location}, {industry} come from the question.
PROMPTS = {
    "coal_source": {"en": "{player} plays `{action}`. Where does the coal come from?",
                    "ja": "{player}が `{action}` を行います。石炭はどこから来ますか？"},
    "iron_source": {"en": "{player} plays `{action}`. Where does the iron come from?",
                    "ja": "{player}が `{action}` を行います。鉄はどこから来ますか？"},
    "beer_owner": {"en": "{player} sells from {location}. Whose breweries may supply the beer?",
                   "ja": "{player}が{location}の産業を売却します。誰の醸造所のビールを使えますか？"},
    "build_card": {"en": "{player} wants to build {industry} at {location}. Which card in their hand allows it?",
                   "ja": "{player}は{location}に{industry}を建てたいです。手札のどのカードなら建設できますか？"},
    "link_score": {"en": "If the era ended now, how many VP would the link {link} score?",
                   "ja": "今この時代が終わると、運輸タイル「{link}」は何勝利点になりますか？"},
    "income_after": {"en": "{player} plays `{action}`. What is their income level afterwards?",
                     "ja": "{player}が `{action}` を行います。その後の収入レベルはいくつですか？"},
    "turn_order": {"en": "{player} plays `{action}`, the last action of the round. "
                         "In which order do the players act in the next round?",
                   "ja": "{player}がこのラウンド最後のアクション `{action}` を行います。次のラウンドの手番順は？"},
    "era_removed": {"en": "{player} plays `{action}` and the canal era ends. "
                          "Which industry tiles leave the board?",
                    "ja": "{player}が `{action}` を行い、運河時代が終わります。盤から取り除かれる産業タイルは？"},
    "refusal": {"en": "{player} tries `{action}`. Why is it refused?",
                "ja": "{player}が `{action}` を試みます。なぜできないのでしょう？"},
}
KINDS = tuple(PROMPTS)
YOUR_MOVE = "your_move"
"""The kind of a bank entry that is an exercise: the learner makes a move towards a goal (:mod:`.exercises`)."""

WORDS = {
    "en": {"market": {"coal": "the coal market", "iron": "the iron market"}, "level": "income level {level}",
           "vp": "{vp} VP", "nobody": "nobody's", "only": "only {who}'s", "both": "{who}", "own": "{who}'s",
           "then": " → ", "none": "none", "comma": ", "},
    "ja": {"market": {"coal": "石炭市場", "iron": "鉄市場"}, "level": "収入レベル{level}",
           "vp": "{vp}勝利点", "nobody": "誰のものも使えない", "only": "{who}のものだけ", "both": "{who}のもの",
           "own": "{who}", "then": " → ", "none": "なし", "comma": "、"},
}


@dataclass(frozen=True)
class Question:
    """One question of the bank: a position, what is asked about it, and the actions it needs."""

    lesson: str
    number: int
    kind: str
    position: str
    action: str = ""
    link: str = ""
    location: str = ""
    industry: str = ""
    slot: str = ""
    distractors: tuple[str, ...] = ()

    def game(self) -> Game:
        """A fresh game at the question's position (the learner's games are never touched)."""
        return game_from_text(self.position)


@dataclass(frozen=True)
class Solution:
    """What a quiz shows: the prompt, the options, the engine's answer and the steps that give it."""

    prompt: str
    options: tuple[str, ...]
    answer: str
    steps: tuple[Step, ...]


def lessons() -> list[str]:
    """The lessons that have questions, in teaching order."""
    folder = resources.files(__name__)
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml"))


@cache
def bank(lesson: str) -> dict:
    """One lesson's TOML file as read, with every ``position`` name replaced by the position's text."""
    known = lessons()
    if lesson not in known:
        raise UnknownName([Step("quiz.unknown_lesson", {"lesson": repr(lesson)[:60], "lessons": known}, ok=False)])
    text = resources.files(__name__).joinpath(f"{lesson}.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    named = data.get("positions", {})
    for table in data["question"]:
        table["position"] = named.get(table["position"], table["position"])
    return data


@cache
def questions(lesson: str) -> tuple[Question, ...]:
    """The multiple-choice questions of one lesson (its "your move" exercises are :func:`exercises.exercises`)."""
    tables = [t for t in bank(lesson)["question"] if t.get("kind") != YOUR_MOVE]
    return tuple(Question(lesson=lesson, number=n, **{**t, "distractors": tuple(t.get("distractors", ()))})
                 for n, t in enumerate(tables, 1))


def _refuse(rule: str, question: Question | None, **facts) -> QuizError:
    """The refusal of a question that does not fit its position (``question`` None: a quiz built on a game)."""
    where = {"lesson": question.lesson, "number": question.number} if question is not None else {}
    return QuizError([Step(rule, {**where, **facts}, ok=False)])


def _place(name: str, language: str) -> str:
    return localize(name, language)


def _play(question: Question) -> tuple[Game, int, list[Step]]:
    game = question.game()
    player = game.current_player
    return game, player, game.play(question.action).steps


def _source(question: Question, language: str, resource: str) -> tuple[list[str], str, list[Step]]:
    before = question.game()
    _, _, steps = _play(question)
    takes = [s for s in steps if s.rule == f"{resource}.take"]
    market = WORDS[language]["market"][resource]
    answer = _place(takes[0].facts["source"], language) if takes else market
    if not any(s.rule in (f"{resource}.take", f"{resource}.buy") for s in steps):
        raise _refuse("quiz.no_resource", question, action=question.action, resource=resource)
    works = [label for label, t in before.state.tiles.items() if t.industry == resource]
    order = before.facts.board.slot_order
    options = [_place(label, language) for label in sorted(works, key=order.__getitem__)] + [market]
    shown = [s for s in steps if s.rule.startswith(f"{resource}.")]
    return options, answer, shown


def _who(owners: tuple[int, ...], language: str) -> str:
    words = WORDS[language]
    if not owners:
        return words["nobody"]
    if len(owners) == 1:
        return words["only"].format(who=PLAYER[language](owners[0]))
    names = LISTING[language]([words["own"].format(who=PLAYER[language](p)) for p in owners])
    return words["both"].format(who=names)


def _beer_owner(question: Question, language: str) -> tuple[list[str], str, list[Step]]:
    game = question.game()
    player = game.current_player
    step = game.beer_sources(question.location, player)
    usable = tuple(sorted({c["owner"] for c in step.facts["own"] + step.facts["connected"]}))
    owners = sorted({t.owner for t in game.state.tiles.values() if t.industry == "brewery" and t.cubes})
    subsets = [tuple(c) for n in range(len(owners) + 1) for c in itertools.combinations(owners, n)]
    return [_who(s, language) for s in subsets], _who(usable, language), [step]


def _build_card(question: Question, language: str) -> tuple[list[str], str, list[Step]]:
    game = question.game()
    hand = list(dict.fromkeys(game.hand(game.current_player)))
    template = f"build {question.industry} {question.slot} with card {{}}"
    legal = [card for card in hand if game.check(template.format(card)).ok]
    if len(legal) != 1:
        raise _refuse("quiz.build_cards", question, cards=legal, industry=question.industry, slot=question.slot)
    steps = [s for s in game.play(template.format(legal[0])).steps if s.rule == "build.card"]
    return [_place(c, language) for c in hand], _place(legal[0], language), steps


def _link_score(question: Question, language: str) -> tuple[list[str], str, list[Step]]:
    game = question.game()
    step = link_score_step(game, question.link, question)
    vp = step.facts["vp"]
    options = [WORDS[language]["vp"].format(vp=n) for n in range(0, max(vp + 3, 6))]
    return options, WORDS[language]["vp"].format(vp=vp), [step]


def link_score_step(game: Game, link: str, question: Question | None = None) -> Step:
    """The ``score.link`` step of ``link`` if the era ended now; a :class:`QuizError` when no link is there."""
    for step in game.score_preview().find("score.link"):
        if step.facts["link"] == link:
            return step
    raise _refuse("quiz.no_link", question, link=str(link)[:60])


def _income_after(question: Question, language: str) -> tuple[list[str], str, list[Step]]:
    game, player, steps = _play(question)
    level = game.players[player].income_level
    words = WORDS[language]["level"]
    options = [words.format(level=n) for n in range(max(level - 4, -10), min(level + 5, 31))]
    shown = [s for s in steps if s.rule in ("loan.take", "income.advance", "tile.flip", "sell.merchant_beer",
                                            "sell.distant_draw")]
    return options, words.format(level=level), shown


def _order(order: tuple[int, ...], language: str) -> str:
    return WORDS[language]["then"].join(PLAYER[language](p) for p in order)


def _turn_order(question: Question, language: str) -> tuple[list[str], str, list[Step]]:
    before = question.game()
    game, _, steps = _play(question)
    if game.round == before.round:
        raise _refuse("quiz.round_continues", question, action=question.action, round=before.round)
    orders = sorted(itertools.permutations(range(len(game.players))))
    return [_order(o, language) for o in orders], _order(game.turn_order, language), \
        [s for s in steps if s.rule == "turn.order"]


def _slots(slots: list[str], language: str) -> str:
    words = WORDS[language]
    return words["comma"].join(_place(s, language) for s in slots) if slots else words["none"]


def _era_removed(question: Question, language: str) -> tuple[list[str], str, list[Step]]:
    before = question.game()
    _, _, steps = _play(question)
    order = before.facts.board.slot_order
    ends = [s for s in steps if s.rule == "era.remove_level1"]
    if not ends:
        raise _refuse("quiz.era_continues", question, action=question.action, era=before.state.era)
    removed = sorted(ends[0].facts["slots"], key=order.__getitem__)
    tiles = sorted(before.state.tiles.items(), key=lambda item: order[item[0]])
    candidates = [removed,
                  [label for label, t in tiles],
                  [label for label, t in tiles if t.flipped],
                  [label for label, t in tiles if not t.flipped],
                  [label for label, t in tiles if t.level == 1 and t.flipped],
                  []]
    options = list(dict.fromkeys(_slots(c, language) for c in candidates))
    return sorted(options, key=len), _slots(removed, language), \
        [s for s in steps if s.rule in ("era.remove_links", "era.remove_level1")]


def _refusal(question: Question, language: str) -> tuple[list[str], str, list[Step]]:
    game = question.game()
    first = {}
    for action in (question.action,) + question.distractors:
        reasons = game.why_not(action)
        if not reasons:
            raise _refuse("quiz.legal", question, action=action)
        first[action] = reasons[0]
    options = list(dict.fromkeys(reason(s, language) for s in first.values()))
    return sorted(options), reason(first[question.action], language), [first[question.action]]


SOLVERS = {"coal_source": lambda q, lang: _source(q, lang, "coal"),
           "iron_source": lambda q, lang: _source(q, lang, "iron"),
           "beer_owner": _beer_owner, "build_card": _build_card, "link_score": _link_score,
           "income_after": _income_after, "turn_order": _turn_order, "era_removed": _era_removed,
           "refusal": _refusal}


def solve(question: Question, language: str) -> Solution:
    """Play the question on its own position and return what the quiz shows, in ``language``."""
    if question.kind not in SOLVERS:
        raise UnknownName([Step("quiz.unknown_kind", {"kind": repr(question.kind)[:40], "kinds": list(KINDS)},
                                ok=False)])
    game = question.game()
    player = game.current_player
    facts = {"player": PLAYER[language](player if player is not None else 0), "action": question.action,
             "link": _place(question.link, language),
             "location": _place(question.location or question.slot.partition("[")[0], language),
             "industry": INDUSTRY[language](question.industry) if question.industry else ""}
    options, answer, steps = SOLVERS[question.kind](question, language)
    if len(set(options)) != len(options) or answer not in options:
        raise ValueError(f"{question.lesson} question {question.number}: options {options} lack answer {answer}")
    return Solution(PROMPTS[question.kind][language].format(**facts), tuple(options), answer, tuple(steps))
