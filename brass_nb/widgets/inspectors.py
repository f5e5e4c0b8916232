"""Inspectors: where coal, iron and beer would come from; what a track space means; what would score now."""
from __future__ import annotations

import ipywidgets as w

from brass_nb.explain import code_html, language_or_default, reason
from brass_nb.plot.live import LiveBoard
from brass_nb.rules.game import Game
from brass_nb.rules.records import Step
from brass_nb.widgets.explorer import language_toggle
from brass_nb.widgets.labels import LABELS


def _steps_html(steps: list[Step], language: str) -> str:
    items = "".join(f"<li>{code_html(reason(s, language))}</li>" for s in steps)
    return f"<ul class='brass-inspector'>{items}</ul>"


class SourceFinder(w.VBox):
    """Pick a location and a resource: the engine's ranked sources, in words and on the board."""

    def __init__(self, game: Game, location: str | None = None, resource: str = "coal",
                 language: str | None = None):
        """``location`` defaults to the game's first town; the resources offered are the game's own (Lancashire has
        no beer: asking for it raises the game's ``query.no_beer`` refusal)."""
        self.game = game
        self.language = language = language_or_default(language)
        places = [n for n, loc in game.facts.board.locations.items() if loc.kind != "merchant"]
        first_town = next(n for n, loc in game.facts.board.locations.items() if loc.kind == "town")
        resources = game.resources()
        if resource == "beer" and resource not in resources:
            game.beer_sources(location or first_town)       # raises UnknownName naming the game
        self.location = w.Dropdown(options=places, value=location or first_town)
        self.resource = w.ToggleButtons(options=resources, value=resource)
        self.toggle = language_toggle(language)
        self.text = w.HTML()
        self.picture = w.Image(format="png", layout=w.Layout(width="100%", max_width="980px"))
        self.step: Step | None = None
        super().__init__([w.HBox([self.toggle]), w.HBox([self.location, self.resource]), self.text, self.picture])
        for control in (self.location, self.resource, self.toggle):
            control.observe(self._update, "value")
        self._update()

    def __repr__(self) -> str:
        return f"SourceFinder({self.location.value!r}, {self.resource.value!r})"

    def _update(self, _change=None) -> None:
        self.language = self.toggle.value
        self.location.description = LABELS[self.language]["location"]
        place, resource = self.location.value, self.resource.value
        if resource == "coal":
            self.step = self.game.coal_sources(place)
        elif resource == "iron":
            self.step = self.game.iron_sources()
        else:
            self.step = self.game.beer_sources(place)
        self.text.value = _steps_html([self.step], self.language)
        self.picture.value = LiveBoard(self.game, self.language).png([self.step])


class IncomeTrack(w.VBox):
    """Slide along the income track: which level a space shows, which spaces share it, what a loan does."""

    def __init__(self, game: Game, space: int | None = None, language: str | None = None):
        self.game = game
        self.language = language = language_or_default(language)
        last = len(game.facts.income_levels) - 1
        start = game.players[game.current_player or 0].income_space if space is None else space
        self.space = w.IntSlider(min=0, max=last, value=start, continuous_update=False,
                                 layout=w.Layout(width="600px"))
        self.toggle = language_toggle(language)
        self.text = w.HTML()
        self.step: Step | None = None
        super().__init__([self.toggle, self.space, self.text])
        self.space.observe(self._update, "value")
        self.toggle.observe(self._update, "value")
        self._update()

    def __repr__(self) -> str:
        return f"IncomeTrack(space={self.space.value})"

    def _update(self, _change=None) -> None:
        self.language = self.toggle.value
        self.space.description = LABELS[self.language]["space"]
        self.step = self.game.income_space(self.space.value)
        self.text.value = _steps_html([self.step], self.language)


class ScorePreview(w.VBox):
    """What every link and flipped industry would score if the era ended now."""

    def __init__(self, game: Game, language: str | None = None):
        self.game = game
        self.toggle = language_toggle(language_or_default(language))
        self.text = w.HTML()
        self.picture = w.Image(format="png", layout=w.Layout(width="100%", max_width="980px"))
        self.steps: list[Step] = []
        super().__init__([self.toggle, self.picture, self.text])
        self.toggle.observe(self._update, "value")
        self._update()

    def __repr__(self) -> str:
        return f"ScorePreview({len(self.steps)} scoring steps)"

    def _update(self, _change=None) -> None:
        language = self.toggle.value
        self.steps = self.game.score_preview().steps
        self.text.value = _steps_html(self.steps, language)
        self.picture.value = LiveBoard(self.game, language).png(self.steps)
