"""The play page without a browser: a move gets the bot's answer at once, the page's words follow the language toggle,
and New game deals a fresh game and closes the old table."""
from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from brass_nb.widgets.play import PlayPage  # noqa: E402


def test_the_learner_moves_and_the_bot_answers_at_once():
    page = PlayPage(language="en", seed=11)
    explorer = page.explorer
    assert explorer.table.seats[0] == "human" and explorer.auto.value
    explorer.play_button.click()
    panel = explorer.explanation_view.value
    assert "Player 1 (you) played" in panel and "Player 2 (greedy) played" in panel
    assert "Player 1 (you) to act" in explorer.status.value


def test_the_page_follows_the_language_toggle():
    page = PlayPage(language="ja", seed=11)
    assert "ボット" in page.title.value and page.new_game_button.description == "新しいゲーム"
    page.explorer.toggle.value = "en"
    assert "bot" in page.title.value and page.new_game_button.description == "New game"
    assert "PlayPage(<Game birmingham 2p" in repr(page) and "language='en'" in repr(page)


def test_new_game_deals_a_fresh_game_in_the_language_shown():
    page = PlayPage(language="en", seed=11)
    old = page.explorer
    old.play_button.click()
    old.toggle.value = "ja"
    page.new_game_button.click()
    assert page.explorer is not old and page.children[-1] is page.explorer
    assert page.explorer.language == "ja" and page.explorer.game is not old.game
    assert len(page.explorer.game.log) <= 1, "a new game: at most the bot's first move, when the deal seats it first"
    assert old.picture.comm is None, "the old Explorer's widgets are closed"
