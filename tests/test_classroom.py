"""The classroom's pieces without a hub: score files, the teacher's collection, the class list, lesson hand-out."""
from __future__ import annotations

import asyncio
import io
import json
import os
import stat
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import brass_nb as bn
from brass_nb.classroom import __main__ as cli
from brass_nb.classroom.collect import collect, format_table, write_csv
from brass_nb.classroom.lessons import copy_lessons
from brass_nb.classroom.passwords import enrol, hash_password, read_class_list, verify_password
from brass_nb.classroom.scores import (
    MAX_FILE_BYTES,
    SCORES_FILE,
    SCORES_VARIABLE,
    Result,
    append_result,
    read_results,
    record_answer,
)
from brass_nb.rules.errors import ClassListError
from brass_nb.widgets import Quiz

REPO = Path(__file__).resolve().parent.parent
LOAN_QUESTION = "Player 2 plays `loan with card Brewery`. What is their income level afterwards?"


def result(question: str, answer: str, correct: bool, time: str, notebook: str = "lessons/01.ipynb") -> Result:
    return Result(notebook, question, answer, correct, time)


def write_scores(home: Path, *results: Result) -> Path:
    path = home / SCORES_FILE
    for item in results:
        append_result(path, item)
    return path


# --- one learner's file ------------------------------------------------------------------------------------------

def test_results_are_appended_in_order_and_the_file_is_replaced_whole(tmp_path):
    first = result("q1", "3", False, "2026-01-05T09:01:00+00:00")
    second = result("q1", "4", True, "2026-01-05T09:02:00+00:00")
    path = write_scores(tmp_path, first, second)
    assert read_results(path) == ([first, second], [])
    assert json.loads(path.read_text())["version"] == 1
    assert sorted(p.name for p in path.parent.iterdir()) == [".scores.json.lock", "scores.json"]  # no temporary file


def test_thirty_kernels_adding_at_once_keep_every_answer(tmp_path):
    path = tmp_path / "scores.json"
    answers = [result(f"q{n}", str(n), n % 2 == 0, f"2026-01-05T09:{n:02d}:00+00:00") for n in range(30)]
    with ThreadPoolExecutor(max_workers=30) as pool:
        list(pool.map(lambda one: append_result(path, one), answers))
    kept, problems = read_results(path)
    assert problems == [] and sorted(kept, key=lambda r: r.question) == sorted(answers, key=lambda r: r.question)


def test_a_file_that_cannot_be_read_is_moved_aside_never_overwritten(tmp_path):
    path = tmp_path / "scores.json"
    broken = '{"results": [{"notebook": "n", "question": "q", "answer": 7, "correct": true, "time": "t"},]}'
    path.write_text(broken)
    append_result(path, result("q2", "a", True, "2026-01-05T09:00:00+00:00"))
    aside = [p for p in tmp_path.iterdir() if p.name.startswith("scores.json.unreadable-")]
    assert len(aside) == 1 and aside[0].read_text() == broken
    assert [r.question for r in read_results(path)[0]] == ["q2"]


def test_a_deeply_nested_file_is_a_problem_of_its_own_not_the_classs(tmp_path):
    path = tmp_path / "scores.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    results, problems = read_results(path)
    assert results == [] and problems == [f"{path}: nested too deeply to be a score file"]


def test_a_missing_file_has_no_results_and_no_problem(tmp_path):
    assert read_results(tmp_path / "scores.json") == ([], [])


@pytest.mark.parametrize("content, problem", [
    (b"{not json", "not JSON"),
    (b"\xff\xfe\x00garbage", "not JSON"),
    (b"[1, 2]", "expected an object with a 'results' list"),
    (b'{"results": "all right"}', "expected an object with a 'results' list"),
])
def test_a_broken_file_is_a_problem_not_an_error(tmp_path, content, problem):
    path = tmp_path / "scores.json"
    path.write_bytes(content)
    results, problems = read_results(path)
    assert results == [] and len(problems) == 1 and problem in problems[0]


def test_malformed_entries_are_skipped_and_the_good_ones_kept(tmp_path):
    good = {"notebook": "lessons/a.ipynb", "question": "q", "answer": "2", "correct": True,
            "time": "2026-01-05T09:00:00+00:00"}
    path = tmp_path / "scores.json"
    path.write_text(json.dumps({"results": [good, "cheat", {**good, "correct": "yes"}, {**good, "answer": 2}]}))
    results, problems = read_results(path)
    assert results == [Result(**good)]
    assert [p.split(": ", 1)[1].split(":")[0] for p in problems] == [
        "result 2 skipped", "result 3 skipped", "result 4 skipped"]


def test_a_symlink_a_fifo_and_an_oversized_file_are_refused_without_reading_them(tmp_path):
    secret = tmp_path / "teacher_only.json"
    secret.write_text(json.dumps({"results": []}))
    link = tmp_path / "link.json"
    link.symlink_to(secret)
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)  # a reader that opened this blocking would hang the teacher's script
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (MAX_FILE_BYTES + 1))
    for path, problem in ((link, "symbolic links"), (fifo, "not a regular file"), (big, "more than the")):
        results, problems = read_results(path)
        assert results == [] and len(problems) == 1 and problem in problems[0], problems


# --- the quiz hook --------------------------------------------------------------------------------------------

@pytest.fixture
def loan_quiz() -> Quiz:
    game = bn.new_game("birmingham", players=2, seed=1)
    return Quiz.income_after(game, next(str(a) for a in game.legal_actions() if a.kind == "loan"))


def test_a_quiz_on_a_hub_keeps_each_checked_answer_in_the_learners_home(tmp_path, monkeypatch, loan_quiz):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv(SCORES_VARIABLE, f"~/{SCORES_FILE}")
    monkeypatch.setenv("JPY_SESSION_NAME", str(tmp_path / "lessons" / "06_develop_loan_scout_pass.ipynb"))
    wrong = next(option for option in loan_quiz.choice.options if option != loan_quiz.answer)
    for choice in (wrong, loan_quiz.answer):
        loan_quiz.choice.value = choice
        loan_quiz.check_button.click()
    results, problems = read_results(tmp_path / SCORES_FILE)
    assert problems == []
    assert [(r.notebook, r.question, r.answer, r.correct) for r in results] == [
        ("lessons/06_develop_loan_scout_pass.ipynb", LOAN_QUESTION, wrong, False),
        ("lessons/06_develop_loan_scout_pass.ipynb", LOAN_QUESTION, "income level -3", True)]


def test_off_a_hub_a_quiz_writes_nothing(tmp_path, monkeypatch, loan_quiz):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv(SCORES_VARIABLE, raising=False)
    loan_quiz.choice.value = loan_quiz.answer
    loan_quiz.check_button.click()
    assert loan_quiz.correct is True
    assert list(tmp_path.iterdir()) == []
    assert record_answer("q", "a", True) is None


def test_a_score_file_that_cannot_be_written_does_not_break_the_quiz(tmp_path, monkeypatch, loan_quiz, caplog):
    blocker = tmp_path / "not_a_folder"
    blocker.write_text("")
    monkeypatch.setenv(SCORES_VARIABLE, str(blocker / "scores.json"))
    loan_quiz.choice.value = loan_quiz.answer
    loan_quiz.check_button.click()
    assert loan_quiz.correct is True and "Right" in loan_quiz.feedback.value
    assert "quiz result not saved" in caplog.text


# --- the teacher's collection -----------------------------------------------------------------------------------

@pytest.fixture
def homes(tmp_path) -> Path:
    """Six learners: three with results, one corrupt file, one whose score folder leads to another home, one none."""
    homes = tmp_path / "homes"
    write_scores(homes / "aiko",
                 result("coal", "Dudley[1]", True, "2026-01-05T09:10:00+00:00"),
                 result("income", "5", False, "2026-01-05T09:20:00+00:00", "lessons/06.ipynb"),
                 result("income", "7", True, "2026-01-05T09:21:00+00:00", "lessons/06.ipynb"))
    write_scores(homes / "ben",
                 result("coal", "market", False, "2026-01-05T09:11:00+00:00"),
                 result("coal", "Dudley[1]", True, "2026-01-05T09:12:00+00:00"),
                 result("coal", "market", False, "2026-01-05T09:13:00+00:00"))
    write_scores(homes / "chloe", result("income", "7", True, "2026-01-05T09:30:00+00:00", "lessons/06.ipynb"))
    (homes / "dan" / ".brass_nb").mkdir(parents=True)
    (homes / "dan" / SCORES_FILE).write_text('{"results": [{"notebook": "lessons/01.ipynb", "quest')
    (homes / "eve").mkdir()
    (homes / "eve" / ".brass_nb").symlink_to(homes / "aiko" / ".brass_nb")  # eve would borrow aiko's results
    (homes / "finn").mkdir()
    return homes


def test_the_teacher_collects_every_learners_results_into_one_row_per_question(homes):
    gathered = collect(homes)
    assert gathered.learners == ("aiko", "ben", "chloe", "dan", "eve", "finn")
    assert [(r.learner, r.notebook, r.question, r.attempts, r.first_correct, r.last_correct, r.last_answer)
            for r in gathered.rows] == [
        ("aiko", "lessons/01.ipynb", "coal", 1, True, True, "Dudley[1]"),
        ("aiko", "lessons/06.ipynb", "income", 2, False, True, "7"),
        ("ben", "lessons/01.ipynb", "coal", 3, False, False, "market"),
        ("chloe", "lessons/06.ipynb", "income", 1, True, True, "7")]
    assert len(gathered.problems) == 2
    assert "dan/.brass_nb/scores.json: not JSON" in gathered.problems[0]
    assert "eve/.brass_nb/scores.json: leads outside eve's home; skipped" in gathered.problems[1]


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
    assert lines[2] == "aiko,lessons/06.ipynb,income,2,False,True,7,2026-01-05T09:21:00+00:00"
    assert len(lines) == 5


def test_the_collect_command_prints_the_table_writes_the_csv_and_lists_problems(homes, tmp_path, capsys):
    table = tmp_path / "scores.csv"
    assert cli.main(["collect", str(homes), "--csv", str(table)]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines()[2] == "aiko             2                 1              2"
    assert err.count("problem: ") == 2
    assert table.read_text().splitlines()[3] == \
        "ben,lessons/01.ipynb,coal,3,False,False,market,2026-01-05T09:13:00+00:00"


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
        start = time.perf_counter()
        asyncio.run(authenticator.authenticate(_Request("10.0.0.1"), {"username": name, "password": "wrong"}))
        return time.perf_counter() - start

    known = sorted(seconds("aiko") for _ in range(5))[2]
    unknown = sorted(seconds("nobody") for _ in range(5))[2]
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
