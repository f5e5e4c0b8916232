"""Finish a game with bots in some or all seats, keeping every move's explanation."""
from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from brass_nb.bots.players import Bot
from brass_nb.rules.actions import Action
from brass_nb.rules.errors import GameSetupError
from brass_nb.rules.game import Game
from brass_nb.rules.records import Explanation, Step


class Move(NamedTuple):
    """One decision a bot played: who, what, and the explanation ``play`` returned."""

    player: int
    action: Action
    explanation: Explanation


def play_out(game: Game, seats: Sequence[Bot | None], limit: int | None = None) -> list[Move]:
    """Play ``game`` on with ``seats[i]`` deciding for player ``i``, until the game is over, a seat holding
    None (a person) is to act, or ``limit`` decisions were played; returns the moves in order."""
    if len(seats) != len(game.players):
        raise GameSetupError([Step("playout.seats", {"given": len(seats), "players": len(game.players)}, ok=False)])
    for seat in seats:
        if seat is not None and not callable(getattr(seat, "choose", None)):
            raise GameSetupError([Step("playout.seat", {"seat": repr(seat)[:60]}, ok=False)])
    moves: list[Move] = []
    while not game.is_over and (limit is None or len(moves) < limit):
        player = game.current_player
        bot = seats[player]
        if bot is None:
            break
        action = bot.choose(game)
        moves.append(Move(player, action, game.play(action)))
    return moves


def is_last_action(game: Game) -> bool:
    """Is the action to choose the game's last? The rail era, the deck and the rivals' hands empty, the player to
    act holding one card with one action left. Nothing is hidden then and nobody acts after it."""
    state = game.state
    return (game.era == "rail" and game.actions_left == 1 and game.phase is None and not state.deck
            and all(not p.hand for p in state.players if p.index != game.current_player)
            and len(state.players[game.current_player].hand) == 1)


def to_last_action(game: Game, bot: Bot) -> Game:
    """Let ``bot`` play every seat of ``game`` up to the game's last action (:func:`is_last_action`), and return
    it: every move's result is exact there (the coach's endgame tests and lesson 7's puzzles)."""
    while not is_last_action(game):
        game.play(bot.choose(game))
    return game
