"""Hostile input to the notation, the teaching queries and the widgets: refused at once, with a BrassError that
names the problem; never a bare Python exception, never a slow parse."""
from __future__ import annotations

import time

import pytest

import brass_nb as bn


@pytest.fixture
def game() -> bn.Game:
    return bn.new_game("birmingham", players=3, seed=7)


def _timed_refusal(game: bn.Game, text: str) -> tuple[bn.BrassError, float]:
    start = time.perf_counter()
    with pytest.raises(bn.BrassError) as err:
        game.parse(text)
    return err.value, time.perf_counter() - start


@pytest.mark.parametrize("text", [
    "build a" + " " * 2000 + "x",
    "build coal " + "Dudley " * 1500 + "with card Dudley",
    "sell cotton " + "a to " * 2000 + "b",
    "x" * 10_000,
    "network " + "-" * 10_000,
], ids=["spaces", "repeated-town", "repeated-to", "10kB", "dashes"])
def test_long_lines_are_refused_at_once_naming_the_limit(game, text):
    err, seconds = _timed_refusal(game, text)
    assert isinstance(err, bn.NotationError) and err.rule == "notation.too_long"
    assert "500 characters" in str(err) and str(len(text)) in str(err)
    assert seconds < 0.05


@pytest.mark.parametrize("text", [
    "build a" + " " * 480 + "x",
    "sell cotton " + "Leek[1] to " * 40 + "Oxford[1] with card Leek",
    "build coal Dudley with card " + "Dudley " * 60,
    "scout with cards " + ", " * 200,
], ids=["spaces", "repeated-to", "repeated-card", "commas"])
def test_lines_just_under_the_limit_parse_in_linear_time(game, text):
    assert len(text) <= 500
    _, seconds = _timed_refusal(game, text)
    assert seconds < 0.05


@pytest.mark.parametrize("text, item", [
    ("build iron Dudley[2] with card Dudley; coal Dudley[1],", "coal"),
    ("build iron Dudley[2] with card Dudley; coal ,Dudley[1]", "coal"),
    ("network Walsall - Birmingham with card Leek; beer Walsall[1],, Walsall[2]", "beer"),
    ("scout with cards Leek, , Derby, Stone", "cards"),
    ("discard Leek,", "cards"),
])
def test_an_empty_item_in_a_list_is_named(game, text, item):
    with pytest.raises(bn.NotationError) as err:
        game.parse(text)
    assert err.value.rule == "notation.empty_item"
    assert f"an empty item in the {item} list" in str(err.value)


def test_a_huge_loan_amount_is_a_notation_error_not_a_bare_value_error(game):
    with pytest.raises(bn.NotationError) as err:
        game.parse("loan £" + "9" * 4301 + " with card Leek")
    assert err.value.rule == "notation.too_long"
    with pytest.raises(bn.NotationError) as err:
        game.parse("loan £" + "9" * 40 + " with card Stone")
    assert err.value.rule == "notation.number" and "40 digits" in str(err.value)


@pytest.mark.parametrize("text", ["build coal Dudley[" + "9" * 30 + "] with card Dudley",
                                  "sell cotton Leek[1] to Oxford[" + "7" * 30 + "] with card Leek"])
def test_huge_slot_numbers_are_notation_errors(game, text):
    with pytest.raises(bn.NotationError) as err:
        game.parse(text)
    assert err.value.rule == "notation.number"


@pytest.mark.parametrize("value", [None, 5, b"done", ["done"]])
def test_parse_refuses_what_is_not_text(game, value):
    with pytest.raises(bn.NotationError) as err:
        game.parse(value)
    assert err.value.rule == "notation.not_text" and type(value).__name__ in str(err.value)
    with pytest.raises(bn.NotationError):
        game.play(value)


def test_error_family_follows_python_chess(game):
    assert not issubclass(bn.NotationError, bn.IllegalAction)
    assert not issubclass(bn.AmbiguousAction, bn.IllegalAction) and not issubclass(bn.IllegalAction, bn.AmbiguousAction)
    for cls in (bn.NotationError, bn.IllegalAction, bn.AmbiguousAction, bn.ScenarioError, bn.SaveFileError,
                bn.UnknownName):
        assert issubclass(cls, bn.BrassError) and issubclass(cls, ValueError)
    with pytest.raises(bn.NotationError):
        game.play("construct coal Dudley")
    with pytest.raises(bn.IllegalAction) as err:
        game.play("build cotton Leek with card Leek")
    assert err.value.rule == "card.not_in_hand"


def test_ambiguous_action_has_its_own_error_with_the_options():
    g = bn.new_game("lancashire", players=3, seed=2)
    card = g.players[g.current_player].hand[0]
    with pytest.raises(bn.AmbiguousAction) as err:
        g.play(f"loan with card {card}")
    assert err.value.rule == "choice.ambiguous"
    assert err.value.steps[0].facts["options"] == ["£10", "£20", "£30"]
    assert "£10" in str(err.value)
    assert g.log == []
    g.play(f"loan £20 with card {card}")


def test_brass_error_and_set_language_are_exported():
    assert {"BrassError", "set_language", "get_language", "AmbiguousAction", "SaveFileError",
            "UnknownName"} <= set(bn.__all__)
    bn.set_language("ja")
    try:
        with pytest.raises(bn.NotationError) as err:
            bn.new_game("birmingham", players=2, seed=1).parse("x" * 600)
        assert "500" in str(err.value) and "文字" in str(err.value)
    finally:
        bn.set_language("en")


@pytest.mark.parametrize("language", ["fr", "", None, 3])
def test_set_language_names_the_languages(language):
    with pytest.raises(bn.UnknownName) as err:
        bn.set_language(language)
    assert err.value.rule == "language.unknown" and "en, ja" in str(err.value)
    assert bn.get_language() == "en"


def test_connected_to_an_unknown_location_is_refused_like_the_other_queries(game):
    assert game.coal_sources("Atlantis").rule == "query.unknown_location"
    with pytest.raises(bn.UnknownName) as err:
        game.connected("Atlantis")
    assert err.value.rule == "query.unknown_location" and "No location is called Atlantis" in str(err.value)


def test_why_not_on_a_slot_number_the_town_does_not_have(game):
    (step,) = [s for s in game.why_not("build coal Dudley[99] with card Dudley") if s.rule == "build.slot_invalid"]
    assert step.facts["why"] == "no_such_slot"
    assert step.text("en").startswith("Dudley[99] cannot take this tile: Dudley has no slot 99 (its slots are 1 to 2).")
    assert "99番の建設枠はありません" in step.text("ja")


def test_explorer_refuses_an_unknown_language_naming_the_languages(game):
    from brass_nb.widgets import Explorer

    with pytest.raises(bn.UnknownName) as err:
        Explorer(game, language="fr")
    assert "'fr'" in str(err.value) and "en, ja" in str(err.value)


def test_explorer_typed_box_shows_a_notation_error_instead_of_swallowing_it(game):
    from brass_nb.widgets import Explorer

    ex = Explorer(game)
    ex.typed.value = "build iron Dudley[2] with card Dudley; coal Dudley[1],"
    ex.play_typed_button.click()
    assert "empty item in the coal list" in ex.status.value
    ex.check_button.click()
    assert "empty item in the coal list" in ex.status.value
    assert game.log == []


@pytest.mark.parametrize("seed", [10**12, -(10**12), pytest.param(10**5000, id="10^5000"), "7", True, 1.5])
def test_a_seed_no_position_file_could_record_is_refused(seed):
    with pytest.raises(bn.GameSetupError) as err:
        bn.new_game("birmingham", players=2, seed=seed)
    assert err.value.rule == "game.seed" and "12 digits" in str(err.value)


def test_the_longest_seed_taken_is_the_longest_a_position_file_reads_back():
    from brass_nb.rules.game import MAX_SEED_DIGITS
    from brass_nb.scenario.text import MAX_DIGITS, read

    assert MAX_SEED_DIGITS == MAX_DIGITS
    for seed in (10**12 - 1, -(10**12 - 1)):
        game = bn.new_game("birmingham", players=2, seed=seed)
        assert read(game.position()).state().to_dict() == game.state.to_dict()
    saved = {**bn.new_game("birmingham", players=2, seed=1).to_json(), "seed": 10**20}
    with pytest.raises(bn.SaveFileError) as err:
        bn.game_from_json(saved)
    assert "'seed'" in str(err.value) and err.value.steps[-1].rule == "game.seed"
