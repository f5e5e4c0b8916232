"""brass_nb: a teaching kernel for Brass: Birmingham and Lancashire that explains every rule it applies."""
from brass_nb.bots import GreedyBot, RandomBot, SearchBot, play_out, review
from brass_nb.explain import get_language, set_language
from brass_nb.rules import (
    Action,
    AmbiguousAction,
    BrassError,
    Explanation,
    Game,
    GameSetupError,
    IllegalAction,
    NotationError,
    SaveFileError,
    ScenarioError,
    Step,
    UnknownName,
    new_game,
)
from brass_nb.rules.errors import QuizError
from brass_nb.saves import game_from_json, load_game
from brass_nb.scenario import Scenario

__all__ = ["Action", "AmbiguousAction", "BrassError", "Explanation", "Game", "GameSetupError", "GreedyBot",
           "IllegalAction", "NotationError", "QuizError", "RandomBot", "SaveFileError", "Scenario", "ScenarioError",
           "SearchBot", "Step", "UnknownName", "game_from_json", "get_language", "load_game", "new_game", "play_out",
           "review", "set_language"]
