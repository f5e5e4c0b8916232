"""Hand-built positions for teaching: build in Python or write a position file, then play on it."""
from brass_nb.scenario import library
from brass_nb.scenario.model import Scenario
from brass_nb.scenario.text import game_from_text, load, read, save, write

__all__ = ["Scenario", "library", "game_from_text", "load", "read", "save", "write"]
