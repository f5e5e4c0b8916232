"""The named strengths a teacher picks: what each one is, that the weakest never plays a move it can see is clearly
bad, and that a table takes a strength by name."""
import pytest

import brass_nb as bn
from brass_nb.bots import GreedyBot, SearchBot, strengths
from brass_nb.bots.evaluation import WEIGHTS
from brass_nb.bots.strengths import BEGINNER_SLACK, STRENGTHS, BeginnerBot
from brass_nb.rules.errors import UnknownName
from brass_nb.widgets.table import Table


def test_each_strength_is_the_bot_it_names():
    club, strong, beginner = (strengths.bot(name, seed=4) for name in ("club", "strong", "beginner"))
    assert isinstance(club, GreedyBot) and club.weights == WEIGHTS
    assert isinstance(strong, SearchBot) and strong.weights == WEIGHTS and strong.budget == SearchBot().budget
    assert isinstance(beginner, BeginnerBot) and beginner.slack == BEGINNER_SLACK
    assert [strengths.bot(name).name for name in STRENGTHS] == list(STRENGTHS)


def test_an_unknown_strength_is_refused_by_name():
    with pytest.raises(UnknownName) as refusal:
        strengths.bot("grandmaster")
    assert refusal.value.rule == "bot.strength"
    assert "'beginner'" in refusal.value.steps[0].text("en") and "grandmaster" in refusal.value.steps[0].text("en")


def test_the_beginner_varies_its_play_but_never_drops_more_than_its_slack():
    game = bn.new_game("birmingham", players=2, seed=6)
    greedy, chosen = GreedyBot(), set()
    for decision in range(30):
        ranked = greedy.rank(game)
        action = BeginnerBot(seed=decision).choose(game)
        gain = next(c.gain for c in ranked if c.action == action)
        assert gain >= ranked[0].gain - BEGINNER_SLACK
        chosen.add(action != ranked[0].action)
        game.play(greedy.choose(game))
    assert chosen == {True, False}          # it sometimes plays greedy's best, sometimes another good move


def test_the_beginner_is_the_same_for_the_same_seed():
    game = bn.new_game("birmingham", players=2, seed=6)
    assert BeginnerBot(seed=3).choose(game) == BeginnerBot(seed=3).choose(game)


def test_a_table_takes_a_strength_by_name():
    table = Table(bn.new_game("birmingham", players=3, seed=1), seats=["human", "beginner", "strong"])
    assert table.seats[0] == "human"
    assert isinstance(table.seats[1], BeginnerBot) and isinstance(table.seats[2], SearchBot)
    assert table.seats[2].name == "strong"
    assert table.seats[2].seconds == strengths.TABLE_SECONDS, "a learner at the table never waits long for a bot"
