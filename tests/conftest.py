"""Settings for every test under tests/."""
from __future__ import annotations

import pytest

from brass_nb.progress import PROGRESS_VARIABLE


@pytest.fixture(autouse=True)
def _progress_kept_in_the_tests_folder(tmp_path, monkeypatch):
    """Each test's quizzes and exercises keep the learner's progress in its own folder, never in the home of whoever
    runs the tests."""
    monkeypatch.setenv(PROGRESS_VARIABLE, str(tmp_path / "progress.json"))


@pytest.fixture(scope="session")
def jupyterlab(tmp_path_factory):
    """One throw-away JupyterLab for every browser test module (started when the first asks; stopped at the end):
    each module writes its own notebooks into it and shuts its kernels down after."""
    import browser_helpers as bh

    server = bh.LabServer(tmp_path_factory.mktemp("lab"))
    server.prepare()
    try:
        server.start()
        yield server
    finally:
        server.stop()
