"""The class's answers service (brass_nb/classroom/service.py) on a real HTTP server, with the hub's answer to "whose
token is this" stood in for: answers are recorded under the hub's name whatever the body says, hostile bodies are
refused with a reason in both languages, only the teacher reads the class, the export escapes formulas and survives
rows written around the service, and thirty learners answering ten questions at once lose nothing."""
from __future__ import annotations

import asyncio
import csv
import io
import json
import socket
import sqlite3
import statistics
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest

pytest.importorskip("jupyterhub", reason="JupyterHub is not installed (pip install -e '.[classroom]')")

from tornado.httpserver import HTTPServer  # noqa: E402

from brass_nb.classroom import service  # noqa: E402
from brass_nb.classroom.answers import AnswerStore, parse_answer  # noqa: E402
from brass_nb.classroom.collect import safe_cell  # noqa: E402
from brass_nb.rules.errors import AnswerRefused  # noqa: E402

LEARNERS = [f"learner{i:02d}" for i in range(30)]
TOKENS = {f"token-{name}": {"name": name} for name in [*LEARNERS, "teacher"]}
PREFIX = "/services/brass-answers/"


@pytest.fixture
def served(tmp_path, monkeypatch):
    """The service on 127.0.0.1 with a fresh database; tokens are checked against TOKENS instead of the hub."""
    def by_token(handler):
        header = handler.request.headers.get("Authorization", "")
        return TOKENS.get(header.removeprefix("token ").strip()) if header.startswith("token ") else None
    monkeypatch.setattr(service.ServiceHandler, "get_current_user", by_token)
    store = AnswerStore(tmp_path / "answers.sqlite")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    ready, loops = threading.Event(), []

    def run() -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        server = HTTPServer(service.make_app(store, "teacher", PREFIX), max_body_size=service.MAX_REQUEST_BYTES)
        server.listen(port, "127.0.0.1")
        loops.append(loop)
        ready.set()
        loop.run_forever()
        server.stop()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    ready.wait(10)
    yield f"http://127.0.0.1:{port}{PREFIX}", store
    loops[0].call_soon_threadsafe(loops[0].stop)
    thread.join(10)


def call(url: str, token: str | None = None, body: bytes | None = None) -> tuple[int, bytes]:
    headers = {"Authorization": f"token {token}"} if token else {}
    request = urllib.request.Request(url, data=body, headers=headers, method="POST" if body is not None else "GET")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def answer(question: str = "q1", given: str = "Dudley[1]", correct: bool = True, notebook: str = "lessons/03.ipynb"):
    return json.dumps({"notebook": notebook, "question": question, "answer": given, "correct": correct}).encode()


def test_an_answer_is_recorded_under_the_name_the_hub_gives(served):
    url, store = served
    status, body = call(url + "answers", "token-learner01", answer())
    assert status == 201 and json.loads(body)["learner"] == "learner01"
    status, _ = call(url + "answers", "token-learner01", json.dumps(
        {"notebook": "x", "question": "q", "answer": "a", "correct": True, "learner": "learner02"}).encode())
    assert status == 400                                    # no field names a learner; the hub does
    assert [row[0] for row in store.rows()] == ["learner01"]
    assert call(url + "answers", None, answer())[0] == 403  # no token: nobody to record it for


@pytest.mark.parametrize("body, rule", [
    (b"[" * 3000 + b"]" * 3000, "answer.too_large"),
    (b"[" * 900 + b"]" * 900, "answer.fields"),
    (b'{"notebook": {"a": {"b": [1, 2]}}, "question": "q", "answer": "a", "correct": true}', "answer.field"),
    (b"not json", "answer.not_json"),
    (b'{"notebook": "n", "question": "q", "answer": "a"}', "answer.fields"),
    (b'{"notebook": "n", "question": "q", "answer": "a", "correct": "yes"}', "answer.field"),
    (json.dumps({"notebook": "n", "question": "q", "answer": "x" * 501, "correct": False}).encode(), "answer.field"),
])
def test_a_malformed_nested_or_huge_answer_is_refused_with_its_reason(served, body, rule):
    url, store = served
    status, reply = call(url + "answers", "token-learner03", body)
    refusal = json.loads(reply)
    assert status == 400 and refusal["rule"] == rule and "not recorded" in refusal["en"]
    assert "記録しませんでした" in refusal["ja"] and list(store.rows()) == []


def test_a_body_beyond_the_servers_limit_never_reaches_the_service(served):
    url, store = served
    try:
        status: int | None = call(url + "answers", "token-learner03", b"x" * (service.MAX_REQUEST_BYTES + 1))[0]
    except OSError:                                         # (the server closes the connection)
        status = None
    assert (status is None or status >= 400) and list(store.rows()) == []


def test_only_the_teacher_reads_the_class_and_the_export_escapes_formulas(served):
    url, store = served
    call(url + "answers", "token-learner04", answer(given="=HYPERLINK(\"http://x\")"))
    call(url + "answers", "token-learner04", answer(question="+2", given="@SUM(A1)", correct=False))
    call(url + "answers", "token-learner05", answer(question="-1", given="plain"))
    assert call(url, "token-learner04")[0] == 403 and call(url + "export.csv", "token-learner04")[0] == 403
    status, page = call(url, "token-teacher")
    assert status == 200 and b"learner04" in page and b"=HYPERLINK(&quot;http://x&quot;)" in page
    status, exported = call(url + "export.csv", "token-teacher")
    rows = list(csv.reader(io.StringIO(exported.decode("utf-8"))))
    assert rows[0][0] == "learner" and len(rows) == 4
    cells = [cell for row in rows[1:] for cell in row]
    assert not [cell for cell in cells if cell[:1] in ("=", "+", "-", "@")]
    assert "'=HYPERLINK(\"http://x\")" in cells and "'@SUM(A1)" in cells and "'+2" in cells and "'-1" in cells


def test_the_export_survives_rows_written_around_the_service(served):
    url, store = served
    call(url + "answers", "token-learner06", answer())
    with sqlite3.connect(store.path) as db:
        db.executemany("INSERT INTO answers (learner, notebook, question, answer, correct, time) VALUES (?,?,?,?,?,?)",
                       [("learner07", "n", "q", "[" * 100_000, "maybe", "yesterday"),
                        ("learner08", b"\xff\xfe", 12, 3.5, 1, 0),
                        ("learner09", "n", "q", json.dumps({"a": [[[[1]]]]}), 0, "t")])
    status, exported = call(url + "export.csv", "token-teacher")
    rows = list(csv.reader(io.StringIO(exported.decode("utf-8"))))
    assert status == 200 and [row[0] for row in rows[1:]] == ["learner06", "learner07", "learner08", "learner09"]
    assert max(len(cell) for row in rows for cell in row) <= 1001


def test_thirty_learners_answering_ten_questions_at_once_lose_nothing(served):
    url, store = served

    def one(args: tuple[str, int]) -> float:
        name, number = args
        start = time.perf_counter()
        status, _ = call(url + "answers", f"token-{name}", answer(question=f"q{number}", correct=number % 2 == 0))
        assert status == 201
        return time.perf_counter() - start

    with ThreadPoolExecutor(max_workers=30) as pool:
        latencies = list(pool.map(one, [(name, n) for n in range(10) for name in LEARNERS]))
    rows = list(store.rows())
    assert len(rows) == 300 and {(row[0], row[2]) for row in rows} == {(name, f"q{n}") for name in LEARNERS
                                                                       for n in range(10)}
    median, p95 = statistics.median(latencies), sorted(latencies)[int(0.95 * len(latencies))]
    print(f"\n300 answers from 30 learners at once: median {median * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms")
    assert p95 < 5


def test_the_checks_are_the_services_own():
    assert safe_cell("=1+1") == "'=1+1" and safe_cell("\t=x") == "'\t=x" and safe_cell("Dudley[1]") == "Dudley[1]"
    with pytest.raises(AnswerRefused) as err:
        parse_answer(b'{"notebook": "n", "question": "q", "answer": 7, "correct": true}')
    assert err.value.rule == "answer.field" and "'answer' is text of at most 500 characters" in str(err.value)


# --- the progress record on a hub ---------------------------------------------------------------------------------

def test_on_a_hub_a_progress_record_is_kept_at_home_and_sent_with_its_item(served, monkeypatch, tmp_path):
    from brass_nb.progress import read_progress, record
    url, store = served
    monkeypatch.setenv("BRASS_NB_ANSWERS_URL", url + "answers")
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "token-learner10")
    monkeypatch.setenv("JPY_SESSION_NAME", "lessons/en/03_coal_iron_beer.ipynb")
    record("03_coal_iron_beer/q2", "question", False, 1, "market", "Where does the coal come from?")
    record("03_coal_iron_beer/q2", "question", True, 2, "Dudley[1]", "Where does the coal come from?")
    with sqlite3.connect(store.path) as db:
        sent = db.execute("SELECT learner, notebook, question, answer, correct, item, kind, tries FROM answers "
                          "ORDER BY id").fetchall()
    assert sent == [
        ("learner10", "lessons/en/03_coal_iron_beer.ipynb", "Where does the coal come from?", "market", 0,
         "03_coal_iron_beer/q2", "question", 1),
        ("learner10", "lessons/en/03_coal_iron_beer.ipynb", "Where does the coal come from?", "Dudley[1]", 1,
         "03_coal_iron_beer/q2", "question", 2)]
    kept = read_progress().items["03_coal_iron_beer/q2"]
    assert (kept.attempts, kept.right, kept.right_first_try) == (2, True, False)
    status, exported = call(url + "export.csv", "token-teacher")
    assert status == 200 and exported.decode().splitlines()[1].startswith(
        "learner10,lessons/en/03_coal_iron_beer.ipynb,Where does the coal come from?,2,False,True,Dudley[1],")


def test_answers_in_two_languages_of_one_item_make_one_row_for_the_teacher(served):
    url, store = served
    for prompt, correct in (("Where does the coal come from?", False), ("石炭はどこから来ますか？", True)):
        body = json.loads(answer(question=prompt, correct=correct))
        body |= {"item": "03_coal_iron_beer/q2", "kind": "question", "tries": 1}
        assert call(url + "answers", "token-learner11", json.dumps(body).encode())[0] == 201
    rows = list(csv.reader(io.StringIO(call(url + "export.csv", "token-teacher")[1].decode())))
    assert [row[2:6] for row in rows[1:]] == [["石炭はどこから来ますか？", "2", "False", "True"]]


@pytest.mark.parametrize("extra, rule", [
    ({"item": "03/q1"}, "answer.fields"),                                    # the three go together
    ({"item": "03/q1", "kind": "essay", "tries": 1}, "answer.field"),
    ({"item": "03/q1", "kind": "question", "tries": 0}, "answer.field"),
    ({"item": "03/q1", "kind": "question", "tries": True}, "answer.field"),
    ({"item": "03/q1", "kind": "question", "tries": 1.5}, "answer.field"),
    ({"item": ["03/q1"], "kind": "question", "tries": 1}, "answer.field"),
    ({"item": "x" * 201, "kind": "question", "tries": 1}, "answer.field"),
])
def test_the_items_fields_are_checked_like_the_others(extra, rule):
    body = {**json.loads(answer()), **extra}
    with pytest.raises(AnswerRefused) as refused:
        parse_answer(json.dumps(body).encode())
    assert refused.value.rule == rule
    assert "not recorded" in refused.value.steps[0].text("en")
    assert "記録しませんでした" in refused.value.steps[0].text("ja")


def test_a_database_from_before_the_items_gets_their_columns_and_keeps_its_rows(tmp_path):
    path = tmp_path / "answers.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE answers (id INTEGER PRIMARY KEY, learner TEXT NOT NULL, notebook TEXT NOT NULL, "
                   "question TEXT NOT NULL, answer TEXT NOT NULL, correct INTEGER NOT NULL, time TEXT NOT NULL)")
        db.execute("INSERT INTO answers (learner, notebook, question, answer, correct, time) "
                   "VALUES ('aiko', 'n', 'q', 'a', 1, 't')")
    store = AnswerStore(path)
    store.add("ben", parse_answer(json.dumps({**json.loads(answer()), "item": "03/q1", "kind": "question",
                                              "tries": 1}).encode()))
    assert [(learner, result.item) for learner, result in store.results()] == [("aiko", ""), ("ben", "03/q1")]
