"""The hint thought out while the learner reads: the same hint as ``game.hint()``, shown at once, stopped by any
other click, and started only for a learner who asks for hints, where the kernel's event loop runs."""
from __future__ import annotations

import asyncio
import time

import brass_nb as bn
from brass_nb.rules.game import Game
from brass_nb.widgets import Explorer
from brass_nb.widgets.pondering import SENT_FIRST


def counting_hints(monkeypatch) -> list[int]:
    """Count ``Game.hint`` calls (the hints the click computes itself) without changing them."""
    calls: list[int] = []
    real = Game.hint

    def counted(self, budget=None):
        calls.append(len(self.log))
        return real(self, budget)

    monkeypatch.setattr(Game, "hint", counted)
    return calls


def in_a_live_kernel(session) -> None:
    """Run ``session`` where an event loop runs, as the Explorer's clicks do in JupyterLab."""
    async def live():
        session()
    asyncio.run(live())


def test_the_hint_thought_ahead_is_the_games_own_and_shown_without_computing_again(monkeypatch):
    calls = counting_hints(monkeypatch)

    def session():
        explorer = Explorer(bn.new_game("birmingham", players=2, seed=7), seats=["human", "club"])
        assert not explorer._pondering.thinking         # nobody asked for a hint yet: nothing thought ahead
        explorer.hint_button.click()
        assert calls == [0]                             # the first hint: computed at the click
        explorer.play_button.click()                    # the hinted move; the club bot answers at once
        assert explorer.table.controls().human and explorer._pondering.key is not None
        position = explorer.game.copy()
        expected = position.hint()                      # what the click would compute (counted: one more call)
        started = time.perf_counter()
        explorer.hint_button.click()
        waited = time.perf_counter() - started
        assert len(calls) == 2, "the hint was computed again at the click"
        shown = explorer.table.panel.hint
        assert shown.action == expected.action == explorer.selected
        assert shown.render("en") == expected.render("en") and shown.render("ja") == expected.render("ja")
        print(f"Hint click with the hint thought ahead: {waited * 1e3:.0f} ms")
        explorer.close()

    in_a_live_kernel(session)


def test_another_click_stops_the_thinking_and_its_hint_is_not_shown(monkeypatch):
    calls = counting_hints(monkeypatch)

    def session():
        explorer = Explorer(bn.new_game("birmingham", players=2, seed=7), seats=["human", "club"])
        explorer.hint_button.click()
        explorer.play_button.click()
        pondering = explorer._pondering
        thread = pondering._thread
        time.sleep(SENT_FIRST + 0.05)                    # the thinking has begun its search
        assert thread is not None and thread.is_alive() and pondering.ready is None
        explorer.kind.value = "loan"                     # a preview: the learner's click comes first
        thread.join(timeout=0.2)               # (a busy machine: one simulated move and the words)
        assert not thread.is_alive(), "the thinking did not give way to the click within 0.2 s"
        assert pondering._thread is not thread and pondering.key is not None   # thought out again after the click
        explorer.undo_button.click()                     # the position changes: a hint for it is thought anew
        explorer.hint_button.click()
        shown = explorer.table.panel.hint
        assert shown.action == explorer.game.copy().hint().action
        assert len(calls) == 3                           # the first click, the check above, none for the second click
        explorer.close()

    in_a_live_kernel(session)


def test_nothing_is_thought_ahead_outside_a_live_kernel_or_for_a_bot(monkeypatch):
    game = bn.new_game("birmingham", players=2, seed=7)
    explorer = Explorer(game, seats=["human", "club"])
    explorer.hint_button.click()
    explorer.play_button.click()
    assert not explorer._pondering.thinking and explorer._pondering.key is None   # a script: no event loop

    def session():
        bots = Explorer(bn.new_game("birmingham", players=2, seed=7), seats=["club", "club"], auto=False)
        bots._hints_asked = True
        bots.bot_button.click()
        assert bots._pondering.key is None              # nobody to advise: a bot is to act
        bots.close()

    in_a_live_kernel(session)
