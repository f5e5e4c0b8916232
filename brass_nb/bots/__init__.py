"""Rivals and a coach: bots that play any seat, and hints that say why a move is good, and a review of
the moves played.

Bots use only the rules' public API (legal actions, copies, play) and the named terms of
:mod:`brass_nb.bots.evaluation`; they hold no rule of their own.
"""
from brass_nb.bots.evaluation import TERMS, WEIGHTS, Evaluation, Rates, Weights, evaluate
from brass_nb.bots.hints import Hint, hint
from brass_nb.bots.players import Bot, Candidate, GreedyBot, RandomBot, SearchBot
from brass_nb.bots.playout import Move, play_out
from brass_nb.bots.reviews import Decision, Rating, Review, review

__all__ = ["TERMS", "WEIGHTS", "Bot", "Candidate", "Decision", "Evaluation", "GreedyBot", "Hint", "Move", "RandomBot",
           "Rates", "Rating", "Review", "SearchBot", "Weights", "evaluate", "hint", "play_out", "review"]
