"""Bots and hints: copies are independent, bots choose only legal actions, seeds repeat games, hints change nothing."""
from __future__ import annotations

import html
import json
import random
import time

import pytest

import brass_nb as bn
from brass_nb.bots import GreedyBot, RandomBot, SearchBot, hint, play_out
from brass_nb.bots.clock import Deadline
from brass_nb.bots.players import cheapest_two_cards, distinct_actions, kinds_in_turn, shortlist
from brass_nb.explain import advice
from brass_nb.explain.actions import describe
from brass_nb.rules.randomplay import random_action

GAMES = ("birmingham", "lancashire")


def snapshot(game: bn.Game) -> str:
    return json.dumps([game.to_json(), game.state.to_dict()], sort_keys=True, default=str)


def random_positions(game_name: str, count: int, players: int = 4):
    """``count`` positions from seeded random games (yielded live: look, do not keep)."""
    seen = 0
    seed = 0
    while True:
        game = bn.new_game(game_name, players=players, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            yield game
            seen += 1
            if seen == count:
                return
            game.play(random_action(game, rng))
        seed += 1


@pytest.mark.parametrize("game_name", GAMES)
def test_copy_is_independent_and_plays_like_the_original(game_name):
    game = bn.new_game(game_name, players=3, seed=4)
    rng = random.Random(4)
    for _ in range(60):
        game.play(random_action(game, rng))
    before = snapshot(game)
    twin = game.copy()
    assert snapshot(twin) == before
    moves = random.Random(9)
    played = []
    while not twin.is_over and len(played) < 150:
        action = random_action(twin, moves)
        played.append(action)
        twin.play(action)
    assert snapshot(game) == before                      # the original did not move
    for action in played:                                 # and replaying the same actions gives the same position
        game.play(action)
    assert snapshot(game) == snapshot(twin)
    assert game.legal_actions().texts() == twin.legal_actions().texts()


@pytest.mark.parametrize("game_name", GAMES)
@pytest.mark.parametrize("make_bot", [lambda: RandomBot(3), GreedyBot,
                                      lambda: SearchBot(3, budget=1, candidates=2, horizon=0)],
                         ids=["random", "greedy", "search"])
def test_bots_only_choose_legal_actions(game_name, make_bot):
    bot = make_bot()
    phases = set()
    decisions = 0
    compound = {"sell", "develop2", "shortfall"} | ({"double_cards"} if game_name == "lancashire" else set())
    for game in random_positions(game_name, 5000):
        if decisions >= 1000 and (compound <= phases or game.phase is None or game.phase in phases):
            if compound <= phases:
                break
            continue                                      # 1,000 decisions made: only look for a missing phase
        before = snapshot(game)
        action = bot.choose(game)
        assert action in game.legal_actions(), (str(action), game.phase)
        assert snapshot(game) == before
        phases.add(game.phase)
        decisions += 1
    assert decisions >= 1000 and compound <= phases


def test_greedy_reads_a_loan_as_money_now_against_income_later():
    game = bn.new_game("birmingham", players=2, seed=1)
    loan = next(c for c in GreedyBot().rank(game) if c.action.kind == "loan")
    after, before = loan.after[loan.player].amounts, loan.before[loan.player].amounts
    assert after["money"] - before["money"] == 30
    assert after["income"] - before["income"] == -3
    assert loan.deltas["money"] > 0 > loan.deltas["income"]


def test_double_card_build_gives_up_repeated_cards_before_wild_ones():
    hand = ["Wild Location", "Bolton", "Wigan", "Wigan", "Preston"]
    assert cheapest_two_cards(hand, {"Wild Location": 4, "Wild Industry": 4}).cards == ("Wigan", "Wigan")


@pytest.mark.parametrize("game_name", GAMES)
def test_same_seed_same_game(game_name):
    def finish(seed):
        game = bn.new_game(game_name, players=2, seed=seed)
        play_out(game, [SearchBot(seed, budget=2, candidates=2, horizon=1), RandomBot(seed)], limit=40)
        play_out(game, [GreedyBot(), RandomBot(seed + 1)])
        return game

    first, second = finish(11), finish(11)
    assert first.is_over and first.to_json() == second.to_json()
    assert first.state.to_dict() == second.state.to_dict()


def test_play_out_stops_at_a_person_and_returns_every_explanation():
    game = bn.new_game("birmingham", players=2, seed=5)
    bot_seat = game.current_player
    seats = [None, None]
    seats[bot_seat] = GreedyBot()
    moves = play_out(game, seats)
    assert moves and all(m.player == bot_seat for m in moves)
    assert game.current_player != bot_seat
    assert [str(m.action) for m in moves] == game.to_json()["actions"]
    assert moves[0].explanation.action == str(moves[0].action)


def test_play_out_refuses_seats_that_do_not_fit_in_both_languages():
    game = bn.new_game("birmingham", players=2, seed=5)
    with pytest.raises(bn.GameSetupError) as wrong_count:
        play_out(game, [GreedyBot()])
    assert isinstance(wrong_count.value, ValueError) and wrong_count.value.rule == "playout.seats"
    assert str(wrong_count.value) == ("play_out takes one seat per player (a bot, or no bot where a person plays): "
                                      "1 given for a 2-player game.")
    assert wrong_count.value.steps[0].text("ja") == (
        "`play_out` の席はプレイヤー1人に1つです（ボット、または人が打つ席ならボットなし）: "
        "2人のゲームに1席が指定されました。")
    with pytest.raises(bn.GameSetupError) as not_a_bot:
        play_out(game, ["human", None])
    assert not_a_bot.value.rule == "playout.seat"
    assert str(not_a_bot.value) == ("Seat 'human' is neither a bot (an object with choose(game)) nor left empty "
                                    "for a person.")
    assert not_a_bot.value.steps[0].text("ja") == ("席 'human' はボット（`choose(game)` を持つもの）でも、"
                                                   "人が打つための空席でもありません。")
    assert game.log == []


def test_a_finished_game_has_no_hint_and_no_bot_move_and_says_who_won():
    game = bn.new_game("birmingham", players=2, seed=3)
    play_out(game, [RandomBot(1), RandomBot(2)])
    assert game.is_over
    with pytest.raises(bn.IllegalAction) as over:
        game.hint()
    refusal = over.value
    assert refusal.rule == "hint.game_over" and isinstance(refusal, ValueError)
    first = [row for row in refusal.steps[0].facts["ranking"] if row["place"] == 1]
    assert len(first) == 1, "seed 3 has one winner"
    who, vp = first[0]["player"], first[0]["vp"]
    assert str(refusal) == f"The game is over: there is nothing to suggest. Player {who + 1} won with {vp} VP."
    assert refusal.steps[0].text("ja") == (f"ゲームは終了しているので、提案できるアクションはありません。"
                                           f"プレイヤー{who + 1}が{vp}勝利点で勝ちました。")
    for bot in (RandomBot(), GreedyBot(), SearchBot(budget=2)):
        with pytest.raises(bn.IllegalAction) as no_move:
            bot.choose(game)
        assert no_move.value.rule == "game.over" and str(no_move.value) == "The game is over."
        assert no_move.value.steps[0].text("ja") == "ゲームは終了しています。"


def test_a_tie_for_first_place_names_every_winner():
    from brass_nb.explain import reason
    from brass_nb.rules.records import Step
    rows = [{"player": 0, "place": 1, "vp": 40}, {"player": 2, "place": 1, "vp": 40},
            {"player": 1, "place": 3, "vp": 9}]
    step = Step("hint.game_over", {"ranking": rows}, ok=False)
    assert reason(step, "en") == ("The game is over: there is nothing to suggest. "
                                  "Player 1 and Player 3 share first place with 40 VP.")
    assert reason(step, "ja") == ("ゲームは終了しているので、提案できるアクションはありません。"
                                  "プレイヤー1とプレイヤー3が40勝利点で1位を分け合いました。")


@pytest.mark.parametrize("game_name", GAMES)
def test_hint_changes_nothing_and_explains_what_play_then_does(game_name):
    game = bn.new_game(game_name, players=2, seed=8)
    play_out(game, [GreedyBot(), GreedyBot()], limit=12)
    before = snapshot(game)
    hint = game.hint(budget=10)
    assert snapshot(game) == before
    assert hint.action in game.legal_actions()
    assert len(hint.candidates) == min(3, len(distinct_actions(game))) and hint.candidates[0].action == hint.action
    played = game.play(hint.action)
    for language in ("en", "ja"):
        assert hint.explanation.text(language) == played.text(language)
    assert hint.horizon >= 1
    assert f"end of the next round ({hint.horizon} decisions on average" in hint.render(detail=True)
    assert f"次のラウンドの終わりまで（平均{hint.horizon}回の決定" in hint.render("ja", detail=True)
    assert "Looking ahead" not in str(hint)               # the numbers are detail, asked for


@pytest.mark.parametrize("game_name", GAMES)
def test_hint_words_in_both_languages_name_the_action_and_its_terms(game_name):
    game = bn.new_game(game_name, players=3, seed=2)
    play_out(game, [GreedyBot()] * 3, limit=20)
    hint = game.hint(budget=0)
    record = hint.to_dict()
    best = record["candidates"][0]
    shown = [name for name, value in best["terms"].items() if abs(value) >= advice.SHOWN]
    assert shown
    for language, terms in (("en", advice.EN_TERMS), ("ja", advice.JA_TERMS)):
        def named(action, form, language=language):
            """An action as the hint names it: the notation in English, the Japanese words in Japanese."""
            words = describe(action, language)
            return words if form != "html" else html.escape(words, quote=False)
        for form in ("text", "markdown", "html"):
            words = hint.render(language, form, detail=True)
            assert named(hint.action, form) in words and "+0.0" not in words
            assert all(named(row["fields"], form) in words for row in record["candidates"][1:])
            for name in shown:
                sentence = terms[name](best["amounts"][name], best["terms"][name], record)
                assert (sentence if form != "html" else sentence.replace("&", "&amp;")) in words
            short = hint.render(language, form)
            others = [named(row["fields"], form) for row in record["candidates"][1:]]
            assert all(action not in short for action in others if action != named(hint.action, form))
        if language == "ja":     # the notation only beside the words, as code, where it can be shown as code
            assert str(hint.action) not in hint.render(language, "text", detail=True)
            assert f"`{hint.action}`" in hint.render(language, "markdown")
    assert str(hint).splitlines()[1] == f"  - {hint.plan.text('en')}"
    assert hint.render("ja").splitlines()[1] == f"  - {hint.plan.text('ja')}"
    assert str(hint).splitlines()[1].startswith("  - Plan: ") and "方針: " in hint.render("ja")
    assert hint._repr_markdown_().startswith(f"**Hint for Player {hint.player + 1}: {hint.action}**")
    assert hint._repr_html_().startswith("<div class='brass-hint' lang='en'>")
    with pytest.raises(bn.UnknownName) as form:
        hint.render("en", "pdf")
    assert form.value.rule == "hint.form" and str(form.value) == "A hint is shown as text, markdown or html, not 'pdf'."
    assert form.value.steps[0].text("ja") == (
        "ヒントの表示形式は text、markdown、html のどれかです（'pdf' ではありません）。")
    with pytest.raises(bn.UnknownName) as language:
        hint.render("fr")
    assert language.value.rule == "language.unknown"


def mid_game(seed: int = 5, decisions: int = 50) -> bn.Game:
    """A 4-player Birmingham game some way into the canal era, played by greedy bots."""
    game = bn.new_game("birmingham", players=4, seed=seed)
    play_out(game, [GreedyBot()] * 4, limit=decisions)
    return game


def test_search_answers_within_its_time_limit_with_a_legal_action():
    game = mid_game()
    SearchBot(seconds=0.01).choose(game)                  # warm the game's kept answers, as a real turn would
    before = snapshot(game)
    start = time.perf_counter()
    action = SearchBot(seconds=0.01).choose(game)
    elapsed = time.perf_counter() - start
    assert elapsed < 0.1, f"{elapsed:.3f} s for a 0.01 s limit"
    assert action in game.legal_actions() and snapshot(game) == before


def test_search_out_of_time_falls_back_on_the_actions_greedy_tried():
    game = mid_game()
    cut = GreedyBot().rank(game, deadline=Deadline(0.0))   # a deadline already past: one action is still tried
    assert len(cut) == 1 and cut[0].action in game.legal_actions()
    ranked = SearchBot(seconds=0.0).rank(game)
    assert [c.action for c in ranked] == [c.action for c in cut] and ranked[0].search is None


def test_a_ranking_cut_short_has_tried_every_kind_first():
    actions = distinct_actions(mid_game())
    kinds = {a.kind for a in actions}
    first = kinds_in_turn(actions)[:len(kinds)]
    assert {actions[i].kind for i in first} == kinds and len(kinds) > 3
    assert sorted(kinds_in_turn(actions)) == list(range(len(actions)))


@pytest.mark.parametrize("game_name", GAMES)
def test_search_tries_the_best_action_of_every_kind_on_the_first_turn(game_name):
    game = bn.new_game(game_name, players=4, seed=1)
    ranked = SearchBot(budget=15).rank(game)
    searched = [c for c in ranked if c.search is not None]
    legal_kinds = {a.kind for a in game.legal_actions()}
    greedy = GreedyBot().rank(game)
    passing = "pass" in {c.action.kind for c in greedy[:3]}     # searched only when greedy ranks it among its best
    expected = legal_kinds if passing else legal_kinds - {"pass"}
    assert {c.action.kind for c in searched} == expected and len(searched) > 1
    assert [c.action for c in greedy[:3]] == [c.action for c in shortlist(greedy, 3)[:3]]
    assert len(ranked) == len(greedy)                       # the searched ones are not listed twice


def test_the_search_tries_a_pass_only_when_greedy_ranks_it_among_its_best():
    game = mid_game()
    greedy = GreedyBot().rank(game)
    passes = [i for i, c in enumerate(greedy) if c.action.kind == "pass"]
    assert passes and passes[0] >= 3
    assert "pass" not in {c.action.kind for c in shortlist(greedy, 3)}
    assert "pass" in {c.action.kind for c in shortlist(greedy, passes[0] + 1)}


def test_the_coach_never_advises_a_pass_at_a_four_player_games_first_turn():
    game = bn.new_game("birmingham", players=4, seed=0)     # one rollout once made a pass the best here
    assert game.hint().action.kind != "pass"


def test_a_hint_out_of_time_suggests_greedy_s_best_tried_action_without_look_ahead():
    game = mid_game()
    for budget in (0, 15):
        quick = hint(game, budget=budget, seconds=0.0)
        assert quick.action in game.legal_actions() and quick.horizon == 0 and quick.candidates[0].search is None
