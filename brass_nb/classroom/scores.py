"""A learner's quiz results: sent to the class's answers service on a class hub, else kept as one small JSON file.

On a class hub the spawner sets ``BRASS_NB_ANSWERS_URL``, and each answer goes to the answers service
(:mod:`brass_nb.classroom.service`), which records it under the name the hub vouches for. Elsewhere (a laptop, a
teacher's own server) ``BRASS_NB_SCORES`` may name a local file (``~`` stands for the home), written whole or not at
all; where neither is set (Binder) nothing is kept.  The file belongs to the learner, who can edit, break or replace
it, so reading trusts nothing in it: a symlink, a FIFO, an oversized file, bad JSON or a malformed entry is reported
as a problem and skipped, never followed or raised.
"""
from __future__ import annotations

import fcntl
import json
import logging
import os
import stat
import urllib.error
import urllib.request
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path

from brass_nb.rules.errors import BrassError
from brass_nb.rules.files import write_text

ANSWERS_URL_VARIABLE = "BRASS_NB_ANSWERS_URL"
"""Set by a class hub's spawner: where the class's answers service takes answers (brass_nb.classroom.service)."""
TOKEN_VARIABLE = "JUPYTERHUB_API_TOKEN"
"""The token the hub gives each learner's server (and so its kernels): the service asks the hub whose it is."""
SEND_TIMEOUT_S = 10
SCORES_VARIABLE = "BRASS_NB_SCORES"
SCORES_FILE = ".brass_nb/scores.json"
"""Where the file lives inside a learner's home; the hub configurations set ``BRASS_NB_SCORES`` to ``~/`` + this."""
NOTEBOOK_VARIABLE = "JPY_SESSION_NAME"
"""Set by Jupyter Server for each kernel it starts for a notebook: the notebook's path (kept relative to home)."""
MAX_FILE_BYTES = 1_000_000
FORMAT_VERSION = 1

log = logging.getLogger(__name__)


class ScoreFileError(BrassError, OSError):
    """The local score file could not be written (an OSError too, so the quiz logs it and goes on)."""


@dataclass(frozen=True)
class Result:
    """One checked answer: which notebook and question, what the learner chose, whether it was right, when."""

    notebook: str
    question: str
    answer: str
    correct: bool
    time: str
    item: str = ""
    """The quiz bank's item (``"03_coal_iron_beer/q2"``) when the kernel said; "" when not."""

    @classmethod
    def from_record(cls, record: object) -> Result:
        """The result an entry of the file describes; ValueError when the entry is not one."""
        if not isinstance(record, dict):
            raise ValueError(f"expected an object, got {type(record).__name__}")
        texts = {name: record.get(name) for name in ("notebook", "question", "answer", "time")}
        wrong = sorted(name for name, value in texts.items() if not isinstance(value, str))
        if wrong or not isinstance(record.get("correct"), bool):
            raise ValueError(f"expected text fields and a true/false 'correct', got {record!r:.200}")
        return cls(correct=record["correct"], **texts)


def scores_path() -> Path | None:
    """The file named by ``BRASS_NB_SCORES`` (``~`` expanded), or None when results are not kept."""
    value = os.environ.get(SCORES_VARIABLE, "").strip()
    return Path(value).expanduser() if value else None


def read_results(path: Path) -> tuple[list[Result], list[str]]:
    """The results stored in ``path`` and the problems found reading it (a missing file has neither)."""
    try:
        raw = _read_regular_file(path)
    except FileNotFoundError:
        return [], []
    except (OSError, ValueError) as error:
        return [], [f"{path}: {error}"]
    try:
        document = json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        return [], [f"{path}: not JSON ({error})"]
    except RecursionError:
        return [], [f"{path}: nested too deeply to be a score file"]
    entries = document.get("results") if isinstance(document, dict) else None
    if not isinstance(entries, list):
        return [], [f"{path}: expected an object with a 'results' list"]
    results, problems = [], []
    for number, entry in enumerate(entries, 1):
        try:
            results.append(Result.from_record(entry))
        except ValueError as error:
            problems.append(f"{path}: result {number} skipped: {error}")
    return results, problems


def append_result(path: Path, result: Result) -> None:
    """Add ``result`` to the file at ``path``, replaced whole (a reader never sees half of it) while a lock beside it
    keeps two kernels from adding at once (each would keep only its own). A file that cannot be read whole is moved
    aside (``scores.json.unreadable-<time>``), never overwritten: what could be read is kept in the new file, and
    everything in the old one stays for whoever mends it."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path.with_name(f".{path.name}.lock"), "a+b") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        results, problems = read_results(path)
        if problems and path.exists():
            aside = path.with_name(f"{path.name}.unreadable-{datetime.now(UTC).strftime('%Y%m%dT%H%M%S%f')}")
            os.replace(path, aside)
            log.warning("the score file %s could not be read; it is kept as %s", path, aside)
        document = {"version": FORMAT_VERSION, "results": [asdict(r) for r in results + [result]]}
        write_text(path, json.dumps(document, ensure_ascii=False, indent=1), ScoreFileError, 0o600)


def record_answer(question: str, answer: str, correct: bool) -> str | None:
    """Keep one checked quiz answer: on a class hub, with the class's answers service (``BRASS_NB_ANSWERS_URL``,
    with the token the hub gave this server, so that the hub, not this kernel, says whose answer it is); elsewhere in
    the local file ``BRASS_NB_SCORES`` names, when it names one. Returns where it was kept, if anywhere.

    The quiz's feedback matters more than the record: an answer that cannot be kept is logged, not raised.
    """
    notebook = Path(os.environ.get(NOTEBOOK_VARIABLE, ""))
    if notebook.is_absolute() and notebook.is_relative_to(Path.home()):
        notebook = notebook.relative_to(Path.home())
    where = notebook.as_posix() if notebook.parts else ""
    url, token = os.environ.get(ANSWERS_URL_VARIABLE, "").strip(), os.environ.get(TOKEN_VARIABLE, "")
    if url and token:
        return url if send_answer(url, token, where, question, answer, correct) else None
    path = scores_path()
    if path is None:
        return None
    result = Result(where, question, answer, correct, datetime.now(UTC).isoformat(timespec="seconds"))
    try:
        append_result(path, result)
    except OSError as error:
        log.warning("quiz result not saved to %s: %s", path, error)
        return None
    return str(path)


def send_answer(url: str, token: str, notebook: str, question: str, answer: str, correct: bool) -> bool:
    """Send one answer to the class's answers service; whether it was recorded (a refusal or a failure is logged)."""
    body = json.dumps({"notebook": notebook[:200], "question": question[:200], "answer": answer[:500],
                       "correct": correct}).encode("utf-8")
    request = urllib.request.Request(url, data=body, method="POST", headers={
        "Authorization": f"token {token}", "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=SEND_TIMEOUT_S) as response:
            return bool(200 <= response.status < 300)
    except urllib.error.HTTPError as error:
        log.warning("quiz answer not recorded by the class's answers service: %s %s", error.code,
                    error.read(2000).decode("utf-8", "replace"))
    except (OSError, ValueError) as error:
        log.warning("quiz answer not recorded: the class's answers service at %s is not reachable: %s", url, error)
    return False


def _read_regular_file(path: Path) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most MAX_FILE_BYTES, opened without following links."""
    descriptor = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    with os.fdopen(descriptor, "rb") as stream:
        info = os.fstat(stream.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise ValueError("not a regular file")
        if info.st_size > MAX_FILE_BYTES:
            raise ValueError(f"{info.st_size} bytes, more than the {MAX_FILE_BYTES} a score file may hold")
        return stream.read(MAX_FILE_BYTES + 1)
