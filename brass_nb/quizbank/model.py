"""The quiz bank's records: a question, the choices a solver finds for it, and why each wrong option is wrong.

The solvers (:mod:`.sources`, :mod:`.outcomes`, :mod:`.refusals`) read a question's position through the engine and
return :class:`Choices`; every sentence a learner sees is a :class:`~brass_nb.rules.records.Step`, rendered later by
:mod:`brass_nb.explain` in the learner's language.
"""
from __future__ import annotations

from dataclasses import dataclass

from brass_nb.explain import en, ja, localize
from brass_nb.rules.errors import QuizError
from brass_nb.rules.game import Game
from brass_nb.rules.records import Step
from brass_nb.scenario.text import game_from_text

MIN_OPTIONS = 4
"""Every question offers at least this many options: with two tries, fewer would make guessing pay."""

PLAYER = {"en": en.player, "ja": ja.player}
LISTING = {"en": en.listing, "ja": "と".join}

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
    """One question of the bank: a position, what is asked about it, and the actions it needs (``distractors``:
    more refused actions whose reasons a refusal question may offer, beside the ones it finds itself)."""

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
class WrongOption:
    """One wrong option and the engine's steps that say why it is wrong, shown at once when it is chosen."""

    option: str
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class Choices:
    """What a solver finds: the options in one language, the engine's answer, the steps that give it, and a
    :class:`WrongOption` for every other option."""

    options: tuple[str, ...]
    answer: str
    steps: tuple[Step, ...]
    wrong: tuple[WrongOption, ...]


def choices(reasons: dict[str, list[Step]], answer: str, steps: list[Step], order: list[str] | None = None) -> Choices:
    """Choices from each wrong option's reasons: options with no reason (right too, or not worth asking) are dropped,
    and the answer takes its place in ``order`` (default: the options sorted)."""
    wrong = {option: tuple(why) for option, why in reasons.items() if why and option != answer}
    shown = [o for o in (order or sorted([*wrong, answer])) if o in wrong or o == answer]
    return Choices(tuple(dict.fromkeys(shown)), answer, tuple(steps),
                   tuple(WrongOption(o, wrong[o]) for o in dict.fromkeys(shown) if o != answer))


def refuse(rule: str, question: Question | None, **facts) -> QuizError:
    """The refusal of a question that does not fit its position (``question`` None: a quiz built on a game)."""
    where = {"lesson": question.lesson, "number": question.number} if question is not None else {}
    return QuizError([Step(rule, {**where, **facts}, ok=False)])


def place(name: str, language: str) -> str:
    """A board or card name in ``language``."""
    return localize(name, language)
