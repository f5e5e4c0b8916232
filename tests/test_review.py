"""The post-game review: random moves rate worse than the coach's, every decision is rated by the documented
limits in every game and edition, the plot has a line per player, and both languages name moves and ratings."""
from __future__ import annotations

import json

import pytest

import brass_nb as bn
from brass_nb.bots import GreedyBot, RandomBot, Rating, play_out
from brass_nb.bots.reviews import RATING_LIMITS, Review, rating_of
from brass_nb.explain import reason
from brass_nb.explain.review import EN_MOVES, EN_RATINGS, JA_MOVES, JA_RATINGS
from brass_nb.rules.errors import UnknownName


def finished(game: str = "birmingham", edition: str | None = None, seed: int = 1, players: int = 2) -> bn.Game:
    """A seeded game played to its end, Player 2 making random moves and everyone else the greedy coach's."""
    g = bn.new_game(game, players=players, seed=seed, edition=edition)
    play_out(g, [RandomBot(seed) if seat == 1 else GreedyBot() for seat in range(players)])
    return g


def acted(game: bn.Game, player: int) -> int:
    """How many of the log's entries ``player`` decided (replayed independently of the review)."""
    replay = bn.game_from_json({**game.to_json(), "actions": []})
    count = 0
    for action in game.log:
        count += replay.current_player == player
        replay.play(action)
    return count


@pytest.fixture(scope="module")
def birmingham() -> bn.Game:
    return finished()


@pytest.fixture(scope="module")
def reviews(birmingham) -> dict[int, Review]:
    """The finished Birmingham game's review of each seat, made once: each takes seconds."""
    return {player: bn.review(birmingham, player) for player in (0, 1)}


def test_random_moves_rate_worse_than_the_coachs(reviews):
    greedy, random = reviews[0], reviews[1]
    assert random.mean_loss > greedy.mean_loss + 0.5
    worse = {Rating.INACCURACY, Rating.MISTAKE, Rating.BLUNDER}
    assert sum(random.counts()[r] for r in worse) > sum(greedy.counts()[r] for r in worse)
    assert random.decisive() and random.decisive()[0].loss == max(d.loss for d in random.decisions)


def test_the_review_replays_without_changing_the_game(birmingham, reviews):
    before = finished().to_json()
    review = reviews[1]
    assert birmingham.to_json() == before
    assert review.over and len(review.decisions) == acted(birmingham, 1)
    assert len(review.margins) == len(birmingham.log) + 1


def test_a_saved_game_and_a_game_in_progress_are_reviewed_alike(birmingham, reviews, tmp_path):
    path = tmp_path / "game.json"
    birmingham.save(path)
    assert bn.review(bn.load_game(path), 1).to_dict() == reviews[1].to_dict()
    early = bn.new_game("birmingham", players=2, seed=1)
    play_out(early, [GreedyBot(), RandomBot(1)], limit=12)
    review = bn.review(early, 1)
    assert not review.over and len(review.decisions) == acted(early, 1)
    assert "not over" in review.render("en") and "まだ終わっていません" in review.render("ja")


@pytest.mark.parametrize(("edition", "players", "depth"), [("roxley", 2, "search"), ("2007", 3, "greedy")])
def test_lancashire_reviews_rate_every_decision_of_the_player(edition, players, depth):
    """Warfrog's edition is for 3-4 players: its longer game is reviewed one ply deep, which rates every decision
    all the same (the searched review is Birmingham's and Roxley's here)."""
    game = finished("lancashire", edition, seed=2, players=players)
    review = bn.review(game, 1, depth=depth)
    assert review.edition == edition and len(review.decisions) == acted(game, 1) > 0
    for d in review.decisions:
        assert d.rating is rating_of(d.loss) and d.loss >= 0
    assert review.render("en") and review.render("ja", "html")


def test_ratings_follow_the_documented_limits(birmingham, reviews):
    limits = dict(RATING_LIMITS)
    assert limits == {Rating.BEST: 0.05, Rating.GOOD: 1.0, Rating.INACCURACY: 3.0, Rating.MISTAKE: 6.0}
    assert [rating_of(x) for x in (0.0, 0.05, 0.99, 1.0, 2.99, 3.0, 5.99, 6.0, 40.0)] == [
        Rating.BEST, Rating.GOOD, Rating.GOOD, Rating.INACCURACY, Rating.INACCURACY, Rating.MISTAKE,
        Rating.MISTAKE, Rating.BLUNDER, Rating.BLUNDER]
    for d in reviews[1].decisions:
        assert d.rating is rating_of(d.loss)
        assert (d.better == d.played) == (d.rating is Rating.BEST)
        assert d.better_principle is None or d.rating is not Rating.BEST   # a best move needs no better idea


def test_the_plot_has_one_line_per_player_and_marks_the_decisive_moments(birmingham, reviews):
    review = reviews[1]
    for language, title in (("en", "Expected margin over the game"), ("ja", "ゲームを通じた予想得点差")):
        ax = review.plot(language).axes[0]
        lines = [line for line in ax.get_lines() if (line.get_gid() or "").startswith("margin-")]
        assert [line.get_gid() for line in lines] == ["margin-0", "margin-1"]
        assert all(len(line.get_xdata()) == len(birmingham.log) + 1 for line in lines)
        marks = [c for c in ax.collections if c.get_gid() == "decisive"]
        assert len(marks[0].get_offsets()) == len(review.decisive())
        assert ax.get_title() == title


@pytest.mark.parametrize("size", [None, (4.6, 2.1)])        # a notebook's cell; the table's side panel
def test_the_plots_legend_hides_no_line_and_no_decisive_moment(birmingham, size):
    ax = bn.review(birmingham, 1, depth="greedy").plot("ja", size).axes[0]
    legend = ax.get_legend().get_window_extent()
    drawn = [line.get_xydata() for line in ax.get_lines() if (line.get_gid() or "").startswith("margin-")]
    drawn += [c.get_offsets() for c in ax.collections if c.get_gid() == "decisive"]
    assert len(drawn) == 3
    for points in drawn:
        assert ax.transData.transform(points)[:, 1].max() < legend.y0
    assert legend.x1 <= ax.get_window_extent().x1                      # the whole legend is inside the plot


def test_both_languages_name_the_moves_and_their_ratings(birmingham, reviews):
    review = reviews[1]
    worst = review.to_dict()["decisive"][0]
    en, ja = review.render("en"), review.render("ja")
    assert EN_MOVES[worst["played"]["kind"]](worst["played"]) in en
    assert EN_MOVES[worst["better"]["kind"]](worst["better"]) in en
    assert f"{EN_RATINGS[worst['rating']][0]}: it cost about {round(worst['loss'])} VP" in en
    assert JA_MOVES[worst["played"]["kind"]](worst["played"]) in ja and JA_RATINGS[worst["rating"]] in ja
    assert f"約{round(worst['loss'])}点の損" in ja
    counts = review.counts()
    assert f"{counts[Rating.BEST]} best" in en and f"最善手{counts[Rating.BEST]}回" in ja
    html = review._repr_html_()
    assert html.count("<tr data-rating=") == len(review.decisions)
    assert review._repr_markdown_().startswith("**")
    table = review.render("en", "markdown", every=True)
    assert table.count("\n| ") == len(review.decisions) + 1


def test_a_player_outside_the_game_is_refused(birmingham, reviews):
    with pytest.raises(UnknownName) as refusal:
        bn.review(birmingham, 2)
    assert refusal.value.rule == "review.player"
    with pytest.raises(UnknownName) as refusal:
        reviews[0].render("en", "pdf")
    assert refusal.value.rule == "review.form"


def test_the_better_move_comes_with_the_idea_behind_it():
    game = bn.new_game("birmingham", players=2, seed=1)
    bots = [GreedyBot(), RandomBot(1)]
    while not game.is_over:
        game.play(bots[game.current_player].choose(game))
    review = bn.review(game, 1)
    costly = next(d for d in review.decisive() if d.better_principle is not None)
    assert costly.better_principle.rule.startswith("principle.")
    for language in ("en", "ja"):                   # the idea is worded in the summary, in either language
        idea = reason(costly.better_principle, language)
        assert idea.split(":")[0].split("：")[0] in review.render(language)
    json.dumps(review.to_dict())                    # the record stays plain data


def test_the_review_never_contradicts_the_hint():
    """Moves the hint suggested are rated best; a random seat loses more than a greedy one."""
    game, bot, hinted = bn.new_game("birmingham", players=2, seed=3), GreedyBot(), 0
    while hinted < 8:
        if game.current_player == 0:
            game.play(game.hint().action)
            hinted += 1
        else:
            game.play(bot.choose(game))
    assert all(d.rating is Rating.BEST for d in bn.review(game, 0).decisions)
