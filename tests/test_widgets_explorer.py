"""The Explorer as a table a class plays at (issue 13): each defect seen in the browser, driven headless.

Every test sets ``.value`` and calls ``.click()`` as a learner's browser would, and reads what the learner sees.
"""
from __future__ import annotations

import gc
import random
import re
import sys
import time
import warnings

import ipywidgets as w
import pytest
from page_clicks import page_click

import brass_nb as bn
from brass_nb.bots import GreedyBot, RandomBot, play_out
from brass_nb.explain.review import JA_RATINGS
from brass_nb.rules.errors import BrassError
from brass_nb.rules.records import Explanation, Step
from brass_nb.widgets import Explorer
from brass_nb.widgets.choices import FIELDS

ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")


def shown_action(explorer: Explorer):
    """The legal action the dropdowns show, read back from their values alone (None if they name none or many)."""
    kind = explorer.kind.value
    matching = [a for a in explorer.game.legal_actions() if a.kind == kind]
    for field, dropdown in zip(FIELDS.get(kind, ()), explorer.fields, strict=False):
        matching = [a for a in matching if field.key(a) == dropdown.value]
    return matching[0] if len(matching) == 1 else None


def choose(explorer: Explorer, kind: str, *values: str) -> None:
    explorer.kind.value = kind
    for dropdown, value in zip(explorer.fields, values, strict=False):
        dropdown.value = value


def assert_consistent(explorer: Explorer) -> None:
    action = shown_action(explorer)
    assert action is not None and action in explorer.game.legal_actions(), \
        f"dropdowns {explorer.kind.value} / {[f.value for f in explorer.fields]} name no legal action"
    assert explorer.selected == action
    assert len(explorer.steps.options) == len(explorer.shown)


@pytest.fixture
def game():
    return bn.new_game("birmingham", players=2, seed=7)


def test_opening_previews_no_action_nobody_chose(game):
    explorer = Explorer(game)
    assert "What this action would do" not in explorer.explanation_view.value
    assert explorer.highlight == [] and explorer.steps.options == ()
    assert "Choose an action" in explorer.explanation_view.value
    assert_consistent(explorer)


def test_after_undo_the_dropdowns_show_the_undone_action_and_no_stale_steps(game):
    explorer = Explorer(game)
    choose(explorer, "build", "coal", "Dudley[1]", "Dudley")
    explorer.play_button.click()
    assert len(explorer.steps.options) == len(explorer.shown) > 0
    explorer.undo_button.click()
    assert game.log == []
    assert str(shown_action(explorer)) == "build coal Dudley[1] with card Dudley"
    assert explorer.steps.options == () and explorer.shown == []
    assert "Undone: Player 1's build · coal mine · Dudley[1] · Dudley" in explorer.status.value
    explorer.play_button.click()                                   # Play works at once: no "choose first"
    assert [str(a) for a in game.log] == ["build coal Dudley[1] with card Dudley"]


def test_the_step_row_says_how_many_steps_there_are_in_either_language(game):
    """The row of step buttons can run past the panel's edge (a browser may hide its sideways scrollbar), so its
    label counts the steps."""
    explorer = Explorer(game)
    choose(explorer, "build", "coal", "Dudley[1]", "Dudley")
    explorer.play_button.click()
    count = len(explorer.shown)
    assert count > 1 and explorer.steps_label.value == f"steps 1–{count}:"
    explorer.toggle.value = "ja"
    assert explorer.steps_label.value == f"ステップ（全{count}）:"
    explorer.undo_button.click()
    choose(explorer, "loan")
    explorer.play_button.click()
    assert explorer.steps_label.value == f"ステップ（全{len(explorer.shown)}）:" and len(explorer.shown) != count


def test_after_redo_the_dropdowns_name_a_legal_action_and_the_status_says_what_was_redone(game):
    explorer = Explorer(game)
    choose(explorer, "build", "coal", "Dudley[1]", "Dudley")
    explorer.play_button.click()
    explorer.undo_button.click()
    explorer.kind.value = "loan"
    explorer.redo_button.click()
    assert_consistent(explorer)
    assert "Redone: Player 1's build · coal mine · Dudley[1] · Dudley" in explorer.status.value
    assert "What happened" not in explorer.explanation_view.value      # the heading names the player instead
    assert "Player 1 played" in explorer.explanation_view.value


def test_after_play_the_panel_explains_the_move_and_the_status_names_it(game):
    explorer = Explorer(game)
    choose(explorer, "loan", "Dudley")
    explorer.play_button.click()
    assert "Played: Player 1's loan · Dudley" in explorer.status.value
    assert "Player 1 played" in explorer.explanation_view.value and "£30" in explorer.explanation_view.value
    assert "What this action would do" not in explorer.explanation_view.value
    assert_consistent(explorer)


def test_many_plays_and_undos_never_leave_an_action_that_does_not_exist():
    game = bn.new_game("lancashire", players=3, seed=4)
    explorer = Explorer(game)
    rng = random.Random(1)
    for _ in range(25):
        explorer.kind.value = rng.choice(explorer.kind.options)[1]
        for dropdown in explorer.fields:
            if dropdown.options and dropdown.layout.display != "none":
                dropdown.value = rng.choice(dropdown.options)[1]
        assert_consistent(explorer)
        rng.choice([explorer.play_button, explorer.play_button, explorer.undo_button, explorer.redo_button]).click()
        assert_consistent(explorer)


def test_the_learners_choice_survives_a_language_switch_and_a_move_that_keeps_it_legal(game):
    explorer = Explorer(game)
    choose(explorer, "build", "coal")
    explorer.fields[1].value = explorer.fields[1].options[-1][1]
    chosen = explorer.selected
    assert chosen != Explorer(game).selected
    explorer.toggle.value = "ja"
    assert explorer.selected == chosen and "このアクションで起きること" in explorer.explanation_view.value
    explorer.toggle.value = "en"
    assert explorer.selected == chosen


def test_japanese_leaves_no_english_in_the_controls(game):
    explorer = Explorer(game, language="ja")
    for kind in [k for _, k in explorer.kind.options]:
        explorer.kind.value = kind
        labels = [label for label, _ in explorer.kind.options] + [explorer.kind.description]
        for dropdown in explorer.fields:
            if dropdown.layout.display != "none":
                labels += [label for label, _ in dropdown.options] + [dropdown.description]
        english = [label for label in labels if ENGLISH_WORD.search(label)]
        assert not english, f"{kind}: {english}"
    buttons = [explorer.play_button, explorer.undo_button, explorer.redo_button, explorer.check_button,
               explorer.play_typed_button]
    assert not [b.description for b in buttons if ENGLISH_WORD.search(b.description)]
    assert not ENGLISH_WORD.search(re.sub(r"<[^>]+>", "", explorer.status.value))
    assert "ダドリー" in explorer.hand.value or "手札" in explorer.hand.value
    explorer.play_button.click()
    heading = re.search(r"<p[^>]*>(.*?)</p>", explorer.explanation_view.value).group(1)
    assert not ENGLISH_WORD.search(re.sub(r"<[^>]+>", "", heading)), heading


def test_a_bad_typed_action_gets_the_engines_reason_in_the_learners_language(game):
    explorer = Explorer(game, language="ja")
    explorer.typed.value = "fly to the moon"
    explorer.play_typed_button.click()
    assert "アクションではありません" in explorer.status.value or "できません" in explorer.status.value
    assert game.log == []


def test_the_status_and_hand_say_whose_turn_what_era_and_what_cards(game):
    explorer = Explorer(game, seats=["human", RandomBot(3)])
    status = explorer.status.value
    assert "Player 1 (you) to act" in status and "canal era, round 1" in status and "1 action left" in status
    chips = re.findall(r"data-card='([^']+)'", explorer.hand.value)
    assert sorted(chips) == sorted(game.players[0].hand)


def test_wild_cards_are_chips_marked_wild():
    game = bn.new_game("birmingham", players=2, seed=7)
    game.play("scout with cards " + ", ".join(game.players[0].hand[:3]))
    game.play(game.legal_actions()[0])
    explorer = Explorer(game)
    assert "Wild Location" in game.players[0].hand
    assert re.search(r"data-card='Wild Location'[^>]*font-weight:bold'>Wild Location ★ wild", explorer.hand.value)


def test_bot_seats_move_one_by_one_with_their_explanation(game):
    explorer = Explorer(game, seats=["human", RandomBot(5)], auto=False)      # a teacher steps through the bots
    explorer.kind.value = "loan"
    explorer.play_button.click()
    assert explorer.play_button.disabled and not explorer.bot_button.disabled
    assert "Player 2 (random) to act" in explorer.status.value
    hidden = [explorer.builder, explorer.play_button, explorer.hint_button, explorer.typed_row]
    assert all(part.layout.display == "none" for part in hidden), "the bot's turn shows none of the learner's controls"
    explorer.bot_button.click()
    assert len(game.log) == 2 and "Player 2 (random) played" in explorer.explanation_view.value
    assert not explorer.play_button.disabled and explorer.bot_button.disabled
    assert len(explorer.steps.options) == len(game.log and explorer.shown)


def test_bots_play_at_once_by_default_until_a_human_is_to_act():
    game = bn.new_game("birmingham", players=3, seed=2)
    explorer = Explorer(game, seats=["human", RandomBot(1), RandomBot(2)])
    explorer.kind.value = "loan"
    explorer.play_button.click()
    assert len(game.log) == 3 and game.current_player == 0
    view = explorer.explanation_view.value
    assert [view.count(f"Player {n}{who} played") for n, who in ((1, " (you)"), (2, " (random)"), (3, " (random)"))] \
        == [1, 1, 1]


@pytest.mark.parametrize("button", ["play_button", "undo_button", "hint_button", "bot_button"])
def test_a_double_click_from_the_page_is_one_action(button):
    game = bn.new_game("birmingham", players=2, seed=4)                # Player 2, the bot, acts first
    explorer = Explorer(game, seats=["human", RandomBot(2)], auto=button != "bot_button")
    if button == "bot_button":
        explorer.play_button.click()
        assert game.log == [], "Play never moves for a bot's seat"
    else:
        explorer.kind.value = "loan"
    if button == "undo_button":
        explorer.play_button.click()
    before, panel = len(game.log), explorer.table.panel
    now = time.time()
    page_click(getattr(explorer, button), now)
    after, shown = len(game.log), explorer.table.panel
    page_click(getattr(explorer, button), now + 0.08)         # the second click of a double click
    assert len(game.log) == after and explorer.table.panel is shown
    assert (after, shown) != (before, panel), "the first click did act"
    page_click(explorer.undo_button, now + explorer._clicks.took + 0.5)   # seen the answer, clicked again: acts
    assert len(game.log) < after or button == "hint_button"


def test_a_bot_that_fails_or_cheats_is_shown_and_the_game_goes_on():
    class FailsOnce(RandomBot):
        """Raises, or answers an illegal action, at its first turn; plays at random after."""

        def __init__(self, failure: str):
            super().__init__(1)
            self.failure, self.name = failure, failure

        def choose(self, game):
            failure, self.failure = self.failure, ""
            if failure == "raises":
                raise ValueError("no idea")
            return "pass" if failure == "cheats" else super().choose(game)   # round 1's pass needs a card

    for failure, words in (("raises", "could not choose a move"), ("cheats", "chose a move the rules refuse")):
        game = bn.new_game("birmingham", players=2, seed=4)                  # Player 2, the bot, acts first
        explorer = Explorer(game, seats=["human", FailsOnce(failure)])
        assert game.log == [] and words in explorer.status.value and not explorer.bot_button.disabled
        assert ("ValueError: no idea" in explorer.status.value) == (failure == "raises")
        explorer.bot_button.click()                                          # the teacher tries again
        assert len(game.log) == 1 and game.current_player == 0 and not explorer.play_button.disabled
    game = bn.new_game("birmingham", players=2, seed=4)
    explorer = Explorer(game, seats=["human", FailsOnce("")])               # the bot's first move is fine
    explorer.table.seats[1].failure = "raises"                               # its answer to the learner is not
    while game.current_player == 0:                                          # the learner's turn, then the bot's
        explorer.play_button.click()
    assert game.current_player == 1 and "could not choose a move" in explorer.status.value
    assert "Player 1 (you) played" in explorer.explanation_view.value, "the learner's move is still explained"


def test_the_page_says_which_bot_is_thinking_while_it_chooses(game):
    seen = []

    class Watched(RandomBot):
        def choose(self, game):
            seen.append(explorer.status.value)
            return super().choose(game)

    explorer = Explorer(game, seats=["human", Watched(1)])
    explorer.kind.value = "loan"
    explorer.play_button.click()
    assert seen and "Player 2 (random) is thinking" in seen[0]


def test_the_status_names_the_replayed_position_of_a_finished_game():
    game = bn.new_game("birmingham", players=2, seed=1)
    play_out(game, [RandomBot(1), RandomBot(2)])
    explorer = Explorer(game)
    total = len(game.log)
    assert "The game is over." in explorer.status.value and "Replay:" not in explorer.status.value
    explorer.replay.value = 5
    assert f"position after action 5 of {total}" in explorer.status.value
    explorer.replay.value = 0
    assert "the start of the game" in explorer.status.value
    assert "Choose an action" not in explorer.explanation_view.value


def test_the_hint_button_shows_the_games_hint_and_picks_its_action(game, monkeypatch):
    class Hint:
        action = game.legal_actions()[3]
        explanation = Explanation(str(game.legal_actions()[3]), 0, [Step("game.over")])
        highlights = [Step("game.over")]

        def render(self, language):
            return {"en": "Because it is cheap.", "ja": "安いから。"}[language]

    monkeypatch.setattr(type(game), "hint", lambda self, budget=None: Hint(), raising=False)
    explorer = Explorer(game)
    assert explorer.hint_button.layout.display != "none"
    explorer.hint_button.click()
    assert explorer.selected == Hint.action and "Because it is cheap." in explorer.explanation_view.value
    explorer.toggle.value = "ja"
    assert "安いから。" in explorer.explanation_view.value


def test_step_buttons_mark_the_chosen_step_in_the_text_and_on_the_board(game):
    explorer = Explorer(game)
    choose(explorer, "build", "coal", "Dudley[1]", "Dudley")
    explorer.play_button.click()
    explorer.steps.value = 2
    assert explorer.highlight == [explorer.shown[1]] or explorer.step_chosen == 2
    marked = re.findall(r"<li class='brass-step brass-chosen'[^>]*>([^<]*)<", explorer.explanation_view.value)
    assert len(marked) == 1 and "coal mine" in marked[0]


def play_whole_game(explorer: Explorer, rng: random.Random) -> int:
    """Drive the human seat through the dropdowns and buttons only; the bot seat through Next bot move."""
    human_moves = 0
    game = explorer.game
    while not game.is_over:
        if explorer.bot_button.disabled:
            options = [k for _, k in explorer.kind.options]
            explorer.kind.value = "pass" if "pass" in options and rng.random() < 0.3 else rng.choice(options)
            for dropdown in explorer.fields:
                if dropdown.layout.display != "none" and dropdown.options:
                    dropdown.value = rng.choice(dropdown.options)[1]
            assert_consistent(explorer)
            before, chosen = len(game.log), explorer.selected
            explorer.play_button.click()
            assert len(game.log) > before and game.log[before] == chosen, explorer.status.value
            human_moves += 1
        else:
            explorer.bot_button.click()
    return human_moves


class CheapBoard:
    """Stands in for the board drawing in the long game below (pictures are tested in the browser test):
    records what it was asked to draw, returns a PNG header."""

    drawn: list[tuple[int, int]] = []

    def __init__(self, game, language):
        self.game, self.language = game, language

    def png(self):
        return b"\x89PNG\r\n\x1a\n" + bytes(16)

    def overlay(self, highlight=()):
        CheapBoard.drawn.append((len(self.game.log), len(list(highlight))))


@pytest.mark.parametrize("name, auto", [("birmingham", False), ("lancashire", True)])
def test_a_whole_two_player_game_through_the_widget_ends_with_scores_and_a_replay(name, auto, monkeypatch):
    monkeypatch.setattr("brass_nb.widgets.explorer.LiveBoard", CheapBoard)
    CheapBoard.drawn = []
    game = bn.new_game(name, players=2, seed=11)
    explorer = Explorer(game, seats=["human", RandomBot(7)], auto=auto)
    human_moves = play_whole_game(explorer, random.Random(3))
    assert game.is_over and human_moves > 20
    assert "The game is over." in explorer.status.value
    assert explorer.controls.layout.display == "none" and explorer.scores.layout.display is None
    ranking = game.scores()
    table = explorer.scores.value
    places = re.search(r"<th[^>]*>place</th>((?:<th[^>]*>\d+</th>)+)</tr>", table).group(1)
    heads = re.findall(r"data-player='(\d)'[^>]*><span[^>]*>[●■▲◆]</span>(\d)<br>(you|random)</th>", table)
    assert [(int(place), int(player) - 1) for place, (player, _, _) in zip(re.findall(r">(\d+)<", places), heads,
                                                                            strict=True)] == \
        [(r["place"], r["player"]) for r in ranking]
    assert all(number == player and role == ("you" if player == "1" else "random") for player, number, role in heads)
    totals = [int(v) for v in re.findall(r"data-part='total'[^>]*>(-?\d+)</td>", table)]
    assert totals == [r["vp"] for r in ranking]
    assert ("money" in table) == (name == "lancashire")
    assert explorer.replay.max == len(game.log)
    explorer.replay.value = 0
    assert "The start of the game." in explorer.explanation_view.value
    explorer.replay.value = 5
    assert str(game.log[4]) in explorer.explanation_view.value or "played" in explorer.explanation_view.value
    assert len(explorer.steps.options) == len(explorer.shown) > 0
    assert CheapBoard.drawn[-1] == (5, len(explorer.shown))          # the replayed position, with its steps


def test_review_at_the_table_moves_the_replay_to_a_decisive_moment_in_both_languages():
    game = bn.new_game("birmingham", players=2, seed=1)
    play_out(game, [RandomBot(1), GreedyBot()])
    explorer = Explorer(game, seats=["human", GreedyBot()])
    explorer.table.review_depth = "greedy"
    assert explorer.review_button.layout.display is None and explorer.review_box.layout.display == "none"
    assert "press Review" in explorer.explanation_view.value
    explorer.review_button.value = True                     # no kernel's event loop here: computed at once
    expected = bn.review(game, 0, depth="greedy")
    assert [number for _, number in explorer.decisive.options] == [d.number for d in expected.decisive()]
    assert [number for _, number in explorer.decision.options] == [d.number for d in expected.decisions]
    assert explorer.margins.value[:8] == b"\x89PNG\r\n\x1a\n" and explorer.margins_slot.children == (explorer.margins,)
    assert explorer.scores.layout.display == "none" and explorer.replay.layout.display is None
    board, overlay = explorer.picture.value, explorer.overlay.value
    decision = expected.decisive()[0]
    explorer.decisive.value = decision.number
    assert explorer.replay.value == decision.number - 1 and explorer.decision.value == decision.number
    assert explorer.picture.value != board and explorer.highlight[0] == decision.better_principle
    assert explorer.overlay.value != overlay and "data:image/png;base64," in explorer.overlay.value
    assert f"data-number='{decision.number}'" in explorer.explanation_view.value
    explorer.toggle.value = "ja"
    assert explorer.review_button.description == "振り返り" and "行ったアクション:" in explorer.explanation_view.value
    assert explorer.decisive.options[0][0] == f"{decision.number} · {JA_RATINGS[decision.rating.value]}"
    explorer.replay.value = decision.number + 1             # the slider: the next decision of Player 1, or none
    shown = explorer.table.decision_shown
    assert explorer.decision.value == (shown.number if shown else None) and explorer.decisive.value is None
    explorer.review_button.value = False
    assert explorer.scores.layout.display is None and explorer.review_box.layout.display == "none"
    assert explorer.replay.value == decision.number + 1
    explorer.close()
    assert Explorer(game, reviews=False).review_button.layout.display == "none"


def test_closing_an_explorer_frees_every_widget_it_made(game):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)      # the registry is read, as the kernel keeps it
        registry = w.Widget.widgets
        before = set(registry)
        explorer = Explorer(game)
        explorer.play_button.click()
        explorer.undo_button.click()
        made = set(registry) - before
        assert len(made) > 40 and explorer._boards                # controls, layouts, styles; kept pictures
        explorer.close()
        assert not set(registry) - before and not explorer._boards


def test_an_explorer_refused_at_creation_is_deleted_quietly(game, monkeypatch):
    """ipywidgets closes a widget when it is deleted; an Explorer refused before it made anything must not raise."""
    ignored = []
    monkeypatch.setattr(sys, "unraisablehook", ignored.append)
    for bad in ({"language": "fr"}, {"seats": ["human"]}):
        with pytest.raises(BrassError):
            Explorer(game, **bad)
        gc.collect()
    assert ignored == []
