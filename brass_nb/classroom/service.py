"""The class's answers service: a JupyterHub service, started and authenticated by the hub, that records each quiz
answer a learner's kernel sends under the name the hub vouches for, and shows the teacher the class's answers.

    POST <prefix>answers       an answer (JSON: notebook, question, answer, correct; optionally item, kind,
                               tries), with the server's hub token
    GET  <prefix>              the teacher's class view (the teacher's browser, logged in through the hub)
    GET  <prefix>export.csv    every learner's answers as CSV, formula-escaped

A learner can add answers only under their own name: the name comes from the hub, never from what is sent. The hub
starts this (``classroom/jupyterhub_config.py``) with ``JUPYTERHUB_SERVICE_URL``, ``JUPYTERHUB_SERVICE_PREFIX`` and
its own token; ``BRASS_CLASS_ANSWERS`` names the database, ``BRASS_CLASS_TEACHER`` the teacher and, in a cluster,
``BRASS_CLASS_ANSWERS_BIND`` the address to listen on.
"""
from __future__ import annotations

import asyncio
import html
import io
import os
import secrets
import signal
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from jupyterhub.services.auth import HubOAuthCallbackHandler, HubOAuthenticated
from tornado import web
from tornado.httpserver import HTTPServer
from tornado.ioloop import IOLoop

from brass_nb.classroom.answers import AnswerStore, parse_answer, summaries
from brass_nb.classroom.collect import Row, write_csv
from brass_nb.rules.errors import AnswerRefused

ANSWERS_VARIABLE = "BRASS_CLASS_ANSWERS"
TEACHER_VARIABLE = "BRASS_CLASS_TEACHER"
BIND_VARIABLE = "BRASS_CLASS_ANSWERS_BIND"
"""Where to listen when the service's address is not this machine's own (in a cluster: 0.0.0.0 in the hub's pod)."""
MAX_REQUEST_BYTES = 65_536
"""Larger requests are refused by the server before any handler reads them."""


SERVICE_NAME = "brass-answers"


def hub_service(port: int, database: str, teacher: str) -> dict[str, Any]:
    """The service as a hub on this machine starts it (JupyterHub's ``services`` entry), listening on ``port``."""
    return {"name": SERVICE_NAME, "url": f"http://127.0.0.1:{port}", "oauth_no_confirm": True, "display": True,
            "command": [sys.executable, "-m", "brass_nb.classroom.service"],
            "environment": {ANSWERS_VARIABLE: database, TEACHER_VARIABLE: teacher}}


def hub_roles() -> list[dict[str, Any]]:
    """The roles that let learners' browsers and servers call the service (JupyterHub's ``load_roles``)."""
    reach = f"access:services!service={SERVICE_NAME}"
    return [{"name": "user", "scopes": ["self", reach]},
            {"name": "server", "scopes": ["users:activity!user", "access:servers!server", reach]}]


def answers_url(port: int) -> str:
    """Where a learner's kernel on this machine sends its answers (the hub's spawner sets it as
    ``BRASS_NB_ANSWERS_URL``)."""
    return f"http://127.0.0.1:{port}/services/{SERVICE_NAME}/answers"


class ServiceHandler(HubOAuthenticated, web.RequestHandler):  # type: ignore[misc]
    def initialize(self, store: AnswerStore, teacher: str) -> None:
        self.store = store
        self.teacher = teacher

    def _teacher_only(self) -> None:
        if self.current_user is None or self.current_user.get("name") != self.teacher:
            raise web.HTTPError(403, "only the class's teacher sees the class's answers")


class AnswersHandler(ServiceHandler):
    """A learner's kernel records one answer (authenticated by its server's hub token, never by a cookie)."""

    @web.authenticated
    async def post(self) -> None:
        if not self.request.headers.get("Authorization", "").startswith("token "):
            raise web.HTTPError(403, "answers are sent with the server's hub token")
        try:
            answer = parse_answer(self.request.body)
        except AnswerRefused as refused:
            self.set_status(400)
            self.finish({"rule": refused.rule, "en": refused.steps[0].text("en"), "ja": refused.steps[0].text("ja")})
            return
        await asyncio.to_thread(self.store.add, self.current_user["name"], answer)
        self.set_status(201)
        self.finish({"recorded": True, "learner": self.current_user["name"]})


class ClassHandler(ServiceHandler):
    """The teacher's view: one line per learner and question."""

    @web.authenticated
    async def get(self) -> None:
        self._teacher_only()
        rows = await asyncio.to_thread(summaries, self.store)
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(class_page(rows, self.request.path.rstrip("/") + "/export.csv"))


class ExportHandler(ServiceHandler):
    """Every learner's answers as CSV, each cell safe to open in a spreadsheet."""

    @web.authenticated
    async def get(self) -> None:
        self._teacher_only()
        rows = await asyncio.to_thread(summaries, self.store)
        stream = io.StringIO()
        write_csv(rows, stream)
        self.set_header("Content-Type", "text/csv; charset=utf-8")
        self.set_header("Content-Disposition", 'attachment; filename="answers.csv"')
        self.finish(stream.getvalue())


def class_page(rows: list[Row], export: str) -> str:
    """The class view as an HTML page (every value escaped)."""
    head = "".join(f"<th>{name}</th>" for name in ("learner", "notebook", "question", "answers", "right first",
                                                     "right last", "last answer", "when"))
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(value))}</td>" for value in (
        r.learner, r.notebook, r.question, r.attempts, "yes" if r.first_correct else "no",
        "yes" if r.last_correct else "no", r.last_answer, r.last_time)) + "</tr>" for r in rows)
    learners = len({r.learner for r in rows})
    return (f"<!doctype html><html><head><meta charset='utf-8'><title>Class answers</title></head><body>"
            f"<h1>Class answers</h1><p>{learners} learner(s), {len(rows)} question(s) answered. "
            f"<a href='{html.escape(export)}'>Download CSV</a></p>"
            f"<table border='1' cellpadding='3'><tr>{head}</tr>{body}</table></body></html>")


def make_app(store: AnswerStore, teacher: str, prefix: str) -> web.Application:
    settings: dict[str, Any] = {"store": store, "teacher": teacher}
    return web.Application([
        (prefix, ClassHandler, settings),
        (prefix + "answers", AnswersHandler, settings),
        (prefix + "export.csv", ExportHandler, settings),
        (prefix + "oauth_callback", HubOAuthCallbackHandler),
    ], cookie_secret=secrets.token_bytes(32))


def main() -> None:
    url = urlparse(os.environ["JUPYTERHUB_SERVICE_URL"])
    store = AnswerStore(Path(os.environ[ANSWERS_VARIABLE]))
    app = make_app(store, os.environ.get(TEACHER_VARIABLE, "teacher"), os.environ["JUPYTERHUB_SERVICE_PREFIX"])
    bind = os.environ.get(BIND_VARIABLE) or url.hostname or "127.0.0.1"
    HTTPServer(app, max_body_size=MAX_REQUEST_BYTES).listen(url.port or 80, bind)
    loop = IOLoop.current()
    for signal_number in (signal.SIGINT, signal.SIGTERM):   # (the hub stops its services so; a background start
        signal.signal(signal_number, lambda *_: loop.add_callback_from_signal(loop.stop))   # may ignore SIGINT)
    loop.start()


if __name__ == "__main__":
    main()
