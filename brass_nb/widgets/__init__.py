"""ipywidgets apps composed from the layers below; they hold no rules.

    from brass_nb.widgets import Explorer, SourceFinder, IncomeTrack, ScorePreview, Quiz
"""
from brass_nb.widgets.explorer import Explorer
from brass_nb.widgets.inspectors import IncomeTrack, ScorePreview, SourceFinder
from brass_nb.widgets.quiz import Quiz

__all__ = ["Explorer", "IncomeTrack", "Quiz", "ScorePreview", "SourceFinder"]
