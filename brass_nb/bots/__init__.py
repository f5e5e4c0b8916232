"""Rivals and a coach: bots that play any seat, and hints that say why a move is good.

Bots use only the rules' public API (legal actions, copies, play) and the named terms of
:mod:`brass_nb.bots.evaluation`; they hold no rule of their own.
"""
from brass_nb.bots.evaluation import TERMS, WEIGHTS, Evaluation, Rates, Weights, evaluate
from brass_nb.bots.hints import Hint, hint
from brass_nb.bots.players import Bot, Candidate, GreedyBot, RandomBot, SearchBot
from brass_nb.bots.playout import Move, play_out

__all__ = ["TERMS", "WEIGHTS", "Bot", "Candidate", "Evaluation", "GreedyBot", "Hint", "Move", "RandomBot", "Rates",
           "SearchBot", "Weights", "evaluate", "hint", "play_out"]
