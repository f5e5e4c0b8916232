"""The class's quiz answers: one row each in a SQLite database that only the class hub's answers service writes.

A learner's kernel sends an answer to the service (:mod:`brass_nb.classroom.service`) with the token the hub gave
its server; the service checks it here and stores it under the name the hub vouches for. What a learner sends is
untrusted: anything but a small flat object of the four expected fields is refused with a reason, in both languages.
What the database holds is read defensively too (a teacher's export survives rows written by other means); the class
view and the CSV are the offline collector's (:mod:`brass_nb.classroom.collect`), formulas escaped.
"""
from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from brass_nb.classroom.collect import Row, rows_of
from brass_nb.classroom.scores import Result
from brass_nb.rules.errors import AnswerRefused
from brass_nb.rules.records import Step

MAX_BODY_BYTES = 4096
"""An answer is a few hundred bytes; more is refused before it is parsed."""
LIMITS = {"notebook": 200, "question": 200, "answer": 500}
"""The longest text each field may hold."""
FIELDS = ("notebook", "question", "answer", "correct")
JSON_KINDS = {list: "list", str: "string", int: "number", float: "number", bool: "true or false", type(None): "null"}
"""What a body that is JSON but no object holds, in the messages' words."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS answers (
    id INTEGER PRIMARY KEY,
    learner TEXT NOT NULL,
    notebook TEXT NOT NULL,
    question TEXT NOT NULL,
    answer TEXT NOT NULL,
    correct INTEGER NOT NULL,
    time TEXT NOT NULL
)
"""


@dataclass(frozen=True)
class Answer:
    """One checked quiz answer, as a learner's kernel sends it."""

    notebook: str
    question: str
    answer: str
    correct: bool


def parse_answer(body: bytes) -> Answer:
    """The answer ``body`` (JSON) holds, or :class:`AnswerRefused` saying what is wrong with it."""
    if len(body) > MAX_BODY_BYTES:
        raise AnswerRefused([Step("answer.too_large", {"size": len(body), "limit": MAX_BODY_BYTES}, ok=False)])
    try:
        data = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError):
        raise AnswerRefused([Step("answer.not_json", {}, ok=False)]) from None
    if not isinstance(data, dict):
        raise AnswerRefused([Step("answer.fields", {"expected": list(FIELDS), "kind": JSON_KINDS[type(data)]},
                                  ok=False)])
    if set(data) != set(FIELDS):
        raise AnswerRefused([Step("answer.fields", {"expected": list(FIELDS), "found": sorted(map(str, data))[:8]},
                                  ok=False)])
    for field, limit in LIMITS.items():
        value = data[field]
        if not isinstance(value, str) or len(value) > limit:
            raise AnswerRefused([Step("answer.field", {"field": field, "limit": limit}, ok=False)])
    if not isinstance(data["correct"], bool):
        raise AnswerRefused([Step("answer.field", {"field": "correct", "limit": 0}, ok=False)])
    return Answer(data["notebook"], data["question"], data["answer"], data["correct"])


class AnswerStore:
    """The answers database: one row per answer, written with SQLite's write-ahead log so that the teacher's reads
    never wait for the class's writes."""

    def __init__(self, path: Path):
        self.path = path
        with self._connect() as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute(SCHEMA)

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        db.execute("PRAGMA busy_timeout=30000")
        return db

    def add(self, learner: str, answer: Answer) -> None:
        """Record ``answer`` for ``learner`` (the name the hub vouched for)."""
        now = datetime.now(UTC).isoformat(timespec="milliseconds")
        with self._connect() as db:
            db.execute("INSERT INTO answers (learner, notebook, question, answer, correct, time) "
                       "VALUES (?, ?, ?, ?, ?, ?)",
                       (learner, answer.notebook, answer.question, answer.answer, int(answer.correct), now))

    def rows(self) -> Iterator[tuple[str, str, str, str, bool, str]]:
        """Every answer, oldest first, each value made text of bounded length (whatever the database holds)."""
        with self._connect() as db:
            for row in db.execute("SELECT learner, notebook, question, answer, correct, time FROM answers "
                                  "ORDER BY id"):
                learner, notebook, question, answer, correct, time = (_text(value) for value in row)
                yield learner, notebook, question, answer, correct in ("1", "True", "true"), time


def summaries(store: AnswerStore) -> list[Row]:
    """One row per learner and question (as the offline collector makes them), in learner, notebook, question
    order."""
    by_learner: dict[str, list[Result]] = {}
    for learner, notebook, question, answer, correct, time in store.rows():
        by_learner.setdefault(learner, []).append(Result(notebook, question, answer, correct, time))
    return [row for learner in sorted(by_learner) for row in rows_of(learner, by_learner[learner])]


def _text(value: object, limit: int = 1000) -> str:
    """A database value as bounded text (rows written by other means may hold anything SQLite stores)."""
    if isinstance(value, bytes):
        value = value.decode("utf-8", "replace")
    text = "" if value is None else str(value)
    return text if len(text) <= limit else text[:limit] + "…"
