"""``game.position()`` writes any position as a position file that reads back to an equal state and plays on
identically (issue 11): every position of seeded random games of both games, mid-turn, mid-action and mid-income
included."""
from __future__ import annotations

import os
import random

import pytest

import brass_nb as bn
from brass_nb.rules.randomplay import random_action
from brass_nb.scenario import library
from brass_nb.scenario.text import game_from_text, read

GAMES = int(os.environ.get("BRASS_POSITION_GAMES", "6"))


@pytest.mark.parametrize("name, edition, players", [("birmingham", None, 2), ("birmingham", None, 4),
                                                    ("lancashire", None, 3), ("lancashire", "2007", 4)])
def test_every_position_reads_back_to_an_equal_state(name, edition, players):
    kinds = set()
    for seed in range(GAMES):
        game = bn.new_game(name, players, seed=seed, edition=edition)
        rng = random.Random(seed)
        while True:
            assert read(game.position()).state().to_dict() == game.state.to_dict(), (seed, len(game.log))
            kinds.add("phase" if game.phase else "mid-turn" if game.state.actions_done else "turn start")
            if game.is_over:
                break
            game.play(random_action(game, rng))
    assert kinds == {"phase", "mid-turn", "turn start"}


@pytest.mark.parametrize("name, edition, players", [("birmingham", None, 3), ("lancashire", None, 4),
                                                    ("lancashire", "2007", 3)])
def test_a_written_position_plays_on_identically(name, edition, players):
    """From positions spread over a game (canal and rail era, inside compound actions), the game read back from the
    text and the original make the same moves to the same positions until the end, era-end shuffles included."""
    for seed in range(max(1, GAMES // 2)):
        game = bn.new_game(name, players, seed=seed, edition=edition)
        rng = random.Random(seed)
        starts = []
        while not game.is_over:
            if len(game.log) % 37 == 5 or (game.phase and len(starts) < 2):
                starts.append((list(game.log), game.position()))
            game.play(random_action(game, rng))
        for log, text in starts[:6]:
            replayed = bn.new_game(name, players, seed=seed, edition=edition)
            for action in log:
                replayed.play(action)
            copy = game_from_text(text)
            moves = random.Random(len(log))
            while not replayed.is_over:
                action = random_action(replayed, moves)
                assert action in copy.legal_actions()
                replayed.play(action)
                copy.play(action)
                assert copy.state.to_dict() == replayed.state.to_dict()


def test_a_mid_income_shortfall_position_reads_back():
    game = library.load("negative_income").game()
    game.play("pass with card Wolverhampton")
    game.play("pass with card Burton-on-Trent")                  # the round ends: Player 1 cannot pay
    assert game.phase == "shortfall"
    text = game.position()
    assert "shortfall player 1 owes 9 position 2" in text.splitlines()
    copy = game_from_text(text)
    assert copy.state.to_dict() == game.state.to_dict()
    assert copy.play("remove cotton Worcester[1]").steps == game.play("remove cotton Worcester[1]").steps


def test_position_lines_for_a_game_in_progress_are_checked():
    with pytest.raises(bn.ScenarioError) as err:
        read("game birmingham\nplayers 2\nphase sideways\n")
    assert err.value.steps[0].facts["line"] == 3
