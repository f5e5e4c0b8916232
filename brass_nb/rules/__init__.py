"""The rules core: pure Python and networkx, no Jupyter and no plotting."""
from brass_nb.rules.actions import (Action, Build, Develop, Discard, Done, Loan, Network, Pass, Remove, Scout, Sell,
                                    parse)
from brass_nb.rules.errors import BrassError, IllegalAction, NotationError, ScenarioError
from brass_nb.rules.facts import Board, GameFacts, load_facts
from brass_nb.rules.game import Game, LegalActions, new_game
from brass_nb.rules.records import Explanation, Step

__all__ = [
    "Action", "Board", "BrassError", "Build", "Develop", "Discard", "Done", "Explanation", "Game", "GameFacts",
    "IllegalAction", "LegalActions", "Loan", "Network", "NotationError", "Pass", "Remove", "ScenarioError",
    "Scout", "Sell", "Step", "load_facts", "new_game", "parse",
]
