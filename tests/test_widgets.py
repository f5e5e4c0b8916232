"""Headless widget tests: set .value, call .click(), and check what the learner would see."""
from __future__ import annotations

import statistics
import time

import pytest

from brass_nb.scenario import library
from brass_nb.widgets import Explorer, IncomeTrack, ScorePreview, SourceFinder
from brass_nb.widgets.choices import FIELDS, settle

PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def explorer() -> Explorer:
    return Explorer(library.load("equidistant_coal").game())


def choose(explorer: Explorer, kind: str, *values: str) -> None:
    explorer.kind.value = kind
    for field, value in zip(explorer.fields, values, strict=False):  # the fields not chosen stay
        field.value = value


def test_dropdowns_offer_only_legal_choices_each_narrowing_the_next(explorer):
    legal = explorer.game.legal_actions()
    assert {kind for _, kind in explorer.kind.options} == {a.kind for a in legal}
    choose(explorer, "build", "iron")
    assert explorer.fields[1].options == (("Walsall[1]", "Walsall[1]"),)
    assert explorer.fields[3].options == (("coal Cannock[2]", "coal Cannock[2]"), ("coal Dudley[1]", "coal Dudley[1]"))
    for _, kind in explorer.kind.options:
        choice = settle(legal, kind, [], "en")
        assert choice.action in legal and choice.action.kind == kind
        for field, options in zip(FIELDS[kind], choice.options, strict=False):
            assert all(any(field.key(a) == key for a in legal if a.kind == kind) for key, _ in options)


def test_choosing_a_coal_source_previews_it_and_highlights_the_candidates(explorer):
    choose(explorer, "build", "iron", "Walsall[1]", "Walsall", "coal Dudley[1]")
    assert str(explorer.selected) == "build iron Walsall[1] with card Walsall; coal Dudley[1]"
    assert "What this action would do" in explorer.explanation_view.value
    assert "equally near" in explorer.explanation_view.value
    assert {"Cannock[2]", "Dudley[1]", "Walsall[1]"} <= explorer.highlighted_entities
    assert explorer.picture.value[:8] == PNG


def test_play_changes_the_explanation_and_the_position(explorer):
    choose(explorer, "build", "iron", "Walsall[1]", "Walsall", "coal Dudley[1]")
    before = explorer.explanation_view.value
    explorer.play_button.click()
    after = explorer.explanation_view.value
    assert after != before and "Player 1 played" in after and "Dudley[1]" in after
    assert explorer.game.state.tiles["Walsall[1]"].industry == "iron"
    assert explorer.game.state.tiles["Dudley[1]"].cubes == 1
    explorer.steps.value = [s.rule for s in explorer.shown].index("coal.take") + 1
    assert [s.rule for s in explorer.highlight] == ["coal.take"]
    assert explorer.highlighted_entities >= {"Dudley[1]"}


def test_undo_and_redo_buttons(explorer):
    choose(explorer, "loan", "Wolverhampton")
    explorer.play_button.click()
    assert explorer.game.players[0].money == 60
    explorer.undo_button.click()
    assert explorer.game.players[0].money == 30 and explorer.game.log == []
    explorer.redo_button.click()
    assert explorer.game.players[0].money == 60
    explorer.undo_button.click()
    explorer.undo_button.click()                                 # nothing left: a reason, not a traceback
    assert "nothing to undo" in explorer.status.value


def test_an_illegal_or_stale_choice_shows_the_engines_reason_instead_of_raising(explorer):
    choose(explorer, "build", "iron", "Walsall[1]", "Walsall", "coal Dudley[1]")
    explorer.game.state.players[0].money = 0                    # the position changed under the widget
    explorer.game.state.bank += 30
    explorer.game.state.mark_changed()
    explorer.play_button.click()
    assert "Not allowed" in explorer.status.value and "needs £5" in explorer.status.value
    assert explorer.game.log == []
    explorer.typed.value = "build pottery Leek with card Leek"
    explorer.check_button.click()
    assert "Leek has no slot for a pottery" in explorer.status.value
    explorer.typed.value = "fly to the moon"
    explorer.play_typed_button.click()
    assert "is not an action" in explorer.status.value


def test_typed_action_plays_when_legal(explorer):
    explorer.typed.value = "pass with card Wolverhampton"
    explorer.check_button.click()
    assert "Legal" in explorer.status.value
    explorer.play_typed_button.click()
    assert explorer.game.log[-1].kind == "pass"


def test_language_toggle_switches_words_and_names(explorer):
    choose(explorer, "build", "iron", "Walsall[1]", "Walsall", "coal Dudley[1]")
    explorer.toggle.value = "ja"
    assert explorer.play_button.description == "実行"
    assert "ウォルソール" in explorer.explanation_view.value and "つながっている" in explorer.explanation_view.value
    assert "プレイヤー1の手番" in explorer.status.value


def test_dropdown_interaction_is_fast(explorer):
    times = []
    for value in ("iron", "manufacturer", "brewery", "iron", "manufacturer", "brewery", "iron"):
        start = time.perf_counter()
        explorer.fields[0].value = value
        times.append(time.perf_counter() - start)
    assert statistics.median(times) < 0.3


def test_source_finder_income_track_and_score_preview():
    game = library.load("own_and_other_beer").game()
    finder = SourceFinder(game, "Worcester", "beer")
    assert finder.step.rule == "query.beer_sources"
    assert "Stafford[1]" in finder.text.value and "Walsall[2]" in finder.text.value
    finder.resource.value = "coal"
    assert finder.step.rule == "query.coal_sources" and "reachable through Gloucester" in finder.text.value
    track = IncomeTrack(game, space=10)
    track.space.value = 20
    assert track.step.facts["level"] == 5 and "spaces 19–20" in track.text.value
    track.toggle.value = "ja"
    assert "収入レベル5" in track.text.value
    preview = ScorePreview(library.load("canal_scoring").game())
    assert [s.facts["vp"] for s in preview.steps if s.rule == "score.link"] == [3, 3]
    assert preview.picture.value[:8] == PNG


def test_source_finder_offers_only_the_games_resources():
    import brass_nb as bn
    for edition in ("roxley", "2007"):
        game = bn.new_game("lancashire", players=3, seed=1, edition=edition)
        finder = SourceFinder(game)
        assert finder.resource.options == ("coal", "iron")
        finder.resource.value = "iron"
        assert finder.step.rule == "query.iron_sources"
        with pytest.raises(bn.BrassError) as err:
            SourceFinder(game, resource="beer")
        assert err.value.rule == "query.no_beer"
    finder = SourceFinder(library.load("own_and_other_beer").game())
    assert finder.resource.options == ("coal", "iron", "beer")
