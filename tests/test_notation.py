"""Action notation: every action prints in a readable form that parses back to an equal action."""
from __future__ import annotations

import pytest

import brass_nb as bn
from brass_nb.rules.actions import Build, Develop, Discard, Done, Loan, Network, Pass, Remove, Scout, Sell


@pytest.fixture
def game() -> bn.Game:
    return bn.new_game("birmingham", players=2, seed=5)


@pytest.mark.parametrize("action, text", [
    (Build("iron", "Dudley", "Dudley", 2, ("Dudley[1]",)), "build iron Dudley[2] with card Dudley; coal Dudley[1]"),
    (Build("pottery", "Leek", "Leek"), "build pottery Leek with card Leek"),
    (Build("brewery", "Farm Brewery North", "Brewery", 1, None, ("market",)),
     "build brewery Farm Brewery North[1] with card Brewery; iron market"),
    (Network("Walsall - Birmingham", "Leek", ("Walsall[1]",)),
     "network Walsall - Birmingham with card Leek; coal Walsall[1]"),
    (Network("Birmingham - Oxford", None, ("market",), ("Walsall[2]",)),
     "network Birmingham - Oxford; coal market; beer Walsall[2]"),
    (Develop("coal", "Cotton Mill/Manufacturer", ("market",)),
     "develop coal with card Cotton Mill/Manufacturer; iron market"),
    (Develop("pottery", free=True), "develop pottery free"),
    (Sell("cotton", "Leek[1]", "Oxford[1]", "Leek", ("Oxford[1]",)),
     "sell cotton Leek[1] to Oxford[1] with card Leek; beer Oxford[1]"),
    (Loan("Wild Location"), "loan with card Wild Location"),
    (Pass("Stoke-on-Trent"), "pass with card Stoke-on-Trent"),
    (Scout(("Derby", "Leek", "Stone")), "scout with cards Derby, Leek, Stone"),
    (Done(), "done"),
    (Loan("Leek", 20), "loan £20 with card Leek"),
    (Sell("cotton", "Leek[1]", "distant market", "Leek"), "sell cotton Leek[1] to distant market with card Leek"),
    (Build("cotton", "Leek", "two cards", 1), "build cotton Leek[1] with card two cards"),
    (Discard(("Derby", "Leek")), "discard Derby, Leek"),
    (Remove("cotton", "Leek[1]"), "remove cotton Leek[1]"),
])
def test_notation_round_trips(game, action, text):
    assert str(action) == text
    assert game.parse(text) == action


def test_parsing_forgives_case_spacing_dashes_and_link_order(game):
    assert game.parse("BUILD Iron   dudley [2] With Card dudley") == Build("iron", "Dudley", "Dudley", 2)
    assert game.parse("network birmingham-walsall with card leek").link == "Walsall - Birmingham"
    assert game.parse("network Farm Brewery South – Kidderminster with card Leek").link == "Kidderminster - Worcester"
    assert game.parse("build iron works Dudley with card iron works") == Build("iron", "Dudley", "Iron Works")
    assert game.parse("scout with cards Stone, Leek, Derby").cards == ("Derby", "Leek", "Stone")


@pytest.mark.parametrize("text, rule, words", [
    ("build coal Dudly with card Dudley", "notation.unknown_name", "did you mean Dudley"),
    ("construct coal Dudley", "notation.shape", "not an action"),
    ("loan & with card Leek", "notation.shape", "e.g. 'build"),         # an amount that is no number (found by fuzzing)
    ("sell cotton Leek to Oxford with card Leek", "notation.slot_number", "Leek[1]"),
    ("build coal Dudley with card Dudley; beer Dudley[1]", "notation.clause", "coal or iron"),
    ("scout with cards Leek, Derby", "notation.scout_cards", "exactly 3"),
    ("remove cotton Leek", "notation.slot_number", "needs a slot number"),
])
def test_bad_notation_says_what_is_wrong(game, text, rule, words):
    before = game.state.to_dict()
    with pytest.raises(bn.NotationError) as err:
        game.play(text)
    assert err.value.rule == rule
    assert words in str(err.value)
    assert not isinstance(err.value, bn.IllegalAction) and isinstance(err.value, bn.BrassError)
    assert game.state.to_dict() == before


def test_legal_actions_print_one_per_line(game):
    legal = game.legal_actions()
    assert str(legal).splitlines() == legal.texts()
    assert all(game.parse(text) == action for text, action in zip(legal.texts(), legal, strict=True))
