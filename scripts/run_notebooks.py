"""Build each lesson's notebook from its MyST Markdown source and run it, so nbval has outputs to compare.

Lessons are written in ``notebooks/<language>/<lesson>.md`` (paired with the ``.ipynb`` beside it, see
``jupytext.toml``); the worked examples in ``docs/examples/`` are notebooks only and are re-run in place.
Cell ids are numbered, so rebuilding an unchanged lesson changes nothing.

Run: PYTHONPATH=$PWD python scripts/run_notebooks.py [notebooks/en/03_coal_iron_beer.md ...]
"""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import jupytext
import nbclient
import nbformat

ROOT = Path(__file__).resolve().parents[1]


def lesson_sources() -> list[Path]:
    return sorted(ROOT.glob("notebooks/*/*.md"))


def notebook_from_source(source: Path) -> nbformat.NotebookNode:
    """The notebook a lesson's Markdown describes, with numbered cell ids and the pairing recorded."""
    nb = jupytext.read(source)
    for n, cell in enumerate(nb.cells, 1):
        cell.id = f"cell-{n:02d}"
    nb.metadata["jupytext"] = {"formats": "ipynb,md:myst"}
    nb.metadata["language_info"] = {"name": "python"}
    return nb


def execute(nb: nbformat.NotebookNode, folder: Path) -> None:
    nbclient.NotebookClient(nb, kernel_name="python3", resources={"metadata": {"path": str(folder)}},
                            store_widget_state=False).execute()
    for cell in nb.cells:
        cell.metadata.pop("execution", None)


def main() -> None:
    paths = [Path(p).resolve() for p in sys.argv[1:]] or lesson_sources() + sorted(
        ROOT.glob("docs/examples/*.ipynb"))
    for path in paths:
        start = time.perf_counter()
        if path.suffix == ".md":
            nb, target = notebook_from_source(path), path.with_suffix(".ipynb")
        else:
            nb, target = nbformat.read(path, as_version=4), path
        execute(nb, path.parent)
        nbformat.write(nb, target)
        if target != path:
            # the Markdown stays the newer of the pair: jupytext (in JupyterLab) refuses to open a notebook whose
            # paired text is more than a second older than it, as "outdated"
            os.utime(path)
        print(f"ran {target.relative_to(ROOT)} in {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
