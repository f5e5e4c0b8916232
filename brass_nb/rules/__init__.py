"""The rules core: pure Python and networkx, no Jupyter and no plotting."""
from brass_nb.rules.actions import (
                                    Action,
                                    Build,
                                    Develop,
                                    Discard,
                                    Done,
                                    Loan,
                                    Network,
                                    Pass,
                                    Remove,
                                    Scout,
                                    Sell,
                                    parse,
)
from brass_nb.rules.errors import (
                                    AmbiguousAction,
                                    BrassError,
                                    GameSetupError,
                                    IllegalAction,
                                    NotationError,
                                    SaveFileError,
                                    ScenarioError,
                                    UnknownName,
)
from brass_nb.rules.facts import Board, GameFacts, load_facts
from brass_nb.rules.game import Game, new_game
from brass_nb.rules.legal import LegalActions
from brass_nb.rules.records import Explanation, Reasons, Step

__all__ = [
    "Action", "AmbiguousAction", "Board", "BrassError", "Build", "Develop", "Discard", "Done", "Explanation", "Game",
    "GameFacts", "GameSetupError", "IllegalAction", "LegalActions", "Loan", "Network", "NotationError", "Pass",
    "Reasons", "Remove", "SaveFileError", "ScenarioError", "Scout", "Sell", "Step", "UnknownName", "load_facts",
    "new_game", "parse",
]
