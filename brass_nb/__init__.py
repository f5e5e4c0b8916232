"""brass_nb: a teaching kernel for Brass: Birmingham that explains every rule it applies."""
from brass_nb.rules import Action, Explanation, Game, IllegalAction, NotationError, ScenarioError, Step, new_game
from brass_nb.bots import GreedyBot, RandomBot, SearchBot, play_out
from brass_nb.saves import game_from_json, load_game
from brass_nb.scenario import Scenario

__all__ = ["Action", "Explanation", "Game", "GreedyBot", "IllegalAction", "NotationError", "RandomBot", "Scenario",
           "ScenarioError", "SearchBot", "Step", "game_from_json", "load_game", "new_game", "play_out"]
