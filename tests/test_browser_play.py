"""The play page as an app: Voilà renders it without code on a 1366×768 laptop, and a move made by clicks gets the
bot's answer at once.

Both ways in are opened: ``python -m voila notebooks/en/play.ipynb`` as the README starts it (English), and the
server extension's ``/voila/render/notebooks/ja/play.ipynb`` inside JupyterLab, as Binder and the class hub open it
(Japanese). Each server runs on 127.0.0.1 with a token, serves a temporary copy of ``notebooks/``, imports brass_nb
from this checkout and is stopped by the test. The time from opening the page to the board's picture is printed.
Screenshots go to ``test-artefacts/browser/play-play_<language>.png``; with ``BRASS_UPDATE_IMAGES=1`` also to
``docs/images/``, where the README shows them (each run deals a fresh game, so they are not rewritten by default).
"""
from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import browser_helpers as bh
import pytest

CHROMIUM = bh.require_browser("voila")

LAPTOP = {"width": 1366, "height": 768}
RENDER_TIMEOUT_S = 120
# What each page must say: its title, the Play button, the panel's heading over a move of each seat, the first round.
WORDS = {
    "en": {"title": "Brass: Birmingham", "play": "Play", "you": "Player 1 (you) played",
           "bot": "Player 2 (greedy) played", "round_1": "round 1"},
    "ja": {"title": "ボットと対戦", "play": "実行", "you": "プレイヤー1（あなた）のアクション",
           "bot": "プレイヤー2（ボット: 欲張り）のアクション", "round_1": "第1ラウンド"},
}


def repo_first(env: dict[str, str]) -> dict[str, str]:
    """The server and its kernels import brass_nb from this checkout, whatever the installed package points at."""
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(bh.REPO), env.get("PYTHONPATH", "")) if p)
    return env


class RepoLab(bh.LabServer):
    """JupyterLab (and with it Voilà's server extension) importing brass_nb from this checkout."""

    def env(self) -> dict[str, str]:
        return repo_first(super().env())

    def play_url(self, language: str) -> str:
        return f"{self.base_url}/voila/render/notebooks/{language}/play.ipynb?token={self.token}"


class VoilaApp(RepoLab):
    """``python -m voila notebooks/<language>/play.ipynb``, the README's command, in the server's copy."""

    def __init__(self, workdir: Path, language: str):
        super().__init__(workdir)
        self.language = language
        self.log_path = workdir / "voila.log"

    def start(self, attempts: int = 1) -> None:
        self.port = bh.free_port()
        (self.workdir / "runtime").mkdir(parents=True, exist_ok=True)
        cmd = [sys.executable, "-m", "voila", f"notebooks/{self.language}/play.ipynb", "--no-browser",
               "--Voila.ip=127.0.0.1", f"--Voila.port={self.port}", "--Voila.port_retries=0",
               f"--Voila.token={self.token}", f"--Voila.connection_dir_root={self.workdir / 'runtime'}"]
        with open(self.log_path, "ab") as log:
            self.proc = subprocess.Popen(cmd, cwd=self.root, env=self.env(), stdout=log, stderr=subprocess.STDOUT,
                                         stdin=subprocess.DEVNULL, start_new_session=True)
        # only a listening port is awaited: any page Voilà serves would start a kernel
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and self.proc.poll() is None:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                time.sleep(0.3)
        log_tail = self.log_tail()
        self.stop()
        raise RuntimeError(f"Voilà did not start; last log lines:\n{log_tail}")

    def stop(self) -> None:
        """Voilà has no shutdown request: end its process group, then the kernels it started."""
        if self.proc is not None and self.proc.poll() is None:
            for sig in (signal.SIGTERM, signal.SIGKILL):
                try:
                    os.killpg(self.proc.pid, sig)
                    self.proc.wait(timeout=10)
                    break
                except (OSError, subprocess.TimeoutExpired):
                    continue
        bh.kill_processes_mentioning(str(self.workdir / "runtime"))
        self.proc = None

    def play_url(self, language: str) -> str:
        return f"{self.base_url}/?token={self.token}"


# Each way in: the page's language and how to make its server in a work folder.
WAYS_IN = {"en-voila": ("en", lambda workdir: VoilaApp(workdir, "en")), "ja-jupyterlab-extension": ("ja", RepoLab)}


@pytest.fixture(params=list(WAYS_IN))
def served(request, tmp_path_factory):
    language, make_server = WAYS_IN[request.param]
    server = make_server(tmp_path_factory.mktemp(f"play-{language}"))
    server.prepare()
    try:
        server.start()
        yield language, server
    finally:
        server.stop()


def in_view(page, css: str) -> dict:
    """The first visible element matching ``css``: its box, and whether all of it lies in the laptop's window."""
    return page.evaluate("""(css) => {
        const el = [...document.querySelectorAll(css)].find(e => e.offsetParent !== null);
        if (!el) return {found: false};
        const r = el.getBoundingClientRect();
        return {found: true, width: r.width, height: r.height,
                inside: r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight};
    }""", css)


def status(page) -> str:
    return page.locator(".brass-play-page .brass-status").first.inner_text()


def panel(page) -> str:
    return page.locator(".brass-play-page .brass-explanation-view").first.inner_text()


def choose_and_play(page, words: dict[str, str]) -> None:
    """Pick an action in the dropdowns (another kind, then another first choice when there is one) and press Play."""
    kind = page.locator(".brass-play-page .brass-choice select").first
    others = kind.evaluate("s => [...s.options].filter(o => !o.selected).map(o => o.text)")
    if others:
        kind.select_option(label=others[0])
        page.wait_for_timeout(400)
    first = page.locator(".brass-play-page .brass-choice select").nth(1)
    if first.is_visible() and first.evaluate("s => s.options.length") > 1:
        first.select_option(index=1)
        page.wait_for_timeout(400)
    page.locator(".brass-play-page .brass-play", has_text=words["play"]).first.click()


def test_the_play_page_renders_and_the_bot_answers_a_move(served, tmp_path):
    language, server = served
    words = WORDS[language]
    with bh.chromium(tmp_path / "profile", CHROMIUM, LAPTOP) as context:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        started = time.monotonic()
        page.goto(server.play_url(language), timeout=bh.LOAD_TIMEOUT_S * 1000, wait_until="domcontentloaded")
        page.wait_for_function("""() => { const img = document.querySelector('.brass-play-page img.brass-board');
                                          return img && img.complete && img.naturalWidth > 0; }""",
                               timeout=RENDER_TIMEOUT_S * 1000, polling=250)
        render_s = time.monotonic() - started
        page.wait_for_timeout(500)

        text = bh.page_text(page)
        assert words["title"] in text
        assert "PlayPage(" not in text and "from brass_nb" not in text, "the page shows code"
        assert not [e for e in bh.WIDGET_ERRORS if e in text] and "Traceback" not in text, text[:2000]
        for css in (".brass-page-title", ".brass-new-game", ".brass-play-page img.brass-board",
                    ".brass-play-page .brass-choice select", ".brass-play-page .brass-play",
                    ".brass-play-page .brass-hint", ".brass-play-page .widget-toggle-buttons"):
            box = in_view(page, css)
            assert box["found"] and box["inside"], f"{css} is not wholly in the 1366×768 window: {box}"
        assert in_view(page, ".brass-play-page img.brass-board")["width"] >= 700

        # the learner moves until the bot has answered (in round 1 the deal may give the learner two turns in a row)
        answered = False
        for _ in range(3):
            before = panel(page)
            choose_and_play(page, words)
            page.wait_for_function("(before) => document.querySelector('.brass-play-page .brass-explanation-view')"
                                   ".innerText !== before", arg=before, timeout=30_000, polling=200)
            page.wait_for_timeout(600)
            shown = panel(page)
            assert words["you"] in shown, shown[:1000]
            if words["bot"] in shown[shown.index(words["you"]):]:
                answered = True
                break
        assert answered, f"the bot did not answer: {panel(page)[:1000]}"
        assert not errors, errors
        bh.shoot(page, "play", f"play_{language}")
        if language == "ja":
            assert re.search(r"[\u3040-\u30ff]", status(page))

        # New game: another table, at the first round again
        page.locator(".brass-play-page .brass-new-game").first.click()
        page.wait_for_function("(word) => document.querySelector('.brass-play-page .brass-status').innerText"
                               ".includes(word)", arg=words["round_1"], timeout=30_000, polling=200)
        assert words["you"] not in panel(page)
        assert not errors, errors
    print(f"{language}: the play page showed its board {render_s:.1f} s after it was opened")
