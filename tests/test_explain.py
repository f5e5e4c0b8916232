"""Explanations carry the facts a learner needs, in English and Japanese, and match the golden transcripts."""
from __future__ import annotations

import difflib
import random
import re
import sys
from pathlib import Path

import helpers
import pytest

import brass_nb as bn
from brass_nb.explain import (
    CATALOGS,
    localize,
    reason,
    render_html,
    render_markdown,
    render_text,
    set_language,
)
from brass_nb.rules.catalog import RULES
from brass_nb.rules.randomplay import random_action

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
import golden  # noqa: E402


def coal_position() -> bn.Game:
    """Player 0 builds at Walsall; player 1's mines: Wolverhampton 1 link away, Dudley 2, Cannock 2, Tamworth
    unconnected."""
    g = helpers.fresh(players=2, seed=1)
    helpers.to_act(g, 0, era="canal")
    helpers.place(g, "Wolverhampton[2]", 1, "coal", 1, cubes=1)
    helpers.place(g, "Dudley[1]", 1, "coal", 1, cubes=2)
    helpers.place(g, "Tamworth[1]", 1, "coal", 1, cubes=2)
    helpers.link(g, "Walsall - Wolverhampton", 1)
    helpers.link(g, "Wolverhampton - Dudley", 1)
    helpers.set_player(g, 0, money=40, hand=["Walsall", "Birmingham", "Leek"])
    return g


def test_coal_step_lists_connected_mines_with_distances_and_takes_the_nearest():
    g = coal_position()
    ex = g.play("build manufacturer Walsall[2] with card Walsall")
    (nearest,) = ex.find("coal.nearest")
    assert [(c["source"], c["distance"], c["cubes"]) for c in nearest.facts["candidates"]] == [
        ("Wolverhampton[2]", 1, 1), ("Dudley[1]", 2, 2)]
    assert nearest.facts["tie"] == []
    (take,) = ex.find("coal.take")
    assert take.facts["source"] == "Wolverhampton[2]" and take.facts["route"] == ["Wolverhampton", "Walsall"]
    text = reason(nearest, "en")
    assert "nearest CONNECTED coal mine" in text and "Wolverhampton[2] (Player 2, 1 coal cube, 1 link away)" in text
    assert "Tamworth" not in text
    ja = reason(nearest, "ja")
    assert "つながっている" in ja and "ウルヴァーハンプトン[2]" in ja and "距離1" in ja


def test_coal_two_links_away_when_the_nearer_mine_is_empty():
    g = coal_position()
    g.state.tile_cubes_to_supply(g.state.tiles["Wolverhampton[2]"], 1)
    ex = g.play("build manufacturer Walsall[2] with card Walsall")
    (take,) = ex.find("coal.take")
    assert take.facts["source"] == "Dudley[1]" and take.facts["route"] == ["Dudley", "Wolverhampton", "Walsall"]
    assert "2 links away" in reason(ex.find("coal.nearest")[0], "en")


def test_market_fallback_names_the_merchant_connection_and_prices():
    g = coal_position()
    helpers.link(g, "Walsall - Birmingham", 0)
    helpers.link(g, "Birmingham - Oxford", 0)
    for label in ("Wolverhampton[2]", "Dudley[1]"):
        g.state.tile_cubes_to_supply(g.state.tiles[label], g.state.tiles[label].cubes)
    helpers.set_market(g, "coal", 3)
    ex = g.play("build iron Walsall with card Walsall")
    (market,) = ex.find("coal.market")
    assert market.facts["merchants"] == ["Oxford"] and market.facts["prices"] == [6]
    assert market.facts["why"] == "no_mine"
    text = reason(market, "en")
    assert "No connected coal mine has coal" in text and "£6" in text and "Oxford" in text
    assert "オックスフォード" in reason(market, "ja") and "6ポンド" in reason(market, "ja")
    (buy,) = ex.find("coal.buy")
    assert buy.facts["total"] == 6


def test_why_not_lists_every_failing_condition_most_fundamental_first():
    g = coal_position()
    helpers.set_player(g, 0, money=2)
    reasons = g.why_not("build iron Birmingham with card Leek")
    assert [s.rule for s in reasons] == ["build.card_location", "coal.no_source", "money.short"]
    assert reasons[2].facts["need"] == 5 and reasons[2].facts["have"] == 2
    with pytest.raises(bn.IllegalAction) as err:
        g.play("build iron Birmingham with card Leek")
    assert err.value.rule == "build.card_location"
    assert "The location card Leek builds only in Leek, not in Birmingham" in str(err.value)


def test_why_not_for_a_legal_action_is_empty_and_a_missing_slot_comes_first():
    g = coal_position()
    assert g.why_not(g.legal_actions()[0]) == []
    rules = [s.rule for s in g.why_not("build pottery Leek with card Birmingham")]
    assert rules[0] == "build.no_icon"


def test_overbuild_refusal_says_what_is_left():
    g = coal_position()
    helpers.place(g, "Cannock[2]", 1, "coal", 1, cubes=1)
    helpers.place(g, "Cannock[1]", 1, "coal", 1, cubes=1)
    helpers.set_player(g, 0, hand=["Cannock"])
    g.state.set_mat(g.state.players[0], "coal", [0, *g.state.players[0].mat["coal"][1:]])  # player 0 builds coal II
    (step,) = [s for s in g.why_not("build coal Cannock with card Cannock") if s.rule == "build.slot_taken"]
    assert step.facts["blocked"][0]["why"] == "resource_left"
    assert "on the board" in reason(step, "en") and "盤上" in reason(step, "ja")


def test_loan_and_income_queries_separate_levels_from_spaces():
    g = helpers.fresh(players=2, seed=1)
    player = g.current_player
    ex = g.play(f"loan with card {g.players[player].hand[0]}")
    text = reason(ex.find("loan.take")[0], "en")
    assert "3 LEVELS, not spaces" in text and "level 0 (space 10) → level -3, on its highest space 7" in text
    assert "マス数ではなくレベル" in reason(ex.find("loan.take")[0], "ja")
    step = g.income_space(20)
    assert (step.facts["level"], step.facts["first_space"], step.facts["last_space"]) == (5, 19, 20)
    assert (step.facts["loan_level"], step.facts["loan_space"]) == (2, 14)
    assert g.income_space(100).rule == "query.bad_space"


def test_coal_sources_query_ranks_by_distance_without_playing():
    g = coal_position()
    before = g.state.to_dict()
    step = g.coal_sources("Walsall")
    assert [m["source"] for m in step.facts["mines"]] == ["Wolverhampton[2]", "Dudley[1]"]
    assert step.facts["nearest"] == ["Wolverhampton[2]"]
    assert [m["source"] for m in step.facts["unconnected"]] == ["Tamworth[1]"]
    assert step.facts["merchants"] == []
    assert "out of reach" in reason(step, "en")
    assert g.state.to_dict() == before


def test_score_preview_per_link_and_industry_changes_nothing():
    g = coal_position()
    g.state.flip_tile(g.state.tiles["Wolverhampton[2]"])
    g.state.flip_tile(g.state.tiles["Dudley[1]"])
    before = g.state.to_dict()
    preview = g.score_preview()
    links = {s.facts["link"]: s.facts["vp"] for s in preview.find("score.link")}
    assert links == {"Walsall - Wolverhampton": 2, "Wolverhampton - Dudley": 4}
    assert {s.facts["slot"]: s.facts["vp"] for s in preview.find("score.industry")} == {
        "Wolverhampton[2]": 1, "Dudley[1]": 1}
    assert g.state.to_dict() == before
    assert "icons, not tiles or their VP" in preview.text("en")


def test_japanese_uses_the_rule_texts_terms():
    words = {"tile.flip": "稼働済み", "coal.nearest": "つながっている", "loan.take": "収入レベル",
             "scout.take": "偵察", "build.overbuild": "上書き建設", "sell.merchant_beer": "商人"}
    seen = {}
    for seed in range(10):
        game = bn.new_game("birmingham", players=3, seed=seed)
        rng = random.Random(seed)
        while not game.is_over and len(seen) < len(words):
            for step in game.play(random_action(game, rng)).steps:
                if step.rule in words:
                    seen[step.rule] = reason(step, "ja")
    for rule, text in seen.items():
        assert words[rule] in text, (rule, text)
    assert len(seen) >= 4


@pytest.mark.parametrize("name", ["birmingham", "lancashire"])
def test_every_failure_and_step_renders_in_both_languages_without_gaps(name):
    """Steps from random games and refusals of many candidate actions all have complete messages."""
    rendered = set()
    for seed in range(6):
        game = bn.new_game(name, players=2 + seed % 3, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            steps = list(game.play(random_action(game, rng)).steps)
            if rng.random() < 0.2 and game.current_player is not None:
                hand = game.players[game.current_player].hand
                card = hand[0] if hand else "Leek"
                town = "Leek" if name == "birmingham" else "Bolton"
                for text in (f"build cotton {town} with card {card}", f"network {town} - Manchester with card {card}",
                             f"network Leek - Belper with card {card}", f"develop coal with card {card}",
                             f"sell cotton {town}[1] to Oxford[1]", f"sell cotton {town}[1] to distant market",
                             "done", f"loan with card {card}", "loan £20 with card Derby",
                             f"scout with cards {card}, {card}, {card}", f"remove coal {town}[2]",
                             f"build coal {town} with card two cards", "discard Leek, Derby"):
                    try:
                        steps += game.why_not(text)
                    except bn.NotationError as refusal:
                        steps += refusal.steps
            for step in steps:
                for language in CATALOGS:
                    text = reason(step, language)
                    assert text and "{" not in text and "None" not in text, (step, text)
                rendered.add(step.rule)
    assert rendered <= set(RULES)
    assert len(rendered) >= 60


def test_formats_and_language_default():
    game = bn.new_game("birmingham", players=2, seed=1)
    ex = game.play(f"pass with card {game.players[game.current_player].hand[0]}")
    assert render_text(ex).splitlines()[0].startswith("pass with card")
    assert render_markdown(ex, "ja").startswith("**プレイヤー2: パス（カード: ")     # words, then notation as code
    assert f"** `{ex.action}`" in render_markdown(ex, "ja") and ex.action not in render_text(ex, "ja")
    html = render_html(ex)
    assert html.count("<li") == len(ex.steps) and "data-rule='pass.action'" in html
    set_language("ja")
    try:
        assert "パス" in str(ex) and "パス" in ex._repr_html_()
    finally:
        set_language("en")
    with pytest.raises(ValueError):
        set_language("fr")


@pytest.mark.parametrize("name", golden.NAMES)
def test_golden_transcripts(name, golden_texts):
    expected = (ROOT / "tests" / "golden" / name).read_text(encoding="utf-8")
    actual = golden_texts[name]
    if actual != expected:
        diff = "".join(list(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                                 f"golden/{name}", "now", n=1))[:80])
        pytest.fail(f"explanations changed; review and run `python scripts/golden.py` if intended:\n{diff}")


@pytest.fixture(scope="module")
def golden_texts() -> dict[str, str]:
    return golden.golden_files()


def test_no_unrendered_english_left_in_japanese_golden():
    text = (ROOT / "tests" / "golden" / "birmingham_3p_seed2.ja.txt").read_text(encoding="utf-8")
    body = "\n".join(line.split(None, 1)[1] for line in text.splitlines() if line.startswith("  "))
    assert not re.search(r"\b(Player|coal|iron|beer|VP)\b", body)


def test_next_tile_query_reads_the_mat_without_playing():
    g = helpers.fresh(players=2, seed=1)
    before = g.state.to_dict()
    step = g.next_tile("manufacturer", player=0)
    spec = g.facts.tile("manufacturer", 1)
    assert step.rule == "query.next_tile" and g.state.to_dict() == before
    assert (step.facts["level"], step.facts["cost"], step.facts["coal"], step.facts["beer"]) == (1, spec.cost,
                                                                                                spec.coal, spec.beer)
    assert (step.facts["vp"], step.facts["income"], step.facts["link_vp"]) == (spec.vp, spec.income, spec.link_vp)
    en = reason(step, "en")
    assert f"£{spec.cost} + 1 coal cube" in en and f"{spec.vp} VP" in en and f"{spec.link_vp} link icons" in en
    assert "個人ボード" in reason(step, "ja") and "リンク得点アイコン" in reason(step, "ja")
    g.state.set_mat(g.state.players[0], "brewery", [0, 0, 0, 1])
    brewery = g.next_tile("brewery", player=0)
    assert brewery.facts["eras"] == ["rail"] and "rail era only" in reason(brewery, "en")
    assert g.next_tile("castle").rule == "query.unknown_industry"


def test_coal_from_the_next_nearest_mine_when_the_nearest_runs_short():
    g = coal_position()                    # Wolverhampton 1 link away holds 1 cube; Dudley 2 links away
    g.state.set_mat(g.state.players[0], "manufacturer", [0, 0, 1, 1, 2, 1, 1, 2])      # manufacturer III: 2 coal
    ex = g.play("build manufacturer Walsall[2] with card Walsall")
    assert [s.facts["source"] for s in ex.find("coal.take")] == ["Wolverhampton[2]", "Dudley[1]"]
    (nearest,) = ex.find("coal.nearest")
    assert "so the other 1 comes from the next nearest: Dudley[1]" in reason(nearest, "en")
    assert "次に近いダドリー[1]から取ります" in reason(nearest, "ja")


def test_empty_iron_market_and_beer_shortage_say_what_they_mean():
    g = helpers.fresh(players=2, seed=1)
    helpers.to_act(g, 0, era="canal")
    helpers.set_player(g, 0, money=20, hand=["Stafford"])
    helpers.set_market(g, "iron", 0)
    (market,) = g.play("build brewery Stafford[1] with card Stafford").find("iron.market")
    assert "which is empty: the cube costs £6" in reason(market, "en") and "鉄市場は空なので" in reason(market, "ja")
    short = {"need": 2, "own": [{"source": "Stafford[1]", "cubes": 1}], "connected": [], "unconnected": [],
             "merchant": "Oxford[2]", "merchant_beer": 0, "at": "Birmingham"}
    step = bn.Step("beer.short", short, ok=False)
    assert "only 1 may be used here, so the tile cannot be sold" in reason(step, "en")
    assert "1樽だけなので、この施設は売れません" in reason(step, "ja")


def test_rail_only_tile_refused_in_the_canal_era_waits_for_the_rail_era():
    g = helpers.fresh(players=2, seed=1)
    helpers.to_act(g, 0, era="canal")
    helpers.set_player(g, 0, money=40, hand=["Stafford", "Wild Industry"])
    g.state.set_mat(g.state.players[0], "brewery", [0, 0, 0, 1])
    (era,) = [s for s in g.why_not("build brewery Stafford[1] with card Stafford") if s.rule == "build.tile_era"]
    assert "once the rail era begins" in reason(era, "en") and "鉄道時代になれば" in reason(era, "ja")
    g.state.set_mat(g.state.players[0], "brewery", [2, 2, 2, 1])
    ex = g.play("build brewery Stafford[1] with card Wild Industry")
    (card,) = ex.find("build.card")
    assert card.facts["card_kind"] == "wild_industry" and "counts as any industry card" in reason(card, "en")


def test_extra_beer_for_a_bonus_is_refused_with_the_barrels_the_tile_needs():
    from brass_nb.scenario import library
    game = library.load("merchant_beer_bonus").game()
    before = game.state.to_dict()
    action = "sell cotton Birmingham[1] to Oxford[1] with card Wolverhampton; beer Oxford[1], Stafford[1]"
    (step,) = game.why_not(action)
    assert step.rule == "sell.extra_beer" and step.facts["need"] == 1 and step.facts["merchant_beer"]
    assert step.facts["chosen"] == ["Oxford[1]", "Stafford[1]"]
    assert "needs 1 beer barrel to sell" in reason(step, "en") and "bonus of the merchant at Oxford[1]" in \
        reason(step, "en")
    ja = reason(step, "ja")
    assert "必要なビールは1樽" in ja and "必要以上のビールを消費することはできません" in ja
    with pytest.raises(bn.IllegalAction):
        game.play(action)
    assert game.state.to_dict() == before and game.players[0].income_level == 0
    (own,) = game.why_not("sell cotton Birmingham[1] to Oxford[1] with card Wolverhampton; beer Stafford[1], "
                          "Stafford[1]")
    assert own.rule == "sell.extra_beer" and not own.facts["merchant_beer"] and "bonus" not in reason(own, "en")


def test_merchants_buy_goods_not_industries():
    from brass_nb.scenario import library
    game = library.load("merchant_beer_bonus").game()
    ex = game.play("sell cotton Birmingham[1] to Oxford[1] with card Wolverhampton; beer Oxford[1]")
    (merchant,) = ex.find("sell.merchant")
    assert "buys cotton and" in reason(merchant, "en") and "mill" not in reason(merchant, "en")
    assert "綿製品を買い" in reason(merchant, "ja") and "紡績所" not in reason(merchant, "ja")
    step = bn.rules.records.Step("sell.merchant_wont_buy", {"merchant": "Oxford[1]", "industry": "manufacturer"})
    assert reason(step, "en") == ("The merchant at Oxford[1] does not buy manufactured goods "
                                  "(what a manufacturer makes).")
    assert "工業製品（製造所の製品）を買いません" in reason(step, "ja")


def test_japanese_invalid_choice_reads_naturally():
    from brass_nb.scenario import library
    game = library.load("merchant_beer_bonus").game()
    (step,) = game.why_not("sell cotton Birmingham[1] to Oxford[1] with card Wolverhampton; beer Birmingham[1]")
    assert step.rule == "choice.invalid"
    text = reason(step, "ja")
    assert text == ("ビールを「バーミンガム[1]」から取ることはできません。"
                    "取れるのは「スタッフォード[1]」または「オックスフォード[1]」です。")
    assert ", " not in text and " です" not in text


def test_a_beer_query_on_lancashire_is_refused_naming_the_game():
    for edition, name in (("roxley", "Roxley 2018"), ("2007", "Warfrog 2007")):
        game = bn.new_game("lancashire", players=3, seed=1, edition=edition)
        assert game.resources() == ["coal", "iron"]
        with pytest.raises(bn.BrassError) as err:
            game.beer_sources("Liverpool")
        assert err.value.rule == "query.no_beer" and f"Brass: Lancashire ({name}) has no beer" in str(err.value)
        in_japanese = localize(name, "ja")       # 「ロクスリー2018年版」
        assert f"ブラス：ランカシャー（{in_japanese}）にはビールも醸造所もなく" in reason(err.value.steps[0], "ja")
    assert bn.new_game("birmingham", players=2, seed=1).resources() == ["coal", "iron", "beer"]
