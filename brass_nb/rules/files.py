"""The files a learner names: read only from a path to a regular file, and only so much of it; written whole or not
at all.

A "path" can be an integer (``open(5)`` reads, and on closing closes, the process's descriptor 5), a FIFO (reading
waits for a writer for ever) or a device: each is refused before anything is read. A file is written to a temporary
file beside it, flushed to the disk and renamed over it, so a write cut short (a full disk, a quota, a killed kernel)
leaves the previous file as it was.
"""
from __future__ import annotations

import os
import secrets
import stat
from pathlib import Path

from brass_nb.rules.errors import BrassError
from brass_nb.rules.records import Step

KINDS = {stat.S_IFDIR: "folder", stat.S_IFIFO: "pipe", stat.S_IFSOCK: "socket", stat.S_IFCHR: "device",
         stat.S_IFBLK: "device"}
"""What a path that is not a regular file names, in the messages' words."""


def read_bytes(path: str | os.PathLike[str], limit: int, error: type[BrassError]) -> bytes:
    """At most ``limit + 1`` bytes of the regular file at ``path`` (one more than the limit, so that the caller can
    tell a file that is too long); anything else raises ``error`` with the reason."""
    if not isinstance(path, str | os.PathLike):
        raise error([Step("file.not_a_path", {"type": type(path).__name__}, ok=False)])
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as err:
        raise error([Step("save.unreadable", {"path": str(path), "error": err.strerror or str(err)},
                          ok=False)]) from None
    try:
        mode = os.fstat(descriptor).st_mode
        if not stat.S_ISREG(mode):
            raise error([Step("file.not_regular", {"path": str(path), "kind": KINDS.get(stat.S_IFMT(mode), "other")},
                              ok=False)])
        chunks, left = [], limit + 1
        while left > 0:
            chunk = os.read(descriptor, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    except OSError as err:
        raise error([Step("save.unreadable", {"path": str(path), "error": err.strerror or str(err)},
                          ok=False)]) from None
    finally:
        os.close(descriptor)


def write_text(path: str | os.PathLike[str], text: str, error: type[BrassError], mode: int = 0o666) -> None:
    """Replace the file at ``path`` with ``text`` (UTF-8) whole, or leave it as it was and raise ``error``.

    ``mode`` is given to a new file less the umask, as ``open`` does (0o600: readable by its owner only)."""
    if not isinstance(path, str | os.PathLike):
        raise error([Step("file.not_a_path", {"type": type(path).__name__}, ok=False)])
    target = Path(path)
    temporary = target.with_name(f".{target.name}.{secrets.token_hex(6)}.tmp")
    try:
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), mode)
        try:
            with os.fdopen(descriptor, "w", encoding="utf-8") as stream:
                stream.write(text)
                stream.flush()
                os.fsync(stream.fileno())
            os.replace(temporary, target)
        except BaseException:
            temporary.unlink(missing_ok=True)
            raise
    except OSError as err:
        raise error([Step("file.write_failed", {"path": str(path), "error": err.strerror or str(err)},
                          ok=False)]) from None
