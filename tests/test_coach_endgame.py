"""The game's last action is an exact puzzle (the deck is empty and nobody acts after it): the coach's hint must
find a move with the best final margin over the best rival, in Birmingham and both Lancashire editions; and it
solves each of lesson 7's puzzles, which ``scripts/puzzles.py`` took from such positions of the bots' games."""
from __future__ import annotations

import pytest

import brass_nb as bn
from brass_nb.bots import GreedyBot
from brass_nb.bots.playout import to_last_action
from brass_nb.bots.principles import LOOKING_AHEAD, rival_resources
from brass_nb.quizbank import exercises
from brass_nb.rules.game import Game


def _last_action(name: str, players: int, seed: int, edition: str | None = None) -> Game:
    """Greedy self-play up to the game's last action."""
    return to_last_action(bn.new_game(name, players=players, seed=seed, edition=edition), GreedyBot())


def _final_margin(game: Game, action) -> tuple[int, int, int]:
    """The exact result of ``action``, with the player's best way to finish an action it leaves open (a second rail,
    more sales): the margin in VP over the best rival, then income, then money."""
    trial = game.copy()
    player = trial.current_player
    trial.play(action)
    if not trial.is_over:
        return max(_final_margin(trial, then) for then in trial.legal_actions())
    me = trial.players[player]
    best_rival = max(p.vp for p in trial.players if p.index != player)
    return me.vp - best_rival, me.income_level, me.money


@pytest.mark.parametrize("name, players, seed, edition", [
    ("birmingham", 2, 7, None), ("birmingham", 2, 9, None), ("birmingham", 2, 4, None),
    ("birmingham", 3, 1, None), ("birmingham", 4, 2, None),
    ("lancashire", 3, 1, None), ("lancashire", 4, 3, None), ("lancashire", 3, 2, "2007"),
])
def test_the_hint_on_the_last_action_has_the_best_final_margin(name, players, seed, edition):
    game = _last_action(name, players, seed, edition)
    margins = {str(a): _final_margin(game, a) for a in game.legal_actions()}
    hint = game.hint()
    hinted = _final_margin(game, hint.action)
    assert hinted[0] == max(m[0] for m in margins.values()), (hinted, sorted(margins.items(), key=lambda i: i[1])[-3:])
    for language in ("en", "ja"):       # its evaluations are the game's result, which measures VP, income and money
        assert hint.render(language, detail=True).startswith(hint.render(language).splitlines()[0])
    looking_ahead = {f"principle.{p.__name__}" for p in LOOKING_AHEAD}
    assert not {step.rule for step in hint.principles} & looking_ahead, [s.rule for s in hint.principles]


@pytest.mark.parametrize("name, players, seed, some_flip", [("birmingham", 4, 6, True), ("birmingham", 4, 3, False),
                                                          ("lancashire", 3, 0, False)])
def test_at_the_last_action_only_a_take_that_flips_a_rivals_tile_is_said_to_hand_them_anything(name, players, seed,
                                                                                               some_flip):
    game = _last_action(name, players, seed)
    flipping_takes = other_takes = 0
    for action in game.legal_actions():
        explanation = game.copy().play(action)
        takes = [s for s in explanation.steps if s.rule in ("coal.take", "iron.take", "beer.take")
                 and s.facts["owner"] != game.current_player]
        flipped = {s.facts["slot"] for s in explanation.steps if s.rule == "tile.flip"}
        flipping = [s.facts["source"] for s in takes if s.facts["source"] in flipped]
        step = rival_resources(game, action, explanation)
        if flipping:
            flipping_takes += 1
            assert step is not None and [row["source"] for row in step.facts["taken"]] == flipping
            assert all(row["flips"] for row in step.facts["taken"])
        else:
            other_takes += bool(takes)
            assert step is None, (str(action), step.facts)
    assert other_takes and bool(flipping_takes) == some_flip, (other_takes, flipping_takes)


PUZZLES = [e for e in exercises.exercises("07_era_end_and_scoring") if e.id.startswith("last-action-")]


def test_lesson_7_has_the_puzzles_from_the_bots_games():
    editions = {(e.game().facts.game, e.game().facts.edition) for e in PUZZLES}
    assert len(PUZZLES) == 6 and editions == {("birmingham", "roxley"), ("lancashire", "roxley"),
                                              ("lancashire", "2007")}, editions


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda e: e.id)
def test_the_coachs_hint_solves_each_puzzle_and_most_moves_do_not(puzzle):
    game = puzzle.game()
    hint = game.hint()
    assert exercises.judge(puzzle, hint.action).ok
    assert not {step.rule for step in hint.principles} & {f"principle.{p.__name__}" for p in LOOKING_AHEAD}
    assert len(exercises.solutions(puzzle)) * 5 <= len(game.legal_actions())     # one move is clearly best
