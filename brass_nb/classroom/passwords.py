"""The class list: one line per learner, ``name:scrypt-hash``, and the teacher's way of issuing passwords.

The teacher writes the learners' names, one a line; :func:`enrol` gives each new name a random password, stores
only its salted scrypt hash in the class file and returns the passwords once, for the teacher to hand out.
"""
from __future__ import annotations

import hashlib
import hmac
import os
import re
import secrets
from pathlib import Path

from brass_nb.rules.errors import ClassListError
from brass_nb.rules.files import write_text
from brass_nb.rules.records import Step

NAME_CHARACTERS = 32
NAME = re.compile(rf"[a-z][a-z0-9_-]{{0,{NAME_CHARACTERS - 1}}}")
"""Learner names: lower case (JupyterHub lower-cases what people type), usable as a folder name."""
SCRYPT = {"n": 2 ** 14, "r": 8, "p": 1}
PASSWORD_WORDS = 3
# Short, unambiguous syllables: a password read off a slip of paper and typed by a learner.
SYLLABLES = ("ba", "be", "bo", "da", "de", "do", "fa", "fe", "fo", "ga", "ge", "go", "ka", "ke", "ko", "ma", "me",
             "mo", "na", "ne", "no", "pa", "pe", "po", "ra", "re", "ro", "sa", "se", "so", "ta", "te", "to", "va",
             "ve", "vo", "za", "ze", "zo")


def hash_password(password: str, salt: bytes | None = None) -> str:
    """The stored form of ``password``: ``scrypt$salt$digest`` in hex."""
    salt = salt if salt is not None else os.urandom(16)
    digest = hashlib.scrypt(password.encode(), salt=salt, **SCRYPT)
    return f"scrypt${salt.hex()}${digest.hex()}"


def verify_password(password: str, stored: str) -> bool:
    """Whether ``password`` is the one ``stored`` was made from (False for a malformed stored value)."""
    try:
        scheme, salt, digest = stored.split("$")
        expected = bytes.fromhex(digest)
        salt_bytes = bytes.fromhex(salt)
    except ValueError:
        return False
    if scheme != "scrypt":
        return False
    return hmac.compare_digest(hashlib.scrypt(password.encode(), salt=salt_bytes, **SCRYPT), expected)


def new_password() -> str:
    """A random password of three pronounceable words and two digits, e.g. ``bodafe-gorena-sotevo42``."""
    words = ["".join(secrets.choice(SYLLABLES) for _ in range(3)) for _ in range(PASSWORD_WORDS)]
    return "-".join(words) + f"{secrets.randbelow(100):02d}"


def read_class_list(class_file: Path) -> dict[str, str]:
    """Learner name to stored password hash; blank lines and ``#`` comments are ignored."""
    learners = {}
    for number, line in enumerate(class_file.read_text(encoding="utf-8").splitlines(), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, separator, stored = line.partition(":")
        if not separator or not NAME.fullmatch(name):
            raise ClassListError([Step("class.line", {"path": str(class_file), "line": number,
                                                      "text": line[:40]}, ok=False)])
        learners[name] = stored
    return learners


def enrol(names: list[str], class_file: Path) -> dict[str, str]:
    """Add the names not yet in ``class_file`` with new passwords; returns those names and passwords.

    Learners already listed keep their passwords. The class file is written readable by its owner only.
    """
    wrong = [name for name in names if not NAME.fullmatch(name)]
    if wrong:
        raise ClassListError([Step("class.names", {"names": [repr(name)[:40] for name in wrong[:10]],
                                                   "count": len(wrong), "most": NAME_CHARACTERS}, ok=False)])
    known = read_class_list(class_file) if class_file.exists() else {}
    issued = {name: new_password() for name in dict.fromkeys(names) if name not in known}
    known.update({name: hash_password(password) for name, password in issued.items()})
    class_file.parent.mkdir(parents=True, exist_ok=True)
    write_text(class_file, "".join(f"{name}:{stored}\n" for name, stored in known.items()), ClassListError, 0o600)
    return issued


def unlist(names: list[str], class_file: Path) -> list[str]:
    """Take ``names`` off the class list (written whole or not at all); returns those that were on it."""
    if not class_file.exists():
        return []
    known = read_class_list(class_file)
    gone = [name for name in names if name in known]
    write_text(class_file, "".join(f"{name}:{stored}\n" for name, stored in known.items() if name not in gone),
               ClassListError, 0o600)
    return gone
