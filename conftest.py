"""Repository-wide pytest settings.

nbval re-runs every notebook and compares each cell's new outputs with the stored ones.  The explanations are the
point of this package, so their text stays compared (``text/plain``, ``text/html``, ``text/markdown`` and printed
``stdout``).  What changes from run to run without being an explanation is not compared:

* ``application/vnd.jupyter.widget-view+json`` and widget state: ipywidgets model ids are random;
* ``stderr``: warnings from libraries (deprecations, font cache building, ...) come and go with versions;
* pictures (PNG, JPEG, SVG, PDF): rendering details differ between matplotlib and freetype versions;
* ``application/javascript``: front-end glue some libraries emit.

A cell whose output must not be compared at all can still be tagged ``nbval-ignore-output``.
"""
from __future__ import annotations

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
