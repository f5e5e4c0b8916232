"""Load test of the class hub: a real JupyterHub with N learners at once, each running a lesson through the hub.

    sudo python scripts/classroom_load.py --users 30     (about three minutes on two busy cores; see --help)

What it does, all on 127.0.0.1 and bounded in count and time:

1. ``classroom/prepare.sh`` (JupyterHub from PyPI, configurable-http-proxy from npm, the learners' environment from
   ``binder/``); the learners' environment is kept in ``/opt/brass-class-load`` between runs;
2. a fresh class folder with N learners enrolled by ``brass_nb.classroom.passwords.enrol``, each with a Unix account
   of their own (``accounts.make_account``; as root, removed at the end), and the real
   ``classroom/jupyterhub_config.py`` loaded by a small wrapper that only adds free ports and an API token;
3. for every learner at once: a real login with the issued password, a server started through the hub's REST API
   (the start time is from that request until the hub reports the server ready), the lesson listing and one lesson
   notebook opened through the proxy, a kernel started for it, every code cell executed over the kernel's websocket,
   then one quiz answered, which the class's answers service records;
4. the resident memory of each learner's server and kernel while all are alive, then the learners counted in the
   answers database;
5. the hub stopped (it stops the servers and the proxy), and any process it started still alive killed.

The summary is printed; ``--json`` also writes every figure.  The exit code is 0 only when every learner ran.
"""
from __future__ import annotations

import argparse
import fnmatch
import json
import os
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path

import psutil
import requests
import websocket
from jupyter_client.jsonutil import json_default
from jupyter_client.session import Session

from brass_nb.classroom.accounts import make_account, remove_account
from brass_nb.classroom.answers import AnswerStore
from brass_nb.classroom.passwords import enrol

REPO = Path(__file__).resolve().parent.parent
ENV_CACHE = Path(os.environ.get("BRASS_CLASS_ENV_DIR", "/opt/brass-class-load"))
"""The learners' environment, kept between runs (readable by every account: not under root's home)."""
HOST = "127.0.0.1"
SERVICE = "class-load-test"
START_TIMEOUT_S = 300
CELL_TIMEOUT_S = 180
HUB_UP_TIMEOUT_S = 90
STOP_TIMEOUT_S = 60
LEFTOVER_GRACE_S = 10

WRAPPER = textwrap.dedent('''
    # The class hub's own configuration, with free ports and an API token for the load test.
    load_subconfig({config!r})
    c.JupyterHub.bind_url = "http://{host}:{port}"
    c.JupyterHub.hub_port = {hub_port}
    c.ConfigurableHTTPProxy.api_url = "http://{host}:{api_port}"
    c.JupyterHub.services = [*c.JupyterHub.services, {{"name": {service!r}, "api_token": {token!r}}}]
    c.JupyterHub.load_roles = [*c.JupyterHub.load_roles,
                               {{"name": {service!r}, "services": [{service!r}],
                                 "scopes": ["admin:users", "admin:servers", "access:servers", "tokens"]}}]
''')

ANSWERS_EACH = 10
"""Quiz questions every learner answers at once, once every lesson has run."""

# Run after the lesson: answer one quiz right (it goes to the class's answers service), and say which process the
# kernel is.
PROBE = textwrap.dedent('''
    import os as _os
    import brass_nb as _bn
    from brass_nb.widgets import Quiz as _Quiz
    _game = _bn.new_game("birmingham", players=2, seed=1)
    _quiz = _Quiz.income_after(_game, next(str(a) for a in _game.legal_actions() if a.kind == "loan"))
    _quiz.choice.value = _quiz.answer
    _quiz.check_button.click()
    print("LOAD-PROBE", _os.getpid(), _os.environ.get("BRASS_NB_ANSWERS_URL"))
''')

# Run by every learner at the same moment: answer ANSWERS_EACH questions, timing each answer's trip to the service.
ANSWERS = textwrap.dedent('''
    import time as _time
    from brass_nb.classroom.scores import record_answer as _record
    _seconds = []
    for _number in range({count}):
        _begun = _time.perf_counter()
        assert _record(f"load-question-{{_number}}", f"answer {{_number}}", _number % 2 == 0), "not recorded"
        _seconds.append(_time.perf_counter() - _begun)
    print("LOAD-ANSWERS", " ".join(f"{{s:.4f}}" for s in _seconds))
''').format(count=ANSWERS_EACH)


@dataclass
class Learner:
    """What happened to one learner: timings in seconds, memory in MiB, and the first failure if any."""

    name: str
    lesson: str = ""
    login_ok: bool = False
    start_s: float | None = None
    run_s: float | None = None
    cells: int = 0
    kernel_pid: int | None = None
    server_pid: int | None = None
    kernel_rss_mib: float | None = None
    server_rss_mib: float | None = None
    answer_s: list[float] = field(default_factory=list)
    failure: str | None = None


@dataclass
class Report:
    users: int
    learners: list[Learner] = field(default_factory=list)
    total_s: float = 0.0
    scores_collected: int = 0
    answers_recorded: int = 0
    machine_memory_growth_gib: float | None = None
    score_problems: list[str] = field(default_factory=list)
    leftover_processes: int = 0

    @property
    def failures(self) -> list[Learner]:
        return [learner for learner in self.learners if learner.failure]

    def summary(self) -> str:
        starts = [x.start_s for x in self.learners if x.start_s is not None]
        kernels = [x.kernel_rss_mib for x in self.learners if x.kernel_rss_mib is not None]
        per_user = [x.kernel_rss_mib + x.server_rss_mib for x in self.learners
                    if x.kernel_rss_mib is not None and x.server_rss_mib is not None]
        runs = [x.run_s for x in self.learners if x.run_s is not None]
        lines = [f"learners: {self.users}; failed: {len(self.failures)}; total time {self.total_s:.0f} s",
                 f"lessons executed to the end: {len(runs)} ({sum(x.cells for x in self.learners)} code cells)"]
        if starts:
            lines.append(f"server start: median {statistics.median(starts):.1f} s, max {max(starts):.1f} s")
        if runs:
            lines.append(f"lesson run (kernel start + every cell): median {statistics.median(runs):.1f} s, "
                         f"max {max(runs):.1f} s")
        if kernels:
            lines.append(f"kernel RSS: median {statistics.median(kernels):.0f} MiB, max {max(kernels):.0f} MiB")
        if per_user:
            lines.append(f"per learner (server + kernel RSS): median {statistics.median(per_user):.0f} MiB, "
                         f"max {max(per_user):.0f} MiB, all learners {sum(per_user) / 1024:.1f} GiB")
        if self.machine_memory_growth_gib is not None:
            lines.append(f"machine memory in use grew by {self.machine_memory_growth_gib:.1f} GiB while all ran "
                         "(shared pages counted once; other work on the machine included)")
        lines.append(f"learners with answers in the answers service: {self.scores_collected}; answers recorded: "
                     f"{self.answers_recorded}")
        answers = sorted(s for x in self.learners for s in x.answer_s)
        if answers:
            lines.append(f"an answer's trip to the service, all learners at once: median "
                         f"{statistics.median(answers) * 1000:.0f} ms, p95 "
                         f"{answers[int(0.95 * (len(answers) - 1))] * 1000:.0f} ms ({len(answers)} answers)")
        lines.append(f"processes left running after the stop: {self.leftover_processes}")
        lines += [f"FAILED {x.name} ({x.lesson}): {x.failure}" for x in self.failures]
        return "\n".join(lines)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def prepare(environment: dict[str, str]) -> Path:
    """Run classroom/prepare.sh; returns the learners' environment it built or found."""
    result = subprocess.run(["bash", str(REPO / "classroom" / "prepare.sh")], env=environment, cwd=REPO,
                            stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=1800)
    if result.returncode != 0:
        raise RuntimeError(f"classroom/prepare.sh failed:\n{result.stderr[-4000:]}")
    return Path(result.stdout.strip().splitlines()[-1])


class Hub:
    """One running hub: its URL, the load test's token, and every process it started (for the final stop)."""

    def __init__(self, class_dir: Path, environment: dict[str, str]):
        self.class_dir, self.environment = class_dir, environment
        self.port, hub_port, api_port = free_port(), free_port(), free_port()
        self.url = f"http://{HOST}:{self.port}"
        self.token = secrets.token_hex(32)
        self.wrapper = class_dir / "load_test_config.py"
        self.wrapper.write_text(WRAPPER.format(config=str(REPO / "classroom" / "jupyterhub_config.py"), host=HOST,
                                               port=self.port, hub_port=hub_port, api_port=api_port,
                                               service=SERVICE, token=self.token))
        self.wrapper.chmod(0o600)
        self.log = class_dir / "jupyterhub.log"
        self.process: subprocess.Popen | None = None
        self.seen: dict[int, float] = {}  # pid -> create time, of every process under the hub, for the stop
        self.seen_lock = threading.Lock()

    def start(self) -> None:
        with self.log.open("wb") as log:
            self.process = subprocess.Popen([sys.executable, "-m", "jupyterhub", "-f", str(self.wrapper)],
                                            cwd=self.class_dir, env=self.environment, stdin=subprocess.DEVNULL,
                                            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + HUB_UP_TIMEOUT_S
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the hub exited with {self.process.returncode}:\n{self.log_tail()}")
            try:
                if requests.get(f"{self.url}/hub/api/", timeout=5).status_code == 200:
                    self.remember_processes()
                    return
            except requests.ConnectionError:
                pass
            time.sleep(0.5)
        raise RuntimeError(f"the hub did not answer within {HUB_UP_TIMEOUT_S} s:\n{self.log_tail()}")

    def api(self, method: str, path: str, **kwargs) -> requests.Response:
        headers = {"Authorization": f"token {self.token}"}
        return requests.request(method, f"{self.url}{path}", headers=headers, timeout=60, **kwargs)

    def remember_processes(self) -> None:
        """Note the hub and every process below it; servers run in sessions of their own, so they are found here."""
        if self.process is None:
            return
        try:
            root = psutil.Process(self.process.pid)
            processes = [root, *root.children(recursive=True)]
        except psutil.NoSuchProcess:
            return
        with self.seen_lock:
            for process in processes:
                try:
                    self.seen.setdefault(process.pid, process.create_time())
                except psutil.NoSuchProcess:
                    pass

    def still_running(self) -> list[psutil.Process]:
        alive = []
        for pid, created in list(self.seen.items()):
            try:
                process = psutil.Process(pid)
                if process.create_time() == created and process.status() != psutil.STATUS_ZOMBIE:
                    alive.append(process)
            except psutil.NoSuchProcess:
                pass
        return alive

    def stop(self) -> int:
        """Stop the hub as Ctrl-C would (it stops servers and proxy), then kill what is left; returns that count."""
        if self.process is None:
            return 0
        self.remember_processes()
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                pass
        grace = time.monotonic() + LEFTOVER_GRACE_S     # (a kernel may still be saying goodbye to its server)
        while time.monotonic() < grace and [p for p in self.still_running() if p.pid != self.process.pid]:
            time.sleep(0.5)
        leftovers = [p for p in self.still_running() if p.pid != self.process.pid]
        for process in self.still_running():
            try:
                os.killpg(os.getpgid(process.pid), signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(10)
        return len(leftovers)

    def log_tail(self, characters: int = 4000) -> str:
        return self.log.read_text(errors="replace")[-characters:] if self.log.exists() else ""


def log_in(hub: Hub, name: str, password: str) -> bool:
    """A learner's own login through the hub's form: the class list must accept the issued password."""
    browser = requests.Session()
    browser.get(f"{hub.url}/hub/login", timeout=60)
    form = {"username": name, "password": password, "_xsrf": browser.cookies.get("_xsrf", "")}
    answer = browser.post(f"{hub.url}/hub/login?next=", data=form, allow_redirects=False, timeout=60)
    return answer.status_code == 302


def start_server(hub: Hub, learner: Learner, deadline: float) -> None:
    started = time.monotonic()
    answer = hub.api("POST", f"/hub/api/users/{learner.name}/server")
    if answer.status_code not in (201, 202):
        raise RuntimeError(f"server start refused: {answer.status_code} {answer.text[:300]}")
    while time.monotonic() < deadline:
        state = hub.api("GET", f"/hub/api/users/{learner.name}").json()
        server = state.get("servers", {}).get("")
        if server and server.get("ready"):
            learner.start_s = time.monotonic() - started
            return
        if server is None and state.get("pending") is None and time.monotonic() - started > 5:
            raise RuntimeError("the server stopped while starting")
        time.sleep(0.5)
    raise TimeoutError("the server was not ready in time")


def _notebooks(hub: Hub, base: str, folder: str) -> list[str]:
    """The notebooks in a learner's ``folder`` and its language folders, as paths relative to it (``en/00_…``)."""
    listing = hub.api("GET", f"{base}/contents/{folder}")
    listing.raise_for_status()
    found = []
    for item in listing.json()["content"]:
        if item["type"] == "directory":
            found += [f"{item['name']}/{name}" for name in _notebooks(hub, base, f"{folder}/{item['name']}")]
        elif item["name"].endswith(".ipynb"):
            found.append(item["name"])
    return found


def run_lesson(hub: Hub, learner: Learner, index: int, pattern: str, deadline: float,
               together: threading.Barrier) -> None:
    """Open one lesson of the learner's copy, start a kernel for it and execute every code cell, then the probe.

    Learners take the lessons matching ``pattern`` in turn: the first learner the first lesson, and so on.
    """
    base = f"/user/{learner.name}/api"
    lessons = sorted(name for name in _notebooks(hub, base, "lessons") if fnmatch.fnmatch(name, pattern))
    if not lessons:
        raise RuntimeError(f"no lesson notebook matching {pattern!r} in the learner's lessons folder")
    learner.lesson = lessons[index % len(lessons)]
    path = f"lessons/{learner.lesson}"
    opened = hub.api("GET", f"{base}/contents/{path}", params={"content": 1})
    opened.raise_for_status()
    cells = [cell for cell in opened.json()["content"]["cells"] if cell["cell_type"] == "code"]
    begun = time.monotonic()
    session = hub.api("POST", f"{base}/sessions", json={"path": path, "name": learner.lesson.rpartition("/")[2],
                                                        "type": "notebook",
                                                        "kernel": {"name": "python3"}})
    session.raise_for_status()
    kernel = session.json()["kernel"]["id"]
    client = Session(username=learner.name)
    channel = websocket.create_connection(
        f"ws://{HOST}:{hub.port}{base}/kernels/{kernel}/channels?session_id={client.session}",
        header=[f"Authorization: token {hub.token}"], timeout=CELL_TIMEOUT_S)
    try:
        for number, cell in enumerate(cells, 1):
            execute(channel, client, "".join(cell["source"]), f"cell {number} of {learner.lesson}", deadline)
            learner.cells = number
        printed = execute(channel, client, PROBE, "the quiz probe", deadline)
        try:
            together.wait(timeout=max(1.0, deadline - time.monotonic()))
        except threading.BrokenBarrierError:
            pass                            # (a learner failed before: the others answer without waiting)
        answered = execute(channel, client, ANSWERS, "the answers", deadline)
    finally:
        channel.close()
    line = next(line for line in answered.splitlines() if line.startswith("LOAD-ANSWERS"))
    learner.answer_s = [float(seconds) for seconds in line.split()[1:]]
    learner.run_s = time.monotonic() - begun
    probe = next(line for line in printed.splitlines() if line.startswith("LOAD-PROBE")).split()
    learner.kernel_pid = int(probe[1])
    learner.server_pid = psutil.Process(learner.kernel_pid).ppid()
    hub.remember_processes()


def execute(channel: websocket.WebSocket, client: Session, code: str, what: str, deadline: float) -> str:
    """Execute ``code`` in the kernel; returns what it printed; raises with the error if the cell failed.

    Done means both the reply on the shell channel and the kernel's idle status on iopub: the two channels are not
    ordered, so output can still arrive after the reply.
    """
    request = client.msg("execute_request", {"code": code, "silent": False, "store_history": True,
                                             "user_expressions": {}, "allow_stdin": False, "stop_on_error": True})
    request["channel"] = "shell"
    channel.send(json.dumps(request, default=json_default))
    printed, errors, reply, idle = [], [], None, False
    while reply is None or not idle:
        if time.monotonic() > deadline:
            raise TimeoutError(f"{what} did not finish before the load test's deadline")
        frame = channel.recv()
        if isinstance(frame, bytes):
            continue  # only messages with binary buffers (widget state) come as binary frames
        message = json.loads(frame)
        if message.get("parent_header", {}).get("msg_id") != request["header"]["msg_id"]:
            continue
        kind, content = message["msg_type"], message["content"]
        if kind == "stream" and content.get("name") == "stdout":
            printed.append(content["text"])
        elif kind == "error":
            errors.append(f"{content['ename']}: {content['evalue']}")
        elif kind == "execute_reply" and message["channel"] == "shell":
            reply = content
        elif kind == "status" and content.get("execution_state") == "idle":
            idle = True
    if reply["status"] != "ok" or errors:
        raise RuntimeError(f"{what} failed: {'; '.join(errors) or reply.get('evalue', reply)}")
    return "".join(printed)


def run_learner(hub: Hub, learner: Learner, password: str, index: int, pattern: str, deadline: float,
                together: threading.Barrier) -> None:
    try:
        learner.login_ok = log_in(hub, learner.name, password)
        if not learner.login_ok:
            raise RuntimeError("the hub refused the issued password")
        start_server(hub, learner, deadline)
        hub.remember_processes()
        run_lesson(hub, learner, index, pattern, deadline, together)
    except Exception as error:  # every failure is recorded per learner; the run goes on for the others
        learner.failure = f"{type(error).__name__}: {error}"[:500]
        together.abort()


def measure_memory(learners: list[Learner]) -> None:
    mib = 1024 * 1024
    for learner in learners:
        for attribute, pid in (("kernel_rss_mib", learner.kernel_pid), ("server_rss_mib", learner.server_pid)):
            if pid is None:
                continue
            try:
                setattr(learner, attribute, psutil.Process(pid).memory_info().rss / mib)
            except psutil.NoSuchProcess:
                learner.failure = learner.failure or f"process {pid} was gone before its memory was read"


def run(users: int, timeout_s: float, lessons: str = "*", keep: bool = False) -> Report:
    """The whole load test; every process it starts is stopped before it returns."""
    began = time.monotonic()
    deadline = began + timeout_s
    report = Report(users)
    class_dir = Path(tempfile.mkdtemp(prefix="brass-class-load-"))
    environment = {**os.environ, "BRASS_CLASS_DIR": str(class_dir), "BRASS_CLASS_ENV_DIR": str(ENV_CACHE)}
    prepare(environment)
    names = [f"learner{number:02d}" for number in range(1, users + 1)]
    passwords = enrol(names, class_dir / "learners.txt")
    for name in names:
        make_account(name)
    report.learners = [Learner(name) for name in names]
    hub = Hub(class_dir, environment)
    available_before = psutil.virtual_memory().available
    try:
        hub.start()
        together = threading.Barrier(users)
        with ThreadPoolExecutor(max_workers=users) as pool:
            for index, learner in enumerate(report.learners):
                pool.submit(run_learner, hub, learner, passwords[learner.name], index, lessons, deadline, together)
        measure_memory(report.learners)
        report.machine_memory_growth_gib = (available_before - psutil.virtual_memory().available) / 1024 ** 3
        rows = list(AnswerStore(class_dir / "answers.sqlite").rows())
        report.scores_collected, report.answers_recorded = len({row[0] for row in rows}), len(rows)
    finally:
        report.leftover_processes = hub.stop()
        for name in names:
            remove_account(name)
        report.total_s = time.monotonic() - began
        if report.failures:
            print(f"hub log (last lines) in {hub.log}:\n{hub.log_tail()}", file=sys.stderr)
        if not keep and not report.failures:
            shutil.rmtree(class_dir, ignore_errors=True)
    return report


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--users", type=int, default=30, help="learners at once (1-60)")
    parser.add_argument("--timeout", type=float, default=1200, help="seconds for the whole run")
    parser.add_argument("--json", type=Path, help="write every figure to this file")
    parser.add_argument("--lessons", default="*", help="the lessons learners take in turn (a file pattern)")
    parser.add_argument("--keep", action="store_true", help="keep the class folder (homes, hub log)")
    args = parser.parse_args()
    if not 1 <= args.users <= 60:
        parser.error("--users must be between 1 and 60")
    report = run(args.users, args.timeout, args.lessons, args.keep)
    print(report.summary())
    if args.json:
        args.json.write_text(json.dumps({**asdict(report), "summary": report.summary()}, indent=1))
    return 0 if not report.failures and report.scores_collected == args.users else 1


if __name__ == "__main__":
    sys.exit(main())
