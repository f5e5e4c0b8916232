"""Learning by doing, in JupyterLab at 1366×768 with Chromium: a "your move" exercise done wrong, then with the hint
ladder, then right (English and Japanese), and the guided first game's coached rounds played by clicks.

Screenshots of each moment go to ``test-artefacts/browser/learning-*.png``; with ``BRASS_UPDATE_IMAGES=1`` the ones
the documentation shows are also written to ``docs/images/`` (``your_move_<language>.png``, ``first_game_en.png``).
"""
from __future__ import annotations

import re

import browser_helpers as bh
import pytest

CHROMIUM = bh.require_browser("nbformat")

LAPTOP = {"width": 1366, "height": 768}
EXERCISE = "04_building/farm-brewery"
WORDS = {
    "en": {"done": r"exercises 1 of \d",
           "wrong": "Not this move.", "refused": "This move is not allowed here", "missed": "Goal not met",
           "retry": "Try again", "right": "Right!", "met": "Goal met", "answer": "The answer, on the board",
           "play": "Play", "play_typed": "Play typed", "rule": "The rule", "nudge": "Hint:"},
    "ja": {"done": r"あなたの番 \d+問中1問",
           "wrong": "このアクションではありません。", "refused": "このアクションはここではできません",
           "missed": "目標に届きません",
           "retry": "もう一度", "right": "正解です！", "met": "目標達成", "answer": "答えを盤上に示しました",
           "play": "実行", "play_typed": "入力を実行", "rule": "ルール:", "nudge": "ヒント:"},
}


@pytest.fixture(scope="module")
def lab(jupyterlab):
    notebooks = {f"your_move_{language}.ipynb": (
        f"from brass_nb.widgets import ProgressBanner\nProgressBanner('04_building', language={language!r})",
        f"from brass_nb.widgets.exercise import YourMove\nYourMove.from_key({EXERCISE!r}, language={language!r})")
        for language in ("en", "ja")}
    notebooks["first_game.ipynb"] = ("from brass_nb.widgets.first_game import FirstGame\nFirstGame(language='en')",)
    with bh.lab_serving(jupyterlab, notebooks) as server:
        yield server


@pytest.fixture(scope="module")
def browser(tmp_path_factory, lab):
    with bh.chromium(tmp_path_factory.mktemp("chromium-profile-learning"), CHROMIUM, LAPTOP) as context:
        yield context


def _click(page, css: str) -> None:
    page.locator(css).first.click()
    bh.settle(page, quiet_ms=400)


def _text(page, css: str) -> str:
    return page.locator(css).first.inner_text()


def _choose_kind(page, kind_words: str) -> None:
    page.locator(".brass-explorer .brass-choice select").first.select_option(label=kind_words)
    bh.settle(page, quiet_ms=400)


def _in_view(page, css: str) -> bool:
    box = page.locator(css).first.bounding_box()
    return (box is not None and box["y"] >= 0 and box["y"] + box["height"] <= LAPTOP["height"]
            and box["x"] + box["width"] <= LAPTOP["width"])


@pytest.mark.parametrize("language", ["en", "ja"])
def test_your_move_wrong_then_the_hint_ladder_then_right(browser, lab, language):
    words = WORDS[language]
    page = bh.open_widget_notebook(browser, lab, f"your_move_{language}.ipynb", ".brass-explorer")
    try:
        shot = bh.ARTEFACTS / f"learning-your-move-{language}"
        bh.ARTEFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{shot}-1-goal.png")
        # an illegal move, typed (behind "…"): refused, with the rule's reason, and the board unchanged
        _click(page, ".brass-explorer .brass-more")
        page.locator(".brass-explorer input[type=text]").first.fill(
            "build brewery Farm Brewery South[1] with card Wild Location")
        _click(page, ".brass-explorer .brass-play-typed")
        feedback = _text(page, ".brass-exercise-feedback")
        assert words["refused"] in feedback, feedback
        # a legal move that misses the goal: it stays on the board with what it did, until Try again
        _choose_kind(page, {"en": "loan", "ja": "借金"}[language])
        _click(page, ".brass-explorer .brass-play")
        feedback = _text(page, ".brass-exercise-feedback")
        assert words["wrong"] in feedback and words["missed"] in feedback, feedback
        assert _in_view(page, ".brass-exercise-feedback")
        bh.shoot(page, "learning", f"your_move_{language}")
        _click(page, ".brass-exercise-retry")
        # the hint ladder: a nudge, the rule, then the answer in the dropdowns and on the board
        for _ in range(3):
            _click(page, ".brass-exercise-hint")
        hints = _text(page, ".brass-exercise")
        assert words["nudge"] in hints and words["rule"] in hints and words["answer"] in hints, hints
        page.screenshot(path=f"{shot}-3-hints.png")
        _click(page, ".brass-explorer .brass-play")
        feedback = _text(page, ".brass-exercise-feedback")
        assert words["right"] in feedback and words["met"] in feedback, feedback
        page.screenshot(path=f"{shot}-4-right.png")
        assert re.search(words["done"], _text(page, ".brass-progress"))
        # a new kernel, the notebook run again: the progress is the learner's, kept on disk
        lab.shutdown_kernels()
        bh.open_notebook(page, lab, f"your_move_{language}.ipynb")
        state = bh.run_all_cells(page)
        assert not state["errors"], state["errors"]
        bh.settle(page, quiet_ms=500)
        banner = _text(page, ".brass-progress")
        assert re.search(words["done"], banner), banner
        page.locator(".brass-progress").first.scroll_into_view_if_needed()
        page.screenshot(path=f"{shot}-5-after-restart.png")
    finally:
        page.close()
        lab.shutdown_kernels()


def test_the_guided_first_game_by_clicks(browser, lab):
    page = bh.open_widget_notebook(browser, lab, "first_game.ipynb", ".brass-explorer")
    try:
        heading = _text(page, ".brass-coach")
        assert "Coach · move 1 of 4" in heading, heading
        page.screenshot(path=str(bh.ARTEFACTS / "learning-first-game-1-start.png"))
        _choose_kind(page, "loan")
        _click(page, ".brass-explorer .brass-play")
        feedback = _text(page, ".brass-coach-feedback")
        assert "Not this move." in feedback and "Goal not met" in feedback, feedback
        assert "Player 2" not in _text(page, ".brass-explorer .brass-explanation-view"), "the bot waits"
        _click(page, ".brass-coach-retry")
        for move in range(1, 5):
            assert f"move {move} of 4" in _text(page, ".brass-coach")
            _click(page, ".brass-coach-hint")          # the rule
            _click(page, ".brass-coach-hint")          # the move, in the dropdowns
            _click(page, ".brass-explorer .brass-play")
            feedback = _text(page, ".brass-coach-feedback")
            assert "Well played." in feedback and "Goal met" in feedback, feedback
            if move == 1:
                assert "Player 2" in _text(page, ".brass-explorer .brass-explanation-view"), "the bot answered"
            if move == 3:
                bh.shoot(page, "learning", "first_game_en")
                _choose_kind(page, "done")              # the merchant's free develop, declined
                _click(page, ".brass-explorer .brass-play")
        heading = _text(page, ".brass-coach")
        assert "your game now" in heading, heading
        page.screenshot(path=str(bh.ARTEFACTS / "learning-first-game-3-free.png"))
    finally:
        page.close()
        lab.shutdown_kernels()
