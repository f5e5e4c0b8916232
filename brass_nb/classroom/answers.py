"""The class's quiz answers: one row each in a SQLite database that only the class hub's answers service writes.

A learner's kernel sends an answer to the service (:mod:`brass_nb.classroom.service`) with the token the hub gave
its server; the service checks it here and stores it under the name the hub vouches for. What a learner sends is
untrusted: anything but a small flat object of the four expected fields (and, from kernels that know them, the three
optional ones naming the item of the quiz bank) is refused with a reason, in both languages.
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
LIMITS = {"notebook": 200, "question": 200, "answer": 500, "item": 200}
"""The longest text each field may hold."""
FIELDS = ("notebook", "question", "answer", "correct")
ITEM_FIELDS = ("item", "kind", "tries")
"""Sent together or not at all: the quiz bank's item (``"03_coal_iron_beer/q2"``), its kind, and which try this was
(1: the first try at this showing of it)."""
KINDS = ("question", "your_move")
MAX_TRIES = 99
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
ADDED_COLUMNS = {"item": "TEXT NOT NULL DEFAULT ''", "kind": "TEXT NOT NULL DEFAULT ''",
                 "tries": "INTEGER NOT NULL DEFAULT 0"}
"""Columns added since the first classes: a database made before gets them, empty, when the service starts."""


@dataclass(frozen=True)
class Answer:
    """One checked quiz answer, as a learner's kernel sends it (``item`` "" when the kernel did not say)."""

    notebook: str
    question: str
    answer: str
    correct: bool
    item: str = ""
    kind: str = ""
    tries: int = 0


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
    if set(data) not in (set(FIELDS), set(FIELDS + ITEM_FIELDS)):
        raise AnswerRefused([Step("answer.fields", {"expected": list(FIELDS), "optional": list(ITEM_FIELDS),
                                                    "found": sorted(map(str, data))[:8]}, ok=False)])
    for field, limit in LIMITS.items():
        value = data.get(field, "")
        if not isinstance(value, str) or len(value) > limit:
            raise AnswerRefused([Step("answer.field", {"field": field, "limit": limit}, ok=False)])
    if not isinstance(data["correct"], bool):
        raise AnswerRefused([Step("answer.field", {"field": "correct", "limit": 0}, ok=False)])
    if "kind" in data and data["kind"] not in KINDS:
        raise AnswerRefused([Step("answer.field", {"field": "kind", "allowed": list(KINDS)}, ok=False)])
    tries = data.get("tries", 0)
    if "tries" in data and (type(tries) is not int or not 1 <= tries <= MAX_TRIES):
        raise AnswerRefused([Step("answer.field", {"field": "tries", "limit": MAX_TRIES}, ok=False)])
    return Answer(data["notebook"], data["question"], data["answer"], data["correct"], data.get("item", ""),
                  data.get("kind", ""), tries)


class AnswerStore:
    """The answers database: one row per answer, written with SQLite's write-ahead log so that the teacher's reads
    never wait for the class's writes."""

    def __init__(self, path: Path):
        self.path = path
        with self._connect() as db:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute(SCHEMA)
            present = {row[1] for row in db.execute("PRAGMA table_info(answers)")}
            for column, declaration in ADDED_COLUMNS.items():
                if column not in present:
                    db.execute(f"ALTER TABLE answers ADD COLUMN {column} {declaration}")

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=30, isolation_level=None)
        db.execute("PRAGMA busy_timeout=30000")
        return db

    def add(self, learner: str, answer: Answer) -> None:
        """Record ``answer`` for ``learner`` (the name the hub vouched for)."""
        now = datetime.now(UTC).isoformat(timespec="milliseconds")
        with self._connect() as db:
            db.execute("INSERT INTO answers (learner, notebook, question, answer, correct, time, item, kind, tries) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                       (learner, answer.notebook, answer.question, answer.answer, int(answer.correct), now,
                        answer.item, answer.kind, answer.tries))

    def rows(self) -> Iterator[tuple[str, str, str, str, bool, str]]:
        """Every answer, oldest first, each value made text of bounded length (whatever the database holds)."""
        for learner, result in self.results():
            yield learner, result.notebook, result.question, result.answer, result.correct, result.time

    def results(self) -> Iterator[tuple[str, Result]]:
        """Every answer with its learner, oldest first, each value made text of bounded length."""
        with self._connect() as db:
            for row in db.execute("SELECT learner, notebook, question, answer, correct, time, item FROM answers "
                                  "ORDER BY id"):
                learner, notebook, question, answer, correct, time, item = (_text(value) for value in row)
                yield learner, Result(notebook, question, answer, correct in ("1", "True", "true"), time, item)


def summaries(store: AnswerStore) -> list[Row]:
    """One row per learner and question (as the offline collector makes them), in learner, notebook, question
    order."""
    by_learner: dict[str, list[Result]] = {}
    for learner, result in store.results():
        by_learner.setdefault(learner, []).append(result)
    return [row for learner in sorted(by_learner) for row in rows_of(learner, by_learner[learner])]


def _text(value: object, limit: int = 1000) -> str:
    """A database value as bounded text (rows written by other means may hold anything SQLite stores)."""
    if isinstance(value, bytes):
        value = value.decode("utf-8", "replace")
    text = "" if value is None else str(value)
    return text if len(text) <= limit else text[:limit] + "…"
