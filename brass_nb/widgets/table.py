"""The table's model: a game, who sits in each seat, the action the learner has chosen, what the explanation panel
shows and the last message, and every move a learner can make at the table. Plain Python (no widget here): the
Explorer draws it, and tests drive it without a browser.

Everything shown is kept as what it is (an action, steps, a hint, a moment of the replay, a review), never as text,
so that switching the language redraws the same panel and message in the other one.
"""
from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from brass_nb.bots import strengths
from brass_nb.bots.hints import Hint
from brass_nb.bots.reviews import Decision, Review
from brass_nb.explain import code_html, language_or_default, reason
from brass_nb.rules.actions import Action
from brass_nb.rules.errors import BrassError, GameSetupError
from brass_nb.rules.game import Game
from brass_nb.rules.records import Explanation, Step
from brass_nb.widgets.choices import FIELDS, Choice, choice_of, describe, kinds, settle
from brass_nb.widgets.labels import LABELS
from brass_nb.widgets.panels import hand_html, score_rows, scores_html, seat_name, status_html, turn_html
from brass_nb.widgets.reviewing import REVIEW_DEPTH, ReviewJob, decision_html, decision_label
from brass_nb.widgets.timeline import Moment, timeline


def check_seats(game: Game, seats: list | None) -> list:
    """Each seat "human", a bot (an object with ``choose(game)`` and ``name``) or a named strength ("beginner",
    "club", "strong": :mod:`brass_nb.bots.strengths`, made here, seeded by the seat, a strong one limited to
    :data:`~brass_nb.bots.strengths.TABLE_SECONDS`); one per player."""
    seats = list(seats) if seats is not None else ["human"] * len(game.players)
    seats = [strengths.bot(seat, index, strengths.TABLE_SECONDS) if seat in strengths.STRENGTHS else seat
             for index, seat in enumerate(seats)]
    if len(seats) != len(game.players):
        raise GameSetupError([Step("explorer.seats", {"given": len(seats), "players": len(game.players)}, ok=False)])
    for seat in seats:
        if seat != "human" and not (callable(getattr(seat, "choose", None)) and hasattr(seat, "name")):
            raise GameSetupError([Step("explorer.seat", {"seat": repr(seat)[:60]}, ok=False)])
    return seats


# ---------------------------------------------------------------------------- what the panel shows


@dataclass(frozen=True)
class Panel:
    """What the explanation panel shows before anything is chosen (or, once the game is over, what there is to
    see); the other panels say what they show."""

    steps: tuple[Step, ...] = ()

    def body(self, table: Table, chosen: int | None) -> str:
        return f"<p><i>{html.escape(table.words['over_start' if table.game.is_over else 'start'])}</i></p>"


@dataclass(frozen=True)
class Preview(Panel):
    """The chosen action's steps before it is played, or why it is refused."""

    action: Action | None = None
    allowed: bool = True

    def body(self, table: Table, chosen: int | None) -> str:
        title = table.words["preview"] if self.allowed else table.words["refused"]
        return table.heading(title, self.action) + table.steps_html(self.steps, chosen)


@dataclass(frozen=True)
class Played(Panel):
    """The moves just played (a human's, then the bots' that followed), the last one's steps to choose from."""

    explanations: tuple[Explanation, ...] = ()

    def body(self, table: Table, chosen: int | None) -> str:
        last = self.explanations[-1]
        return (table.era_ends_html(self.explanations)
                + "".join(table.explanation_html(e, chosen if e is last else None) for e in self.explanations))


@dataclass(frozen=True)
class HintShown(Panel):
    """The coach's suggestion and why."""

    hint: Any = None

    def body(self, table: Table, chosen: int | None) -> str:
        return (table.heading(table.words["hinted"], self.hint.action)
                + f"<div style='white-space:pre-wrap'>{html.escape(self.hint.render(table.language))}</div>")


@dataclass(frozen=True)
class Undone(Panel):
    """An action taken back."""

    message: Message | None = None

    def body(self, table: Table, chosen: int | None) -> str:
        return f"<p><i>{self.message.html(table) if self.message else ''}</i></p>"


@dataclass(frozen=True)
class Replayed(Panel):
    """A moment of the finished game's replay: its action's steps, or the start."""

    moment: Moment | None = None

    def body(self, table: Table, chosen: int | None) -> str:
        if self.moment is None or self.moment.explanation is None:
            return f"<p><i>{html.escape(table.words['replay_start'])}</i></p>"
        return table.explanation_html(self.moment.explanation, chosen)


@dataclass(frozen=True)
class Reviewing(Replayed):
    """A moment of the replay while the review view waits for its review: how far the review got."""

    def body(self, table: Table, chosen: int | None) -> str:
        done, total = table.review_progress
        note = table.words["reviewing"].format(player=table.who(table.reviewed),
                                               percent=100 * done // total if total else 0)
        return f"<p class='brass-reviewing'><i>{html.escape(note)}</i></p>" + super().body(table, chosen)


@dataclass(frozen=True)
class Reviewed(Replayed):
    """A moment of the replay in the review view. At a decision of the reviewed player: its rating and the better
    move, whose principle and steps are the panel's steps (drawn on the board at the position of the decision);
    elsewhere the move that led there. The review's summary follows: the decisive moments, then the counts."""

    review: Review | None = None
    decision: Decision | None = None

    def body(self, table: Table, chosen: int | None) -> str:
        summary = self.review.render(table.language, "html") if self.review is not None else ""
        if self.decision is None:
            return summary + super().body(table, chosen)
        return (decision_html(self.decision, table.words, table.language) + table.steps_html(self.steps, chosen)
                + "<hr style='margin:6px 0'>" + summary)


@dataclass(frozen=True)
class Message:
    """The line under the turn: a move made (``played``: you_played, undone or redone), a refusal's reasons, that
    a typed action is legal, or that a bot could not move (``bot_refused``: the engine's reasons; ``bot_failed``:
    the error its code raised, in ``detail``)."""

    kind: str
    player: int | None = None
    action: Action | None = None
    steps: tuple[Step, ...] = field(default=())
    detail: str = ""

    def html(self, table: Table) -> str:
        words = table.words
        items = "".join(f"<li>{code_html(reason(s, table.language))}</li>" for s in self.steps)
        if self.kind == "refused":
            return f"<span style='color:#b00020'>{html.escape(words['refused'])}</span><ul>{items}</ul>"
        if self.kind == "legal":
            return html.escape(words["legal"])
        if self.kind in ("bot_refused", "bot_failed"):
            head = html.escape(words[self.kind].format(player=table.who(self.player)))
            detail = f"<br><code>{html.escape(self.detail)}</code>" if self.detail else ""
            return (f"<span class='brass-bot-failed' style='color:#b00020'>{head}</span>{detail}"
                    + (f"<ul>{items}</ul>" if items else ""))
        assert self.action is not None
        text = words[self.kind].format(player=table.who(self.player), action=describe(self.action, table.language))
        return html.escape(text, quote=False)


class FieldRow(NamedTuple):
    """One dropdown of the chosen action: its heading, its options (key, words), the key shown, and whether it is
    hidden (a choice with one option that names nothing)."""

    label: str
    options: tuple[tuple[str, str], ...]
    key: str
    hidden: bool


class Controls(NamedTuple):
    """Which controls a learner may use now."""

    human: bool             # a human seat is to act: the dropdowns, Play and Hint
    undo: bool
    redo: bool
    bots_to_act: bool       # a bot seat is to act: "Next bot move"
    bots: bool              # any seat is a bot: the bot controls are shown
    over: bool              # the game is over: the scores and the replay instead of the controls
    review: bool            # there are decisions to review: the Review button is offered
    reviewing: bool         # the review view is open: the review and the replay instead of the controls


# ---------------------------------------------------------------------------- the table


class Table:
    """A game at the table: its seats, the learner's chosen action, the panel, the message, the replay."""

    def __init__(self, game: Game, seats: list | None = None, language: str | None = None):
        self.game = game
        self.seats = check_seats(game, seats)
        self.language = language_or_default(language)
        self.choice: Choice | None = None          # what the dropdowns show: one legal action
        self.panel: Panel = Panel()
        self.step_chosen: int | None = None        # the step picked with the step buttons (1-based)
        self.message: Message | None = None
        self.moments: list[Moment] | None = None   # the replay of a finished game (or of one under review)
        self.replay_index: int | None = None        # the moment the replay shows (0: the start)
        self.reviewed: int | None = None            # the player whose review the view shows (None: view closed)
        self.reviews: dict[tuple[int, tuple[Action, ...]], Review] = {}
        """The reviews computed, by player and the log they reviewed (only the current log's are kept)."""
        self.review_depth = REVIEW_DEPTH
        self.review_progress = (0, 0)               # log entries the pending review has replayed, of all
        self.before_review: Panel = Panel()         # what a game in progress showed when its review was opened
        self.paused = False                         # an exercise judged the move: nobody may act until told
        self.on_move: Callable[[Action | str, Explanation | None], None] | None = None
        """Told of every move tried for a human seat: the action (or the text typed) and its explanation (None when
        refused). An exercise judges the learner's move with it."""
        self.on_change: Callable[[], None] | None = None
        """Told after every change of position (a move, a bot's moves, Undo, Redo): a guided game watches the era."""
        self.on_bot_thinking: Callable[[int], None] | None = None
        """Told, with the player, before a bot seat chooses: the page says who is thinking while the kernel works."""
        self.after_move(None)

    # ------------------------------------------------------------------ reading

    @property
    def words(self) -> dict:
        return LABELS[self.language]

    @property
    def selected(self) -> Action | None:
        """The one legal action the dropdowns show (None when nobody can act)."""
        return self.choice.action if self.choice else None

    @property
    def shown(self) -> list[Step]:
        """The steps listed in the panel (its step buttons choose among them)."""
        return list(self.panel.steps)

    @property
    def highlight(self) -> list[Step]:
        """The steps drawn on the board: the chosen one, else all the panel's."""
        steps = self.shown
        return steps[self.step_chosen - 1:self.step_chosen] if self.step_chosen else steps

    def human_to_act(self) -> bool:
        return not self.game.is_over and self.seats[self.game.current_player] == "human"

    def legal(self) -> Sequence[Action]:
        return self.game.legal_actions() if not self.game.is_over else []

    def kind_options(self) -> list[tuple[str, str]]:
        return [(self.words["kinds"][k], k) for k in kinds(self.legal())]

    def field_rows(self) -> list[FieldRow]:
        choice = self.choice
        if choice is None:
            return []
        return [FieldRow(self.words[f.name], tuple((key, words) for key, words in choice.options[i]), choice.keys[i],
                         choice.keys[i] == "None" and len(choice.options[i]) == 1)
                for i, f in enumerate(FIELDS[choice.action.kind])]

    def controls(self) -> Controls:
        reviewing = self.reviewed is not None
        human, over = self.human_to_act() and not self.paused and not reviewing, self.game.is_over
        return Controls(human, bool(self.game.log), self.game.can_redo, not over and not human and not reviewing,
                        any(s != "human" for s in self.seats), over, bool(self.game.log), reviewing)

    def thinking_html(self, player: int) -> str:
        """The turn line while ``player``'s bot chooses."""
        return turn_html(self.words["thinking"].format(player=self.who(player)))

    def status_html(self) -> str:
        message = self.message.html(self) if self.message else ""
        if self.moments is not None and self.replay_index is not None and self.replay_index < len(self.moments) - 1:
            at = (self.words["replaying"].format(n=self.replay_index, total=len(self.moments) - 1)
                  if self.replay_index else self.words["replaying_start"])
            message = f"<b>{html.escape(at)}</b>" + (f"<br>{message}" if message else "")
        return status_html(self.game, self.seats, self.language, message)

    def hand_html(self) -> str:
        """The hand of the human to act (else the first human seat's; in a game of bots, the bot to act's)."""
        humans = [i for i, s in enumerate(self.seats) if s == "human"]
        player = self.game.current_player if self.human_to_act() else (humans[0] if humans else None)
        if player is None and not self.game.is_over:
            player = self.game.current_player
        return hand_html(self.game, player, self.language) if player is not None else ""

    def panel_html(self) -> str:
        return self.panel.body(self, self.step_chosen)

    def scores_html(self) -> str:
        if self.moments is None:
            return ""
        return scores_html([m.explanation for m in self.moments if m.explanation is not None], self.seats,
                           self.language)

    def board_game(self) -> Game:
        """The game whose position the board shows: a replayed moment's, else the table's."""
        if isinstance(self.panel, Replayed) and self.panel.moment is not None:
            return self.panel.moment.game
        return self.game

    # ------------------------------------------------------------------ the panel's parts

    def who(self, player: int | None) -> str:
        return "" if player is None else seat_name(self.seats, player, self.language)

    def steps_html(self, steps: tuple[Step, ...], chosen: int | None) -> str:
        items = []
        for i, step in enumerate(steps, 1):
            style = " style='background:#fff2a8;font-weight:bold'" if i == chosen else ""
            css = "brass-step brass-chosen" if i == chosen else "brass-step"
            items.append(f"<li class='{css}' data-rule='{step.rule}'{style}>"
                         f"{code_html(reason(step, self.language))}</li>")
        return f"<ol style='padding-left:22px;margin:2px 0'>{''.join(items)}</ol>"

    def heading(self, text: str, action: Action | str | None = None) -> str:
        what = html.escape(describe(action, self.language) if isinstance(action, tuple) else str(action or ""))
        return f"<p style='margin:4px 0'><i>{html.escape(text)}</i> <b>{what}</b></p>"

    def era_ends_html(self, explanations: Sequence[Explanation]) -> str:
        """A line above the moves just played for each era one of them ended (the game's end aside: the score table
        says it): whose move ended it and what each player scored, read from its scoring steps. The steps come
        several moves down the panel; the line says at once that they are there."""
        lines = []
        for explanation in explanations:
            rules = [step.rule for step in explanation.steps]
            if "era.end" not in rules or "game.end" in rules:
                continue
            era = explanation.steps[rules.index("era.end")].facts["era"]
            rows = score_rows([explanation])
            scored = [self.words["era_vp"].format(player=self.who(player), vp=sum(
                vp for part, vp in rows.get(player, {}).items() if part.startswith(f"{era} ")))
                for player in range(len(self.game.players))]
            text = self.words["era_ended"].format(era=self.words[era], player=self.who(explanation.player),
                                                  scores=self.words["comma"].join(scored))
            lines.append(f"<p class='brass-era-ended' style='margin:2px 0'><b>{html.escape(text)}</b></p>")
        return "".join(lines)

    def explanation_html(self, explanation: Explanation, chosen: int | None) -> str:
        player = explanation.player
        action = self.game.parse(explanation.action) if player is not None else None
        head = self.heading(self.words["played"].format(player=self.who(player)), action or explanation.action)
        return head + self.steps_html(tuple(explanation.steps), chosen)

    # ------------------------------------------------------------------ choosing

    def show(self, panel: Panel) -> None:
        self.panel, self.step_chosen = panel, None

    def settle_choice(self, kind: str | None, wanted: list) -> Choice | None:
        legal = self.legal()
        available = kinds(legal)
        if not available:
            return None
        return settle(legal, kind if kind in available else available[0], wanted, self.language)

    def keep_or_settle(self, action: Action | None) -> Choice | None:
        """The learner's last choice when it is still legal; else the nearest legal action of the same kind."""
        if action is not None:
            kept = choice_of(self.legal(), action, self.language)
            if kept is not None:
                return kept
        kind = action.kind if action is not None else None
        wanted = [f.key(action) for f in FIELDS[kind]] if action is not None and kind is not None else []
        return self.settle_choice(kind, wanted)

    def choose(self, choice: Choice | None) -> None:
        """The learner picked something: show the one legal action it leads to and preview it."""
        self.choice = choice
        if choice is None:
            return
        plan = self.game.check(choice.action)
        steps = self.game.copy().play(choice.action).steps if plan.ok else plan.reasons()
        self.show(Preview(tuple(steps), choice.action, plan.ok))

    def choose_kind(self, kind: str) -> None:
        self.choose(self.settle_choice(kind, []))

    def choose_fields(self, keys: list[str]) -> None:
        """The dropdowns' keys (one changed): the legal action that keeps as many of them as still fit."""
        if self.choice is not None:
            self.choose(self.settle_choice(self.choice.action.kind, keys))

    def choose_step(self, step: int | None) -> None:
        self.step_chosen = step

    def set_language(self, language: str) -> None:
        self.language = language
        self.choice = self.keep_or_settle(self.selected)

    # ------------------------------------------------------------------ moves

    def after_move(self, keep: Action | None, message: Message | None = None, panel: Panel | None = None) -> None:
        """Everything a change of position touches: the choice (keeping ``keep`` if legal), message, panel, replay."""
        self.choice = self.keep_or_settle(keep)
        self.message = message
        self.moments = timeline(self.game) if self.game.is_over else None
        self.replay_index = len(self.moments) - 1 if self.moments else None
        self.show(panel or Panel())
        if self.on_change is not None:
            self.on_change()

    def refuse(self, refusal: BrassError) -> None:
        """A move was refused: its reasons are the message, and the choice stays one legal action (the position may
        have changed under the table, as a notebook cell can change it)."""
        self.message = Message("refused", steps=tuple(refusal.steps))
        self.choice = self.keep_or_settle(self.selected)

    def play(self, action: Action | str, bots_follow: bool = False) -> Explanation | None:
        """Play for the human seat; a refusal becomes the message (in the learner's language), never raised. With
        ``bots_follow`` the bot seats then move until a human is to act. While paused (an exercise shows its
        verdict), nothing is played: a second click on Play does not move again; nor while a bot is to act (the
        dropdowns never move for a bot's seat)."""
        if self.paused or not self.human_to_act():
            return None
        try:
            explanation = self.game.play(action)
        except BrassError as refusal:
            self.refuse(refusal)
            self._tell(action, None)
            return None
        played = self.game.log[-1]
        self._tell(played, explanation)
        if bots_follow and not self.paused and self.bot_moves(once=False, before=(explanation,), keep=played):
            return explanation
        self.after_move(played, Message("you_played", explanation.player, played),
                        Played(tuple(explanation.steps), (explanation,)))
        return explanation

    def play_typed(self, text: str, bots_follow: bool = False) -> Explanation | None:
        if self.paused:
            return None
        try:
            action = self.game.parse(text)
        except BrassError as refusal:
            self.refuse(refusal)
            self._tell(text, None)
            return None
        return self.play(action, bots_follow)

    def _tell(self, action: Action | str, explanation: Explanation | None) -> None:
        if self.on_move is not None:
            self.on_move(action, explanation)

    def check(self, text: str) -> None:
        """Why the typed action is refused (or that it is legal), as the message."""
        try:
            reasons = self.game.why_not(text)
        except BrassError as refusal:
            reasons = refusal.steps
        self.message = Message("refused", steps=tuple(reasons)) if reasons else Message("legal")

    def bot_moves(self, once: bool, before: tuple[Explanation, ...] = (), keep: Action | None = None) -> bool:
        """Let the bot seats move: one move, or (``once=False``) every move until a human is to act. The panel
        lists ``before`` (the human move that led here) and then each bot move; the choice keeps ``keep`` (the
        human's last) where still legal. A bot that raises or answers an illegal action stops the bots: the
        message says so and nothing of its is played. Returns whether the panel now shows the moves (a bot moved,
        or one failed after ``before``)."""
        explanations = list(before)
        failure: Message | None = None
        while not self.game.is_over and self.seats[self.game.current_player] != "human":
            player = self.game.current_player
            if self.on_bot_thinking is not None:
                self.on_bot_thinking(player)
            try:
                explanations.append(self.game.play(self.seats[player].choose(self.game)))
            except BrassError as refusal:
                failure = Message("bot_refused", player, steps=tuple(refusal.steps))
                break
            except Exception as error:  # noqa: BLE001 -- a bot is anyone's code: its failure is shown, not raised
                failure = Message("bot_failed", player, detail=f"{type(error).__name__}: {error}"[:200])
                break
            if once:
                break
        if len(explanations) == len(before) and failure is None:
            return False
        if not explanations:                       # the bot failed before anyone moved: the panel stays
            self.message = failure
            self.choice = self.keep_or_settle(keep or self.selected)
            return False
        last = explanations[-1]
        self.after_move(keep or self.selected, failure or Message("you_played", last.player, self.game.log[-1]),
                        Played(tuple(last.steps), tuple(explanations)))
        return True

    def undo(self) -> None:
        player = self.game.current_player
        try:
            undone = self.game.undo()
        except BrassError as refusal:
            self.refuse(refusal)
            return
        self.paused = False         # the judged move is taken back: what a pause waits for
        player = self.game.current_player if self.game.current_player is not None else player
        message = Message("undone", player, undone)
        self.after_move(undone, message, Undone(message=message))

    def redo(self) -> None:
        try:
            explanation = self.game.redo()
        except BrassError as refusal:
            self.refuse(refusal)
            return
        self.after_move(self.selected, Message("redone", explanation.player, self.game.log[-1]),
                        Played(tuple(explanation.steps), (explanation,)))

    def hint(self, ready: Hint | None = None) -> None:
        """Show the coach's hint for the position: ``ready`` when it was thought out ahead (it is
        ``game.hint()``'s), else computed now."""
        hint = ready or self.game.hint()
        self.choice = self.keep_or_settle(hint.action)
        self.show(HintShown(tuple(hint.highlights) + tuple(hint.explanation.steps), hint))   # plan, principles first

    def replay_to(self, index: int) -> None:
        """Show the replayed position after the game's ``index``-th action (0: the start); in the review view, with
        the decision taken there when it was the reviewed player's."""
        if self.moments is None:
            return
        self.replay_index = index
        moment = self.moments[index]
        steps = tuple(moment.explanation.steps) if moment.explanation else ()
        if self.reviewed is None:
            self.show(Replayed(steps, moment))
            return
        review = self.cached_review(self.reviewed)
        if review is None:
            self.show(Reviewing(steps, moment))
            return
        decision = next((d for d in review.decisions if d.number == index + 1), None)
        if decision is not None:
            steps = self.decision_steps(decision)
        self.show(Reviewed(steps, moment, review, decision))

    # ------------------------------------------------------------------ the review

    def default_reviewed(self) -> int:
        """The player a review is of, unless one is chosen: the first human seat (Player 1 in a game of bots)."""
        return next((i for i, seat in enumerate(self.seats) if seat == "human"), 0)

    def cached_review(self, player: int) -> Review | None:
        return self.reviews.get((player, tuple(self.game.log)))

    def open_review(self, player: int | None = None) -> ReviewJob | None:
        """Open the review view on ``player`` (by default :meth:`default_reviewed`) at the replay's moment (a game
        in progress is replayed while the view is open). Returns the review to compute, unless it is kept: the
        caller runs it, at once or away from the click, and hands it to :meth:`review_done`."""
        if self.reviewed is None:
            self.before_review = self.panel
        self.reviewed = self.default_reviewed() if player is None else player
        if self.moments is None:
            self.moments = timeline(self.game)
        if self.replay_index is None:
            self.replay_index = len(self.moments) - 1
        job = None
        if self.cached_review(self.reviewed) is None:
            job = ReviewJob(self.game.copy(), self.reviewed, self.review_depth)
            self.review_progress = (0, len(self.game.log))
        self.replay_to(self.replay_index)
        return job

    def review_done(self, job: ReviewJob, review: Review) -> None:
        """Keep the review ``job`` computed (unless the game moved on meanwhile) and show it if the view waits."""
        if job.key[1] != tuple(self.game.log):
            return
        self.reviews = {key: kept for key, kept in self.reviews.items() if key[1] == job.key[1]}
        self.reviews[job.key] = review
        if self.reviewed == job.player and self.replay_index is not None:
            self.replay_to(self.replay_index)

    def close_review(self) -> None:
        """Back to the game: the finished game's replay where it was, or a game in progress as it was shown."""
        self.reviewed = None
        if self.game.is_over:
            self.replay_to(self.replay_index or 0)
            return
        self.moments = self.replay_index = None
        self.show(self.before_review)

    def choose_decision(self, number: int) -> None:
        """Move the replay to the position where decision ``number`` (its place in the log) was taken."""
        self.replay_to(number - 1)

    def decision_steps(self, decision: Decision) -> tuple[Step, ...]:
        """What the board shows at a decision: the better move's principle and steps, played on a copy of that
        position (the move played's own steps, when it was the best)."""
        assert self.moments is not None
        if decision.better == decision.played:
            played = self.moments[decision.number].explanation
            return tuple(played.steps) if played else ()
        better = self.moments[decision.number - 1].game.copy().play(decision.better)
        principle = (decision.better_principle,) if decision.better_principle is not None else ()
        return principle + tuple(better.steps)

    def reviewed_options(self) -> list[tuple[str, int]]:
        """Whose review can be shown: every seat, by name."""
        return [(self.who(player), player) for player in range(len(self.seats))]

    def decisive_options(self) -> list[tuple[str, int]]:
        """The review's decisive moments, costliest first, as (label, decision number)."""
        review = self.cached_review(self.reviewed) if self.reviewed is not None else None
        return [] if review is None else [(decision_label(d, self.language), d.number) for d in review.decisive()]

    def decision_options(self) -> list[tuple[str, int]]:
        """Every decision of the reviewed player, in the order played, as (label with the move, decision number)."""
        review = self.cached_review(self.reviewed) if self.reviewed is not None else None
        return [] if review is None else [(decision_label(d, self.language, played=True), d.number)
                                          for d in review.decisions]

    @property
    def decision_shown(self) -> Decision | None:
        """The decision the review view shows (None elsewhere)."""
        return self.panel.decision if isinstance(self.panel, Reviewed) else None
