"""A guided first game: the learner against a bot, the first moves coached one lesson at a time.

The script (``first_game.toml`` beside this module) names the game, its seed and the bot, and one coached move
after another: what to look at and why before the move, the goal the move must meet (the same checks as the "your
move" exercises, :mod:`brass_nb.quizbank.goals`) and the rule behind it. A coached move whose goal no legal move can
meet at that point (the learner's own earlier choices may have closed it) is passed over, never forced. After the
script the learner plays on freely with hints until the canal era is scored.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

from brass_nb.bots import GreedyBot
from brass_nb.explain import en, ja, localize
from brass_nb.quizbank.exercises import params
from brass_nb.quizbank.goals import Check, Verdict, judge
from brass_nb.rules.actions import Action
from brass_nb.rules.game import Game, new_game
from brass_nb.rules.records import Explanation

LANGUAGES = ("en", "ja")
GOALS = {"en": en.GOALS, "ja": ja.GOALS}


@dataclass(frozen=True)
class CoachedMove:
    """One move of the script: what the coach says first, what the move must do, and the rule behind it."""

    look: dict[str, str]
    goal: tuple[Check, ...]
    principle: dict[str, str]


@dataclass(frozen=True)
class Script:
    """The guided game: which game, which seed, and the coached moves of the learner's first turns."""

    game: str
    players: int
    seed: int
    moves: tuple[CoachedMove, ...]

    def new_game(self) -> Game:
        return new_game(self.game, players=self.players, seed=self.seed)

    @staticmethod
    def bot() -> GreedyBot:
        """The rival: greedy, so that its answers are the same for every learner who plays the same moves."""
        return GreedyBot()

    def learner_moves(self, game: Game, learner: int) -> int:
        """How many actions the learner has begun (a sale's further tiles and "done" belong to the same one)."""
        replay, begun = self.new_game(), 0
        for action in game.log:
            begun += replay.current_player == learner and replay.phase is None
            replay.play(action)
        return begun

    def coached(self, game: Game, learner: int) -> CoachedMove | None:
        """The coached move for the learner's next action; None once the script is done or the era is over."""
        if game.current_player != learner or game.era != "canal" or game.phase is not None:
            return None
        done = self.learner_moves(game, learner)
        return self.moves[done] if done < len(self.moves) else None


def _words(table: dict, key: str) -> dict[str, str]:
    words = table[key]
    if set(words) != set(LANGUAGES) or not all(words.values()):
        raise ValueError(f"the first game's script: '{key}' needs both {' and '.join(LANGUAGES)} words")
    return dict(words)


@cache
def script() -> Script:
    """The first game's script, read from its TOML file."""
    data = tomllib.loads(resources.files(__name__).joinpath("first_game.toml").read_text(encoding="utf-8"))
    moves = tuple(CoachedMove(_words(m, "look"), tuple(Check(c["check"], tuple(sorted(
        (k, v) for k, v in c.items() if k != "check"))) for c in m["goal"]), _words(m, "principle"))
        for m in data["move"])
    return Script(data["game"], data["players"], data["seed"], moves)


def reachable(game: Game, move: CoachedMove) -> Action | None:
    """A legal move that meets the coached move's goal here (None: the coach passes over it)."""
    return next((a for a in game.legal_actions() if judge(game, move.goal, a).ok), None)


def check(game: Game, move: CoachedMove, action: Action | str) -> Verdict:
    """The coach's judgement of ``action`` played from ``game``'s position (``game`` is untouched)."""
    return judge(game, move.goal, action)


def goal_words(move: CoachedMove, language: str) -> list[str]:
    """The coached move's goal in ``language``, one sentence per check."""
    return [GOALS[language][c.name](localize(params(c), language)) for c in move.goal]


def canal_era_example() -> tuple[Game, Explanation]:
    """The guided game played to the canal era's end by the script's answers, then by the bot in both seats: the
    position after it, and the explanation in which the era was scored (the lesson's worked example)."""
    play = script()
    game, bot = play.new_game(), play.bot()
    learner = game.current_player
    while True:
        move = play.coached(game, learner) if learner is not None else None
        answer = reachable(game, move) if move is not None else None
        explanation = game.play(answer if answer is not None else bot.choose(game))
        if any(step.rule == "era.end" for step in explanation.steps):
            return game, explanation
