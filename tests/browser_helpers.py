"""Machinery for the real-browser tests: a throw-away JupyterLab server and Debian's Chromium driven by Playwright.

Everything here is bounded by a timeout and cleans up after itself: the server runs in its own process group
with its own runtime, config, settings and workspace folders, so that the kernels and browser processes it
starts can be found (by those unique folder names) and killed if a graceful shutdown does not finish.
"""
from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

from brass_nb.progress import PROGRESS_VARIABLE

REPO = Path(__file__).resolve().parent.parent
ARTEFACTS = REPO / "test-artefacts" / "browser"

CHROMIUM_CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
]

# Folders copied into the server's root (relative links between them keep working); notebooks are collected
# from the first two.
COPIED_FOLDERS = ("notebooks", "docs")
NOTEBOOK_FOLDERS = ("notebooks/en", "notebooks/ja", "docs/examples")

# User settings for the throw-away JupyterLab: render every cell (no windowing, so all cells are in the page
# and in the screenshot) and ask no questions about news or updates.
LAB_SETTINGS = {
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false",
                                                                        "checkForUpdates": False},
}

LOAD_TIMEOUT_S = 90
KERNEL_TIMEOUT_S = 120
RUN_TIMEOUT_S = int(os.environ.get("BRASS_BROWSER_RUN_TIMEOUT", "300"))
VIEWPORT = {"width": 1400, "height": 900}
MAX_SCREENSHOT_HEIGHT = 15000   # Chromium cannot capture much taller pages in one piece


UPDATE_IMAGES = os.environ.get("BRASS_UPDATE_IMAGES") == "1"
"""Whether screenshots also renew the README's and docs' images in ``docs/images/``."""


def shoot(page, prefix: str, name: str) -> None:
    """A screenshot as ``test-artefacts/browser/<prefix>-<name>.png`` and, with ``BRASS_UPDATE_IMAGES=1``, as
    ``docs/images/<name>.png``."""
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTEFACTS / f"{prefix}-{name}.png"))
    if UPDATE_IMAGES:
        page.screenshot(path=str(REPO / "docs" / "images" / f"{name}.png"))


def require_browser(*modules: str) -> str:
    """Skip the calling test module unless Playwright, JupyterLab, ``modules`` and Debian's Chromium are all here
    (``bash scripts/test.sh`` installs them, and says so when it cannot); returns Chromium's path."""
    import pytest

    for module, what in (("playwright.sync_api", "the Python 'playwright' package"), ("jupyterlab", "JupyterLab"),
                         *((m, m) for m in modules)):
        pytest.importorskip(module, reason=f"{what} is not installed (bash scripts/test.sh installs it)")
    path = chromium_path()
    if path is None:
        pytest.skip("Chromium not found at /usr/bin/chromium (bash scripts/test.sh installs it as root: "
                    "apt-get install chromium)", allow_module_level=True)
    return path


def chromium_path() -> str | None:
    for candidate in (os.environ.get("BRASS_CHROMIUM"),) + CHROMIUM_CANDIDATES:
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


SAMPLE = ("notebooks/en/00_start_here.ipynb", "notebooks/ja/00_start_here.ipynb",
          "notebooks/en/05_selling_and_merchants.ipynb")
"""The notebooks the browser opens by default: both start pages, and a lesson with quizzes and the Explorer. nbval
runs every notebook in the suite (the Binder test runs the Japanese Lancashire lesson too); BRASS_ALL_NOTEBOOKS=1
opens them all here."""


def notebook_paths() -> list[str]:
    """The notebooks the browser test opens (see :data:`SAMPLE`), as paths relative to the repository root."""
    found = []
    for folder in NOTEBOOK_FOLDERS:
        found += sorted(p.relative_to(REPO).as_posix() for p in (REPO / folder).glob("*.ipynb"))
    if os.environ.get("BRASS_ALL_NOTEBOOKS") == "1":
        return found
    examples = [path for path in found if path.startswith("docs/")][:1]
    return [path for path in found if path in SAMPLE] + examples


def screenshot_name(notebook: str, suffix: str = "") -> Path:
    """test-artefacts/browser/<notebook>.png; worked examples get an ``examples-`` prefix."""
    stem = Path(notebook).stem
    if notebook.startswith("notebooks/"):
        stem = Path(notebook).parent.name + "-" + stem
    else:
        stem = Path(notebook).parent.name + "-" + stem
    return ARTEFACTS / f"{stem}{suffix}.png"


@contextmanager
def chromium(profile: Path, executable: str, viewport: dict[str, int]) -> Iterator:
    """Debian's Chromium driven by Playwright in a throw-away profile; closed, and its processes killed, after."""
    from playwright.sync_api import sync_playwright

    manager = sync_playwright().start()
    context = None
    try:
        context = manager.chromium.launch_persistent_context(
            str(profile), executable_path=executable, headless=True, args=CHROMIUM_ARGS, viewport=viewport,
            timeout=60_000)
        context.set_default_timeout(30_000)
        yield context
    finally:
        try:
            if context is not None:
                context.close()
        finally:
            manager.stop()
            kill_processes_mentioning(str(profile))


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def kill_processes_mentioning(marker: str) -> list[int]:
    """SIGKILL every process of ours whose command line contains ``marker`` (a unique temp folder name)."""
    killed = []
    me = os.getpid()
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit() or int(proc.name) == me:
            continue
        try:
            cmdline = (proc / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if marker in cmdline:
            try:
                os.kill(int(proc.name), signal.SIGKILL)
                killed.append(int(proc.name))
            except OSError:
                pass
    return killed


class LabServer:
    """JupyterLab on 127.0.0.1 with a token, serving a temporary copy of the notebook folders."""

    def __init__(self, workdir: Path):
        self.workdir = workdir
        self.root = workdir / "root"
        self.token = secrets.token_hex(16)
        self.port = 0
        self.proc: subprocess.Popen | None = None
        self.log_path = workdir / "jupyterlab.log"

    # -------------------------------------------------------------- lifecycle

    def prepare(self) -> None:
        ignore = shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__")
        for folder in COPIED_FOLDERS:
            if (REPO / folder).is_dir():
                shutil.copytree(REPO / folder, self.root / folder, ignore=ignore)
        self.root.mkdir(parents=True, exist_ok=True)
        for relative, values in LAB_SETTINGS.items():
            path = self.workdir / "lab-settings" / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(values))

    def env(self) -> dict[str, str]:
        env = dict(os.environ)
        for var, sub in (("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_DATA_DIR", "data"),
                         ("JUPYTER_RUNTIME_DIR", "runtime"), ("JUPYTERLAB_SETTINGS_DIR", "lab-settings"),
                         ("JUPYTERLAB_WORKSPACES_DIR", "lab-workspaces"), ("IPYTHONDIR", "ipython")):
            env[var] = str(self.workdir / sub)
        env.pop("JUPYTER_PATH", None)
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        env[PROGRESS_VARIABLE] = str(self.workdir / "progress.json")     # never the learner's own file in ~
        env.setdefault("MPLBACKEND", "module://matplotlib_inline.backend_inline")
        return env

    def start(self, attempts: int = 3) -> None:
        last_error = ""
        for _ in range(attempts):
            self.port = free_port()
            cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root",
                   "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={self.port}", "--ServerApp.port_retries=0",
                   f"--IdentityProvider.token={self.token}", f"--ServerApp.root_dir={self.root}",
                   "--ServerApp.open_browser=False", "--LabApp.expose_app_in_browser=True",
                   "--LabApp.news_url=", "--ServerApp.shutdown_no_activity_timeout=1800",
                   "--MappingKernelManager.cull_idle_timeout=0"]
            log = open(self.log_path, "ab")
            self.proc = subprocess.Popen(cmd, cwd=self.root, env=self.env(), stdout=log, stderr=subprocess.STDOUT,
                                         stdin=subprocess.DEVNULL, start_new_session=True)
            log.close()
            deadline = time.monotonic() + 90
            while time.monotonic() < deadline:
                if self.proc.poll() is not None:
                    break
                try:
                    self.api("GET", "/api/status", timeout=5)
                    return
                except (urllib.error.URLError, OSError, ValueError):
                    time.sleep(0.5)
            last_error = self.log_tail()
            self.stop()
        raise RuntimeError(f"JupyterLab did not start; last log lines:\n{last_error}")

    def stop(self) -> None:
        """Ask the server to shut down (it stops its kernels), then kill whatever is left."""
        if self.proc is None:
            return
        if self.proc.poll() is None:
            try:
                self.api("POST", "/api/shutdown", timeout=10)
            except (urllib.error.URLError, OSError, ValueError):
                pass
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                for sig in (signal.SIGTERM, signal.SIGKILL):
                    try:
                        os.killpg(self.proc.pid, sig)
                    except OSError:
                        pass
                    try:
                        self.proc.wait(timeout=10)
                        break
                    except subprocess.TimeoutExpired:
                        continue
        # kernels run in sessions of their own; their connection files live in our runtime folder
        kill_processes_mentioning(str(self.workdir / "runtime"))
        self.proc = None

    # -------------------------------------------------------------- REST

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def api(self, method: str, path: str, timeout: float = 10):
        request = urllib.request.Request(f"{self.base_url}{path}", method=method,
                                         headers={"Authorization": f"token {self.token}"})
        if method in ("POST", "PUT", "PATCH"):
            request.data = b"{}"
            request.add_header("Content-Type", "application/json")
        with urllib.request.urlopen(request, timeout=timeout) as response:
            body = response.read()
        return json.loads(body) if body else None

    def shutdown_kernels(self) -> None:
        """Delete every session (and so its kernel): each notebook starts from a fresh kernel."""
        try:
            for session in self.api("GET", "/api/sessions") or []:
                self.api("DELETE", f"/api/sessions/{session['id']}", timeout=30)
        except (urllib.error.URLError, OSError, ValueError):
            pass

    def lab_url(self, notebook: str) -> str:
        return f"{self.base_url}/lab/tree/{quote(notebook)}?token={self.token}&reset"

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"


# ------------------------------------------------------------------ in the page

# The notebook panel in front, through the application object JupyterLab exposes with expose_app_in_browser.
_PANEL = "(() => { const app = window.jupyterapp; return app && app.shell && app.shell.currentWidget; })()"

KERNEL_READY_JS = f"""() => {{
    const panel = {_PANEL};
    const ctx = panel && panel.sessionContext;
    const kernel = ctx && ctx.session && ctx.session.kernel;
    if (kernel) return kernel.connectionStatus === 'connected' && kernel.status === 'idle';
    // without the application object: the status bar names the kernel and its state
    const bar = document.querySelector('.jp-StatusBar-Widget, #jp-main-statusbar');
    return !window.jupyterapp && !!bar && /\\|\\s*Idle/.test(bar.textContent || '');
}}"""

# Every cell's prompt, error outputs (from the model and from the rendered page) and whether the kernel is busy.
STATE_JS = f"""() => {{
    const panel = {_PANEL};
    const out = {{prompts: [], errors: [], kernel: 'unknown', cells: 0}};
    const kernel = panel && panel.sessionContext && panel.sessionContext.session &&
                   panel.sessionContext.session.kernel;
    if (kernel) out.kernel = kernel.connectionStatus + '/' + kernel.status;
    const widgets = panel && panel.content && panel.content.widgets;
    if (!widgets) {{
        out.prompts = [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')].map(e => e.textContent.trim());
        return out;
    }}
    widgets.forEach((cell, index) => {{
        out.cells += 1;
        const model = cell.model;
        if (!model || model.type !== 'code') return;
        const prompt = cell.node.querySelector('.jp-InputPrompt');
        out.prompts.push(prompt ? prompt.textContent.trim() : '');
        const tags = (model.getMetadata ? model.getMetadata('tags') : null) || [];
        if (tags.includes('raises-exception')) return;
        for (let j = 0; j < model.outputs.length; j++) {{
            const o = model.outputs.get(j).toJSON();
            if (o.output_type === 'error') {{
                out.errors.push({{cell: index, ename: o.ename, evalue: o.evalue,
                                 traceback: (o.traceback || []).join('\\n')}});
            }}
        }}
        const area = cell.node.querySelector('.jp-OutputArea');
        const text = area ? area.innerText : '';
        if (text.includes('Traceback (most recent call last)')) {{
            out.errors.push({{cell: index, ename: 'rendered traceback', evalue: '', traceback: text}});
        }}
    }});
    return out;
}}"""

ALL_RUN_JS = f"""() => {{
    const s = ({STATE_JS})();
    const ran = s.prompts.length > 0 && s.prompts.every(p => /^\\[\\d+\\]:?$/.test(p));
    const stuck = s.errors.length > 0 && !s.prompts.some(p => p.includes('*'));
    return (ran || stuck) && (s.kernel === 'connected/idle' || s.kernel === 'unknown');
}}"""

ALL_CLEARED_JS = f"""() => {{
    const s = ({STATE_JS})();
    return s.prompts.every(p => !/\\d|\\*/.test(p));
}}"""

BROKEN_IMAGES_JS = """() => [...document.querySelectorAll('.jp-OutputArea img')]
    .filter(img => img.complete && img.naturalWidth === 0).length"""

WIDGET_ERRORS = ("Error displaying widget", "Failed to load model class", "Error creating widget",
                 "Click to show javascript error")
# ipywidgets 8 draws a widget it cannot show as a broken-page icon with this class; clicking it shows why
WIDGET_ERROR_SELECTOR = ".jupyter-widgets-error-widget"


def widget_error_details(page) -> str:
    """The message of the first widget that failed to display ('' when none did)."""
    broken = page.locator(WIDGET_ERROR_SELECTOR)
    if broken.count() == 0:
        return ""
    try:
        broken.first.click(timeout=5_000)
        page.wait_for_timeout(300)
        return f"{broken.count()} widget(s) failed to display; the first says:\n" + \
            broken.first.inner_text(timeout=5_000)[:3000]
    except Exception:  # noqa: BLE001 -- the count alone is the finding
        return f"{broken.count()} widget(s) failed to display"


def click_menu(page, menu: str, item: str, timeout_ms: int = 10_000) -> None:
    """Open a top menu (``Run``) and click one of its items (``Run All Cells``)."""
    page.locator(".lm-MenuBar-itemLabel", has_text=re.compile(rf"^{re.escape(menu)}$")).first.click(
        timeout=timeout_ms)
    page.locator(".lm-Menu-content > .lm-Menu-item:visible .lm-Menu-itemLabel",
                 has_text=re.compile(rf"^{re.escape(item)}$")).first.click(timeout=timeout_ms)


def run_command(page, command_id: str) -> None:
    """Fallback to the menu: run a JupyterLab command through the exposed application object."""
    page.evaluate("(id) => window.jupyterapp.commands.execute(id)", command_id)


def menu_or_command(page, menu: str, item: str, command_id: str) -> str:
    try:
        click_menu(page, menu, item)
        return "menu"
    except Exception:  # noqa: BLE001 -- any Playwright failure: fall back to the command itself
        page.keyboard.press("Escape")
        run_command(page, command_id)
        return "command"


def open_notebook(page, server: LabServer, notebook: str) -> None:
    page.goto(server.lab_url(notebook), timeout=LOAD_TIMEOUT_S * 1000, wait_until="domcontentloaded")
    page.wait_for_selector(".jp-NotebookPanel .jp-Notebook .jp-Cell", timeout=LOAD_TIMEOUT_S * 1000)
    wait_for_kernel(page, KERNEL_TIMEOUT_S)
    # more room for the notebook: hide the file browser
    page.evaluate("() => { const app = window.jupyterapp; if (app && !app.shell.leftCollapsed)"
                  " app.commands.execute('application:toggle-left-area'); }")


def wait_for_kernel(page, timeout_s: float) -> None:
    """Wait until the notebook's kernel is connected and idle, accepting a kernel-choice dialog if one opens."""
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            page.wait_for_function(KERNEL_READY_JS, timeout=2_000, polling=250)
            return
        except Exception:  # noqa: BLE001 -- Playwright's TimeoutError: look for a dialog, then wait again
            if time.monotonic() > deadline:
                raise
        accept = page.locator(".jp-Dialog .jp-Dialog-button.jp-mod-accept")
        if accept.count():
            accept.first.click(timeout=5_000)


def strip_ansi(text: str) -> str:
    return re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", text)


def run_all_cells(page) -> dict:
    """Clear every output, run all cells and wait until each code cell has run and the kernel is idle."""
    state = page.evaluate(STATE_JS)
    if not state["prompts"]:
        state["how"] = "nothing to run"
        return state
    how = menu_or_command(page, "Edit", "Clear Outputs of All Cells", "notebook:clear-all-cell-outputs")
    page.wait_for_function(ALL_CLEARED_JS, timeout=30_000, polling=250)
    how = menu_or_command(page, "Run", "Run All Cells", "notebook:run-all-cells") + "/" + how
    try:
        # Run All is queued at once: some prompt turns to [*] within a few seconds (or a quick notebook is done)
        page.wait_for_function(f"() => {{ const s = ({STATE_JS})(); return s.prompts.some(p => /\\d|\\*/.test(p)); }}",
                               timeout=15_000, polling=100)
    except Exception:  # noqa: BLE001 -- the menu click did not take: run the command itself
        run_command(page, "notebook:run-all-cells")
        how = "command"
    page.wait_for_function(ALL_RUN_JS, timeout=RUN_TIMEOUT_S * 1000, polling=500)
    settle(page)
    state = page.evaluate(STATE_JS)
    state["how"] = how
    return state


def settle(page, quiet_ms: int = 800, timeout_s: float = 30) -> None:
    """Wait until the kernel is idle and widgets have had a moment to render."""
    page.wait_for_function(KERNEL_READY_JS, timeout=timeout_s * 1000, polling=250)
    page.wait_for_timeout(quiet_ms)
    page.wait_for_function(KERNEL_READY_JS, timeout=timeout_s * 1000, polling=250)


def page_text(page) -> str:
    return page.evaluate("() => document.body.innerText")


def full_screenshot(page, path: Path) -> None:
    """The whole notebook in one picture: grow the window to the notebook's height, then capture."""
    path.parent.mkdir(parents=True, exist_ok=True)
    height = page.evaluate("""() => {
        const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;
        const scroller = (panel && panel.node.querySelector('.jp-WindowedPanel-outer'))
                         || document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer');
        if (!scroller) return 0;
        const cells = scroller.querySelectorAll('.jp-Cell');
        const last = cells.length ? cells[cells.length - 1] : null;
        const content = last ? last.getBoundingClientRect().bottom - scroller.getBoundingClientRect().top
                                + scroller.scrollTop + 40
                             : scroller.scrollHeight;
        return content + (window.innerHeight - scroller.clientHeight);
    }""")
    size = page.viewport_size or VIEWPORT
    page.set_viewport_size({"width": size["width"], "height": max(VIEWPORT["height"],
                                                                   min(int(height) + 20, MAX_SCREENSHOT_HEIGHT))})
    page.wait_for_timeout(500)
    # from the top: the panel keeps the scroll position of the last cell run
    page.evaluate("() => document.querySelectorAll('.jp-WindowedPanel-outer').forEach(s => { s.scrollTop = 0; })")
    page.wait_for_timeout(300)
    page.screenshot(path=str(path), full_page=True, timeout=60_000)
    page.set_viewport_size(size)
    page.wait_for_timeout(200)


def element_screenshot(page, locator, path: Path) -> None:
    """One element in one picture: make the window taller than the element first (it sits in a scrolled panel)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    box = locator.bounding_box(timeout=30_000) or {"height": VIEWPORT["height"]}
    size = page.viewport_size or VIEWPORT
    page.set_viewport_size({"width": size["width"],
                            "height": max(size["height"], min(int(box["height"]) + 300, MAX_SCREENSHOT_HEIGHT))})
    page.wait_for_timeout(300)
    locator.scroll_into_view_if_needed(timeout=30_000)
    locator.screenshot(path=str(path), timeout=60_000)
    page.set_viewport_size(size)
    page.wait_for_timeout(200)


# ---------------------------------------------------------------------------------- a notebook written for a test


def code_notebook(*sources: str):
    """A notebook of code cells, one per source, for the python3 kernel."""
    import nbformat

    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(source) for source in sources])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    return notebook


@contextmanager
def lab_serving(server: LabServer, notebooks: dict[str, tuple[str, ...]]) -> Iterator[LabServer]:
    """The shared, started ``server`` (the ``jupyterlab`` fixture) with ``notebooks`` (file name → cell sources)
    written into its root; every kernel is shut down after, so the next module starts from fresh kernels."""
    import nbformat

    for name, sources in notebooks.items():
        nbformat.write(code_notebook(*sources), server.root / name)
    try:
        yield server
    finally:
        server.shutdown_kernels()


def open_widget_notebook(context, server: LabServer, notebook: str, widget: str = ".brass-explorer"):
    """A new page with ``notebook`` open and run, scrolled so that ``widget`` (whose board has drawn) is at the top."""
    page = context.new_page()
    open_notebook(page, server, notebook)
    state = run_all_cells(page)
    assert not state["errors"], state["errors"]
    page.locator(f"{widget} img.brass-board").first.wait_for(timeout=60_000)
    page.evaluate("(css) => document.querySelector(css).scrollIntoView({block: 'start'})", widget)
    settle(page, quiet_ms=500)
    return page
