"""A learner's checked answers sent to the class's answers service, on a class hub.

On a class hub the spawner sets ``BRASS_NB_ANSWERS_URL``, and each answer goes to the answers service
(:mod:`brass_nb.classroom.service`), which records it under the name the hub vouches for. Off a hub nothing is sent;
the learner's own record of every answer is their progress file (:mod:`brass_nb.progress`), kept everywhere.
"""
from __future__ import annotations

import json
import logging
import os
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

ANSWERS_URL_VARIABLE = "BRASS_NB_ANSWERS_URL"
"""Set by a class hub's spawner: where the class's answers service takes answers (brass_nb.classroom.service)."""
TOKEN_VARIABLE = "JUPYTERHUB_API_TOKEN"
"""The token the hub gives each learner's server (and so its kernels): the service asks the hub whose it is."""
SEND_TIMEOUT_S = 10
NOTEBOOK_VARIABLE = "JPY_SESSION_NAME"
"""Set by Jupyter Server for each kernel it starts for a notebook: the notebook's path (kept relative to home)."""

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Result:
    """One checked answer as the class's service stores it: which notebook and question (and, when the kernel said,
    the item of the quiz bank), what the learner chose, whether it was right, when."""

    notebook: str
    question: str
    answer: str
    correct: bool
    time: str
    item: str = ""


def record_answer(question: str, answer: str, correct: bool, item: str = "", kind: str = "",
                  tries: int = 0) -> str | None:
    """Send one checked answer to the class's answers service when this kernel runs on a class hub
    (``BRASS_NB_ANSWERS_URL``), with the token the hub gave this server, so that the hub, not this kernel, says whose
    answer it is. Returns the service's address when it recorded the answer, else None.

    ``item``, ``kind`` and ``tries`` (``"03_coal_iron_beer/q2"``, ``"question"``, 1) are sent when given. The
    lesson's feedback matters more than the record: an answer that cannot be sent is logged, not raised.
    """
    url, token = os.environ.get(ANSWERS_URL_VARIABLE, "").strip(), os.environ.get(TOKEN_VARIABLE, "")
    if not (url and token):
        return None
    body = {"notebook": notebook_name()[:200], "question": question[:200], "answer": answer[:500],
            "correct": correct}
    if item:
        body |= {"item": item[:200], "kind": kind, "tries": tries}
    return url if send_answer(url, token, body) else None


def notebook_name() -> str:
    """The notebook this kernel runs for, relative to the home when it is inside it ("" when not known)."""
    notebook = Path(os.environ.get(NOTEBOOK_VARIABLE, ""))
    if notebook.is_absolute() and notebook.is_relative_to(Path.home()):
        notebook = notebook.relative_to(Path.home())
    return notebook.as_posix() if notebook.parts else ""


def send_answer(url: str, token: str, body: dict[str, object]) -> bool:
    """Send one answer to the class's answers service; whether it was recorded (a refusal or a failure is logged)."""
    request = urllib.request.Request(url, data=json.dumps(body).encode("utf-8"), method="POST", headers={
        "Authorization": f"token {token}", "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=SEND_TIMEOUT_S) as response:
            return bool(200 <= response.status < 300)
    except urllib.error.HTTPError as error:
        log.warning("quiz answer not recorded by the class's answers service: %s %s", error.code,
                    error.read(2000).decode("utf-8", "replace"))
    except (OSError, ValueError) as error:
        log.warning("quiz answer not recorded: the class's answers service at %s is not reachable: %s", url, error)
    return False
