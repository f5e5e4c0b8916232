"""The Explorer on a 1366×768 laptop in JupyterLab, file browser open or closed, in English and Japanese: the board,
hand, controls, status and ten lines of the explanation in view, and the board's words at 9 px or more; a game
against a bot played by clicks, Undo/Redo consistent, Japanese throughout the controls; a whole game by clicks to
the final score table, whole and adding up, with screenshots at each era's end; and the time from a click to the
new picture.

The shared throw-away JupyterLab (the ``jupyterlab`` fixture) serves two notebooks: ``Explorer(game,
seats=["human", RandomBot(1)], auto=True)`` and a whole game against a club bot. Debian's Chromium, driven by
Playwright, clicks them. Screenshots go to ``test-artefacts/browser/explorer-*.png`` (the era ends also to
``docs/images/`` with ``BRASS_UPDATE_IMAGES=1``); timings are printed and written to
``test-artefacts/browser/explorer-timings.json`` and ``explorer-whole-game-timings.json``.
"""
from __future__ import annotations

import json
import re
import statistics

import browser_helpers as bh
import pytest

from brass_nb.plot.geometry import CSS_PX_PER_INCH, DISPLAY_WIDTH, MIN_FONT

CHROMIUM = bh.require_browser("nbformat")
playwright_sync = pytest.importorskip("playwright.sync_api")

LAPTOP = {"width": 1366, "height": 768}
NOTEBOOK = "explorer_at_a_table.ipynb"
SOURCE = """import brass_nb as bn
from brass_nb.bots import RandomBot
from brass_nb.widgets import Explorer
Explorer(bn.new_game("birmingham", players=2, seed=7), seats=["human", RandomBot(1)], auto=True)"""
ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")
WHOLE_GAME = "whole_game.ipynb"
WHOLE_GAME_SOURCES = ("""import brass_nb as bn
from brass_nb.widgets import Explorer
table = Explorer(bn.new_game("birmingham", players=2, seed=7), seats=["human", "club"], auto=False)
table""", 'print("VP:", [p.vp for p in table.game.players])')
FOUR_PLAYERS = "four_players_at_the_end.ipynb"
FOUR_PLAYERS_SOURCE = """import brass_nb as bn
from brass_nb.bots import GreedyBot, play_out
from brass_nb.widgets import Explorer
game = bn.new_game("lancashire", players=4, seed=3)      # Lancashire: the score table's widest (money scores)
play_out(game, [GreedyBot()] * 4)
Explorer(game, seats=["human", "club", "club", "club"])"""
BOT_MOVES_TIMED = 15           # Next bot move clicks in the whole game; then the bots play at once
READING_MS = 800               # a learner reads the position before asking for a hint (the table thinks it out)

# In the page: the time from a click (or a dropdown change) to the moment the board's new pictures have loaded
# (the position's and the steps laid over it: load events do not bubble, but an ancestor sees them when capturing).
TIMER_JS = """(root) => {
    window.__brass = {start: null, loaded: [], explained: []};
    const mark = () => { if (window.__brass.start === null) window.__brass.start = performance.now(); };
    root.addEventListener('click', mark, true);
    root.addEventListener('change', mark, true);
    root.addEventListener('load', (event) => {
        if (window.__brass.start !== null && event.target.tagName === 'IMG'
                && event.target.closest('.brass-board, .brass-board-overlay'))
            window.__brass.loaded.push(performance.now() - window.__brass.start);
    }, true);
    new MutationObserver(() => {
        if (window.__brass.start !== null) window.__brass.explained.push(performance.now() - window.__brass.start);
    }).observe(root.querySelector('.brass-explanation-view'), {childList: true, subtree: true, characterData: true});
}"""


@pytest.fixture(scope="module")
def lab(jupyterlab):
    with bh.lab_serving(jupyterlab, {NOTEBOOK: (SOURCE,), WHOLE_GAME: WHOLE_GAME_SOURCES,
                                     FOUR_PLAYERS: (FOUR_PLAYERS_SOURCE,)}) as server:
        yield server


@pytest.fixture(scope="module")
def browser(tmp_path_factory, lab):
    try:
        with bh.chromium(tmp_path_factory.mktemp("chromium-profile-explorer"), CHROMIUM, LAPTOP) as context:
            yield context
    finally:
        lab.shutdown_kernels()


@pytest.fixture(scope="module")
def page(browser, lab):
    page = bh.open_widget_notebook(browser, lab, NOTEBOOK)
    page.evaluate(TIMER_JS, page.locator(".brass-explorer").first.element_handle())
    yield page
    page.close()


PICTURES_APART_MS = 80     # a render sends the position's picture and then its overlay: both load within this


def timed(page, act, until: str = "loaded") -> float:
    """Milliseconds from the click or change done by ``act`` until the board's new pictures have loaded (``until``
    "loaded"; a move that leaves the picture as it was, like ending a sale, is timed to its explanation), or until
    the explanation has changed ("explained": a hint)."""
    page.evaluate("() => { window.__brass.start = null; window.__brass.loaded = []; window.__brass.explained = []; }")
    if until == "loaded":
        done = (f"() => {{ const b = window.__brass, now = performance.now() - b.start; return (b.loaded.length > 0"
                f" && now > b.loaded.at(-1) + {PICTURES_APART_MS}) || (b.explained.length > 0"
                f" && now > b.explained[0] + 500); }}")
        last = "b.loaded.length ? b.loaded.at(-1) : b.explained[0]"
    else:
        done, last = "() => window.__brass.explained.length > 0", "b.explained[0]"
    try:
        act()
        page.wait_for_function(done, timeout=30_000, polling="raf")
    except playwright_sync.Error:
        page.screenshot(path=str(bh.ARTEFACTS / "explorer-1366x768-failed.png"))
        raise
    elapsed = page.evaluate(f"() => {{ const b = window.__brass; return {last}; }}")
    # The picture is the last part a render sends, so once it loaded the status is there too. A hint's words come
    # before its picture: wait for the page to rest, or the next click would come while the hint still runs (and
    # the table rightly ignores it).
    bh.settle(page, quiet_ms=60 if until == "loaded" else 300)
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


def assert_overlay_on_the_board(page) -> None:
    """The steps' picture lies exactly on the position's: its box covers the board's to half a pixel, and the
    highlights inside it have loaded within the board."""
    found = page.evaluate("""() => {
        const board = document.querySelector('.brass-explorer img.brass-board').getBoundingClientRect();
        const box = document.querySelector('.brass-explorer .brass-board-overlay div');
        const img = box && box.querySelector('img');
        if (!img) return null;
        const over = box.getBoundingClientRect(), drawn = img.getBoundingClientRect();
        return {apart: Math.max(Math.abs(over.left - board.left), Math.abs(over.top - board.top),
                                Math.abs(over.right - board.right), Math.abs(over.bottom - board.bottom)),
                inside: drawn.left >= board.left - 0.5 && drawn.right <= board.right + 0.5
                        && drawn.top >= board.top - 0.5 && drawn.bottom <= board.bottom + 0.5,
                loaded: img.complete && img.naturalWidth > 0};
    }""")
    assert found and found["apart"] <= 0.5 and found["inside"] and found["loaded"], found


def click(page, css: str) -> None:
    page.locator(f".brass-explorer {css}").first.click()


LAYOUT_JS = """() => {
    const root = document.querySelector('.brass-explorer');
    const box = el => { const r = el.getBoundingClientRect();
                        return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width,
                                height: r.height}; };
    const view = root.querySelector('.brass-explanation-view');
    const side = root.querySelector('.brass-side');
    const shown = [...root.querySelectorAll('button, select, input, .brass-status, .brass-hand')]
        .filter(el => el.offsetParent !== null);
    return {board: box(root.querySelector('img.brass-board')), side: box(side), view: box(view),
            status: box(root.querySelector('.brass-status')), hand: box(root.querySelector('.brass-hand')),
            play: box(root.querySelector('.brass-play')),
            line: parseFloat(getComputedStyle(view.querySelector('div[lang]') || view).lineHeight),
            controls: shown.map(el => ({what: (el.innerText || el.className).slice(0, 30), ...box(el)}))};
}"""


def set_file_browser(page, shown: bool) -> None:
    """Open or close JupyterLab's file browser (the left area) and bring the table back to the top."""
    page.evaluate("(shown) => { const app = window.jupyterapp;"
                  " if (app.shell.leftCollapsed === shown) app.commands.execute('application:toggle-left-area'); }",
                  shown)
    bh.settle(page, quiet_ms=600)
    page.evaluate("() => document.querySelector('.brass-explorer').scrollIntoView({block: 'start'})")
    bh.settle(page, quiet_ms=300)


def set_language(page, language: str) -> None:
    page.locator(".brass-explorer .widget-toggle-buttons button",
                 has_text="日本語" if language == "ja" else "English").first.click()
    bh.settle(page, quiet_ms=500)


def smallest_board_text(board_width: float) -> float:
    """CSS pixels of the board's smallest words as shown: the picture is drawn for DISPLAY_WIDTH px."""
    return MIN_FONT * CSS_PX_PER_INCH / 72 * board_width / DISPLAY_WIDTH


@pytest.mark.parametrize("file_browser", [False, True], ids=["file-browser-closed", "file-browser-open"])
@pytest.mark.parametrize("language", ["en", "ja"])
def test_board_hand_controls_status_and_ten_lines_of_explanation_in_view(page, language, file_browser):
    set_language(page, language)
    set_file_browser(page, file_browser)
    found = page.evaluate(LAYOUT_JS)
    bh.ARTEFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(bh.ARTEFACTS / f"explorer-layout-{language}-file-browser-{file_browser}.png"))
    set_file_browser(page, False)
    set_language(page, "en")
    lines, smallest = found["view"]["height"] / found["line"], smallest_board_text(found["board"]["width"])
    print(f"{language}, file browser {'open' if file_browser else 'closed'}: {lines:.1f} explanation lines in "
          f"view, board {found['board']['width']:.0f} px wide, smallest board text {smallest:.1f} px")
    for part in ("board", "status", "hand", "play", "view"):
        box = found[part]
        assert 0 <= box["top"] and box["bottom"] <= LAPTOP["height"] and box["right"] <= LAPTOP["width"], part
    side = found["side"]
    cut = [c for c in found["controls"]
           if c["left"] < side["left"] - 1 or c["right"] > side["right"] + 1 or c["bottom"] > side["bottom"] + 1]
    assert not cut, f"controls outside the side panel: {cut}"
    assert lines >= 10, f"{lines:.1f} lines of the explanation in view"
    assert smallest >= 9, f"the board's smallest text shows at {smallest:.1f} px"
    if not file_browser:
        assert 700 <= found["board"]["width"] <= 760, found["board"]


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
    assert_overlay_on_the_board(page)
    page.screenshot(path=str(bh.ARTEFACTS / "explorer-1366x768-preview.png"))
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
        root.querySelectorAll('select option, button, label, .widget-label, .brass-status, .brass-hand')
            .forEach(el => { if (!el.closest('.widget-toggle-buttons') && el.closest('.widget-dropdown, .brass-side')
                                 && (el.offsetParent !== null || el.tagName === 'OPTION'))
                                 out.push(el.innerText || el.textContent); });
        return out;
    }""")
    english = [t for t in texts if ENGLISH_WORD.search(t.replace("random", ""))]
    page.screenshot(path=str(bh.ARTEFACTS / "explorer-1366x768-japanese.png"))
    assert not english, english
    figures = {kind: percentiles(values) for kind, values in timings.items()}
    (bh.ARTEFACTS / "explorer-timings.json").write_text(json.dumps({"ms": figures, "all_ms": timings}, indent=1))
    print(f"Explorer click to picture (ms): {figures}")
    assert all(len(values) >= 10 for values in timings.values())


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
    click(page, ".brass-more")                                   # behind "…": the bots' pace
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


# ---------------------------------------------------------------------------------------- a whole game by clicks

SCORES_JS = """() => {
    const side = document.querySelector('.brass-explorer .brass-side').getBoundingClientRect();
    const table = document.querySelector('.brass-explorer .brass-scores');
    const r = table.getBoundingClientRect();
    const players = [...table.querySelectorAll('th[data-player]')].map(th => th.dataset.player);
    const parts = {};
    table.querySelectorAll('td[data-part]').forEach(td => {
        (parts[td.dataset.part] = parts[td.dataset.part] || []).push(parseInt(td.innerText)); });
    return {inside: r.left >= side.left - 1 && r.right <= side.right + 1 && r.bottom <= side.bottom + 1,
            scrolls: table.parentElement.scrollWidth > table.parentElement.clientWidth, players: players,
            parts: parts};
}"""


def assert_score_table_whole(page, players: int, where: str) -> dict:
    """The final score table inside the side panel with no sideways scroll, a column for each of ``players``, and
    each column's parts adding up to its total; returns what the page shows (see :data:`SCORES_JS`)."""
    seen = page.evaluate(SCORES_JS)
    assert seen["inside"] and not seen["scrolls"], f"the score table is cut ({where})"
    parts = seen["parts"]
    assert len(seen["players"]) == players, seen
    for column in range(players):
        assert sum(values[column] for part, values in parts.items() if part != "total") == parts["total"][column]
    return seen


def shoot_both_ways(page, moment: str) -> None:
    """The moment in English with the file browser closed, and in Japanese with it open."""
    bh.shoot(page, "explorer", f"table_en_{moment}")
    set_language(page, "ja")
    set_file_browser(page, True)
    bh.shoot(page, "explorer", f"table_ja_{moment}_file_browser")
    set_file_browser(page, False)
    set_language(page, "en")


def percentiles(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {"median": round(statistics.median(ordered), 1), "p90": round(ordered[int(len(ordered) * 0.9)], 1),
            "clicks": len(ordered)}


def test_a_whole_game_by_clicks_to_the_final_scores(browser, lab):
    """The learner takes the coach's hint and plays it every other turn (the dropdowns' move in between); the bot's
    first moves are stepped through with Next bot move (timed), then it plays at once. Each era's end is shot in
    both languages, and the final score table must be whole and add up."""
    page = bh.open_widget_notebook(browser, lab, WHOLE_GAME)
    page.evaluate(TIMER_JS, page.locator(".brass-explorer").first.element_handle())
    timings: dict[str, list[float]] = {"hint": [], "play": [], "bot move": [], "play and the bot's answer": [],
                                       "undo": []}
    shot_canal_end, turns = False, 0
    for _ in range(400):
        now = status(page)
        if "The game is over" in now:
            break
        if "(you) to act" in now:
            if turns % 2 == 0:          # every other turn the coach's move, else the move the dropdowns offer
                page.wait_for_timeout(READING_MS)
                timings["hint"].append(timed(page, lambda: click(page, ".brass-hint"), until="explained"))
            turns += 1
            stepping = len(timings["bot move"]) < BOT_MOVES_TIMED          # else the bot answers in the same click
            timings["play" if stepping else "play and the bot's answer"].append(
                timed(page, lambda: click(page, ".brass-play")))
        else:
            assert "(club) to act" in now and page.locator(".brass-explorer .brass-bot").first.is_visible(), now
            timings["bot move"].append(timed(page, lambda: click(page, ".brass-bot")))
            if len(timings["bot move"]) == BOT_MOVES_TIMED:            # enough timed: bots now play at once
                click(page, ".brass-more")
                page.locator(".brass-explorer .widget-checkbox input").first.check()
                click(page, ".brass-more")
                bh.settle(page, quiet_ms=300)
        assert "Not allowed" not in status(page) and "refuse" not in status(page), status(page)
        if not shot_canal_end and "rail era" in status(page):
            assert_step_buttons_readable(page)
            shoot_both_ways(page, "canal_era_end")
            shot_canal_end = True
        if len(timings["play"]) == 10 and not timings["undo"]:          # Undo and Redo mid-game, timed
            for _ in range(3):
                timings["undo"].append(timed(page, lambda: click(page, ".brass-undo")))
                assert "Undone:" in status(page)
            for _ in range(3):
                timed(page, lambda: click(page, ".brass-redo"))
                assert "Redone:" in status(page)
    assert "The game is over" in status(page) and shot_canal_end, status(page)
    assert_step_buttons_readable(page)
    shoot_both_ways(page, "game_end")
    scores = assert_score_table_whole(page, 2, "en, file browser closed")
    for language, file_browser in (("ja", False), ("ja", True), ("en", True)):
        set_language(page, language)
        set_file_browser(page, file_browser)
        assert_score_table_whole(page, 2, f"{language}, file browser open: {file_browser}")
        set_file_browser(page, False)
        set_language(page, "en")
    parts = scores["parts"]                       # a column per player, best first; a row per source of VP
    assert set(parts) >= {"canal links", "rail industries", "other", "total"}
    page.locator(".jp-Cell").nth(1).click()                    # the game's own VP, printed by the second cell
    page.keyboard.press("Shift+Enter")
    page.wait_for_function("() => [...document.querySelectorAll('.jp-OutputArea-output')]"
                           ".some(o => o.innerText.includes('VP: [') && !o.innerText.includes('VP: [0, 0]'))")
    printed = page.locator(".jp-OutputArea-output", has_text="VP: [").first.inner_text()
    vp = [int(v) for v in re.findall(r"-?\d+", printed)]
    by_player = dict(zip((int(p) for p in scores["players"]), parts["total"], strict=True))
    assert [by_player[1], by_player[2]] == vp, (scores, printed)
    figures = {kind: percentiles(values) for kind, values in timings.items()}
    (bh.ARTEFACTS / "explorer-whole-game-timings.json").write_text(json.dumps(
        {"ms": figures, "all_ms": timings}, indent=1))
    print(f"a whole game by clicks, click to update (ms): {figures}")
    page.close()


def test_four_players_final_score_table_whole_in_the_panel(browser, lab):
    """A finished 4-player Lancashire game (a money row too): every player's column and every row inside the side
    panel, with no sideways scroll, in both languages with the file browser open and closed."""
    page = bh.open_widget_notebook(browser, lab, FOUR_PLAYERS)
    page.evaluate("() => document.querySelector('.brass-explorer').scrollIntoView({block: 'start'})")
    bh.settle(page, quiet_ms=300)
    for language, file_browser in (("en", False), ("en", True), ("ja", False), ("ja", True)):
        set_language(page, language)
        set_file_browser(page, file_browser)
        if (language, file_browser) in (("en", False), ("ja", True)):
            bh.shoot(page, "explorer", f"table_{language}_4p_game_end" + ("_file_browser" if file_browser else ""))
        seen = assert_score_table_whole(page, 4, f"{language}, file browser open: {file_browser}")
        assert "money" in seen["parts"], seen
    page.close()
