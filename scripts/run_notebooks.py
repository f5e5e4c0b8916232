"""Re-execute the tutorials and the worked-example notebooks in place, so committed outputs are what nbval checks.

Run: python scripts/run_notebooks.py [notebook ...]
"""
from __future__ import annotations

import sys
from pathlib import Path

import nbclient
import nbformat

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    paths = [Path(p) for p in sys.argv[1:]] or sorted(ROOT.glob("notebooks/*.ipynb")) + sorted(
        ROOT.glob("docs/examples/*.ipynb"))
    for path in paths:
        nb = nbformat.read(path, as_version=4)
        nbclient.NotebookClient(nb, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}},
                                store_widget_state=False).execute()
        for cell in nb.cells:
            cell.metadata.pop("execution", None)
        nbformat.write(nb, path)
        print(f"ran {path.name}")


if __name__ == "__main__":
    main()
