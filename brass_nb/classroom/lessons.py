"""Hand out the lessons: copy the lesson notebooks into a learner's home, never over the learner's own edits."""
from __future__ import annotations

import shutil
from pathlib import Path

LESSONS_FOLDER = "lessons"
"""The folder in each learner's home that holds their copy of the repository's ``notebooks/``."""


def hand_out_command(python: str = "python", lessons: str = "$REPO_DIR/notebooks") -> str:
    """The shell command a learner's server runs as the learner before it starts: copy the lessons their home lacks
    (the same on every hub; run as the learner, so no link a learner planted can make another account write)."""
    return f'{python} -m brass_nb.classroom hand-out "{lessons}" "$HOME"'


def copy_lessons(source: Path, home: Path, folder: str = LESSONS_FOLDER) -> list[Path]:
    """Copy every file under ``source`` that ``home/folder`` lacks; returns the files copied.

    On the first start a learner gets the whole folder; later starts only bring lessons added since, so a learner's
    answers in a notebook survive a restart.  Hidden files and folders (checkpoints, caches) are not handed out.
    """
    copied = []
    for path in sorted(source.rglob("*")):
        relative = path.relative_to(source)
        if not path.is_file() or any(part.startswith((".", "__")) for part in relative.parts):
            continue
        target = home / folder / relative
        if target.exists() or target.is_symlink():
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)
        copied.append(target)
    return copied
