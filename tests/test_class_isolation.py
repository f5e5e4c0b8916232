"""The one-machine class hub, live, with three enrolled learners, each a Unix account of their own (run as root, as
in CI): learner A's kernel is not root, cannot read or write B's home, cannot read the hub's secrets, database or
class list, cannot read B's server token, and cannot add an answer in B's name; removing C stops C's server and ends
C's session; the teacher's export lists every answer."""
from __future__ import annotations

import csv
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

pytest.importorskip("jupyterhub", reason="JupyterHub is not installed (pip install -e '.[classroom]')")
if os.geteuid() != 0 or not shutil.which("useradd") or not shutil.which("npm"):
    pytest.skip("the live class hub test runs as root with useradd and npm (as in CI)", allow_module_level=True)

import requests  # noqa: E402
import websocket  # noqa: E402
from jupyter_client.session import Session  # noqa: E402

from brass_nb.classroom.accounts import make_account, remove_account  # noqa: E402
from brass_nb.classroom.passwords import enrol  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import classroom_load  # noqa: E402

A, B, C, TEACHER = "bnaiko", "bnben", "bnchloe", "bnteach"
REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def hub():
    class_dir = Path(tempfile.mkdtemp(prefix="brass-class-"))
    env_dir = Path(tempfile.mkdtemp(prefix="brass-class-env-"))
    env_dir.chmod(0o755)
    environment = {**os.environ, "BRASS_CLASS_DIR": str(class_dir), "BRASS_CLASS_ENV_DIR": str(env_dir),
                   "BRASS_CLASS_TEACHER": TEACHER, "BRASS_CLASS_ANSWERS_PORT": str(classroom_load.free_port())}
    classroom_load.prepare(environment)
    passwords = enrol([A, B, C, TEACHER], class_dir / "learners.txt")
    for name in (A, B, C, TEACHER):
        make_account(name)
    running = classroom_load.Hub(class_dir, environment)
    try:
        running.start()
        running.passwords = passwords
        yield running
    finally:
        running.stop()
        for name in (A, B, C, TEACHER):
            remove_account(name)
        shutil.rmtree(class_dir, ignore_errors=True)
        shutil.rmtree(env_dir, ignore_errors=True)


def browser(hub, name: str) -> requests.Session:
    """A learner's browser, logged in through the hub's form."""
    session = requests.Session()
    session.get(f"{hub.url}/hub/login", timeout=60)
    form = {"username": name, "password": hub.passwords[name], "_xsrf": session.cookies.get("_xsrf", "")}
    assert session.post(f"{hub.url}/hub/login?next=", data=form, allow_redirects=False, timeout=60).status_code == 302
    return session


def start(hub, name: str) -> None:
    learner = classroom_load.Learner(name)
    classroom_load.start_server(hub, learner, time.monotonic() + 180)


def run_in_kernel(hub, name: str, code: str) -> str:
    """Run ``code`` in a new kernel of ``name``'s server; what it printed."""
    base = f"/user/{name}/api"
    kernel = hub.api("POST", f"{base}/kernels", json={"name": "python3"}).json()["id"]
    client = Session(username=name)
    channel = websocket.create_connection(
        f"ws://127.0.0.1:{hub.port}{base}/kernels/{kernel}/channels?session_id={client.session}",
        header=[f"Authorization: token {hub.token}"], timeout=120)
    try:
        return classroom_load.execute(channel, client, code, f"{name}'s probe", time.monotonic() + 120)
    finally:
        channel.close()


PROBE = '''
import glob, json, os, urllib.error, urllib.request
def can(act):
    try:
        act()
        return True
    except OSError:
        return False
found = {"uid": os.geteuid(), "user": os.environ.get("JUPYTERHUB_USER")}
found["read_other_home"] = can(lambda: os.listdir("/home/OTHER"))
found["write_other_home"] = can(lambda: open("/home/OTHER/planted.txt", "w").write("x"))
for name in ("learners.txt", "jupyterhub_cookie_secret", "jupyterhub.sqlite", "answers.sqlite", "teacher_api_token"):
    found["read " + name] = can(lambda: open(os.path.join("CLASS_DIR", name), "rb").read(1))
tokens = 0
for path in glob.glob("/proc/[0-9]*/environ"):
    try:
        if b"JUPYTERHUB_USER=OTHER" in open(path, "rb").read():
            tokens += 1
    except OSError:
        pass
found["other_environs_read"] = tokens
url, token = os.environ["BRASS_NB_ANSWERS_URL"], os.environ["JUPYTERHUB_API_TOKEN"]
def post(body):
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Authorization": "token " + token})
    try:
        with urllib.request.urlopen(request, timeout=30) as reply:
            return reply.status, json.loads(reply.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}")
found["in_other_name"] = post({"notebook": "n", "question": "q", "answer": "a", "correct": True, "learner": "OTHER"})
found["own"] = post({"notebook": "lessons/en/03.ipynb", "question": "ME-q1", "answer": "Dudley[1]", "correct": True})
from brass_nb.classroom.scores import record_answer
found["quiz"] = record_answer("ME-q2", "=SUM(A1)", False)
print("PROBE " + json.dumps(found))
'''


def probe(hub, name: str, other: str) -> dict:
    code = PROBE.replace("OTHER", other).replace("CLASS_DIR", str(hub.class_dir)).replace("ME", name)
    printed = run_in_kernel(hub, name, code)
    return json.loads(next(line for line in printed.splitlines() if line.startswith("PROBE "))[6:])


def test_a_learner_reaches_nothing_of_another_learner_or_the_hub(hub):
    for name in (A, B):
        browser(hub, name)
        start(hub, name)
    found = probe(hub, A, B)
    assert found["uid"] != 0 and found["user"] == A
    assert not found["read_other_home"] and not found["write_other_home"]
    assert not [key for key, value in found.items() if key.startswith("read ") and value]
    assert found["other_environs_read"] == 0
    status, refusal = found["in_other_name"]
    assert status == 400 and refusal["rule"] == "answer.fields"
    assert found["own"] == [201, {"recorded": True, "learner": A}] and found["quiz"].endswith("/answers")
    assert probe(hub, B, A)["own"][1]["learner"] == B


def test_removing_a_learner_stops_their_server_and_ends_their_session(hub):
    session = browser(hub, C)
    start(hub, C)
    assert session.get(f"{hub.url}/hub/api/user", timeout=30).status_code == 200
    begun = time.monotonic()
    subprocess.run([sys.executable, "-m", "brass_nb.classroom", "remove", C, str(hub.class_dir / "learners.txt"),
                    "--hub", hub.url], check=True, capture_output=True, text=True, cwd=REPO)
    while time.monotonic() - begun < 60 and hub.api("GET", f"/hub/api/users/{C}").status_code == 200:
        time.sleep(0.5)
    assert hub.api("GET", f"/hub/api/users/{C}").status_code == 404 and time.monotonic() - begun < 60
    assert session.get(f"{hub.url}/hub/api/user", timeout=30).status_code in (401, 403)
    again = requests.Session()
    again.get(f"{hub.url}/hub/login", timeout=60)
    form = {"username": C, "password": hub.passwords[C], "_xsrf": again.cookies.get("_xsrf", "")}
    assert again.post(f"{hub.url}/hub/login?next=", data=form, allow_redirects=False, timeout=60).status_code != 302


def test_the_teachers_export_lists_every_answer(hub):
    teacher = browser(hub, TEACHER)
    page = teacher.get(f"{hub.url}/services/brass-answers/", timeout=60)
    assert page.status_code == 200 and A in page.text and B in page.text
    exported = teacher.get(f"{hub.url}/services/brass-answers/export.csv", timeout=60)
    rows = list(csv.DictReader(io.StringIO(exported.text)))
    assert {(row["learner"], row["question"]) for row in rows} == {
        (A, f"{A}-q1"), (A, f"{A}-q2"), (B, f"{B}-q1"), (B, f"{B}-q2")}
    assert {row["last_answer"] for row in rows if row["question"].endswith("-q2")} == {"'=SUM(A1)"}
    learner = browser(hub, A)
    assert learner.get(f"{hub.url}/services/brass-answers/export.csv", timeout=60).status_code == 403
