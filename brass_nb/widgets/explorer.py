"""The Explorer: the board, an action builder offering only legal choices, and the explanation step by step."""
from __future__ import annotations

import html

import ipywidgets as w

from brass_nb.explain import CATALOGS_PLAYER, language_or_default, reason, render_html
from brass_nb.plot.live import LiveBoard
from brass_nb.rules.actions import example_action
from brass_nb.rules.errors import BrassError
from brass_nb.rules.game import Game
from brass_nb.rules.records import Explanation, Step
from brass_nb.widgets.choices import FIELDS, kinds, narrow
from brass_nb.widgets.labels import LABELS

SLOTS = 4  # the most fields any action kind has


def language_toggle(language: str) -> w.ToggleButtons:
    return w.ToggleButtons(options=[("English", "en"), ("日本語", "ja")], value=language,
                           style={"button_width": "80px"})


class Explorer(w.VBox):
    """Pick a legal action from dropdowns that narrow each other, see what it would do, play it, undo it.

    The dropdowns list only what ``game.legal_actions()`` allows; the preview and the played
    explanation come from the engine's own records; selecting a step highlights it on the board.
    """

    def __init__(self, game: Game, language: str | None = None):
        self.game = game
        self.language = language = language_or_default(language)
        self.board = LiveBoard(game, language)
        self.explanation: Explanation | None = None   # the last action played, while it is shown
        self.picked = None                             # the action the dropdowns last picked out
        self.shown: list[Step] = []                    # the steps listed under the board
        self.highlight: list[Step] = []                # the steps drawn on the board
        self.picture = w.Image(format="png", layout=w.Layout(width="100%", max_width="980px"))
        self.kind = w.Dropdown(layout=w.Layout(width="150px"))
        self.fields = [w.Dropdown(layout=w.Layout(width="auto", min_width="160px")) for _ in range(SLOTS)]
        for dropdown in [self.kind] + self.fields:
            dropdown.add_class("brass-choice")
        self.play_button = w.Button(button_style="success", icon="play")
        self.play_button.add_class("brass-play")
        self.undo_button = w.Button(icon="undo")
        self.redo_button = w.Button(icon="repeat")
        self.toggle = language_toggle(language)
        self.status = w.HTML()
        self.steps = w.ToggleButtons(style={"button_width": "34px", "description_width": "initial"})
        self.explanation_view = w.HTML()
        self.explanation_view.add_class("brass-explanation-view")
        self.typed = w.Text(layout=w.Layout(width="60%"))
        self.check_button = w.Button()
        self.play_typed_button = w.Button()
        self._updating = False
        super().__init__([
            w.HBox([self.toggle, self.status]), self.picture,
            w.HBox([self.kind] + self.fields), w.HBox([self.play_button, self.undo_button, self.redo_button]),
            w.HBox([self.typed, self.check_button, self.play_typed_button]), self.steps, self.explanation_view,
        ])
        self.kind.observe(self._on_kind, "value")
        for field in self.fields:
            field.observe(self._on_field, "value")
        self.steps.observe(self._on_step, "value")
        self.toggle.observe(self._on_language, "value")
        self.play_button.on_click(self._on_play)
        self.undo_button.on_click(lambda _: self._history(self.game.undo))
        self.redo_button.on_click(lambda _: self._history(self.game.redo))
        self.check_button.on_click(self._on_check)
        self.play_typed_button.on_click(self._on_play_typed)
        self._relabel()
        self._refresh()

    def __repr__(self) -> str:
        return f"Explorer({self.game!r})"

    # ------------------------------------------------------------------ state shown

    @property
    def words(self) -> dict:
        return LABELS[self.language]

    @property
    def selected(self):
        """The one legal action the dropdowns pick out, or None."""
        kind = self.kind.value
        if kind is None:
            return None
        chosen = [f.value for f in self.fields[:len(FIELDS[kind])]]
        _, matching = narrow(self.game.legal_actions(), kind, chosen)
        return matching[0] if len(matching) == 1 else None

    @property
    def highlighted_entities(self) -> set[str]:
        return {e for step in self.highlight for e in step.entities}

    def _relabel(self) -> None:
        words = self.words
        self.kind.description = words["action"]
        self.steps.description = words["show_step"]
        self.play_button.description = words["play"]
        self.undo_button.description = words["undo"]
        self.redo_button.description = words["redo"]
        self.check_button.description = words["check"]
        self.play_typed_button.description = words["play_typed"]
        self.typed.placeholder = words["typed"].format(example=example_action(self.game.facts))

    def _refresh(self) -> None:
        """After any change of position: status, dropdowns, then the last explanation or a preview."""
        self._updating = True
        try:
            options = kinds(self.game.legal_actions())
            self.kind.options = options
            self.kind.value = options[0] if options else None
            self._fill_fields()
        finally:
            self._updating = False
        self._show_status()
        if self.explanation is not None:
            self._show_played()
        else:
            self._preview()

    def _show_status(self, message: str = "") -> None:
        game, words = self.game, self.words
        if game.is_over:
            text = words["over"]
        else:
            text = words["to_act"].format(player=CATALOGS_PLAYER[self.language](game.current_player))
            text += " — " + words["era"][game.era].format(round=game.round)
            if game.phase:
                text += f" — {words['phase'][game.phase]}"
        self.status.value = f"<b>{html.escape(text)}</b>" + (f"<br>{message}" if message else "")

    def _fill_fields(self) -> None:
        kind = self.kind.value
        names = [name for name, _ in FIELDS.get(kind, ())]
        chosen = [f.value for f in self.fields[:len(names)]]
        options, _ = narrow(self.game.legal_actions(), kind, chosen) if kind else ([], [])
        for i, field in enumerate(self.fields):
            if i < len(options):
                values = options[i]
                field.options = values
                if field.value not in values:
                    field.value = values[0]
                field.description = self.words.get(names[i], names[i])
                field.layout.display = None
            elif i < len(names):
                field.options, field.layout.display = [], None
            else:
                field.options, field.layout.display = [], "none"
        if kind and len(options) < len(names):  # later fields opened up by the values just set
            self._fill_fields()

    # ------------------------------------------------------------------ showing

    def _preview(self) -> None:
        """What the selected action would do (the validator's steps), drawn on the board."""
        self.explanation = None
        action = self.picked = self.selected
        if action is None:
            self._show([], "")
            return
        plan = self.game.check(action)
        steps = plan.steps if plan.ok else plan.reasons()
        title = self.words["preview"] if plan.ok else self.words["refused"]
        self._show(steps, f"<p><i>{html.escape(title)}</i> <code>{html.escape(str(action))}</code></p>")

    def _show(self, steps: list[Step], heading: str, explanation: Explanation | None = None) -> None:
        self.shown = list(steps)
        self.highlight = list(steps)
        self._updating = True
        try:
            self.steps.options = [(str(i), i) for i in range(1, len(steps) + 1)]
            self.steps.value = None
        finally:
            self._updating = False
        body = render_html(explanation, self.language) if explanation else "".join(
            f"<li>{html.escape(reason(s, self.language))}</li>" for s in steps)
        self.explanation_view.value = heading + (body if explanation else f"<ol>{body}</ol>")
        self.picture.value = self.board.png(self.highlight)

    # ------------------------------------------------------------------ events

    def _on_kind(self, _change) -> None:
        if self._updating:
            return
        self._updating = True
        try:
            for field in self.fields:
                field.options = []
            self._fill_fields()
        finally:
            self._updating = False
        self._preview()

    def _on_field(self, _change) -> None:
        if self._updating:
            return
        self._updating = True
        try:
            self._fill_fields()
        finally:
            self._updating = False
        self._preview()

    def _on_step(self, change) -> None:
        if self._updating or change["new"] is None:
            return
        step = self.shown[change["new"] - 1]
        self.highlight = [step]
        self.picture.value = self.board.png([step])

    def _on_language(self, change) -> None:
        self.language = change["new"]
        self.board = LiveBoard(self.game, self.language)
        self._relabel()
        self._refresh()

    def _play(self, action) -> None:
        try:
            self.explanation = self.game.play(action)
        except BrassError as refusal:
            self._show_status(self._refusal_html(refusal.steps))
            return
        self._refresh_after_play()

    def _on_play(self, _button) -> None:
        """Play what the dropdowns picked; if the position changed since, the engine says why it no longer works."""
        action = self.selected or self.picked
        if action is None:
            self._show_status(html.escape(self.words["choose"]))
            return
        self._play(action)

    def _on_play_typed(self, _button) -> None:
        self._play(self.typed.value)

    def _on_check(self, _button) -> None:
        try:
            reasons = self.game.why_not(self.typed.value)
        except BrassError as refusal:
            reasons = refusal.steps
        message = self._refusal_html(reasons) if reasons else html.escape(self.words["legal"])
        self._show_status(message)

    def _history(self, move) -> None:
        try:
            result = move()
        except BrassError as refusal:
            self._show_status(self._refusal_html(refusal.steps))
            return
        self.explanation = result if isinstance(result, Explanation) else None
        self._refresh_after_play()

    def _refresh_after_play(self) -> None:
        self.board = LiveBoard(self.game, self.language)
        self._refresh()

    def _show_played(self) -> None:
        heading = f"<p><i>{html.escape(self.words['played'])}</i></p>"
        self._show(self.explanation.steps, heading, self.explanation)

    def _refusal_html(self, steps: list[Step]) -> str:
        items = "".join(f"<li>{html.escape(reason(s, self.language))}</li>" for s in steps)
        return f"<span style='color:#b00020'>{html.escape(self.words['refused'])}</span><ul>{items}</ul>"
