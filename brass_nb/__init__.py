"""brass_nb: a teaching kernel for Brass: Birmingham that explains every rule it applies."""
from brass_nb.rules import (Action, Explanation, Game, IllegalAction, NotationError, ScenarioError, Step, load_game,
                            new_game)

__all__ = ["Action", "Explanation", "Game", "IllegalAction", "NotationError", "ScenarioError", "Step", "load_game",
           "new_game"]
