"""A Japanese learner's screen, in JupyterLab at 1366×768 with Chromium: the table in 日本語 after a hint and after a
bot's move, and a quiz answered, each read for English words outside code (the scanner of
``tests/test_japanese_only.py``, with its exceptions) and for headers broken inside a word; and the Japanese player
aid's first page as a teacher previews it in JupyterLab.

Screenshots go to ``test-artefacts/browser/japanese-*.png``; with ``BRASS_UPDATE_IMAGES=1`` also to
``docs/images/table_ja_hint.png``, ``table_ja_bot_move.png``, ``quiz_ja.png`` and ``player_aid_ja.png``.
"""
from __future__ import annotations

import browser_helpers as bh
import pytest
from test_japanese_only import latin_words

CHROMIUM = bh.require_browser("nbformat")

LAPTOP = {"width": 1366, "height": 768}
TABLE = "table_ja.ipynb"
QUIZ = "quiz_ja.ipynb"
NOTEBOOKS = {
    TABLE: ("import brass_nb as bn\nfrom brass_nb.widgets import Explorer\n"
            "Explorer(bn.new_game('birmingham', players=2, seed=7), language='ja', seats=['human', 'club'],"
            " auto=True)",),
    QUIZ: ("from brass_nb.widgets.quiz import QuizSet\nQuizSet('03_coal_iron_beer', language='ja')",),
}

# The text a learner reads inside ``root``: code spans (notation to type or copy) and the language toggle's own
# "English" left out.
READ_TEXT_JS = """(css) => {
    const copy = document.querySelector(css).cloneNode(true);
    copy.querySelectorAll('code, pre, .widget-toggle-buttons').forEach(el => el.remove());
    document.body.appendChild(copy);
    const text = copy.innerText;
    copy.remove();
    return text;
}"""

# Cells of the tables (standings, scores) whose text is laid out on more than one line although it has no space
# to break at: a word broken in two (所持/金, プレイヤ/ー1).
BROKEN_HEADERS_JS = """() => [...document.querySelectorAll('.brass-explorer th, .brass-explorer td')]
    .filter(cell => cell.offsetParent !== null && !/\\s/.test(cell.innerText.trim()))
    .filter(cell => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
        return lines.size > 1;
    }).map(cell => cell.innerText)"""


@pytest.fixture(scope="module")
def lab(jupyterlab):
    with bh.lab_serving(jupyterlab, NOTEBOOKS) as server:
        yield server


@pytest.fixture(scope="module")
def browser(tmp_path_factory, lab):
    try:
        with bh.chromium(tmp_path_factory.mktemp("chromium-profile-japanese"), CHROMIUM, LAPTOP) as context:
            yield context
    finally:
        lab.shutdown_kernels()


def english_read(page, css: str) -> list[str]:
    return latin_words(page.evaluate(READ_TEXT_JS, css))


def explanation(page) -> str:
    return page.locator(".brass-explorer .brass-explanation-view").first.inner_text()


def test_the_table_in_japanese_after_a_hint_and_after_the_bot_moves(browser, lab):
    page = bh.open_widget_notebook(browser, lab, TABLE)
    before = explanation(page)
    page.locator(".brass-explorer .brass-hint").first.click()
    page.wait_for_function("(b) => document.querySelector('.brass-explorer .brass-explanation-view').innerText !== b",
                           arg=before, timeout=30_000, polling=200)
    bh.settle(page, quiet_ms=500)
    assert "ヒント" in explanation(page) or "コーチ" in explanation(page), explanation(page)
    bh.shoot(page, "japanese", "table_ja_hint")
    assert english_read(page, ".brass-explorer") == []
    assert page.evaluate(BROKEN_HEADERS_JS) == []

    status = page.locator(".brass-explorer .brass-status").first.inner_text()
    page.locator(".brass-explorer .brass-play").first.click()
    page.wait_for_function("(s) => { const t = document.querySelector('.brass-explorer .brass-status').innerText;"
                           " return t !== s && t.includes('中級'); }", arg=status, timeout=60_000, polling=200)
    bh.settle(page, quiet_ms=500)
    bh.shoot(page, "japanese", "table_ja_bot_move")
    assert english_read(page, ".brass-explorer") == []
    assert page.evaluate(BROKEN_HEADERS_JS) == []


def test_a_quiz_answered_in_japanese(browser, lab):
    page = browser.new_page()
    bh.open_notebook(page, lab, QUIZ)
    state = bh.run_all_cells(page)
    assert not state["errors"], state["errors"]
    quiz = page.locator(".jp-OutputArea .widget-radio-box").first
    quiz.wait_for(timeout=60_000)
    quiz.scroll_into_view_if_needed()
    quiz.locator("input").first.check()
    page.locator(".brass-quiz-check").first.click()
    bh.settle(page, quiet_ms=500)
    page.evaluate("() => document.querySelector('.jp-OutputArea .widget-vbox').scrollIntoView({block: 'start'})")
    bh.settle(page, quiet_ms=300)
    bh.shoot(page, "japanese", "quiz_ja")
    assert english_read(page, ".jp-OutputArea .widget-vbox") == []


def test_the_japanese_player_aid_opens_in_jupyterlab(browser, lab):
    page = browser.new_page()
    aid = "docs/teaching/player_aid_birmingham_ja-1.png"
    page.goto(lab.lab_url(aid), wait_until="domcontentloaded")
    page.wait_for_function("() => [...document.querySelectorAll('.jp-MainAreaWidget img')]"
                           ".some(img => img.complete && img.naturalWidth === 909)", timeout=60_000, polling=250)
    page.wait_for_timeout(500)                                # no kernel here to settle: the page only draws
    bh.shoot(page, "japanese", "player_aid_ja")
