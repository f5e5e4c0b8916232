"""The teacher's table: every learner's quiz results, gathered from the learners' homes into one table.

Each folder directly under the homes folder is one learner (named after the folder); their progress is read from
``<home>/.brass_nb/progress.json`` (:mod:`brass_nb.progress`). One row per learner and question or exercise: how
often they checked an answer, whether the first and the last answers were right. Files that cannot be trusted are
listed as problems, never fatal. (On a class hub the answers service holds the same rows, under names the hub
vouches for: prefer its view to files the learners could edit.)
"""
from __future__ import annotations

import csv
from dataclasses import astuple, dataclass, fields
from pathlib import Path
from typing import TextIO

from brass_nb.classroom.scores import Result
from brass_nb.progress import PROGRESS_FILE, ItemProgress, read_progress


@dataclass(frozen=True)
class Row:
    """One learner's answers to one question of one notebook (from a progress file: of one lesson)."""

    learner: str
    notebook: str
    question: str
    attempts: int
    first_correct: bool
    last_correct: bool
    last_answer: str
    last_time: str


COLUMNS = tuple(field.name for field in fields(Row))
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet may run as a formula when a cell begins with it (OWASP's list)."""


@dataclass(frozen=True)
class Collection:
    """The rows of every learner, in learner, notebook, question order, and the problems met on the way."""

    rows: tuple[Row, ...]
    problems: tuple[str, ...]
    learners: tuple[str, ...]


def collect(homes: Path, progress_file: str = PROGRESS_FILE) -> Collection:
    """Read the progress file of every learner's home under ``homes``."""
    rows: list[Row] = []
    problems: list[str] = []
    learners = sorted(home.name for home in homes.iterdir() if home.is_dir() and not home.is_symlink())
    for learner in learners:
        home = homes / learner
        path = home / progress_file
        if not path.parent.resolve().is_relative_to(home.resolve()):
            problems.append(f"{path}: leads outside {learner}'s home; skipped")
            continue
        stored = read_progress(path)
        problems.extend(stored.problems)
        rows.extend(sorted((row_of(learner, kept) for kept in stored.items.values()),
                           key=lambda row: (row.notebook, row.question)))
    return Collection(tuple(rows), tuple(problems), tuple(learners))


def row_of(learner: str, kept: ItemProgress) -> Row:
    """The row of one item of a learner's progress file."""
    return Row(learner, kept.lesson, kept.prompt, kept.attempts, kept.right_first_try, kept.right, kept.answer,
               kept.time)


def rows_of(learner: str, results: list[Result]) -> list[Row]:
    """One row per question (per item of the quiz bank when the answers name it), from results in the order they
    were checked; the row shows the question as last asked (a learner may switch language)."""
    by_question: dict[tuple[str, str], list[Result]] = {}
    for result in sorted(results, key=lambda r: r.time):
        by_question.setdefault((result.notebook, result.item or result.question), []).append(result)
    return sorted((Row(learner, notebook, answers[-1].question, len(answers), answers[0].correct, answers[-1].correct,
                       answers[-1].answer, answers[-1].time) for (notebook, _), answers in by_question.items()),
                  key=lambda row: (row.notebook, row.question))


def write_csv(rows: tuple[Row, ...], stream: TextIO) -> None:
    """The rows as CSV with a header line, for a spreadsheet (a cell that would run as a formula starts with ')."""
    writer = csv.writer(stream, lineterminator="\n")
    writer.writerow(COLUMNS)
    writer.writerows([safe_cell(value) for value in astuple(row)] for row in rows)


def safe_cell(value: object) -> str:
    """``value`` as a CSV cell that no spreadsheet runs as a formula."""
    text = str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def format_table(collection: Collection) -> str:
    """A plain-text table: one line per learner with their questions answered and right first time."""
    per_learner = {learner: [0, 0, 0] for learner in collection.learners}
    for row in collection.rows:
        counts = per_learner[row.learner]
        counts[0] += 1
        counts[1] += row.first_correct
        counts[2] += row.last_correct
    header = ("learner", "questions", "right first time", "right at last")
    lines = [header] + [(learner, *map(str, counts)) for learner, counts in per_learner.items()]
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    text = ["  ".join(cell.ljust(width) if i == 0 else cell.rjust(width)
                      for i, (cell, width) in enumerate(zip(line, widths, strict=False))).rstrip() for line in lines]
    return "\n".join([text[0], "  ".join("-" * width for width in widths), *text[1:]])
