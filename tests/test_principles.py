"""The coach's principles: each applies to a move in a written position and not to another, speaks both languages,
and a hint opens with its plan and principles (never "+0.0")."""
from __future__ import annotations

from dataclasses import dataclass

import pytest

from brass_nb.bots import principles as P
from brass_nb.explain import reason
from brass_nb.rules.game import Game, new_game
from brass_nb.rules.records import Step
from brass_nb.scenario import read

HEAD = ("game birmingham\nplayers 2\nera {era}\nround {round}\nturn 1\nmerchant Oxford[1] buys cotton beer 1\n"
        "player 1 money 60\nhand 1 {hand}\nhand 2 Kidderminster, Coventry\n"
        "deck Nuneaton, Redditch, Worcester, Dudley, Cannock, Tamworth, Walsall, Iron Works, Coal Mine, Pottery\n")


def position(lines: str = "", hand: str = "Stafford, Wolverhampton, Birmingham", era: str = "canal",
             round: int = 2) -> Game:
    return read(HEAD.format(era=era, round=round, hand=hand) + lines).game()


def move(game: Game, start: str):
    """The first legal action whose notation starts with ``start``."""
    return next(a for a in game.legal_actions() if str(a).startswith(start))


@dataclass(frozen=True)
class Case:
    """A principle, a move it applies to (with facts it must find) and a move, perhaps elsewhere, it does not."""

    principle: P.Principle
    applies: tuple[str, str]              # position lines, move
    facts: dict
    not_applies: tuple[str, str]


CONNECTED = "link Birmingham - Oxford player 2\n"
RIVAL_COAL = "tile Dudley[1] player 2 coal I cubes 2\nlink Dudley - Birmingham player 2\n"
OWN_COAL = "tile Dudley[1] player 1 coal I cubes 2\nlink Dudley - Birmingham player 2\n"
FLIPPED = "tile Dudley[1] player 2 coal I flipped\ntile Birmingham[3] player 1 iron I cubes 1\n"
SALE = ("tile Stafford[1] player 1 brewery I cubes 1\ntile Birmingham[1] player 1 cotton I\n"
        "link Birmingham - Oxford player 1\n")

CASES = [
    Case(P.beer_scarce, ("", "build brewery Stafford[1] with card Stafford"),
         {"slot": "Stafford[1]", "level": 1, "scores_twice": False}, ("", "loan")),
    Case(P.beer_scarce, ("mat 1 brewery 0 2 2 1\n", "build brewery Stafford[1] with card Stafford"),
         {"level": 2, "scores_twice": True}, ("", "build cotton Birmingham")),
    Case(P.sell_to_merchant, (CONNECTED, "build cotton Birmingham"), {"merchants": ["Oxford[1]"], "distance": 1},
         ("", "build cotton Birmingham")),
    Case(P.flip_before_era_end, (SALE, "sell cotton Birmingham[1] to Oxford[1]"),
         {"slots": ["Stafford[1]", "Birmingham[1]"], "era": "canal"}, (SALE, "pass")),
    Case(P.income_early, (SALE, "sell cotton Birmingham[1] to Oxford[1]"), {"levels": 5}, (SALE, "loan")),
    Case(P.link_beside_flipped, (FLIPPED, "network Dudley - Birmingham"), {"slots": ["Dudley[1]"]},
         (FLIPPED, "network Birmingham - Coventry")),
    Case(P.network_reach, (FLIPPED, "network Birmingham - Coventry"), {"locations": ["Coventry"]},
         (FLIPPED, "network Birmingham - Oxford")),
    Case(P.level_one_leaves, (CONNECTED + "mat 1 cotton 0 2 3 3\n", "build cotton Birmingham"), {"level": 2},
         (CONNECTED, "build cotton Birmingham")),
    Case(P.rival_resources, (RIVAL_COAL, "build iron Birmingham[3]"),
         {"taken": [{"source": "Dudley[1]", "owner": 1, "resource": "coal", "count": 1, "flips": False}]},
         (OWN_COAL, "build iron Birmingham[3]")),
    Case(P.resources_flip, ("", "build brewery Stafford[1] with card Stafford"),
         {"resource": "beer", "left": 1, "sold": 0}, ("", "build cotton Birmingham")),
    Case(P.loan_cost, ("", "loan"), {"money": 30, "levels": 3, "held": 60, "builds_now": True}, ("", "pass")),
    Case(P.develop_away, ("", "develop coal"),
         {"tiles": [{"industry": "coal", "level": 1, "why": "leaves_at_canal_end"}]},
         ("mat 1 coal 0 2 2 2\n", "develop coal")),
    Case(P.scout_wilds, ("", "scout"), {"took": ["Wild Location", "Wild Industry"]}, ("", "pass")),
]


def detect(principle: P.Principle, lines: str, start: str):
    game = position(lines)
    action = move(game, start)
    return principle(game, action, game.copy().play(action))


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.principle.__name__)
def test_each_principle_applies_to_its_move_and_not_to_another(case):
    step = detect(case.principle, *case.applies)
    assert step is not None and step.rule == f"principle.{case.principle.__name__}"
    assert {key: step.facts[key] for key in case.facts} == case.facts
    assert step.entities                                   # something to highlight on the board
    for language in ("en", "ja"):
        text = step.text(language)
        assert text and "{" not in text and "None" not in text
    assert detect(case.principle, *case.not_applies) is None


def test_every_principle_has_a_case():
    assert {c.principle for c in CASES} == set(P.PRINCIPLES)


def test_develop_away_names_a_tile_this_era_may_not_build():
    game = position(era="rail", round=1)
    step = P.develop_away(game, move(game, "develop coal"), game.copy().play(move(game, "develop coal")))
    assert step.facts["tiles"] == [{"industry": "coal", "level": 1, "why": "not_this_era"}]
    assert "may not be built in the rail era" in step.text("en") and "鉄道時代には建設できません" in step.text("ja")


def test_scouting_names_the_cards_given_up_that_build_nothing_now():
    """Stafford, Wolverhampton and Birmingham build (a location card builds there, in the network or not); the
    Coventry card does not: player 1 already has an industry in Coventry, and the canal era allows one per town."""
    full = "tile Coventry[1] player 1 pottery I\n"
    for hand, stuck in (("Stafford, Wolverhampton, Birmingham", []),
                        ("Stafford, Coventry, Birmingham", ["Coventry"])):
        game = position(full, hand=hand)
        action = move(game, "scout")
        step = P.scout_wilds(game, action, game.copy().play(action))
        assert step.facts["stuck"] == stuck and step.facts["given"] == list(action.cards)
        building = {a.card for a in game.legal_actions() if a.kind == "build"}
        assert [card for card in action.cards if card not in building] == stuck      # the rules' own answer
    assert step.text("en").startswith("1 of the 3 cards you give up builds nothing now (Coventry). Scouting")
    assert step.text("ja").startswith("手放す3枚のうち1枚（コヴェントリー）は、今は建設に使えません。偵察は")
    twice = Step(step.rule, {**step.facts, "stuck": ["Coventry", "Coventry"]}, step.entities)   # a card held twice
    assert "2 of the 3 cards you give up build nothing now (Coventry ×2)." in twice.text("en")
    assert "手放す3枚のうち2枚（コヴェントリー×2）は" in twice.text("ja")


def test_a_loan_says_whether_the_money_held_builds_anything_now():
    for held, builds, en, ja in ((60, True, "You hold £60. A loan", "手持ちは60ポンドです。借金には"),
                                 (2, False, "With £2 you can build nothing now. A loan",
                                  "手持ちの2ポンドでは、今は何も建設できません。借金には")):
        game = read(HEAD.format(era="canal", round=2, hand="Stafford, Wolverhampton, Birmingham")
                    .replace("money 60", f"money {held}")).game()
        action = move(game, "loan")
        step = P.loan_cost(game, action, game.copy().play(action))
        assert any(a.kind == "build" for a in game.legal_actions()) is builds
        assert step.facts["held"] == held and step.facts["builds_now"] is builds
        assert step.text("en").startswith(en) and step.text("ja").startswith(ja)


def test_an_iron_works_sells_to_the_market_and_waits_for_the_rest_to_be_used():
    game = position(RIVAL_COAL)
    action = move(game, "build iron Birmingham[3]")
    step = P.resources_flip(game, action, game.copy().play(action))
    assert step.facts["sold"] > 0 and step.facts["earned"] > 0 and step.facts["left"] > 0
    assert f"sold to the market for £{step.facts['earned']}" in step.text("en")
    assert f"{step.facts['earned']}ポンドを得た後" in step.text("ja")


def test_a_hint_opens_with_its_plan_and_a_principle_in_both_languages():
    game = position(RIVAL_COAL + CONNECTED)
    hint = game.hint(budget=0)
    assert hint.principles, str(hint)
    for language in ("en", "ja"):
        lines = hint.render(language).splitlines()
        assert lines[1] == f"  - {hint.plan.text(language)}"
        assert lines[2] == f"  - {hint.principles[0].text(language)}"
        for form in ("text", "markdown", "html"):
            for detail in (False, True):
                assert "+0.0" not in hint.render(language, form, detail)
    assert hint.highlights[0] is hint.plan and all(step in hint.highlights for step in hint.principles)
    assert any(step.entities for step in hint.highlights)


def test_finishing_a_compound_action_is_a_plan_in_words():
    """A hint to say "done" (no second develop, sale or rail) words the plan and needs no fallback reason."""
    game = new_game("birmingham", players=2, seed=2)
    game.play("develop cotton with card Coalbrookdale; iron market")
    action = next(a for a in game.legal_actions() if a.kind == "done")
    step = P.plan(action, game.copy().play(action))
    assert step.facts["kind"] == "done"
    assert reason(step, "en").startswith("Plan: finish this action here.")
    assert reason(step, "ja").startswith("方針: このアクションはここで終えます。")
