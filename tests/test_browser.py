"""End-to-end: every notebook runs in JupyterLab in a real browser, and an Explorer's Play button works in it.

A throw-away JupyterLab serves a temporary copy of ``notebooks/`` and ``docs/`` (the committed notebooks are never
modified); Debian's Chromium, driven by Playwright, opens each notebook, clears and runs all cells from the Run menu,
and checks that no cell shows a traceback and no widget failed to display.  Full-page screenshots go to
``test-artefacts/browser/``.  ``bash scripts/test.sh`` installs Chromium and Playwright; without them this module
is skipped with the reason.
"""
from __future__ import annotations

import time

import browser_helpers as bh
import pytest

CHROMIUM = bh.require_browser()
playwright_sync = pytest.importorskip("playwright.sync_api")

NOTEBOOKS = bh.notebook_paths()


@pytest.fixture(scope="module")
def lab(jupyterlab):
    with bh.lab_serving(jupyterlab, {}) as server:
        yield server


@pytest.fixture(scope="module")
def browser_context(tmp_path_factory):
    with bh.chromium(tmp_path_factory.mktemp("chromium-profile"), CHROMIUM, bh.VIEWPORT) as context:
        yield context


@pytest.fixture
def page(browser_context, lab):
    page = browser_context.new_page()
    messages: list[str] = []
    page.on("pageerror", lambda error: messages.append(f"page error: {error}"))
    page.messages = messages
    try:
        yield page
    finally:
        page.close(run_before_unload=False)
        lab.shutdown_kernels()


def open_and_run(page, lab, notebook: str) -> dict:
    bh.open_notebook(page, lab, notebook)
    return bh.run_all_cells(page)


def assert_no_errors(page, state: dict, notebook: str) -> None:
    errors = state["errors"]
    if errors:
        first = errors[0]
        pytest.fail(f"{notebook}: cell {first['cell']} raised {first['ename']}: {first['evalue']}\n"
                    f"{bh.strip_ansi(first['traceback'])[-3000:]}", pytrace=False)
    broken = bh.widget_error_details(page)
    assert not broken, f"{notebook}: {broken}"
    text = bh.page_text(page)
    for phrase in bh.WIDGET_ERRORS:
        assert phrase not in text, f"{notebook}: the page shows '{phrase}':\n" \
                                   f"{text[max(0, text.find(phrase) - 300):text.find(phrase) + 500]}"
    broken = page.evaluate(bh.BROKEN_IMAGES_JS)
    assert broken == 0, f"{notebook}: {broken} output image(s) failed to load"


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_notebook_runs_in_jupyterlab(page, lab, notebook):
    started = time.monotonic()
    state = open_and_run(page, lab, notebook)
    shot = bh.screenshot_name(notebook)
    bh.full_screenshot(page, shot)
    assert_no_errors(page, state, notebook)
    if page.locator(".brass-play").count():       # a notebook with an Explorer (05 in the sample): Play works
        check_play_changes_the_explanation(page, notebook)
    assert all(p.strip("[]: ").isdigit() for p in state["prompts"]), \
        f"{notebook}: not every code cell ran: prompts {state['prompts']}"
    print(f"{notebook}: {len(state['prompts'])} code cells run via {state['how']} in "
          f"{time.monotonic() - started:.1f}s; screenshot {shot.relative_to(bh.REPO)}")
    for message in page.messages:  # JavaScript errors in the page: reported, not failed (JupyterLab has some)
        print(f"  {message}")


def check_play_changes_the_explanation(page, notebook: str) -> None:
    """In a notebook that shows an Explorer: Play changes the explanation shown under the board."""
    # the first Explorer on the page: its output area holds the Play button and the explanation
    output = page.locator(".jp-OutputArea-output", has=page.locator(".brass-play")).first
    play = output.locator(".brass-play").first
    view = output.locator(".brass-explanation-view").first
    play.scroll_into_view_if_needed(timeout=30_000)
    playwright_sync.expect(play).to_be_enabled(timeout=30_000)
    before = view.inner_text(timeout=30_000)
    bh.element_screenshot(page, output, bh.screenshot_name(notebook, ".explorer-before"))

    play.click(timeout=30_000)
    try:
        page.wait_for_function("([el, before]) => el.innerText !== before",
                               arg=[view.element_handle(), before], timeout=60_000, polling=250)
    except playwright_sync.TimeoutError:
        pass  # the assertion below reports both texts
    bh.settle(page)
    after = view.inner_text(timeout=30_000)
    bh.element_screenshot(page, output, bh.screenshot_name(notebook, ".explorer-after"))
    assert after.strip() != before.strip(), f"{notebook}: clicking Play did not change the explanation:\n{before}"
    state = page.evaluate(bh.STATE_JS)
    assert_no_errors(page, state, notebook)

    print(f"{notebook}: Explorer Play changed the explanation\n  before: {before[:200]!r}\n  after: {after[:200]!r}")

