"""The play page: a game against a bot with nothing to set up, for a notebook shown as an app (Voilà).

A learner who opens it sees a title, one line on how to play, a New game button and the Explorer: their own seat
first, a bot in the second answering at once. Every game gets a fresh seed, so learners side by side play
different games, and nobody has to know what a seed is.
"""
from __future__ import annotations

import html
import secrets

import ipywidgets as w

from brass_nb.bots import GreedyBot
from brass_nb.explain import language_or_default
from brass_nb.rules.game import new_game
from brass_nb.widgets.clicks import ClickGuard, GuardedButton
from brass_nb.widgets.explorer import Explorer
from brass_nb.widgets.labels import LABELS

SEEDS = 1_000_000   # seeds are drawn below this


def fresh_seed() -> int:
    """A seed from the operating system's randomness: no global ``random`` state is read or changed."""
    return secrets.randbelow(SEEDS)


class PlayPage(w.VBox):
    """A two-player Birmingham game against ``GreedyBot``, with a title and a New game button above the Explorer.

    ``seed`` fixes the first game (tests); New game always deals a fresh one, in the language shown at the time.
    """

    def __init__(self, language: str | None = None, seed: int | None = None):
        self._clicks = ClickGuard()
        self.seed = fresh_seed() if seed is None else seed
        self.explorer = self._explorer(language_or_default(language))
        self.title = w.HTML(layout=w.Layout(flex="1 1 auto"))
        self.title.add_class("brass-page-title")
        self.how = w.HTML()
        self.how.add_class("brass-page-how")
        self.new_game_button = GuardedButton(self._clicks, icon="refresh",
                                             layout=w.Layout(width="auto", flex="0 0 auto"))
        self.new_game_button.add_class("brass-new-game")
        self.new_game_button.on_click(lambda _: self.new_game())
        header = w.HBox([self.title, self.new_game_button], layout=w.Layout(align_items="center"))
        super().__init__([header, self.how, self.explorer], layout=w.Layout(width="100%", grid_gap="2px"))
        self.add_class("brass-play-page")
        self._relabel()

    def __repr__(self) -> str:
        return f"PlayPage({self.explorer.game!r}, bot={self.explorer.table.seats[1].name!r}, " \
               f"language={self.explorer.language!r})"

    def _explorer(self, language: str) -> Explorer:
        game = new_game("birmingham", players=2, seed=self.seed)
        explorer = Explorer(game, language=language, seats=["human", GreedyBot()], auto=True)
        explorer.toggle.observe(lambda _: self._relabel(), "value")
        return explorer

    def _relabel(self) -> None:
        """The page's own words follow the Explorer's language toggle."""
        words = LABELS[self.explorer.language]
        self.title.value = f"<h2 style='margin:0;line-height:32px'>{html.escape(words['page_title'])}</h2>"
        self.how.value = f"<div style='font-size:13px;color:#444'>{html.escape(words['page_how'])}</div>"
        self.new_game_button.description = words["new_game"]

    def new_game(self) -> None:
        """Put a freshly dealt game on the table; the old Explorer is closed with everything it kept."""
        old = self.explorer
        self.seed = fresh_seed()
        self.explorer = self._explorer(old.language)
        self.children = [*self.children[:-1], self.explorer]
        old.close()
