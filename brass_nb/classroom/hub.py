"""The class-list authenticator for JupyterHub: a learner logs in with the name and password the teacher issued.

Only the hub imports this module (it needs the ``jupyterhub`` package). The class file is read at every login and
every session check, so a learner the teacher enrols can log in at once, and one the teacher removes is logged out
at the next check (``auth_refresh_age``, a minute on the class hub); ``python -m brass_nb.classroom remove`` also
stops their server and ends their session at once. Failed logins are throttled per name and per address, and a name
not on the list costs the same password check as one that is, so that timing does not tell who is enrolled.
"""
from __future__ import annotations

import asyncio
import time
from pathlib import Path

from jupyterhub.auth import Authenticator
from traitlets import Integer, Unicode

from brass_nb.classroom.passwords import hash_password, read_class_list, verify_password

UNKNOWN = hash_password("not a learner's password")
"""Checked against for a name not on the class list: the same scrypt work as for a learner's own."""
MAX_TRACKED = 10_000
"""Names and addresses whose failed logins are remembered at once (the oldest are forgotten first)."""


class ClassListAuthenticator(Authenticator):
    """Names and scrypt password hashes from one file, written by ``python -m brass_nb.classroom enrol``."""

    class_file = Unicode(config=True, help="The class list: one 'name:hash' line per learner.").tag(
        allow_config=True)
    failures_allowed = Integer(5, config=True, help="Failed logins for one name, or from one address, before it "
                               "must wait").tag(allow_config=True)
    lockout_seconds = Integer(60, config=True, help="How long a name or address waits after too many failed "
                              "logins").tag(allow_config=True)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._failures: dict[str, list[float]] = {}

    def _learners(self) -> dict[str, str]:
        try:
            return read_class_list(Path(self.class_file))
        except (OSError, ValueError) as error:
            self.log.error("no learner can log in: the class list cannot be read: %s", error)
            return {}

    def _locked(self, keys: list[str], now: float) -> bool:
        recent = [[t for t in self._failures.get(key, []) if now - t < self.lockout_seconds] for key in keys]
        return any(len(times) >= self.failures_allowed for times in recent)

    def _failed(self, keys: list[str], now: float) -> None:
        for key in keys:
            times = [t for t in self._failures.pop(key, []) if now - t < self.lockout_seconds]
            self._failures[key] = [*times, now][-self.failures_allowed:]
        while len(self._failures) > MAX_TRACKED:
            del self._failures[next(iter(self._failures))]

    async def authenticate(self, handler, data: dict) -> str | None:
        name = self.normalize_username(str(data.get("username", "")))[:64]
        address = handler.request.remote_ip if handler is not None else ""
        keys, now = [f"name:{name}", f"address:{address}"], time.monotonic()
        if self._locked(keys, now):
            self.log.warning("login refused: too many failed logins for %r or from %s; wait %d s", name, address,
                             self.lockout_seconds)
            return None
        stored = self._learners().get(name)
        # scrypt is slow on purpose: keep it off the hub's event loop, and as slow for a name not on the list
        right = await asyncio.to_thread(verify_password, str(data.get("password", "")), stored or UNKNOWN)
        if stored is None or not right:
            self._failed(keys, now)
            self.log.warning("login refused for %r from %s", name, address)
            return None
        self._failures.pop(keys[0], None)
        return name

    def check_allowed(self, username: str, authentication: dict | None = None) -> bool:
        """A learner taken off the class list cannot log in again."""
        return username in self._learners() or super().check_allowed(username, authentication)

    async def refresh_user(self, user, handler=None) -> bool:
        """A learner taken off the class list is logged out at the next check of their session."""
        return user.name in self._learners()
