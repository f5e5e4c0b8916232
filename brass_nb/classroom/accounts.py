"""The learners' Unix accounts on a one-machine class hub: one each, made by the teacher's ``enrol --accounts``, so
that each learner's server runs as the learner (never as root, never as another learner) in a home only they read.

An account is made once, marked as a brass_nb learner's; an existing account without that mark (root, a system
account, a teacher's own) is never taken for a learner.
"""
from __future__ import annotations

import os
import pwd
import subprocess
from pathlib import Path

from brass_nb.rules.errors import ClassListError
from brass_nb.rules.records import Step

MARK = "brass_nb learner"
"""The comment (GECOS) field of every account made for a learner."""


def make_account(name: str) -> Path:
    """``name``'s account and home (0700, theirs), made when missing; returns the home."""
    try:
        account = pwd.getpwnam(name)
    except KeyError:
        subprocess.run(["useradd", "--create-home", "--shell", "/bin/bash", "--user-group", "--comment", MARK, name],
                       check=True, capture_output=True)
        account = pwd.getpwnam(name)
    if account.pw_gecos != MARK:
        raise ClassListError([Step("class.account_taken", {"name": name}, ok=False)])
    home = Path(account.pw_dir)
    os.chmod(home, 0o700)
    return home


def remove_account(name: str) -> bool:
    """Delete ``name``'s account and home, if it is a learner's; whether there was one."""
    try:
        account = pwd.getpwnam(name)
    except KeyError:
        return False
    if account.pw_gecos != MARK:
        raise ClassListError([Step("class.account_taken", {"name": name}, ok=False)])
    subprocess.run(["userdel", "--remove", name], check=True, capture_output=True)
    return True
