"""The learners' environment is built from ``binder/`` alone; its tag is a digest of those files.

repo2docker builds the cluster's image from ``binder/`` and the one-machine hub builds a virtual environment from
the same files; both are named by :func:`image_tag`, so a change to ``binder/`` gives a new tag, a new environment on
one machine, and a failing no-drift test until the Helm values name the new image.
"""
from __future__ import annotations

import hashlib
from pathlib import Path

TAG_LENGTH = 12


def image_tag(binder: Path) -> str:
    """The first hex digits of a SHA-256 over the names and contents of every file in ``binder`` (sorted)."""
    digest = hashlib.sha256()
    files = sorted(path for path in binder.rglob("*") if path.is_file())
    if not files:
        raise FileNotFoundError(f"{binder} holds no files to build the learners' environment from")
    for path in files:
        digest.update(path.relative_to(binder).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:TAG_LENGTH]
