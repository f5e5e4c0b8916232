"""The post-game review at the table, in JupyterLab at 1366×768 with Chromium: a finished two-player game (Player 1
played by a search bot whose reshuffles differ from the coach's, so some of its moves miss) is put on the table,
Review is opened, and the review, computed away from the click (the replay moves meanwhile), names the decisive
moments; clicking one moves the replay and the board to the position of that decision and the panel shows its
rating and the better move, in English and then in Japanese.

Screenshots go to ``test-artefacts/browser/review-*.png`` (``bh.shoot``); with ``BRASS_UPDATE_IMAGES=1`` also to
``docs/images/review_table_<language>.png``. The time from the click on Review to the review shown is printed.
"""
from __future__ import annotations

import re
import time

import browser_helpers as bh
import pytest

CHROMIUM = bh.require_browser("nbformat")

LAPTOP = {"width": 1366, "height": 768}
NOTEBOOK = "review_at_the_table.ipynb"
SOURCE = """import brass_nb as bn
from brass_nb.bots import GreedyBot, SearchBot, play_out
from brass_nb.widgets import Explorer
game = bn.new_game("birmingham", players=2, seed=3)
play_out(game, [SearchBot(seed=3, budget=6), GreedyBot()])
Explorer(game, seats=["human", GreedyBot()])"""
REVIEW_TIMEOUT_S = 60
WORDS = {
    "en": {"toggle": "English", "review": "Review", "reviewing": "Rating the decisions of",
           "played": "Played:", "better": "Better:", "decisive": "The moments that decided the game",
           "ratings": ("inaccuracy", "mistake", "blunder"), "when": r"Decision (\d+), "},
    "ja": {"toggle": "日本語", "review": "振り返り", "reviewing": "の決定をコーチのアクションと比べています",
           "played": "行ったアクション:", "better": "よりよいアクション:", "decisive": "勝負を分けた場面",
           "ratings": ("疑問手", "悪手", "大悪手"), "when": r"(\d+)回目の決定"},
}


@pytest.fixture(scope="module")
def lab(jupyterlab):
    with bh.lab_serving(jupyterlab, {NOTEBOOK: (SOURCE,)}) as server:
        yield server


@pytest.fixture(scope="module")
def page(tmp_path_factory, lab):
    try:
        with bh.chromium(tmp_path_factory.mktemp("chromium-profile-review"), CHROMIUM, LAPTOP) as context:
            yield bh.open_widget_notebook(context, lab, NOTEBOOK)
    finally:
        lab.shutdown_kernels()


def text(page, css: str) -> str:
    return page.locator(f".brass-explorer {css}").first.inner_text()


def board_source(page) -> str:
    return page.evaluate("() => document.querySelector('.brass-explorer img.brass-board').src")


def replay_position(page) -> int:
    return int(text(page, ".brass-replay .widget-readout"))


def wholly_in_view(page, css: str) -> bool:
    box = page.locator(f".brass-explorer {css}").first.bounding_box()
    return (box is not None and box["x"] >= 0 and box["y"] >= 0 and box["x"] + box["width"] <= LAPTOP["width"]
            and box["y"] + box["height"] <= LAPTOP["height"])


def click_decisive(page, index: int, words: dict) -> int:
    """Click the ``index``-th decisive moment; returns its decision number once the panel shows it."""
    button = page.locator(".brass-explorer .brass-decisive button").nth(index)
    number = int(button.inner_text().split("·")[0])
    board = board_source(page)
    button.click()
    page.wait_for_function("(n) => { const d = document.querySelector('.brass-explorer .brass-review-decision');"
                           " return d && d.dataset.number === String(n); }", arg=number, timeout=30_000, polling=200)
    page.wait_for_function("(src) => document.querySelector('.brass-explorer img.brass-board').src !== src",
                           arg=board, timeout=30_000, polling=200)
    bh.settle(page, quiet_ms=400)
    return number


def assert_decision_shown(page, number: int, words: dict) -> None:
    """The replay is at the position of decision ``number`` and the panel rates it and names the better move."""
    assert replay_position(page) == number - 1
    head = text(page, ".brass-review-decision")
    assert re.search(words["when"], head).group(1) == str(number), head
    assert words["played"] in head and words["better"] in head, head
    assert any(rating in head for rating in words["ratings"]), head
    pressed = page.locator(".brass-explorer .brass-decisive button.mod-active").first.inner_text()
    assert pressed.startswith(f"{number} "), pressed
    assert words["decisive"] in text(page, ".brass-explanation-view")


def test_the_review_opens_beside_the_replay_and_a_decisive_moment_moves_the_board(page):
    words = WORDS["en"]
    end = replay_position(page)
    assert end > 50 and wholly_in_view(page, ".brass-review")
    started = time.monotonic()
    page.locator(".brass-explorer .brass-review").first.click()
    # computed away from the click: the panel says how far it got, and the replay stays usable meanwhile
    page.wait_for_function("(w) => document.querySelector('.brass-explorer .brass-explanation-view').innerText"
                           ".includes(w)", arg=words["reviewing"], timeout=10_000, polling=100)
    shown_s = time.monotonic() - started
    board = board_source(page)
    page.locator(".brass-explorer .brass-replay .noUi-handle").first.press("ArrowLeft")
    page.wait_for_function("(src) => document.querySelector('.brass-explorer img.brass-board').src !== src",
                           arg=board, timeout=10_000, polling=100)
    moved_s = time.monotonic() - started
    assert words["reviewing"] in text(page, ".brass-explanation-view"), "the review was done before the replay moved"
    page.locator(".brass-explorer .brass-decisive button").first.wait_for(timeout=REVIEW_TIMEOUT_S * 1000)
    ready_s = time.monotonic() - started
    bh.settle(page, quiet_ms=500)
    assert replay_position(page) == end - 1
    assert page.locator(".brass-explorer img.brass-margins").first.is_visible()
    number = click_decisive(page, 0, words)
    assert_decision_shown(page, number, words)
    for css in (".brass-review", ".brass-decisive", ".brass-replay", ".brass-board"):
        assert wholly_in_view(page, css), css
    bh.shoot(page, "review", "review_table_en")
    print(f"review: 'reviewing' shown {shown_s:.1f} s, the replay moved {moved_s:.1f} s and the review shown "
          f"{ready_s:.1f} s after the click on Review")


def test_the_review_in_japanese(page):
    words = WORDS["ja"]
    page.locator(".brass-explorer .widget-toggle-buttons button", has_text=words["toggle"]).first.click()
    page.wait_for_function("(w) => document.querySelector('.brass-explorer .brass-explanation-view').innerText"
                           ".includes(w)", arg=words["played"], timeout=30_000, polling=200)
    bh.settle(page, quiet_ms=500)
    assert text(page, ".brass-review") == words["review"]
    buttons = page.locator(".brass-explorer .brass-decisive button")
    assert any(rating in buttons.first.inner_text() for rating in words["ratings"])
    number = click_decisive(page, buttons.count() - 1, words)
    assert_decision_shown(page, number, words)
    bh.shoot(page, "review", "review_table_ja")
