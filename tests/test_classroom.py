"""The classroom's pieces without a hub: the teacher's collection of progress files, the class list, lesson
hand-out. (Each learner's own progress file is tested in tests/test_progress.py.)"""
from __future__ import annotations

import asyncio
import io
import stat
import statistics
import time
from pathlib import Path

import pytest

from brass_nb.classroom import __main__ as cli
from brass_nb.classroom.collect import PROGRESS_FILE, collect, format_table, write_csv
from brass_nb.classroom.lessons import copy_lessons
from brass_nb.classroom.passwords import enrol, hash_password, read_class_list, verify_password
from brass_nb.classroom.scores import record_answer
from brass_nb.progress import PROGRESS_VARIABLE, record
from brass_nb.rules.errors import ClassListError

REPO = Path(__file__).resolve().parent.parent


def write_progress(home: Path, *answers: tuple[str, str, bool, int], monkeypatch) -> None:
    """Answers (item, answer, right, try) recorded as the learner whose home is ``home``."""
    monkeypatch.setenv(PROGRESS_VARIABLE, str(home / PROGRESS_FILE))
    for item, given, right, tries in answers:
        record(item, "question", right, tries, given, f"prompt of {item.partition('/')[2]}")


def test_off_a_hub_nothing_is_sent():
    assert record_answer("q", "a", True) is None


# --- the teacher's collection -----------------------------------------------------------------------------------

@pytest.fixture
def homes(tmp_path, monkeypatch) -> Path:
    """Six learners: three with progress, one corrupt file, one whose folder leads to another home, one none."""
    homes = tmp_path / "homes"
    write_progress(homes / "aiko", ("01/q1", "Dudley[1]", True, 1), ("06/q2", "5", False, 1), ("06/q2", "7", True, 2),
                   monkeypatch=monkeypatch)
    write_progress(homes / "ben", ("01/q1", "market", False, 1), ("01/q1", "Dudley[1]", True, 2),
                   ("01/q1", "market", False, 1), monkeypatch=monkeypatch)
    write_progress(homes / "chloe", ("06/q2", "7", True, 1), monkeypatch=monkeypatch)
    (homes / "dan" / ".brass_nb").mkdir(parents=True)
    (homes / "dan" / PROGRESS_FILE).write_text('{"items": {"01/q1": {"kind": "quest')
    (homes / "eve").mkdir()
    (homes / "eve" / ".brass_nb").symlink_to(homes / "aiko" / ".brass_nb")  # eve would borrow aiko's progress
    (homes / "finn").mkdir()
    return homes


def test_the_teacher_collects_every_learners_results_into_one_row_per_question(homes):
    gathered = collect(homes)
    assert gathered.learners == ("aiko", "ben", "chloe", "dan", "eve", "finn")
    assert [(r.learner, r.notebook, r.question, r.attempts, r.first_correct, r.last_correct, r.last_answer)
            for r in gathered.rows] == [
        ("aiko", "01", "prompt of q1", 1, True, True, "Dudley[1]"),
        ("aiko", "06", "prompt of q2", 2, False, True, "7"),
        ("ben", "01", "prompt of q1", 3, False, False, "market"),
        ("chloe", "06", "prompt of q2", 1, True, True, "7")]
    assert len(gathered.problems) == 2
    assert "dan/.brass_nb/progress.json: not JSON" in gathered.problems[0]
    assert "eve/.brass_nb/progress.json: leads outside eve's home; skipped" in gathered.problems[1]


def test_the_printed_table_has_one_line_per_learner_and_the_csv_one_row_per_question(homes):
    gathered = collect(homes)
    assert format_table(gathered).splitlines() == [
        "learner  questions  right first time  right at last",
        "-------  ---------  ----------------  -------------",
        "aiko             2                 1              2",
        "ben              1                 0              0",
        "chloe            1                 1              1",
        "dan              0                 0              0",
        "eve              0                 0              0",
        "finn             0                 0              0"]
    stream = io.StringIO()
    write_csv(gathered.rows, stream)
    lines = stream.getvalue().splitlines()
    assert lines[0] == "learner,notebook,question,attempts,first_correct,last_correct,last_answer,last_time"
    assert lines[2].startswith("aiko,06,prompt of q2,2,False,True,7,2026-")
    assert len(lines) == 5


def test_the_collect_command_prints_the_table_writes_the_csv_and_lists_problems(homes, tmp_path, capsys):
    table = tmp_path / "scores.csv"
    assert cli.main(["collect", str(homes), "--csv", str(table)]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines()[2] == "aiko             2                 1              2"
    assert err.count("problem: ") == 2
    assert table.read_text().splitlines()[3].startswith("ben,01,prompt of q1,3,False,False,market,2026-")


def test_collecting_from_a_folder_that_is_not_there_says_so(tmp_path, capsys):
    with pytest.raises(SystemExit):
        cli.main(["collect", str(tmp_path / "homse")])
    assert "homse is not a folder of learners' homes" in capsys.readouterr().err


# --- the class list ---------------------------------------------------------------------------------------------

def test_enrolling_issues_a_password_per_new_learner_and_keeps_only_its_hash(tmp_path):
    class_file = tmp_path / "class" / "learners.txt"
    issued = enrol(["aiko", "ben"], class_file)
    assert sorted(issued) == ["aiko", "ben"] and issued["aiko"] != issued["ben"]
    stored = read_class_list(class_file)
    assert verify_password(issued["aiko"], stored["aiko"]) and not verify_password(issued["ben"], stored["aiko"])
    assert issued["aiko"] not in class_file.read_text()
    assert stat.S_IMODE(class_file.stat().st_mode) == 0o600
    again = enrol(["aiko", "chloe"], class_file)
    assert list(again) == ["chloe"]
    assert read_class_list(class_file)["aiko"] == stored["aiko"]


def test_names_that_are_not_lower_case_folder_names_are_refused(tmp_path, capsys):
    with pytest.raises(ClassListError) as refused:
        enrol(["Aiko", "../ben", "chloe"], tmp_path / "learners.txt")
    assert isinstance(refused.value, ValueError) and refused.value.rule == "class.names"
    assert str(refused.value) == ("Learner names are lower-case letters, digits, '-' or '_', start with a letter and "
                                  "have at most 32 characters; names that do not (2): 'Aiko', '../ben'.")
    assert refused.value.steps[0].text("ja") == (
        "学習者の名前は英小文字で始まり、英小文字・数字・'-'・'_' だけでできた32文字以内のものです。"
        "当てはまらない名前（2個）: 'Aiko', '../ben'。")
    assert not (tmp_path / "learners.txt").exists()
    names = tmp_path / "names.txt"
    names.write_text("Aiko\n")
    with pytest.raises(SystemExit):
        cli.main(["enrol", str(names), str(tmp_path / "learners.txt")])
    assert "names that do not (1): 'Aiko'." in capsys.readouterr().err


def test_a_bad_class_list_line_is_named(tmp_path):
    class_file = tmp_path / "learners.txt"
    class_file.write_text(f"# class 7B\naiko:{hash_password('x')}\nben without a hash\n")
    with pytest.raises(ClassListError) as refused:
        read_class_list(class_file)
    assert refused.value.rule == "class.line"
    assert str(refused.value) == (f"{class_file}, line 3: expected 'name:hash' with a lower-case name, "
                                  f"got 'ben without a hash'.")
    assert refused.value.steps[0].text("ja") == (
        f"{class_file}の3行目: 小文字の名前で「名前:ハッシュ」と書く行のはずですが、「ben without a hash」でした。")


def test_a_malformed_stored_hash_never_verifies():
    assert not verify_password("x", "md5$00$00") and not verify_password("x", "scrypt$zz$00")


def test_the_command_prints_each_new_password_once(tmp_path, capsys):
    names = tmp_path / "names.txt"
    names.write_text("aiko\n\nben\n")
    cli.main(["enrol", str(names), str(tmp_path / "learners.txt")])
    out, err = capsys.readouterr()
    printed = dict(line.split() for line in out.splitlines())
    stored = read_class_list(tmp_path / "learners.txt")
    assert all(verify_password(printed[name], stored[name]) for name in ("aiko", "ben"))
    assert "2 new learner(s)" in err


def test_the_hub_lets_in_only_learners_on_the_list_with_their_own_password(tmp_path):
    hub = pytest.importorskip("brass_nb.classroom.hub", reason="JupyterHub is not installed")
    class_file = tmp_path / "learners.txt"
    issued = enrol(["aiko", "ben"], class_file)
    authenticator = hub.ClassListAuthenticator(class_file=str(class_file))

    def login(name: str, password: str):
        return asyncio.run(authenticator.authenticate(None, {"username": name, "password": password}))

    assert login("aiko", issued["aiko"]) == "aiko"
    assert login("Aiko", issued["aiko"]) == "aiko"  # the hub lower-cases names
    assert login("aiko", issued["ben"]) is None
    assert login("zoe", issued["aiko"]) is None
    assert authenticator.check_allowed("ben") and not authenticator.check_allowed("zoe")
    class_file.unlink()
    assert login("aiko", issued["aiko"]) is None and not authenticator.check_allowed("aiko")


class _Request:
    def __init__(self, address: str):
        self.request = type("Request", (), {"remote_ip": address})()


def test_failed_logins_are_throttled_per_name_and_per_address(tmp_path):
    hub = pytest.importorskip("brass_nb.classroom.hub", reason="JupyterHub is not installed")
    class_file = tmp_path / "learners.txt"
    issued = enrol(["aiko", "ben"], class_file)
    authenticator = hub.ClassListAuthenticator(class_file=str(class_file), failures_allowed=3, lockout_seconds=60)

    def login(name: str, password: str, address: str = "10.0.0.1"):
        return asyncio.run(authenticator.authenticate(_Request(address), {"username": name, "password": password}))

    for _ in range(3):
        assert login("aiko", "guess", "10.0.0.9") is None
    assert login("aiko", issued["aiko"], "10.0.0.2") is None        # the name waits, from any address
    assert login("ben", issued["ben"], "10.0.0.2") == "ben"
    for name in ("zoe", "yuki", "xan"):
        assert login(name, "guess", "10.0.0.3") is None
    assert login("ben", issued["ben"], "10.0.0.3") is None          # and so does the address
    authenticator._failures.clear()                                  # (a minute later)
    assert login("aiko", issued["aiko"]) == "aiko"


def test_a_name_not_on_the_list_costs_the_same_check_as_one_that_is(tmp_path):
    hub = pytest.importorskip("brass_nb.classroom.hub", reason="JupyterHub is not installed")
    class_file = tmp_path / "learners.txt"
    enrol(["aiko"], class_file)
    authenticator = hub.ClassListAuthenticator(class_file=str(class_file), failures_allowed=1000)

    def seconds(name: str) -> float:
        """CPU seconds of one refused login (the password check's cost; another job on the machine does not count)."""
        start = time.process_time()
        asyncio.run(authenticator.authenticate(_Request("10.0.0.1"), {"username": name, "password": "wrong"}))
        return time.process_time() - start

    pairs = [(seconds("aiko"), seconds("nobody")) for _ in range(7)]     # taken in turn: any drift hits both
    known, unknown = (statistics.median(column) for column in zip(*pairs, strict=True))
    assert 0.6 < unknown / known < 1.6


def test_a_learner_taken_off_the_list_is_logged_out_at_the_next_check(tmp_path):
    hub = pytest.importorskip("brass_nb.classroom.hub", reason="JupyterHub is not installed")
    class_file = tmp_path / "learners.txt"
    enrol(["aiko", "ben"], class_file)
    authenticator = hub.ClassListAuthenticator(class_file=str(class_file))
    aiko, ben = (type("User", (), {"name": name})() for name in ("aiko", "ben"))
    assert asyncio.run(authenticator.refresh_user(aiko)) is True
    class_file.write_text("".join(line + "\n" for line in class_file.read_text().splitlines()
                                  if not line.startswith("aiko:")))
    assert asyncio.run(authenticator.refresh_user(aiko)) is False and asyncio.run(authenticator.refresh_user(ben))


# --- handing out the lessons ------------------------------------------------------------------------------------

def test_every_lesson_is_copied_on_the_first_start_and_never_over_a_learners_edits(tmp_path):
    source = REPO / "notebooks"
    home = tmp_path / "aiko"
    expected = sorted(p.relative_to(source) for p in source.rglob("*") if p.is_file()
                      and not any(part.startswith((".", "__")) for part in p.relative_to(source).parts))
    copied = copy_lessons(source, home)
    assert sorted(p.relative_to(home / "lessons") for p in copied) == expected and expected
    edited = home / "lessons" / expected[0]
    edited.write_text("my answers")
    assert copy_lessons(source, home) == []
    assert edited.read_text() == "my answers"


def test_a_lesson_added_later_reaches_learners_who_started_before(tmp_path):
    source = tmp_path / "notebooks"
    (source / ".ipynb_checkpoints").mkdir(parents=True)
    (source / "01.ipynb").write_text("{}")
    (source / ".ipynb_checkpoints" / "01-checkpoint.ipynb").write_text("{}")
    home = tmp_path / "ben"
    assert copy_lessons(source, home) == [home / "lessons" / "01.ipynb"]
    (source / "02.ipynb").write_text("{}")
    assert copy_lessons(source, home) == [home / "lessons" / "02.ipynb"]


def test_the_collected_csv_escapes_what_a_spreadsheet_would_run():
    from brass_nb.classroom.collect import Row, write_csv
    stream = io.StringIO()
    write_csv((Row("aiko", "n", "-q", 1, True, True, '=HYPERLINK("x")', "t"),), stream)
    assert stream.getvalue().splitlines()[1] == 'aiko,n,\'-q,1,True,True,"\'=HYPERLINK(""x"")",t'


def test_unlisting_takes_only_the_names_given_and_a_missing_list_is_no_error(tmp_path):
    from brass_nb.classroom.passwords import unlist
    class_file = tmp_path / "learners.txt"
    assert unlist(["aiko"], class_file) == []
    issued = enrol(["aiko", "ben"], class_file)
    assert unlist(["aiko", "zoe"], class_file) == ["aiko"]
    kept = read_class_list(class_file)
    assert list(kept) == ["ben"] and verify_password(issued["ben"], kept["ben"])
