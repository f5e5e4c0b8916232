"""The quiz bank: questions on written positions, each answered by the engine, never typed in.

Each lesson has a file ``<lesson>.toml`` beside this module, one ``[[question]]`` table per question (and may have
``<lesson>.puzzles.toml``, exercises that ``scripts/puzzles.py`` writes from the bots' games); a position used by
several questions may be named once under ``[positions]``::

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

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

from brass_nb.explain import en, ja
from brass_nb.explain.actions import describe
from brass_nb.quizbank.model import MIN_OPTIONS, PLAYER, WORDS, Choices, Question, WrongOption, place
from brass_nb.quizbank.outcomes import era_removed, income_after, link_score, link_score_step, turn_order
from brass_nb.quizbank.refusals import build_card, refusal
from brass_nb.quizbank.sources import beer_owner, source
from brass_nb.rules.errors import QuizError, UnknownName
from brass_nb.rules.records import Step

__all__ = ["KINDS", "MIN_OPTIONS", "PLAYER", "PROMPTS", "WORDS", "YOUR_MOVE", "QuizError", "Question", "Solution",
           "WrongOption", "bank", "lessons", "link_score_step", "questions", "solve"]

INDUSTRY = {"en": lambda industry: en.a(en.INDUSTRY[industry]), "ja": ja.INDUSTRY.__getitem__}

# What each kind asks; {player}, {action}, {link}, {location}, {industry} come from the question; {move} is the
# action in the language's words (in Japanese a phrase: the notation is the solution's ``notation``, shown as code).
PROMPTS = {
    "coal_source": {"en": "{player} plays `{action}`. Where does the coal come from?",
                    "ja": "{player}が「{move}」を行います。石炭はどこから来ますか？"},
    "iron_source": {"en": "{player} plays `{action}`. Where does the iron come from?",
                    "ja": "{player}が「{move}」を行います。鉄はどこから来ますか？"},
    "beer_owner": {"en": "{player} sells from {location}. Whose breweries may supply the beer?",
                   "ja": "{player}が{location}の産業を売却します。誰の醸造所のビールを使えますか？"},
    "build_card": {"en": "{player} wants to build {industry} at {location}. Which card in their hand allows it?",
                   "ja": ("{player}は{location}に{industry}を建てたいと考えています。"
                          "手札のどのカードなら建設できますか？")},
    "link_score": {"en": "If the era ended now, how many VP would the link {link} score?",
                   "ja": "今この時代が終わると、運輸タイル「{link}」は何勝利点になりますか？"},
    "income_after": {"en": "{player} plays `{action}`. What is their income level afterwards?",
                     "ja": "{player}が「{move}」を行います。その後の収入レベルはいくつですか？"},
    "turn_order": {"en": "{player} plays `{action}`, the last action of the round. "
                         "In which order do the players act in the next round?",
                   "ja": ("{player}がこのラウンド最後のアクション「{move}」を行います。"
                          "次のラウンドの手番順はどうなりますか？")},
    "era_removed": {"en": "{player} plays `{action}` and the canal era ends. "
                          "Which industry tiles leave the board?",
                    "ja": ("{player}が「{move}」を行い、運河時代が終わります。"
                           "盤から取り除かれる産業タイルはどれですか？")},
    "refusal": {"en": "{player} tries `{action}`. Why is it refused?",
                "ja": "{player}が「{move}」をしようとしますが、できません。なぜでしょう？"},
}
KINDS = tuple(PROMPTS)
YOUR_MOVE = "your_move"
"""The kind of a bank entry that is an exercise: the learner makes a move towards a goal (:mod:`.exercises`)."""


@dataclass(frozen=True)
class Solution:
    """What a quiz shows: the prompt, the options, the engine's answer, the steps that give it, and why each wrong
    option is wrong (shown at once when it is chosen)."""

    prompt: str
    options: tuple[str, ...]
    answer: str
    steps: tuple[Step, ...]
    wrong: tuple[WrongOption, ...] = ()
    notation: str = ""
    """The question's action in notation when the prompt names it only in words (shown beside it as code)."""

    def why_wrong(self, option: str) -> tuple[Step, ...]:
        """The steps that say why ``option`` is wrong (none for the answer)."""
        return next((w.steps for w in self.wrong if w.option == option), ())


def lessons() -> list[str]:
    """The lessons that have questions, in teaching order."""
    folder = resources.files(__name__)
    return sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml") and "." not in p.name[:-5])


@cache
def bank(lesson: str) -> dict:
    """One lesson's TOML file as read, with every ``position`` name replaced by the position's text."""
    known = lessons()
    if lesson not in known:
        raise UnknownName([Step("quiz.unknown_lesson", {"lesson": repr(lesson)[:60], "lessons": known}, ok=False)])
    folder = resources.files(__name__)
    data = tomllib.loads(folder.joinpath(f"{lesson}.toml").read_text(encoding="utf-8"))
    generated = folder.joinpath(f"{lesson}.puzzles.toml")     # written by scripts/puzzles.py from bots' games
    if generated.is_file():
        data["question"] += tomllib.loads(generated.read_text(encoding="utf-8"))["question"]
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


SOLVERS = {"coal_source": lambda q, lang: source(q, lang, "coal"),
           "iron_source": lambda q, lang: source(q, lang, "iron"),
           "beer_owner": beer_owner, "build_card": build_card, "link_score": link_score,
           "income_after": income_after, "turn_order": turn_order, "era_removed": era_removed,
           "refusal": refusal}


def solve(question: Question, language: str, minimum: int = MIN_OPTIONS) -> Solution:
    """Play the question on its own position and return what the quiz shows, in ``language``; a bank question
    offers at least ``minimum`` options (a quiz on a learner's game takes what the position gives)."""
    if question.kind not in SOLVERS:
        raise UnknownName([Step("quiz.unknown_kind", {"kind": repr(question.kind)[:40], "kinds": list(KINDS)},
                                ok=False)])
    game = question.game()
    player = game.current_player
    facts = {"player": PLAYER[language](player if player is not None else 0), "action": question.action,
             "move": describe(question.action, language) if question.action else "",
             "link": place(question.link, language),
             "location": place(question.location or question.slot.partition("[")[0], language),
             "industry": INDUSTRY[language](question.industry) if question.industry else ""}
    found: Choices = SOLVERS[question.kind](question, language)
    explained = {w.option for w in found.wrong if w.steps} | {found.answer}
    if len(found.options) < minimum or set(found.options) != explained:
        raise ValueError(f"{question.lesson} question {question.number}: options {found.options} need at least "
                         f"{minimum}, the answer {found.answer!r} and a reason for each wrong one")
    prompt = PROMPTS[question.kind][language]
    notation = question.action if "{move}" in prompt and facts["move"] != question.action else ""
    return Solution(prompt.format(**facts), found.options, found.answer, found.steps, found.wrong, notation)
