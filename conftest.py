"""Repository-wide pytest settings.

nbval re-runs every notebook and compares each cell's new outputs with the stored ones.  The explanations are the
point of this package, so their text stays compared (``text/plain``, ``text/html``, ``text/markdown`` and printed
``stdout``).  What changes from run to run without being an explanation is not compared:

* ``application/vnd.jupyter.widget-view+json`` and widget state: ipywidgets model ids are random;
* ``stderr``: warnings from libraries (deprecations, font cache building, ...) come and go with versions;
* pictures (PNG, JPEG, SVG, PDF): rendering details differ between matplotlib and freetype versions;
* ``application/javascript``: front-end glue some libraries emit.

A cell whose output must not be compared at all can still be tagged ``nbval-ignore-output``.

The suite runs on two workers, which take test modules in the order collected: the slowest modules (a real browser,
a real hub, a Binder build) go first, so that they do not leave one worker running alone at the end.
"""
from __future__ import annotations

SLOW_FIRST = ("tests/test_class_isolation.py", "tests/test_binder.py", "tests/test_browser")
"""Where the slowest test modules' paths start (each takes one to several minutes); they are collected first."""

NOT_COMPARED = (
    "application/vnd.jupyter.widget-view+json",
    "application/vnd.jupyter.widget-state+json",
    "stderr",
    "image/png",
    "image/jpeg",
    "image/svg+xml",
    "application/pdf",
    "application/javascript",
)


def pytest_collectstart(collector) -> None:
    """Widen nbval's list of output keys that are not compared, for every notebook it collects."""
    if getattr(collector, "skip_compare", None) is None:
        return
    path = getattr(collector, "path", None) or getattr(collector, "fspath", None)
    if path is None or str(path).endswith(".ipynb") is False:
        return
    collector.skip_compare = tuple(collector.skip_compare) + tuple(
        key for key in NOT_COMPARED if key not in collector.skip_compare)


def pytest_collection_modifyitems(items: list) -> None:
    """Move the tests of :data:`SLOW_FIRST` to the front, keeping every other order as it was (a stable sort)."""
    def rank(item) -> int:
        path = item.nodeid.split("::")[0]
        return next((i for i, start in enumerate(SLOW_FIRST) if path.startswith(start)), len(SLOW_FIRST))
    items.sort(key=rank)
