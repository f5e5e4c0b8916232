"""A learner's progress: which questions and "your move" exercises they have done, and which they got right at the
first try, kept in their home so that the next lesson (in a new kernel, a day later) still knows.

Every checked answer is kept, always, in one small JSON file (``~/.brass_nb/progress.json``, or where
``BRASS_NB_PROGRESS`` says), replaced whole under a lock; on a class hub the same record also goes to the class's
answers service (:func:`brass_nb.classroom.scores.record_answer`), which is what the teacher trusts. The file belongs
to the learner, who can edit, break or replace it, so reading trusts nothing in it: a symlink, a FIFO, an oversized
file, bad JSON or a malformed entry is logged as a problem and skipped, never followed or raised into a lesson.

One entry per item: ``"<lesson>/q<number>"`` for a question of the quiz bank, ``"<lesson>/<id>"`` for an exercise.
"""
from __future__ import annotations

import fcntl
import json
import logging
import os
import stat
import weakref
from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path

from brass_nb import quizbank
from brass_nb.classroom.scores import record_answer
from brass_nb.quizbank.exercises import exercises
from brass_nb.rules.errors import BrassError
from brass_nb.rules.files import write_text

PROGRESS_VARIABLE = "BRASS_NB_PROGRESS"
PROGRESS_FILE = ".brass_nb/progress.json"
"""Where the file is inside the learner's home (Binder's too) when ``BRASS_NB_PROGRESS`` is unset."""
QUESTION = "question"
YOUR_MOVE = quizbank.YOUR_MOVE
KINDS = (QUESTION, YOUR_MOVE)
MAX_FILE_BYTES = 1_000_000
MAX_TEXT = 500
"""Longer answers and prompts are cut: the file stays small whatever a lesson asks."""
FORMAT_VERSION = 1

log = logging.getLogger(__name__)


class ProgressFileError(BrassError, OSError):
    """The progress file could not be written (an OSError too, so that :func:`record` logs it and goes on)."""


@dataclass(frozen=True)
class ItemProgress:
    """What the learner did with one question or exercise, over every time they answered it.

    ``needs_review`` is set by a wrong answer (or a right one reached only at a later try) and cleared by an answer
    right at the first try of a later showing; ``missed`` is when it was last set.
    """

    item: str
    kind: str
    attempts: int
    right: bool
    right_first_try: bool
    needs_review: bool
    answer: str
    prompt: str
    time: str
    missed: str | None = None

    @property
    def lesson(self) -> str:
        return self.item.partition("/")[0]

    @classmethod
    def from_record(cls, item: object, record: object) -> ItemProgress:
        """The entry ``record`` of the file describes under ``item``; ValueError when it is not one."""
        if not isinstance(item, str) or "/" not in item or not isinstance(record, dict):
            raise ValueError(f"expected '<lesson>/<item>' and an object, got {item!r:.80}")
        if set(record) != set(ENTRY_TYPES):
            raise ValueError(f"expected the fields {', '.join(ENTRY_TYPES)}, got {sorted(map(str, record))!r:.200}")
        wrong = [name for name, kind in ENTRY_TYPES.items()
                 if not isinstance(record[name], kind) or (kind is int and isinstance(record[name], bool))]
        if wrong or record["kind"] not in KINDS or record["attempts"] < 1:
            raise ValueError(f"unexpected values of {', '.join(wrong) or 'kind or attempts'}: {record!r:.200}")
        return cls(item=item, **record)


ENTRY_TYPES: dict[str, type | tuple[type, ...]] = {
    "kind": str, "attempts": int, "right": bool, "right_first_try": bool, "needs_review": bool, "answer": str,
    "prompt": str, "time": str, "missed": (str, type(None))}
"""What each field of an entry of the file holds (every field but ``item``, which is the entry's key)."""


@dataclass(frozen=True)
class LessonProgress:
    """How far a learner is with one lesson's questions and exercises (only items the lesson still has count)."""

    lesson: str
    questions_done: int
    questions_total: int
    questions_right_first_try: int
    exercises_done: int
    exercises_total: int
    exercises_right_first_try: int


@dataclass(frozen=True)
class ProgressFile:
    """What a progress file holds (by item) and the problems met reading it."""

    items: dict[str, ItemProgress]
    problems: list[str]


def progress_path() -> Path:
    """The learner's progress file: ``BRASS_NB_PROGRESS`` (``~`` expanded) if set, else in the home."""
    value = os.environ.get(PROGRESS_VARIABLE, "").strip()
    return Path(value).expanduser() if value else Path.home() / PROGRESS_FILE


def question_item(question: quizbank.Question) -> str:
    """The item a question of the bank is kept under: ``"<lesson>/q<number>"``."""
    return f"{question.lesson}/q{question.number}"


def record(item: str, kind: str, right: bool, tries: int, answer: str, prompt: str) -> ItemProgress:
    """Keep one checked answer: ``tries`` is 1 for the first try of this showing of the item, 2 for the next.

    Saved in the learner's progress file, and on a class hub sent to the answers service too; a file or a service
    that fails is logged, never raised (the lesson's feedback matters more than the record). Whoever listens
    (:func:`add_listener`) hears of it.
    """
    if kind not in KINDS or "/" not in item:
        raise ValueError(f"expected an item '<lesson>/<id>' of kind {' or '.join(KINDS)}, got {item!r} of {kind!r}")
    now = datetime.now(UTC).isoformat(timespec="milliseconds")
    path = progress_path()
    try:
        kept = _update(path, item, lambda old: _answered(old, item, kind, right, tries, answer, prompt, now))
    except OSError as error:
        log.warning("progress not saved to %s: %s", path, error)
        kept = _answered(None, item, kind, right, tries, answer, prompt, now)
    _tell_listeners(kept)                      # before the service, which may take seconds to answer
    record_answer(prompt[:200], answer[:MAX_TEXT], right, item=item, kind=kind, tries=tries)
    return kept


def read_progress(path: Path | None = None) -> ProgressFile:
    """What the progress file (by default the learner's) holds, and the problems found reading it (a missing file
    has neither)."""
    path = progress_path() if path is None else path
    try:
        raw = _read_regular_file(path)
    except FileNotFoundError:
        return ProgressFile({}, [])
    except (OSError, ValueError) as error:
        return ProgressFile({}, [f"{path}: {error}"])
    try:
        document = json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        return ProgressFile({}, [f"{path}: not JSON ({error})"])
    except RecursionError:
        return ProgressFile({}, [f"{path}: nested too deeply to be a progress file"])
    entries = document.get("items") if isinstance(document, dict) else None
    if not isinstance(entries, dict):
        return ProgressFile({}, [f"{path}: expected an object with an 'items' object"])
    items, problems = {}, []
    for item, entry in entries.items():
        try:
            items[item] = ItemProgress.from_record(item, entry)
        except ValueError as error:
            problems.append(f"{path}: {item!r:.80} skipped: {error}")
    return ProgressFile(items, problems)


def lesson_progress(lesson: str) -> LessonProgress:
    """The learner's progress with ``lesson``, from their progress file."""
    kept = _learners_items()
    questions = [kept.get(question_item(q)) for q in quizbank.questions(lesson)]
    moves = [kept.get(exercise.key) for exercise in exercises(lesson)]
    questions_done = [p for p in questions if p is not None]
    moves_done = [p for p in moves if p is not None]
    return LessonProgress(lesson, len(questions_done), len(questions), sum(p.right_first_try for p in questions_done),
                          len(moves_done), len(moves), sum(p.right_first_try for p in moves_done))


def to_review(lesson: str, limit: int = 3) -> list[str]:
    """Up to ``limit`` items of lessons before ``lesson`` the learner missed (wrong, or right only at a later try)
    and has not since answered right at the first try; the most recent misses first."""
    earlier = {name for name in quizbank.lessons() if name < lesson}
    known = {key for name in earlier for key in _items_of(name)}
    missed = [p for p in _learners_items().values() if p.needs_review and p.item in known]
    missed.sort(key=lambda p: (p.missed or p.time, p.item), reverse=True)
    return [p.item for p in missed[:limit]]


Listener = Callable[[ItemProgress], None]
_listeners: list[Callable[[], Listener | None]] = []


def add_listener(listener: Listener) -> None:
    """Call ``listener`` with each item :func:`record` keeps. A bound method is held weakly, so that a widget shown by
    a cell run again is forgotten with its cell."""
    reference = weakref.WeakMethod(listener) if hasattr(listener, "__self__") else (lambda: listener)
    _listeners.append(reference)


def _tell_listeners(kept: ItemProgress) -> None:
    _listeners[:] = [reference for reference in _listeners if reference() is not None]
    for reference in list(_listeners):
        _tell(reference, kept)


def _tell(reference: Callable[[], Listener | None], kept: ItemProgress) -> None:
    """Call one listener (in a frame of its own: a logged failure's traceback holds no other listener)."""
    listener = reference()
    if listener is None:
        return
    try:
        listener(kept)
    except Exception:   # a listener's failure must not undo the learner's answer
        log.exception("a progress listener failed")


def _answered(old: ItemProgress | None, item: str, kind: str, right: bool, tries: int, answer: str, prompt: str,
              now: str) -> ItemProgress:
    """``old`` (None: never answered) after one more checked answer."""
    first_try = right and tries == 1
    if first_try:
        needs_review, missed = False, None
    elif not right:
        needs_review, missed = True, now
    elif old is not None:                     # right at a later try: as it was after the try before
        needs_review, missed = old.needs_review, old.missed
    else:
        needs_review, missed = True, now
    return ItemProgress(item, kind, (old.attempts if old else 0) + 1, right,
                        old.right_first_try if old else first_try, needs_review, answer[:MAX_TEXT],
                        prompt[:MAX_TEXT], now, missed)


def _update(path: Path, item: str, change: Callable[[ItemProgress | None], ItemProgress]) -> ItemProgress:
    """Apply ``change`` to ``item``'s entry and write the file whole (a reader never sees half of it), holding a lock
    beside it so that two kernels do not update it at once (each would keep only its own). A file that cannot be read
    whole is moved aside (``progress.json.unreadable-<time>``), never overwritten."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path.with_name(f".{path.name}.lock"), "a+b") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        stored = read_progress(path)
        if stored.problems and (path.exists() or path.is_symlink()):
            aside = path.with_name(f"{path.name}.unreadable-{datetime.now(UTC).strftime('%Y%m%dT%H%M%S%f')}")
            os.replace(path, aside)
            log.warning("the progress file %s could not be read whole; it is kept as %s", path, aside)
        kept = change(stored.items.get(item))
        items = {**stored.items, item: kept}
        document = {"version": FORMAT_VERSION,
                    "items": {key: {k: v for k, v in asdict(p).items() if k != "item"} for key, p in items.items()}}
        write_text(path, json.dumps(document, ensure_ascii=False, indent=1), ProgressFileError, 0o600)
    return kept


def _learners_items() -> dict[str, ItemProgress]:
    """The learner's items, the problems found logged (a broken file is a lesson without progress, not an error)."""
    stored = read_progress()
    for problem in stored.problems:
        log.warning("progress: %s", problem)
    return stored.items


def _items_of(lesson: str) -> list[str]:
    return [question_item(q) for q in quizbank.questions(lesson)] + [e.key for e in exercises(lesson)]


def _read_regular_file(path: Path) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most MAX_FILE_BYTES, opened without following links."""
    descriptor = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    with os.fdopen(descriptor, "rb") as stream:
        info = os.fstat(stream.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise ValueError("not a regular file")
        if info.st_size > MAX_FILE_BYTES:
            raise ValueError(f"{info.st_size} bytes, more than the {MAX_FILE_BYTES} a progress file may hold")
        return stream.read(MAX_FILE_BYTES + 1)
