"""The class-list authenticator for JupyterHub: a learner logs in with the name and password the teacher issued.

Only the hub imports this module (it needs the ``jupyterhub`` package).  The class file is read at every login, so
a learner the teacher enrols or removes is let in or kept out without restarting the hub.
"""
from __future__ import annotations

import asyncio
from pathlib import Path

from jupyterhub.auth import Authenticator
from traitlets import Unicode

from brass_nb.classroom.passwords import read_class_list, verify_password


class ClassListAuthenticator(Authenticator):
    """Names and scrypt password hashes from one file, written by ``python -m brass_nb.classroom enrol``."""

    class_file = Unicode(config=True, help="The class list: one 'name:hash' line per learner.").tag(
        allow_config=True)

    def _learners(self) -> dict[str, str]:
        try:
            return read_class_list(Path(self.class_file))
        except (OSError, ValueError) as error:
            self.log.error("no learner can log in: the class list cannot be read: %s", error)
            return {}

    async def authenticate(self, handler, data: dict) -> str | None:
        name = self.normalize_username(data.get("username", ""))
        stored = self._learners().get(name)
        if stored is None:
            self.log.warning("login refused: %r is not on the class list", name)
            return None
        # scrypt is slow on purpose: keep it off the hub's event loop
        if not await asyncio.to_thread(verify_password, data.get("password", ""), stored):
            self.log.warning("login refused: wrong password for %r", name)
            return None
        return name

    def check_allowed(self, username: str, authentication: dict | None = None) -> bool:
        """A learner taken off the class list loses access, even with a session still open."""
        return username in self._learners() or super().check_allowed(username, authentication)
