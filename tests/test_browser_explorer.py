"""The Explorer on a 1366×768 laptop in JupyterLab: everything needed to play in view, a game against a bot played by
clicks, Undo/Redo consistent, Japanese throughout the controls, and the time from a click to the new picture.

A throw-away JupyterLab (see ``browser_helpers``) serves one notebook that shows ``Explorer(game, seats=["human",
RandomBot(1)], auto=True)``; Debian's Chromium, driven by Playwright, clicks it. Screenshots go to
``test-artefacts/browser/explorer-*.png``; timings (median of at least 10 clicks each) are printed and written to
``test-artefacts/browser/explorer-timings.json``.
"""
from __future__ import annotations

import json
import re
import statistics

import browser_helpers as bh
import pytest

CHROMIUM = bh.require_browser("nbformat")
playwright_sync = pytest.importorskip("playwright.sync_api")

LAPTOP = {"width": 1366, "height": 768}
NOTEBOOK = "explorer_at_a_table.ipynb"
SOURCE = """import brass_nb as bn
from brass_nb.bots import RandomBot
from brass_nb.widgets import Explorer
Explorer(bn.new_game("birmingham", players=2, seed=7), seats=["human", RandomBot(1)], auto=True)"""
ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")

# In the page: the time from a click (or a dropdown change) to the moment the board's new picture has loaded.
TIMER_JS = """(root) => {
    const img = root.querySelector('.brass-board img') || root.querySelector('.brass-board');
    window.__brass = {start: null, loaded: []};
    const mark = () => { if (window.__brass.start === null) window.__brass.start = performance.now(); };
    root.addEventListener('click', mark, true);
    root.addEventListener('change', mark, true);
    img.addEventListener('load', () => {
        if (window.__brass.start !== null) window.__brass.loaded.push(performance.now() - window.__brass.start);
    });
}"""


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    with bh.lab_serving(tmp_path_factory.mktemp("lab-explorer"), {NOTEBOOK: (SOURCE,)}) as server:
        yield server


@pytest.fixture(scope="module")
def page(tmp_path_factory, lab):
    try:
        with bh.chromium(tmp_path_factory.mktemp("chromium-profile-explorer"), CHROMIUM, LAPTOP) as context:
            page = bh.open_widget_notebook(context, lab, NOTEBOOK)
            page.evaluate(TIMER_JS, page.locator(".brass-explorer").first.element_handle())
            yield page
    finally:
        lab.shutdown_kernels()


def timed(page, act) -> float:
    """Milliseconds from the click or change done by ``act`` until the board's new picture has loaded."""
    page.evaluate("() => { window.__brass.start = null; window.__brass.loaded = []; }")
    try:
        act()
        page.wait_for_function("() => window.__brass.loaded.length > 0", timeout=30_000, polling="raf")
    except playwright_sync.Error:
        page.screenshot(path=str(bh.ARTEFACTS / "explorer-1366x768-failed.png"))
        raise
    elapsed = page.evaluate("() => window.__brass.loaded[0]")
    bh.settle(page, quiet_ms=150)
    return elapsed


def status(page) -> str:
    return page.locator(".brass-explorer .brass-status").first.inner_text()


def shown_choice(page) -> list[str]:
    """The text of every visible dropdown of the action builder, in order."""
    return page.evaluate("""() => [...document.querySelectorAll('.brass-explorer .brass-choice')]
        .filter(el => el.offsetParent !== null)
        .map(el => { const s = el.querySelector('select'); return s.options[s.selectedIndex].text; })""")


def assert_step_buttons_readable(page) -> None:
    """Every step button shows its whole number ("10", not "1…") and they keep one row inside the side panel, which
    scrolls sideways when there are more than fit (an era's scoring has dozens)."""
    found = page.evaluate("""() => {
        const side = document.querySelector('.brass-explorer .brass-side').getBoundingClientRect();
        const shown = [...document.querySelectorAll('.brass-explorer .brass-steps button')]
            .filter(b => b.offsetParent !== null);
        const tops = new Set(shown.map(b => Math.round(b.getBoundingClientRect().top)));
        const row = shown.length ? shown[0].closest('.brass-steps').parentElement.getBoundingClientRect() : side;
        return {rows: tops.size, outside: row.right > side.right + 1 || row.bottom > side.bottom + 1,
                cut: shown.filter(b => { const label = b.querySelector('.widget-label-basic, span') || b;
                    return label.scrollWidth > label.clientWidth + 1 || b.scrollWidth > b.clientWidth + 1; })
                    .map(b => b.innerText)};
    }""")
    assert found["rows"] <= 1 and not found["outside"] and not found["cut"], found


def click(page, css: str) -> None:
    page.locator(f".brass-explorer {css}").first.click()


def test_everything_needed_to_play_is_in_view_at_1366x768(page):
    boxes = page.evaluate("""() => {
        const root = document.querySelector('.brass-explorer');
        const wanted = root.querySelectorAll('button, select, input, .brass-status, .brass-board, .brass-hand');
        return [...wanted].filter(el => el.offsetParent !== null).map(el => {
            const r = el.getBoundingClientRect();
            return {what: el.className + ' ' + (el.innerText || '').slice(0, 30),
                    left: r.left, top: r.top, right: r.right, bottom: r.bottom};
        });
    }""")
    bh.ARTEFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(bh.ARTEFACTS / "explorer-1366x768-start.png"))
    assert len(boxes) > 10
    outside = [b for b in boxes if b["left"] < 0 or b["top"] < 0 or b["right"] > LAPTOP["width"]
               or b["bottom"] > LAPTOP["height"]]
    assert not outside, f"outside the 1366×768 viewport: {outside}"
    board = page.locator(".brass-explorer .brass-board").first.bounding_box()
    assert 700 <= board["width"] <= 760, board


def test_a_game_against_a_bot_by_clicks_with_undo_redo_and_timings(page):
    timings: dict[str, list[float]] = {"play": [], "undo": [], "redo": [], "language": [], "dropdown": []}
    human_moves = 0
    kinds = ["build", "loan", "develop", "network", "build", "sell", "pass"]
    while human_moves < 12:
        kind_select = page.locator(".brass-explorer .brass-choice select").first
        offered = kind_select.evaluate("s => [...s.options].filter(o => !o.selected).map(o => o.text)")
        wanted = kinds[human_moves % len(kinds)]
        target = wanted if wanted in offered else offered[0]
        kind_select.select_option(label=target)
        bh.settle(page, quiet_ms=200)
        before = status(page)
        timings["play"].append(timed(page, lambda: click(page, ".brass-play")))
        human_moves += 1
        assert status(page) != before and "Not allowed" not in status(page), status(page)
        assert_step_buttons_readable(page)
        if human_moves == 6:
            page.screenshot(path=str(bh.ARTEFACTS / "explorer-1366x768-midgame.png"))
    # a dropdown change that moves the highlight: each slot a build could use, in turn
    page.locator(".brass-explorer .brass-choice select").first.select_option(label="build")
    bh.settle(page, quiet_ms=300)
    where = page.locator(".brass-explorer .brass-choice select").nth(2)
    slots = where.evaluate("s => [...s.options].map(o => o.text)")
    for index in range(1, 11):
        slot = slots[index % len(slots)]
        timings["dropdown"].append(timed(page, lambda slot=slot: where.select_option(label=slot)))
    # Undo twice (the bot's move, then the learner's): the dropdowns show exactly the move the status names
    for _ in range(5):
        timings["undo"].append(timed(page, lambda: click(page, ".brass-undo")))
        message = status(page)
        assert "Undone:" in message, message
        undone = re.search(r"Undone: .*?'s (.*)\.", message).group(1)
        if "(you)" in message:
            assert " · ".join(shown_choice(page)).replace("\xa0", " ") == undone, (shown_choice(page), undone)
    page.screenshot(path=str(bh.ARTEFACTS / "explorer-1366x768-after-undo.png"))
    for _ in range(5):
        timings["redo"].append(timed(page, lambda: click(page, ".brass-redo")))
        assert "Redone:" in status(page)
        choice = shown_choice(page)
        if "(random) to act" in status(page):
            assert choice == [], "a bot's turn shows none of the learner's dropdowns"
        else:
            assert choice and "(nothing" not in choice[0]
    for _ in range(10):
        timings["undo"].append(timed(page, lambda: click(page, ".brass-undo")))
        timings["redo"].append(timed(page, lambda: click(page, ".brass-redo")))
    # Japanese: nothing English left in the controls (bot names are names; the typed example is notation)
    for index in range(10):
        label = "日本語" if index % 2 == 0 else "English"
        timings["language"].append(timed(page, lambda label=label: page.locator(
            ".brass-explorer .widget-toggle-buttons button", has_text=label).first.click()))
    page.locator(".brass-explorer .widget-toggle-buttons button", has_text="日本語").first.click()
    bh.settle(page, quiet_ms=600)
    texts = page.evaluate("""() => {
        const root = document.querySelector('.brass-explorer .brass-side');
        const out = [];
        root.querySelectorAll('select option, button, label, .widget-label, .brass-status, .brass-players, .brass-hand')
            .forEach(el => { if (!el.closest('.widget-toggle-buttons') && el.closest('.widget-dropdown, .brass-side')
                                 && (el.offsetParent !== null || el.tagName === 'OPTION'))
                                 out.push(el.innerText || el.textContent); });
        return out;
    }""")
    english = [t for t in texts if ENGLISH_WORD.search(t.replace("random", ""))]
    page.screenshot(path=str(bh.ARTEFACTS / "explorer-1366x768-japanese.png"))
    assert not english, english
    medians = {k: round(statistics.median(v), 1) for k, v in timings.items()}
    counts = {k: len(v) for k, v in timings.items()}
    (bh.ARTEFACTS / "explorer-timings.json").write_text(json.dumps({"median_ms": medians, "clicks": counts,
                                                                    "all_ms": timings}, indent=1))
    print(f"Explorer click-to-picture medians (ms): {medians}; clicks: {counts}")
    assert all(n >= 10 for n in counts.values())


def double_click(page, css: str) -> str:
    """Two clicks inside the time one answer takes (Chromium's double click), then the status once settled."""
    page.locator(f".brass-explorer {css}").first.dblclick()
    bh.settle(page, quiet_ms=800)
    return status(page)


def test_a_double_click_is_one_action(page):
    page.locator(".brass-explorer .widget-toggle-buttons button", has_text="English").first.click()
    bh.settle(page, quiet_ms=400)
    for _ in range(8):                                   # the learner to act, two actions left this round
        if "(you) to act" in status(page) and "2 actions left" in status(page):
            break
        timed(page, lambda: click(page, ".brass-play"))
    round_of = re.search(r"round \d+", status(page)).group(0)
    after = double_click(page, ".brass-play")
    assert "(you) to act" in after and "1 action left" in after and round_of in after, after
    after = double_click(page, ".brass-undo")
    assert "(you) to act" in after and "2 actions left" in after and round_of in after, after
    double_click(page, ".brass-hint")
    assert "Hint:" in page.locator(".brass-explorer .brass-explanation-view").first.inner_text()
    page.locator(".brass-explorer .widget-checkbox input").first.uncheck()      # step through the bot's moves
    bh.settle(page, quiet_ms=400)
    for _ in range(2):
        timed(page, lambda: click(page, ".brass-play"))
    assert "(random) to act" in status(page) and "2 actions left" in status(page), status(page)
    assert not page.locator(".brass-explorer .brass-play").first.is_visible(), "the bot's turn hides Play"
    played = re.search(r"Played: (.*)\.", double_click(page, ".brass-bot")).group(1)
    timed(page, lambda: click(page, ".brass-undo"))
    assert f"Undone: {played}." in status(page), status(page)
    timed(page, lambda: click(page, ".brass-undo"))
    assert "Undone: Player 1 (you)'s" in status(page), "the double click played one bot move, not two"
