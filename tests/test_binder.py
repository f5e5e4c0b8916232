"""Binder smoke test: the tutorials run in an environment built only from ``binder/``, as repo2docker builds it.

A fresh virtual environment gets ``pip install -r binder/requirements.txt``; then ``binder/postBuild`` runs with
a copy of the repository as the working directory and the environment's ``bin`` first on PATH (repo2docker copies
the repository into the image too, so the work tree is never touched).  A sample of the notebooks (see
``NOTEBOOKS``) is then executed with that environment's Python and kernel.  A missing requirement (say
``ipywidgets`` dropped from ``binder/requirements.txt``) fails here, where the developer's own environment would
hide it.

Installing takes a while; pip's cache is reused between runs.  When pip cannot reach a package index at all the
test is skipped with that reason; any other install failure fails it.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
BINDER = REPO / "binder"
ALL = sorted(p.relative_to(REPO / "notebooks").as_posix() for p in (REPO / "notebooks").glob("*/*.ipynb"))
# The Binder image differs from the test environment only in what binder/ installs: a start page in each language
# and the Lancashire lesson exercise it (nbval runs every notebook); BRASS_ALL_NOTEBOOKS=1 runs them all here.
NOTEBOOKS = ALL if os.environ.get("BRASS_ALL_NOTEBOOKS") == "1" else [
    name for name in ALL if name in ("en/00_start_here.ipynb", "ja/00_start_here.ipynb",
                                     "ja/09_lancashire_for_birmingham_players.ipynb")]
INSTALL_TIMEOUT_S = 900
NOTEBOOK_TIMEOUT_S = 600
# The repository as repo2docker would see it, without what only a work tree has.
NOT_COPIED = shutil.ignore_patterns(".git", "__pycache__", "*.egg-info", ".pytest_cache", ".benchmarks",
                                    "test-artefacts", "build", ".ipynb_checkpoints", ".scratch*")

# Runs inside the Binder environment: execute one notebook with nbclient; report errors and where the kernel ran.
DRIVER = textwrap.dedent('''
    import json, sys, traceback
    from pathlib import Path
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError

    source, target, timeout = Path(sys.argv[1]), Path(sys.argv[2]), int(sys.argv[3])
    nb = nbformat.read(source, as_version=4)
    probe = nbformat.v4.new_code_cell(
        "import sys as _s, brass_nb as _b; print('BINDER-PROBE', _s.executable, _b.__file__)")
    nb.cells.append(probe)
    client = NotebookClient(nb, timeout=timeout, kernel_name="python3",
                            resources={"metadata": {"path": str(source.parent)}})
    report = {"error": None, "probe": None, "cells": sum(c.cell_type == "code" for c in nb.cells) - 1}
    try:
        client.execute()
    except CellExecutionError as error:
        report["error"] = str(error)[-4000:]
    except Exception:
        report["error"] = traceback.format_exc()[-4000:]
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            if output.get("output_type") == "error" and not report["error"]:
                report["error"] = output["ename"] + ": " + output["evalue"]
            if output.get("name") == "stdout" and "BINDER-PROBE" in output.get("text", ""):
                report["probe"] = output["text"].split("BINDER-PROBE", 1)[1].split()
    nb.cells.remove(probe)
    nbformat.write(nb, target)
    print(json.dumps(report))
''')

INDEX_UNREACHABLE = ("Failed to establish a new connection", "Temporary failure in name resolution",
                     "Name or service not known", "Network is unreachable", "Connection refused",
                     "ConnectTimeoutError", "ReadTimeoutError", "Max retries exceeded", "No route to host")


def run(cmd, *, env, cwd, timeout):
    return subprocess.run(cmd, env=env, cwd=cwd, timeout=timeout, stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def venv_env(venv: Path, workdir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "PIP_USER", "PIP_REQUIRE_VIRTUALENV", "JUPYTER_PATH",
                        "PYTHONSTARTUP", "VIRTUAL_ENV", "CONDA_PREFIX")}
    env["VIRTUAL_ENV"] = str(venv)
    env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '/usr/bin:/bin')}"
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    env["PIP_NO_INPUT"] = "1"
    env["PYTHONNOUSERSITE"] = "1"
    for var, sub in (("JUPYTER_CONFIG_DIR", "jupyter-config"), ("JUPYTER_DATA_DIR", "jupyter-data"),
                     ("JUPYTER_RUNTIME_DIR", "jupyter-runtime"), ("IPYTHONDIR", "ipython"),
                     ("MPLCONFIGDIR", "matplotlib")):
        env[var] = str(workdir / sub)
    return env


def pip_install(python: Path, args: list[str], env, cwd, what: str) -> None:
    """pip install; skip the test when no package index can be reached, fail on any other problem."""
    result = run([str(python), "-m", "pip", "install", "--progress-bar", "off", *args], env=env, cwd=cwd,
                 timeout=INSTALL_TIMEOUT_S)
    if result.returncode == 0:
        return
    unreachable = any(marker in result.stdout for marker in INDEX_UNREACHABLE)
    if not unreachable:
        # a plain "no matching distribution" can also mean no index at all: ask for a package that exists
        probe = run([str(python), "-m", "pip", "download", "--no-deps", "--no-cache-dir", "-d",
                     str(Path(cwd).parent / "probe"), "packaging"], env=env, cwd=cwd, timeout=300)
        unreachable = probe.returncode != 0
    if unreachable:
        pytest.skip(f"pip cannot reach a package index, so the Binder environment cannot be built ({what}):\n"
                    f"{result.stdout[-1500:]}")
    pytest.fail(f"{what} failed (exit {result.returncode}):\n{result.stdout[-4000:]}")


@pytest.fixture(scope="module")
def binder_env(tmp_path_factory):
    """A virtual environment built only from binder/, and the repository copy it was built from."""
    assert (BINDER / "requirements.txt").is_file(), "binder/requirements.txt is missing"
    workdir = tmp_path_factory.mktemp("binder")
    repo = workdir / "repo"
    shutil.copytree(REPO, repo, ignore=NOT_COPIED, symlinks=True)
    venv = workdir / "venv"
    started = time.monotonic()
    result = run([sys.executable, "-m", "venv", str(venv)], env=dict(os.environ), cwd=workdir, timeout=300)
    assert result.returncode == 0, f"python -m venv failed:\n{result.stdout}"
    python = venv / "bin" / "python"
    env = venv_env(venv, workdir)

    pip_install(python, ["-r", "binder/requirements.txt"], env, repo, "pip install -r binder/requirements.txt")
    postbuild = repo / "binder" / "postBuild"
    if postbuild.exists():
        result = run(["bash", str(postbuild)], env=env, cwd=repo, timeout=INSTALL_TIMEOUT_S)
        if result.returncode != 0:
            if any(marker in result.stdout for marker in INDEX_UNREACHABLE):
                pytest.skip(f"pip cannot reach a package index while running binder/postBuild:\n"
                            f"{result.stdout[-1500:]}")
            pytest.fail(f"binder/postBuild failed (exit {result.returncode}):\n{result.stdout[-4000:]}")
    # jupyterlab brings ipykernel and nbclient; install them only if the binder requirements do not
    missing = [pkg for pkg in ("ipykernel", "nbclient")
               if run([str(python), "-c", f"import {pkg}"], env=env, cwd=repo, timeout=120).returncode != 0]
    if missing:
        pip_install(python, missing, env, repo, f"pip install {' '.join(missing)}")
    print(f"\nBinder environment built in {time.monotonic() - started:.0f}s"
          + (f" (test tools added: {', '.join(missing)})" if missing else ""))
    driver = workdir / "execute_notebook.py"
    driver.write_text(DRIVER)
    (workdir / "executed").mkdir()
    return {"python": python, "env": env, "repo": repo, "venv": venv, "workdir": workdir, "driver": driver}


def test_binder_runtime_matches_this_python():
    """runtime.txt names the Python the Binder image gets; the smoke test builds its environment with this one."""
    runtime = (BINDER / "runtime.txt").read_text().strip() if (BINDER / "runtime.txt").exists() else ""
    if not runtime:
        pytest.skip("binder/runtime.txt does not pin a Python version")
    wanted = runtime.removeprefix("python-")
    have = f"{sys.version_info.major}.{sys.version_info.minor}"
    if not have.startswith(wanted) and not wanted.startswith(have):
        pytest.skip(f"binder/runtime.txt asks for Python {wanted}; this machine runs {have}, "
                    f"so the smoke test uses {have}")


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_notebook_runs_in_binder_environment(binder_env, notebook):
    started = time.monotonic()
    source = binder_env["repo"] / "notebooks" / notebook
    target = binder_env["workdir"] / "executed" / notebook
    target.parent.mkdir(parents=True, exist_ok=True)
    result = run([str(binder_env["python"]), str(binder_env["driver"]), str(source), str(target),
                  str(NOTEBOOK_TIMEOUT_S)], env=binder_env["env"], cwd=source.parent,
                 timeout=NOTEBOOK_TIMEOUT_S + 120)
    assert result.returncode == 0, f"{notebook}: the notebook driver failed:\n{result.stdout[-4000:]}"
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["error"] is None, f"{notebook} fails in the Binder environment:\n{report['error']}"
    # the kernel was the Binder environment's Python, importing the repository copy postBuild installed
    executable, package = report["probe"]
    assert Path(executable).parent.resolve() == (binder_env["venv"] / "bin").resolve(), \
        f"the kernel ran {executable}, not the Binder environment's Python"
    assert Path(package).resolve().is_relative_to(binder_env["repo"].resolve()), \
        f"brass_nb came from {package}, not from what binder/postBuild installed"
    print(f"{notebook}: {report['cells']} code cells ran in the Binder environment in "
          f"{time.monotonic() - started:.1f}s")
