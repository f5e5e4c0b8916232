"""Export the worked examples in docs/examples from the ready scenarios (Markdown + pictures, HTML, notebook).

Run: python scripts/examples.py && python scripts/run_notebooks.py
"""
from __future__ import annotations

from pathlib import Path

from brass_nb.scenario import library
from brass_nb.scenario.export import to_html, to_markdown, to_notebook

EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples"
WORKED = (("equidistant_coal", "en"), ("canal_scoring", "en"), ("own_and_other_beer", "ja"))


def main() -> None:
    for name, language in WORKED:
        scenario = library.load(name)
        stem = f"{name}.{language}"
        print("wrote", to_markdown(scenario, EXAMPLES, stem, language).relative_to(EXAMPLES.parents[1]))
        print("wrote", to_html(scenario, EXAMPLES / f"{stem}.html", language).relative_to(EXAMPLES.parents[1]))
        print("wrote", to_notebook(scenario, EXAMPLES / f"{stem}.ipynb", language).relative_to(EXAMPLES.parents[1]))


if __name__ == "__main__":
    main()
