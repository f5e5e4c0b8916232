"""ipywidgets apps composed from the layers below; they hold no rules.

    from brass_nb.widgets import Explorer, SourceFinder, IncomeTrack, ScorePreview, Quiz

The apps are imported when first named, so that the table's model (:mod:`brass_nb.widgets.table`), the choices and
the panels can be used, and tested, without ipywidgets.
"""
from __future__ import annotations

from importlib import import_module
from typing import Any

__all__ = ["Explorer", "IncomeTrack", "ProgressBanner", "Quiz", "ReviewSet", "ScorePreview", "SourceFinder"]

_HOMES = {"Explorer": "explorer", "IncomeTrack": "inspectors", "ProgressBanner": "progress", "Quiz": "quiz",
          "ReviewSet": "progress", "ScorePreview": "inspectors", "SourceFinder": "inspectors"}


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{_HOMES[name]}"), name)
