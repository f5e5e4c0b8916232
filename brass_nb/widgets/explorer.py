"""The Explorer: a whole game on one laptop screen — the board beside the turn, the hand, an action builder that
offers only legal choices, the explanation step by step, bots for the other seats, and the scores at the end."""
from __future__ import annotations

import html
from collections import OrderedDict
from collections.abc import Iterator

import ipywidgets as w

from brass_nb.explain import language_or_default, reason
from brass_nb.plot.live import LiveBoard
from brass_nb.rules.actions import Action, example_action
from brass_nb.rules.errors import BrassError, GameSetupError
from brass_nb.rules.game import Game
from brass_nb.rules.records import Explanation, Step
from brass_nb.widgets.choices import FIELDS, SLOTS, Choice, choice_of, describe, kinds, settle
from brass_nb.widgets.labels import LABELS
from brass_nb.widgets.panels import hand_html, players_html, scores_html, seat_name, status_html
from brass_nb.widgets.timeline import Moment, timeline

PICTURE_WIDTH = "740px"   # the board's fixed CSS width: sharp at any pixel density the picture is drawn with
PANEL_HEIGHT = "630px"    # the side panel fits a 1366×768 laptop's JupyterLab without scrolling the page
BOARDS_KEPT = 8           # positions (per language) whose drawing is kept, so Undo, Redo and switches are cheap


def language_toggle(language: str) -> w.ToggleButtons:
    return w.ToggleButtons(options=[("English", "en"), ("日本語", "ja")], value=language,
                           style={"button_width": "72px"})


def _widget_tree(root: w.Widget) -> Iterator[w.Widget]:
    """A widget, its layout and style, and the same for every widget inside it."""
    yield root
    for part in (getattr(root, "layout", None), getattr(root, "style", None)):
        if isinstance(part, w.Widget):
            yield part
    for child in getattr(root, "children", ()):
        yield from _widget_tree(child)


def _check_seats(game: Game, seats: list | None) -> list:
    seats = list(seats) if seats is not None else ["human"] * len(game.players)
    if len(seats) != len(game.players):
        raise GameSetupError([Step("explorer.seats", {"given": len(seats), "players": len(game.players)}, ok=False)])
    for seat in seats:
        if seat != "human" and not (callable(getattr(seat, "choose", None)) and hasattr(seat, "name")):
            raise GameSetupError([Step("explorer.seat", {"seat": repr(seat)[:60]}, ok=False)])
    return seats


class Explorer(w.GridBox):
    """Play a game at one screen: the controls always name one legal action, and every move is explained.

    ``seats`` gives each player "human" or a bot (any object with ``choose(game)`` and ``name``, e.g.
    ``brass_nb.bots.GreedyBot()``). A human seat picks from dropdowns that narrow each other and list only
    ``game.legal_actions()``; a bot seat moves when "Next bot move" is pressed (or at once, with ``auto``).
    Previews and played moves show the engine's own steps; choosing a step draws it on the board.
    """

    def __init__(self, game: Game, language: str | None = None, seats: list | None = None, auto: bool = False):
        self.game = game
        self.seats = _check_seats(game, seats)
        self.language = language_or_default(language)
        self.choice: Choice | None = None          # what the dropdowns show
        self.shown: list[Step] = []                # the steps listed in the explanation panel
        self.highlight: list[Step] = []            # the steps drawn on the board
        self.step_chosen: int | None = None        # the step picked with the step buttons (1-based)
        self._panel: tuple = ("start",)            # what the explanation panel shows, to redraw it in a language
        self._boards: OrderedDict[tuple, LiveBoard] = OrderedDict()
        self._moments: list[Moment] | None = None
        self._updating = False

        self.picture = w.Image(format="png", layout=w.Layout(width="100%", max_width=PICTURE_WIDTH))
        self.picture.add_class("brass-board")
        self.toggle = language_toggle(self.language)
        self.status = w.HTML(layout=w.Layout(width="100%"))
        self.status.add_class("brass-status")
        self.players_view = w.HTML()
        self.hand = w.HTML()
        self.kind = w.Dropdown(layout=w.Layout(width="100%"))
        self.fields = [w.Dropdown(layout=w.Layout(width="100%")) for _ in range(SLOTS)]
        for dropdown in [self.kind] + self.fields:
            dropdown.style.description_width = "78px"
            dropdown.add_class("brass-choice")
        self.play_button = self._button("success", "play", "brass-play")
        self.undo_button = self._button("", "undo", "brass-undo")
        self.redo_button = self._button("", "repeat", "brass-redo")
        self.hint_button = self._button("info", "lightbulb-o", "brass-hint")
        self.bot_button = self._button("warning", "forward", "brass-bot")
        self.auto = w.Checkbox(value=auto, indent=False, layout=w.Layout(width="auto"))
        self.typed = w.Text(layout=w.Layout(width="auto", flex="1 1 auto"))
        self.check_button = self._button("", "question", "brass-check")
        self.play_typed_button = self._button("", "keyboard-o", "brass-play-typed")
        self.steps = w.ToggleButtons(style={"button_width": "30px", "description_width": "56px"},
                                     layout=w.Layout(display="none", flex="0 0 auto"))
        self.steps.add_class("brass-steps")
        self.explanation_view = w.HTML(layout=w.Layout(flex="1 1 0", overflow="auto", min_height="60px",
                                                       border="1px solid #ddd", padding="0 6px"))
        self.explanation_view.add_class("brass-explanation-view")
        self.scores = w.HTML(layout=w.Layout(display="none"))
        self.scores.add_class("brass-scores-view")
        self.replay = w.IntSlider(min=0, max=0, continuous_update=False, layout=w.Layout(display="none",
                                                                                         width="100%"))
        self.replay.add_class("brass-replay")
        self.controls = w.VBox([self.kind] + self.fields + [
            w.HBox([self.play_button, self.undo_button, self.redo_button, self.hint_button]),
            w.HBox([self.bot_button, self.auto]),
            w.HBox([self.typed, self.check_button, self.play_typed_button])],
            layout=w.Layout(flex="0 0 auto"))
        top = w.HBox([self.players_view, self.toggle], layout=w.Layout(justify_content="space-between",
                                                                        flex="0 0 auto"))
        side = w.VBox([self.status, top, self.hand, self.controls,
                       self.scores, self.replay, self.steps, self.explanation_view],
                      layout=w.Layout(height=PANEL_HEIGHT, overflow="hidden", grid_gap="2px"))
        side.add_class("brass-side")
        super().__init__([self.picture, side], layout=w.Layout(
            grid_template_columns=f"minmax(0, {PICTURE_WIDTH}) minmax(330px, 1fr)", grid_gap="10px",
            align_items="flex-start", width="100%"))
        self.add_class("brass-explorer")

        self.kind.observe(self._on_kind, "value")
        for index, field in enumerate(self.fields):
            field.observe(lambda change, i=index: self._on_field(i, change), "value")
        self.steps.observe(self._on_step, "value")
        self.toggle.observe(self._on_language, "value")
        self.replay.observe(self._on_replay, "value")
        self.play_button.on_click(self._on_play)
        self.undo_button.on_click(self._on_undo)
        self.redo_button.on_click(self._on_redo)
        self.hint_button.on_click(self._on_hint)
        self.bot_button.on_click(lambda _: self._bot_moves(once=True))
        self.check_button.on_click(self._on_check)
        self.play_typed_button.on_click(self._on_play_typed)
        self.hint_button.layout.display = None if hasattr(game, "hint") else "none"
        self._relabel()
        self._after_move(None, "")
        if self.auto.value:
            self._bot_moves(once=False)

    def __repr__(self) -> str:
        return f"Explorer({self.game!r}, seats={[s if s == 'human' else s.name for s in self.seats]!r})"

    def close(self) -> None:
        """Close the Explorer and every widget in it, and drop the pictures it keeps for Undo and Redo.

        The kernel keeps each widget it made until the widget is closed, even once its output is cleared: a
        notebook or a script that makes many Explorers closes those it no longer shows."""
        if not hasattr(self, "_boards"):     # ipywidgets closes on deletion: an Explorer refused early made nothing
            super().close()
            return
        self._boards.clear()
        self._moments = None
        for widget in _widget_tree(self):
            if widget is not self:
                widget.close()
        super().close()

    @staticmethod
    def _button(style: str, icon: str, css: str) -> w.Button:
        button = w.Button(button_style=style, icon=icon, layout=w.Layout(width="auto", min_width="70px",
                                                                         flex="0 0 auto"))
        button.add_class(css)
        return button

    # ------------------------------------------------------------------ reading what is shown

    @property
    def words(self) -> dict:
        return LABELS[self.language]

    @property
    def selected(self) -> Action | None:
        """The one legal action the dropdowns show (None when nobody can act)."""
        return self.choice.action if self.choice else None

    @property
    def highlighted_entities(self) -> set[str]:
        return {e for step in self.highlight for e in step.entities}

    def _human_to_act(self) -> bool:
        return not self.game.is_over and self.seats[self.game.current_player] == "human"

    # ------------------------------------------------------------------ the controls

    def _relabel(self) -> None:
        words = self.words
        self.kind.description = words["action"]
        self.steps.description = words["show_step"]
        for button, key in ((self.play_button, "play"), (self.undo_button, "undo"), (self.redo_button, "redo"),
                            (self.hint_button, "hint"), (self.bot_button, "bot_move"),
                            (self.check_button, "check"), (self.play_typed_button, "play_typed")):
            button.description = words[key]
        self.auto.description = words["auto"]
        self.typed.placeholder = words["typed"].format(example=example_action(self.game.facts))
        self.replay.description = words["replay"]

    def _show_choice(self, choice: Choice | None) -> None:
        """Make the dropdowns show ``choice`` (one legal action) and nothing else; no event handler runs."""
        self.choice = choice
        self._updating = True
        try:
            legal = self.game.legal_actions() if not self.game.is_over else []
            self.kind.options = [(self.words["kinds"][k], k) for k in kinds(legal)]
            self.kind.value = choice.action.kind if choice else None
            fields = FIELDS[choice.action.kind] if choice else ()
            for i, dropdown in enumerate(self.fields):
                if i < len(fields):
                    dropdown.options = [(words, key) for key, words in choice.options[i]]
                    dropdown.value = choice.keys[i]
                    dropdown.description = self.words[fields[i].name]
                    dropdown.layout.display = "none" if choice.keys[i] == "None" and len(choice.options[i]) == 1 \
                        else None
                else:
                    dropdown.options, dropdown.description = [], ""
                    dropdown.layout.display = "none"
        finally:
            self._updating = False

    def _settle_choice(self, kind: str | None, wanted: list) -> Choice | None:
        legal = self.game.legal_actions() if not self.game.is_over else []
        available = kinds(legal)
        if not available:
            return None
        return settle(legal, kind if kind in available else available[0], wanted, self.language)

    def _keep_or_settle(self, action: Action | None) -> Choice | None:
        """The learner's last choice when it is still legal; else the nearest legal action of the same kind."""
        legal = self.game.legal_actions() if not self.game.is_over else []
        if action is not None:
            kept = choice_of(legal, action, self.language)
            if kept is not None:
                return kept
        kind = action.kind if action is not None else None
        wanted = [f.key(action) for f in FIELDS[kind]] if action is not None else []
        return self._settle_choice(kind, wanted)

    def _enable(self) -> None:
        human = self._human_to_act()
        for control in [self.kind, self.play_button, self.play_typed_button, self.hint_button] + self.fields:
            control.disabled = not human
        self.undo_button.disabled = not self.game.log
        self.redo_button.disabled = not self.game._redo
        bots_to_act = not self.game.is_over and not human
        self.bot_button.disabled = not bots_to_act
        self.bot_button.layout.display = None if any(s != "human" for s in self.seats) else "none"
        self.auto.layout.display = self.bot_button.layout.display
        over = self.game.is_over
        self.controls.layout.display = "none" if over else None
        self.scores.layout.display = None if over else "none"
        self.replay.layout.display = None if over else "none"

    # ------------------------------------------------------------------ the panels

    def _board(self, game: Game | None = None) -> LiveBoard:
        """The drawing of ``game``'s position (default: the game's), kept for the last few positions."""
        game = game or self.game
        key = (self.language, id(game) if game is not self.game else None, tuple(str(a) for a in game.log))
        board = self._boards.get(key)
        if board is None:
            board = self._boards[key] = LiveBoard(game.copy() if game is self.game else game, self.language)
            while len(self._boards) > BOARDS_KEPT:
                self._boards.popitem(last=False)
        self._boards.move_to_end(key)
        return board

    def _draw(self, game: Game | None = None) -> None:
        self.picture.value = self._board(game).png(self.highlight)

    def _show_status(self, message: str = "") -> None:
        self.status.value = status_html(self.game, self.seats, self.language, message)
        self.players_view.value = players_html(self.game, self.seats, self.language)
        humans = [i for i, s in enumerate(self.seats) if s == "human"]
        player = self.game.current_player if self._human_to_act() else (humans[0] if humans else None)
        if player is None and not self.game.is_over:
            player = self.game.current_player
        self.hand.value = hand_html(self.game, player, self.language) if player is not None else ""

    def _steps_html(self, steps: list[Step], marked: bool = True) -> str:
        items = []
        for i, step in enumerate(steps, 1):
            chosen = marked and i == self.step_chosen
            style = " style='background:#fff2a8;font-weight:bold'" if chosen else ""
            css = "brass-step brass-chosen" if chosen else "brass-step"
            items.append(f"<li class='{css}' data-rule='{step.rule}'{style}>"
                         f"{html.escape(reason(step, self.language))}</li>")
        return f"<ol style='padding-left:22px;margin:2px 0'>{''.join(items)}</ol>"

    def _heading(self, text: str, action: Action | str | None = None) -> str:
        what = html.escape(describe(action, self.language) if isinstance(action, tuple) else str(action or ""))
        return f"<p style='margin:4px 0'><i>{html.escape(text)}</i> <b>{what}</b></p>"

    def _explanation_html(self, explanation: Explanation, player: int | None, marked: bool = True) -> str:
        who = self._who(player)
        action = self.game.parse(explanation.action) if player is not None else None
        head = self._heading(self.words["played"].format(player=who), action or explanation.action)
        return head + self._steps_html(explanation.steps, marked)

    def _who(self, player: int | None) -> str:
        return "" if player is None else seat_name(self.seats, player, self.language)

    def _set_panel(self, panel: tuple, steps: list[Step]) -> None:
        """Show ``panel`` in the explanation view, with step buttons for exactly its ``steps``."""
        self._panel = panel
        self.shown, self.highlight, self.step_chosen = list(steps), list(steps), None
        self._updating = True
        try:
            self.steps.options = [(str(i), i) for i in range(1, len(steps) + 1)]
            self.steps.style.button_width = f"{22 + 8 * len(str(len(steps)))}px"   # "10" is not cut to "1…"
            self.steps.value = None
            self.steps.layout.display = None if steps else "none"
        finally:
            self._updating = False
        self._render_panel()

    def _render_panel(self) -> None:
        kind, *data = self._panel
        words = self.words
        if kind == "start":
            body = f"<p><i>{html.escape(words['start'])}</i></p>"
        elif kind == "preview":
            action, plan_ok = data
            title = words["preview"] if plan_ok else words["refused"]
            body = self._heading(title, action) + self._steps_html(self.shown)
        elif kind == "played":
            explanations, = data
            body = "".join(self._explanation_html(e, e.player, e is explanations[-1]) for e in explanations)
        elif kind == "hint":
            hint, = data
            body = (self._heading(words["hinted"], hint.action)
                    + f"<div style='white-space:pre-wrap'>{html.escape(hint.render(self.language))}</div>")
        elif kind == "undone":
            message, = data
            body = f"<p><i>{message}</i></p>"
        else:  # replay
            moment, = data
            body = (self._explanation_html(moment.explanation, moment.explanation.player) if moment.explanation
                    else f"<p><i>{html.escape(words['replay_start'])}</i></p>")
        self.explanation_view.value = body

    def _timeline_explanations(self) -> list[Explanation]:
        if self._moments is None:
            self._moments = timeline(self.game)
        return [m.explanation for m in self._moments if m.explanation is not None]

    # ------------------------------------------------------------------ after a change of position

    def _after_move(self, keep: Action | None, message: str, panel: tuple = ("start",),
                    steps: list[Step] = ()) -> None:
        """Everything a change of position touches: controls (keeping ``keep`` if legal), status, panel, picture."""
        self._moments = None
        self._show_choice(self._keep_or_settle(keep))
        self._enable()
        self._show_status(message)
        if self.game.is_over:
            moments = self._moments = timeline(self.game)
            self.scores.value = scores_html(self._timeline_explanations(), self.seats, self.language)
            self._updating = True
            try:
                self.replay.max = len(moments) - 1
                self.replay.value = len(moments) - 1
            finally:
                self._updating = False
        self._set_panel(panel, list(steps))
        self._draw()

    def _played_message(self, key: str, player: int | None, action: Action) -> str:
        text = self.words[key].format(player=self._who(player), action=describe(action, self.language))
        return html.escape(text, quote=False)

    def _play(self, action: Action | str) -> Explanation | None:
        """Play for the human seat; a refusal is shown in words (the learner's language), never raised."""
        try:
            explanation = self.game.play(action)
        except BrassError as refusal:
            self._show_status(self._refusal_html(refusal.steps))
            return None
        played = self.game.log[-1]
        if self.auto.value and self._bot_moves(once=False, before=[explanation], keep=played):
            return explanation
        self._after_move(played, self._played_message("you_played", explanation.player, played),
                         ("played", [explanation]), explanation.steps)
        return explanation

    def _bot_moves(self, once: bool, before: list[Explanation] = (), keep: Action | None = None) -> bool:
        """Let the bot seats move: one move, or (``once=False``) every move until a human is to act.

        The panel lists ``before`` (the human move that led here) and then each bot move, in order; the
        controls keep ``keep`` (the human's last choice) where still legal. Returns whether a bot moved.
        """
        explanations = list(before)
        while not self.game.is_over and self.seats[self.game.current_player] != "human":
            bot = self.seats[self.game.current_player]
            explanations.append(self.game.play(bot.choose(self.game)))
            if once:
                break
        if len(explanations) == len(before):
            return False
        last = explanations[-1]
        message = self._played_message("you_played", last.player, self.game.log[-1])
        keep = keep or (self.choice.action if self.choice else None)
        self._after_move(keep, message, ("played", explanations), last.steps)
        return True

    # ------------------------------------------------------------------ events

    def _on_kind(self, change) -> None:
        if self._updating or change["new"] is None:
            return
        self._choose(self._settle_choice(change["new"], []))

    def _on_field(self, index: int, change) -> None:
        if self._updating or change["new"] is None or self.choice is None:
            return
        wanted = [f.value for f in self.fields[:len(FIELDS[self.choice.action.kind])]]
        self._choose(self._settle_choice(self.choice.action.kind, wanted))

    def _choose(self, choice: Choice | None) -> None:
        """The learner picked something: show the one legal action it leads to and preview it."""
        self._show_choice(choice)
        if choice is None:
            return
        plan = self.game.check(choice.action)
        steps = self.game.copy().play(choice.action).steps if plan.ok else plan.reasons()
        self._set_panel(("preview", choice.action, plan.ok), steps)
        self._draw()

    def _on_step(self, change) -> None:
        if self._updating:
            return
        self.step_chosen = change["new"]
        self.highlight = self.shown[self.step_chosen - 1:self.step_chosen] if self.step_chosen else list(self.shown)
        self._render_panel()
        self._draw()

    def _on_language(self, change) -> None:
        self.language = change["new"]
        self._relabel()
        self._show_choice(self._keep_or_settle(self.selected))
        self._show_status(self._last_message())
        if self.game.is_over:
            self.scores.value = scores_html(self._timeline_explanations(), self.seats, self.language)
        self._render_panel()
        if self._panel[0] == "replay":
            self._draw(self._panel[1].game)
        else:
            self._draw()

    def _last_message(self) -> str:
        kind, *data = self._panel
        if kind == "played":
            last = data[0][-1]
            return self._played_message("you_played", last.player, self.game.parse(last.action))
        return ""

    def _on_play(self, _button) -> None:
        if self.selected is not None:
            self._play(self.selected)

    def _on_play_typed(self, _button) -> None:
        try:
            action = self.game.parse(self.typed.value)
        except BrassError as refusal:
            self._show_status(self._refusal_html(refusal.steps))
            return
        self._play(action)

    def _on_check(self, _button) -> None:
        try:
            reasons = self.game.why_not(self.typed.value)
        except BrassError as refusal:
            reasons = refusal.steps
        message = self._refusal_html(reasons) if reasons else html.escape(self.words["legal"])
        self._show_status(message)

    def _on_undo(self, _button) -> None:
        player = self.game.current_player
        try:
            undone = self.game.undo()
        except BrassError as refusal:
            self._show_status(self._refusal_html(refusal.steps))
            return
        player = self.game.current_player if self.game.current_player is not None else player
        message = self._played_message("undone", player, undone)
        self._after_move(undone, message, ("undone", message))

    def _on_redo(self, _button) -> None:
        try:
            explanation = self.game.redo()
        except BrassError as refusal:
            self._show_status(self._refusal_html(refusal.steps))
            return
        redone = self.game.log[-1]
        self._after_move(self.selected, self._played_message("redone", explanation.player, redone),
                         ("played", [explanation]), explanation.steps)

    def _on_hint(self, _button) -> None:
        hint = self.game.hint()
        self._show_choice(self._keep_or_settle(hint.action))
        self._set_panel(("hint", hint), list(hint.explanation.steps))
        self._draw()

    def _on_replay(self, change) -> None:
        if self._updating or self._moments is None:
            return
        moment = self._moments[change["new"]]
        steps = moment.explanation.steps if moment.explanation else []
        self._set_panel(("replay", moment), steps)
        self._draw(moment.game)

    def _refusal_html(self, steps: list[Step]) -> str:
        items = "".join(f"<li>{html.escape(reason(s, self.language))}</li>" for s in steps)
        return f"<span style='color:#b00020'>{html.escape(self.words['refused'])}</span><ul>{items}</ul>"
