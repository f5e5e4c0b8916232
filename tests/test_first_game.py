"""The guided first game: each coached move is judged before the bot answers, and the canal era ends on its scoring."""
from __future__ import annotations

import pytest

from brass_nb import guided
from brass_nb.widgets.first_game import FirstGame


def _play_coached(first: FirstGame) -> list[str]:
    """Play every coached move with the coach's own answer; return the goal rule ids met."""
    met = []
    table = first.explorer.table
    while first.coached is not None:
        answer = guided.reachable(first.game, first.coached)
        assert answer is not None
        table.play(answer, bots_follow=True)
        assert first.verdict is not None and first.verdict.ok
        met += [s.rule for s in first.verdict.steps]
        while first.game.phase is not None and first.game.current_player == first.learner:
            table.play("done", bots_follow=True)     # the merchant's bonus, declined
    return met


def test_the_script_teaches_four_moves_each_reachable_on_the_coached_road():
    script = guided.script()
    assert [m.goal[0].name for m in script.moves] == ["builds", "network_has", "sells", "kind"]
    first = FirstGame("en")
    assert _play_coached(first) == ["goal.builds", "goal.network_has", "goal.sells", "goal.kind"]
    assert first.game.round == 3 and first.game.players[first.learner].money >= 30     # the loan was taken
    assert "your game now" in first.heading.value
    first.close()


def test_a_missed_goal_stops_the_bot_and_says_why_then_try_again():
    first = FirstGame("en")
    table = first.explorer.table
    table.play("loan with card Birmingham", bots_follow=True)
    assert len(first.game.log) == 1 and table.paused, "the bot must not answer a move the coach refused"
    assert "Goal not met" in first.feedback.value and "cotton mill at Worcester" in first.feedback.value
    first.retry()
    assert not first.game.log and not table.paused and table.controls().human
    first.climb()
    assert "location card builds in its own town" in first.hints.value
    first.climb()
    assert table.selected is not None and str(table.selected).startswith("build cotton Worcester")
    first.close()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_canal_era_ends_on_its_scoring_then_the_rail_era_plays_on(language):
    first = FirstGame(language)
    _play_coached(first)
    table, bot = first.explorer.table, guided.script().bot()
    while not first.scored:
        table.play(bot.choose(first.game), bots_follow=True)
    assert table.paused and first.game.era == "rail"
    assert table.shown and {s.rule for s in table.shown} == {"score.link", "score.industry"}
    assert first.rail_button.layout.display is None
    first.play_on()
    assert not table.paused and table.controls().human
    first.close()


def test_the_lessons_worked_example_is_the_scripted_game():
    game, ended = guided.canal_era_example()
    assert game.era == "rail" and any(s.rule == "era.end" for s in ended.steps)
    vp = {row["player"]: row["vp"] for row in game.scores()}
    scored = {}
    for step in ended.steps:
        if step.rule in ("score.link", "score.industry"):
            scored[step.facts["owner"]] = scored.get(step.facts["owner"], 0) + step.facts["vp"]
    assert scored == vp, "every VP after the canal era comes from its scoring steps"


def test_the_tables_own_undo_also_takes_the_refused_move_back():
    first = FirstGame("en")
    table = first.explorer.table
    table.play("loan with card Birmingham", bots_follow=True)
    assert table.paused
    table.undo()
    assert not first.game.log and not table.paused and table.controls().human
    first.retry()                                   # nothing waits: the bot's moves are not taken back
    assert not first.game.log
    first.close()
