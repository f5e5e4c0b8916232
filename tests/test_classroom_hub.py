"""The class hub under load: a real JupyterHub and configurable-http-proxy, every learner running a lesson at once.

Opt-in, as it takes minutes: ``python -m pytest -m hub -s tests/test_classroom_hub.py`` (``-k smoke`` for two
learners).  The run itself is ``scripts/classroom_load.py``, which prints the same figures on its own.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("jupyterhub", reason="JupyterHub is not installed (pip install -e '.[classroom]')")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import classroom_load  # noqa: E402

pytestmark = pytest.mark.hub


@pytest.mark.parametrize("users, timeout_s", [(2, 600), (30, 1500)], ids=["smoke", "class"])
def test_every_learner_logs_in_starts_a_server_runs_a_lesson_and_is_scored(users, timeout_s):
    report = classroom_load.run(users, timeout_s)
    print("\n" + report.summary())
    assert [learner.failure for learner in report.failures] == []
    assert all(learner.login_ok and learner.cells > 0 and learner.kernel_rss_mib for learner in report.learners)
    notebooks = classroom_load.REPO / "notebooks"
    lessons = {path.relative_to(notebooks).as_posix() for path in notebooks.rglob("*.ipynb")}
    assert {learner.lesson for learner in report.learners} <= lessons
    assert report.scores_collected == users and report.score_problems == []
    assert report.answers_recorded == users * (1 + classroom_load.ANSWERS_EACH)     # none lost
    assert all(len(learner.answer_s) == classroom_load.ANSWERS_EACH for learner in report.learners)
    assert report.leftover_processes == 0
