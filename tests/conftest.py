"""Settings for every test under tests/."""
from __future__ import annotations

import pytest

from brass_nb.progress import PROGRESS_VARIABLE


@pytest.fixture(autouse=True)
def _progress_kept_in_the_tests_folder(tmp_path, monkeypatch):
    """Each test's quizzes and exercises keep the learner's progress in its own folder, never in the home of whoever
    runs the tests."""
    monkeypatch.setenv(PROGRESS_VARIABLE, str(tmp_path / "progress.json"))
