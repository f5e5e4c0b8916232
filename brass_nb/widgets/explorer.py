"""The Explorer: a whole game on one laptop screen — the board beside the turn, the hand, an action builder that
offers only legal choices, the explanation step by step, bots for the other seats, and the scores at the end.

The widget draws a :class:`~brass_nb.widgets.table.Table` (the game, the seats, the choice, the panel: plain Python)
and hands it every click; it holds no state of the game's but its pictures, kept for Undo and Redo, the reviews it is
computing and the hint it thinks out while the learner reads (:mod:`brass_nb.widgets.pondering`)."""
from __future__ import annotations

import asyncio
import base64
import html
import threading
from collections import OrderedDict
from collections.abc import Iterator

import ipywidgets as w

from brass_nb.bots.reviews import Review
from brass_nb.plot import png
from brass_nb.plot.live import LiveBoard, Overlay
from brass_nb.rules.actions import Action, example_action
from brass_nb.rules.game import Game
from brass_nb.rules.records import Step
from brass_nb.widgets.choices import SLOTS
from brass_nb.widgets.clicks import ClickGuard, GuardedButton
from brass_nb.widgets.panels import phrased
from brass_nb.widgets.pondering import Pondering
from brass_nb.widgets.reviewing import ReviewJob
from brass_nb.widgets.table import Table

PICTURE_WIDTH = "740px"   # the board's fixed CSS width: sharp at any pixel density the picture is drawn with
PANEL_HEIGHT = "630px"    # the side panel fits a 1366×768 laptop's JupyterLab without scrolling the page
PANEL_MIN_WIDTH = "300px"  # with JupyterLab's file browser open the board keeps 620 px: its 8.4 pt words show at 9 px
ICON_ONLY = "40px"        # Undo, Redo and "…": a familiar icon, its name in the tooltip
ROW = "flex"              # the decisive moments' buttons beside their label, not under it (ipywidgets: a block)
BOARDS_KEPT = 8           # positions (per language) whose drawing is kept, so Undo, Redo and switches are cheap
MARGINS_SIZE = (4.6, 2.1)  # the review's plot, in inches at 100 CSS pixels each: the side panel's width
MARGINS_DPI = 200         # the plot's pixels per inch: sharp on a high-density screen
PROGRESS_STEPS = 20       # how many times a review computed away from the click says how far it got


def language_toggle(language: str) -> w.ToggleButtons:
    return w.ToggleButtons(options=[("English", "en"), ("日本語", "ja")], value=language,
                           style={"button_width": "72px"})


def overlay_html(overlay: Overlay | None) -> str:
    """The overlay on a transparent box of the position picture's shape, to lay over that picture (one message: the
    highlights and their place change together); "" when there is none."""
    if overlay is None:
        return ""
    width, height = overlay.picture_size
    source = base64.b64encode(overlay.png).decode("ascii")
    return (f"<div style='position:relative;width:100%;aspect-ratio:{width}/{height};pointer-events:none'>"
            f"<img src='data:image/png;base64,{source}' alt='' style='position:absolute;margin:0;"
            f"left:{overlay.left / width:.5%};top:{overlay.top / height:.5%};width:{overlay.width / width:.5%}'></div>")


def _widget_tree(root: w.Widget) -> Iterator[w.Widget]:
    """A widget, its layout and style, and the same for every widget inside it."""
    yield root
    for part in (getattr(root, "layout", None), getattr(root, "style", None)):
        if isinstance(part, w.Widget):
            yield part
    for child in getattr(root, "children", ()):
        yield from _widget_tree(child)


class Explorer(w.GridBox):
    """Play a game at one screen: the controls always name one legal action, and every move is explained.

    ``seats`` gives each player "human" or a bot (any object with ``choose(game)`` and ``name``, e.g.
    ``brass_nb.bots.GreedyBot()``, or a strength's name: "beginner", "club", "strong"). A human seat picks from
    dropdowns that narrow each other and list only ``game.legal_actions()``. Bot seats move at once after the
    learner's move, each of their moves listed and explained; ``auto=False`` (or unticking "bots play at once",
    behind the "…" button with the typed-notation row) lets a teacher step through them with "Next bot move",
    and while a bot is to act the learner's dropdowns give way to that button.
    Previews and played moves show the engine's own steps; choosing a step draws it on the board. ``hints=False``
    hides the Hint button (an exercise gives its own hints); ``top`` goes at the top of the side panel.

    Review opens the coach's review of a seat's decisions (the first human seat's unless another is chosen) beside
    the replay: choosing a decisive moment, any decision, or a position on the replay shows the position where the
    decision was taken, its rating and the better move on the board. ``reviews=False`` hides it.
    """

    def __init__(self, game: Game, language: str | None = None, seats: list | None = None, auto: bool = True,
                 hints: bool = True, top: w.Widget | None = None, reviews: bool = True):
        self.table = Table(game, seats, language)
        self._boards: OrderedDict[tuple, LiveBoard] = OrderedDict()
        self._drawn: tuple[LiveBoard, list[int]] | None = None     # the board and steps the picture shows
        self._plot: tuple[Review, str, bytes] | None = None        # the review, language and plot shown
        self._jobs: set[tuple[int, tuple[Action, ...]]] = set()     # the reviews being computed, by key
        self._reviews = reviews
        self._updating = False
        self._clicks = ClickGuard()
        self._pondering = Pondering()
        self._hints_asked = False   # a learner who never asks for a hint has none thought out ahead

        self.picture = w.Image(format="png", layout=w.Layout(width="100%", grid_area="board", align_self="flex-start"))
        self.picture.add_class("brass-board")
        # the steps chosen, as a small picture laid over the position's: a preview sends only that
        self.overlay = w.HTML(layout=w.Layout(width="100%", grid_area="board", align_self="flex-start"))
        self.overlay.add_class("brass-board-overlay")
        self.board = w.GridBox([self.picture, self.overlay], layout=w.Layout(
            grid_template_areas='"board"', grid_template_columns="100%", width="100%", max_width=PICTURE_WIDTH))
        self.toggle = language_toggle(self.table.language)
        self.status = w.HTML(layout=w.Layout(width="auto"))    # (the side panel's width less the widget's margins)
        self.status.add_class("brass-status")
        self.hand = w.HTML()
        self.kind = w.Dropdown(layout=w.Layout(width="auto"))
        self.fields = [w.Dropdown(layout=w.Layout(width="auto")) for _ in range(SLOTS)]
        for dropdown in [self.kind] + self.fields:
            dropdown.style.description_width = "78px"
            dropdown.add_class("brass-choice")
        self.play_button = self._button("success", "play", "brass-play")
        self.undo_button = self._button("", "undo", "brass-undo", ICON_ONLY)
        self.redo_button = self._button("", "repeat", "brass-redo", ICON_ONLY)
        self.hint_button = self._button("info", "lightbulb-o", "brass-hint")
        self.bot_button = self._button("warning", "forward", "brass-bot")
        self.more_button = w.ToggleButton(icon="ellipsis-h", layout=w.Layout(width=ICON_ONLY, flex="0 0 auto"))
        self.more_button.add_class("brass-more")
        self.auto = w.Checkbox(value=auto, indent=False, layout=w.Layout(width="auto"))
        self.typed = w.Text(layout=w.Layout(width="auto", flex="1 1 auto"))
        self.check_button = self._button("", "question", "brass-check")
        self.play_typed_button = self._button("", "keyboard-o", "brass-play-typed")
        self.steps = w.ToggleButtons(style={"button_width": "30px"},
                                     layout=w.Layout(flex="0 0 auto", width="max-content"))
        self.steps.add_class("brass-steps")
        self.steps_label = w.HTML(layout=w.Layout(flex="0 0 auto", margin="0 4px 0 0"))
        self.steps_row = w.HBox([self.steps_label, self.steps], layout=w.Layout(
            display="none", flex="0 0 auto", overflow="auto hidden", width="100%", align_items="center"))
        # one row however many steps (an era's scoring has 50): it scrolls sideways, the explanation keeps its room
        self.explanation_view = w.HTML(layout=w.Layout(flex="1 1 0", overflow="auto", min_height="60px",
                                                       border="1px solid #ddd", padding="0 6px"))
        self.explanation_view.add_class("brass-explanation-view")
        self.scores = w.HTML(layout=w.Layout(display="none", flex="0 0 auto", max_width="100%"))
        self.scores.add_class("brass-scores-view")
        self.replay = w.IntSlider(min=0, max=0, continuous_update=False, layout=w.Layout(display="none",
                                                                                         width="100%"))
        self.replay.add_class("brass-replay")
        self.review_button = w.ToggleButton(icon="search", layout=w.Layout(width="auto", min_width="72px"))
        self.review_button.add_class("brass-review")
        self.reviewed = w.Dropdown(layout=w.Layout(width="auto", flex="0 1 auto"))
        self.reviewed.style.description_width = "auto"
        self.reviewed.add_class("brass-reviewed")
        self.decision = w.Dropdown(layout=w.Layout(width="auto", flex="1 1 0"))
        self.decision.style.description_width = "auto"
        self.decision.add_class("brass-decision")
        self.decisive = w.ToggleButtons(style={"button_width": "auto", "description_width": "auto"},
                                        layout=w.Layout(flex="0 0 auto", align_items="center"))
        self.decisive.add_class("brass-decisive")
        self.review_box = w.VBox([w.HBox([self.reviewed, self.decision]), self.decisive],
                                 layout=w.Layout(flex="0 0 auto", display="none"))
        self.margins = w.Image(format="png", layout=w.Layout(width="100%", flex="0 0 auto"))
        self.margins.add_class("brass-margins")
        self.margins_slot = w.Box([], layout=w.Layout(flex="0 0 auto"))   # the plot, only once there is one
        # (an empty picture in the page, even hidden, is a broken image)
        self.builder = w.VBox([self.kind] + self.fields, layout=w.Layout(flex="0 0 auto"))
        self.typed_row = w.HBox([self.typed, self.check_button, self.play_typed_button])
        # what a learner rarely needs waits behind "…": typing notation, and the bots' pace (a teacher's choice)
        self.more = w.VBox([self.typed_row, self.auto], layout=w.Layout(display="none", flex="0 0 auto"))
        self.controls = w.VBox([
            self.builder, w.HBox([self.play_button, self.bot_button, self.undo_button, self.redo_button,
                                  self.hint_button, self.more_button], layout=w.Layout(flex_flow="row wrap")),
            self.more], layout=w.Layout(flex="0 0 auto"))
        tools = w.HBox([self.toggle, self.review_button], layout=w.Layout(flex="0 0 auto", grid_gap="6px"))
        side = w.VBox(([top] if top is not None else []) + [tools, self.status, self.hand, self.controls,
                       self.scores, self.review_box, self.replay, self.steps_row, self.explanation_view,
                       self.margins_slot],
                      layout=w.Layout(height=PANEL_HEIGHT, overflow="hidden", grid_gap="2px"))
        side.add_class("brass-side")
        super().__init__([self.board, side], layout=w.Layout(
            grid_template_columns=f"minmax(0, {PICTURE_WIDTH}) minmax({PANEL_MIN_WIDTH}, 1fr)", grid_gap="10px",
            align_items="flex-start", width="100%"))
        self.add_class("brass-explorer")

        self.kind.observe(self._on_kind, "value")
        for index, field in enumerate(self.fields):
            field.observe(lambda change, i=index: self._on_field(i, change), "value")
        self.steps.observe(self._on_step, "value")
        self.toggle.observe(self._on_language, "value")
        self.replay.observe(self._on_replay, "value")
        self.review_button.observe(self._on_review, "value")
        self.more_button.observe(self._on_more, "value")
        self.reviewed.observe(self._on_reviewed, "value")
        self.decisive.observe(self._on_decision, "value")
        self.decision.observe(self._on_decision, "value")
        self.play_button.on_click(lambda _: self._act(self._play_selected))
        self.undo_button.on_click(lambda _: self._act(self.table.undo))
        self.redo_button.on_click(lambda _: self._act(self.table.redo))
        self.hint_button.on_click(lambda _: self._hint())
        self.bot_button.on_click(lambda _: self._act(lambda: self.table.bot_moves(once=True)))
        self.check_button.on_click(lambda _: self._act(lambda: self.table.check(self.typed.value)))
        self.play_typed_button.on_click(
            lambda _: self._act(lambda: self.table.play_typed(self.typed.value, self.auto.value)))
        self.hints = hints and hasattr(game, "hint")
        """Whether the Hint button is offered (a guided game turns it off while it coaches a move)."""
        self.table.on_bot_thinking = self._show_thinking
        self._relabel()
        if self.auto.value:
            self.table.bot_moves(once=False)
        self._render()

    def __repr__(self) -> str:
        return f"Explorer({self.game!r}, seats={[s if s == 'human' else s.name for s in self.table.seats]!r})"

    def close(self) -> None:
        """Close the Explorer and every widget in it, and drop the pictures it keeps for Undo and Redo (a review
        still being computed is dropped when it is done).

        The kernel keeps each widget it made until the widget is closed, even once its output is cleared: a
        notebook or a script that makes many Explorers closes those it no longer shows."""
        if not hasattr(self, "_boards"):     # ipywidgets closes on deletion: an Explorer refused early made nothing
            super().close()
            return
        self._pondering.stop()
        self._boards.clear()
        self._drawn = self._plot = None
        for widget in [*_widget_tree(self), *_widget_tree(self.margins)]:   # (the plot: out of the tree unshown)
            if widget is not self:
                widget.close()
        super().close()

    def _button(self, style: str, icon: str, css: str, width: str = "auto") -> w.Button:
        button = GuardedButton(self._clicks, button_style=style, icon=icon,
                               layout=w.Layout(width=width, min_width=width if width != "auto" else "70px",
                                               flex="0 0 auto"))
        button.add_class(css)
        return button

    # ------------------------------------------------------------------ the table, read

    @property
    def game(self) -> Game:
        return self.table.game

    @property
    def language(self) -> str:
        return self.table.language

    @property
    def selected(self) -> Action | None:
        """The one legal action the dropdowns show (None when nobody can act)."""
        return self.table.selected

    @property
    def shown(self) -> list[Step]:
        return self.table.shown

    @property
    def highlight(self) -> list[Step]:
        return self.table.highlight

    @property
    def step_chosen(self) -> int | None:
        return self.table.step_chosen

    @property
    def highlighted_entities(self) -> set[str]:
        return {e for step in self.table.highlight for e in step.entities}

    # ------------------------------------------------------------------ drawing the table

    def _relabel(self) -> None:
        words = self.table.words
        self.kind.description = words["action"]
        for button, key in ((self.play_button, "play"), (self.hint_button, "hint"), (self.bot_button, "bot_move"),
                            (self.check_button, "check"), (self.play_typed_button, "play_typed")):
            button.description = words[key]
        for button, key in ((self.undo_button, "undo"), (self.redo_button, "redo"), (self.more_button, "more")):
            button.tooltip = words[key]          # a familiar icon, named when pointed at
        self.auto.description = words["auto"]
        self.typed.placeholder = words["typed"].format(example=example_action(self.game.facts))
        self.replay.description = words["replay"]
        self.review_button.description = words["review"]
        self.reviewed.description = words["review_of"]
        self.decisive.description = words["decisive"]
        self.decision.description = words["decision"]

    def _render(self) -> None:
        """Show the table as it is now: controls, status, panel, scores and the board (no event handler runs)."""
        table = self.table
        self._updating = True
        try:
            self._render_choice()
            self._render_controls()
            self._render_steps()
            if table.moments is not None:
                self.replay.max = len(table.moments) - 1
                self.replay.value = table.replay_index
            self._render_review()
        finally:
            self._updating = False
        language = table.language
        self.status.value = phrased(table.status_html(), language)
        self.hand.value = phrased(table.hand_html(), language)
        self.scores.value = phrased(table.scores_html(), language)
        self.explanation_view.value = phrased(table.panel_html(), language)
        self._draw()

    def _render_choice(self) -> None:
        """The dropdowns show the table's choice (one legal action) and nothing else."""
        table = self.table
        self.kind.options = table.kind_options()
        self.kind.value = table.selected.kind if table.selected else None
        rows = table.field_rows()
        for i, dropdown in enumerate(self.fields):
            if i < len(rows):
                row = rows[i]
                dropdown.options = [(words, key) for key, words in row.options]
                dropdown.value, dropdown.description = row.key, row.label
                dropdown.layout.display = "none" if row.hidden else None
            else:
                dropdown.options, dropdown.description = [], ""
                dropdown.layout.display = "none"

    def _render_controls(self) -> None:
        can = self.table.controls()
        for control in [self.kind, self.play_button, self.play_typed_button, self.hint_button] + self.fields:
            control.disabled = not can.human
        self.undo_button.disabled, self.redo_button.disabled = not can.undo, not can.redo
        self.bot_button.disabled = not can.bots_to_act
        self.bot_button.layout.display = None if can.bots_to_act else "none"
        self.auto.layout.display = None if can.bots else "none"
        for learners in (self.builder, self.play_button, self.typed_row):      # a bot's turn is visibly the bot's
            learners.layout.display = "none" if can.bots_to_act else None
        self.more.layout.display = None if self.more_button.value else "none"
        self.hint_button.layout.display = None if self.hints and not can.bots_to_act else "none"
        self.controls.layout.display = "none" if can.over or can.reviewing else None
        self.scores.layout.display = None if can.over and not can.reviewing else "none"
        self.replay.layout.display = None if can.over or can.reviewing else "none"
        self.hand.layout.display = "none" if can.over or can.reviewing else None     # a finished game's are empty

    def _render_steps(self) -> None:
        """Step buttons for exactly the panel's steps, the chosen one pressed."""
        count = len(self.table.shown)
        options = [(str(i), i) for i in range(1, count + 1)]
        if list(self.steps.options) != options:
            self.steps.options = options
            self.steps.style.button_width = f"{22 + 8 * len(str(count))}px"   # "10" is not cut to "1…"
        # the count says how many there are when the row runs past the panel's edge (browsers may hide the sideways
        # scrollbar until it is used)
        self.steps_label.value = html.escape(self.table.words["show_step"].format(count=count))
        self.steps.value = self.table.step_chosen
        self.steps_row.layout.display = None if count else "none"

    def _render_review(self) -> None:
        """The review view's controls show the table's: whose review, its decisions, the one shown, the plot."""
        table, can = self.table, self.table.controls()
        self.review_button.value = can.reviewing
        self.review_button.layout.display = None if self._reviews and can.review else "none"
        self.review_box.layout.display = None if can.reviewing else "none"
        if not can.reviewing:
            self.margins_slot.children = ()
            return
        self.reviewed.options = table.reviewed_options()
        self.reviewed.value = table.reviewed
        shown = table.decision_shown
        number = shown.number if shown is not None else None
        decisive = table.decisive_options()
        if list(self.decisive.options) != decisive:
            self.decisive.options = decisive
        self.decisive.value = number if number in {n for _, n in decisive} else None
        self.decisive.layout.display = ROW if decisive else "none"
        decisions = table.decision_options()
        if list(self.decision.options) != decisions:
            self.decision.options = decisions
        self.decision.value = number
        self.decision.layout.visibility = "visible" if decisions else "hidden"
        plot = self._margins()
        if plot:
            self.margins.value = plot
        self.margins_slot.children = (self.margins,) if plot else ()

    def _margins(self) -> bytes:
        """The review's plot in the table's language (drawn again only when either changed)."""
        review = self.table.cached_review(self.table.reviewed) if self.table.reviewed is not None else None
        if review is None:
            return b""
        if self._plot is None or self._plot[0] is not review or self._plot[1] != self.language:
            self._plot = (review, self.language, png(review.plot(self.language, MARGINS_SIZE), dpi=MARGINS_DPI))
        return self._plot[2]

    def _board(self, game: Game) -> LiveBoard:
        """The drawing of ``game``'s position, kept for the last few positions."""
        key = (self.language, id(game) if game is not self.game else None, tuple(str(a) for a in game.log))
        board = self._boards.get(key)
        if board is None:
            board = self._boards[key] = LiveBoard(game.copy() if game is self.game else game, self.language)
            while len(self._boards) > BOARDS_KEPT:
                self._boards.popitem(last=False)
        self._boards.move_to_end(key)
        return board

    def _draw(self) -> None:
        """The position's picture (sent again only when the position changed) and the steps chosen laid over it."""
        board, highlight = self._board(self.table.board_game()), self.table.highlight
        drawn = (board, [id(step) for step in highlight])
        if drawn != self._drawn:
            self._drawn = drawn
            self.picture.value = board.png()
            self.overlay.value = overlay_html(board.overlay(highlight))

    def _show_thinking(self, player: int) -> None:
        """Before a bot chooses: the page says who is thinking while the kernel works."""
        self.status.value = phrased(self.table.thinking_html(player), self.language)

    # ------------------------------------------------------------------ events: each handed to the table

    def _act(self, move) -> None:
        self._pondering.stop()
        move()
        self._render()
        self._think_ahead()

    def _hint(self) -> None:
        """The coach's hint: the one thought out while the learner read the board when there is one (waiting for
        the rest of it if need be), else computed now."""
        self._hints_asked = True
        ready = self._pondering.take(self.game)
        self._act(lambda: self.table.hint(ready))

    def _think_ahead(self) -> None:
        """Once the learner has asked for a hint at this table, think out the hint for the position they are to
        act in while they read it (:mod:`brass_nb.widgets.pondering`); only where the kernel's event loop runs
        (JupyterLab, Voilà), not in a script or a test that clicks in code."""
        if not (self._hints_asked and self.hints and self.table.controls().human) or self.game.is_over:
            return
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return
        self._pondering.start(self.game)

    def _play_selected(self) -> None:
        if self.table.selected is not None:
            self.table.play(self.table.selected, self.auto.value)

    def _on_kind(self, change) -> None:
        if not self._updating and change["new"] is not None:
            self._act(lambda: self.table.choose_kind(change["new"]))

    def _on_field(self, index: int, change) -> None:
        if not self._updating and change["new"] is not None and self.table.choice is not None:
            keys = [f.value for f in self.fields[:len(self.table.field_rows())]]
            self._act(lambda: self.table.choose_fields(keys))

    def _on_step(self, change) -> None:
        if not self._updating:
            self._act(lambda: self.table.choose_step(change["new"]))

    def _on_language(self, change) -> None:
        def switch() -> None:
            self.table.set_language(change["new"])
            self._relabel()
        self._act(switch)

    def _on_replay(self, change) -> None:
        if not self._updating:
            self._act(lambda: self.table.replay_to(change["new"]))

    def _on_more(self, change) -> None:
        self._render_controls()

    def _on_review(self, change) -> None:
        if self._updating:
            return
        if change["new"]:
            self._open_review(None)
        else:
            self._act(self.table.close_review)

    def _on_reviewed(self, change) -> None:
        if not self._updating and change["new"] is not None:
            self._open_review(change["new"])

    def _on_decision(self, change) -> None:
        if not self._updating and change["new"] is not None:
            self._act(lambda: self.table.choose_decision(change["new"]))

    # ------------------------------------------------------------------ the review, computed

    def _open_review(self, player: int | None) -> None:
        job = self.table.open_review(player)
        self._render()
        if job is not None:
            self._compute(job)

    def _compute(self, job: ReviewJob) -> None:
        """Compute a review away from the click where the kernel's event loop runs (JupyterLab, Voilà): the table
        stays usable meanwhile and says how far the review got, and the review is shown when it is done. Without
        a running loop (a script, a test) it is computed at once."""
        if job.key in self._jobs:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self._act(lambda: self.table.review_done(job, job.run()))
            return
        self._jobs.add(job.key)
        every = max(1, len(job.game.log) // PROGRESS_STEPS)

        def progress(done: int, total: int) -> None:
            if done % every == 0:
                loop.call_soon_threadsafe(self._review_progress, job, done, total)

        def work() -> None:
            review = None
            try:
                review = job.run(progress)
            finally:     # told even when the review failed, so that asking again computes it again
                loop.call_soon_threadsafe(self._review_ready, job, review)

        threading.Thread(target=work, name="brass-review", daemon=True).start()

    def _review_progress(self, job: ReviewJob, done: int, total: int) -> None:
        """In the kernel's thread: how far the review the view waits for got."""
        if self.comm is not None and job.player == self.table.reviewed and job.key in self._jobs:
            self.table.review_progress = (done, total)
            self.explanation_view.value = phrased(self.table.panel_html(), self.table.language)

    def _review_ready(self, job: ReviewJob, review: Review | None) -> None:
        """In the kernel's thread: the review is computed (None if it failed); the table keeps it and shows it."""
        self._jobs.discard(job.key)
        if self.comm is not None and review is not None:
            self._act(lambda: self.table.review_done(job, review))
