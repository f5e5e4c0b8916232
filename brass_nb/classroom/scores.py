"""A learner's quiz results, kept as one small JSON file in their own home.

On a class hub the spawner sets ``BRASS_NB_SCORES`` to the file's path (``~`` stands for the learner's home); where
it is unset (a laptop, Binder) nothing is written.  The file belongs to the learner, who can edit, break or replace
it, so reading trusts nothing in it: a symlink, a FIFO, an oversized file, bad JSON or a malformed entry is reported
as a problem and skipped, never followed or raised.
"""
from __future__ import annotations

import json
import logging
import os
import stat
import tempfile
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path

SCORES_VARIABLE = "BRASS_NB_SCORES"
SCORES_FILE = ".brass_nb/scores.json"
"""Where the file lives inside a learner's home; the hub configurations set ``BRASS_NB_SCORES`` to ``~/`` + this."""
NOTEBOOK_VARIABLE = "JPY_SESSION_NAME"
"""Set by Jupyter Server for each kernel it starts for a notebook: the notebook's path (kept relative to home)."""
MAX_FILE_BYTES = 1_000_000
FORMAT_VERSION = 1

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Result:
    """One checked answer: which notebook and question, what the learner chose, whether it was right, when."""

    notebook: str
    question: str
    answer: str
    correct: bool
    time: str

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
    """Add ``result`` to the file at ``path``; the file is replaced whole, so a reader never sees half of it."""
    results, _ = read_results(path)
    document = {"version": FORMAT_VERSION, "results": [asdict(r) for r in results + [result]]}
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=".scores-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            json.dump(document, stream, ensure_ascii=False, indent=1)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise


def record_answer(question: str, answer: str, correct: bool) -> Path | None:
    """Keep one checked quiz answer when ``BRASS_NB_SCORES`` asks for it; returns the file written, if any.

    The quiz's feedback matters more than the record: a file that cannot be written is logged, not raised.
    """
    path = scores_path()
    if path is None:
        return None
    notebook = Path(os.environ.get(NOTEBOOK_VARIABLE, ""))
    if notebook.is_absolute() and notebook.is_relative_to(Path.home()):
        notebook = notebook.relative_to(Path.home())
    now = datetime.now(UTC).isoformat(timespec="seconds")
    result = Result(notebook.as_posix() if notebook.parts else "", question, answer, correct, now)
    try:
        append_result(path, result)
    except OSError as error:
        log.warning("quiz result not saved to %s: %s", path, error)
        return None
    return path


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
