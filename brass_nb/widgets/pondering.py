"""The coach's hint, thought out while the learner reads the board, so that Hint answers at once.

A hint searches ahead for about a fifth of a second (:mod:`brass_nb.bots.hints`); a learner reads the new position
for seconds. Once a learner has asked for a hint at a table, the table thinks out the next one for each position
where they are to act, in a thread, on a copy of the game; Hint then shows it, or waits for the rest of it. Any
other click stops the thinking at once (within one simulated move), so that it never slows what the learner does;
it starts again after that click. A learner who never asks costs the class hub nothing.

The hint thought out is the one ``game.hint()`` gives (the same function, budget and seed on a copy of the same
position): thinking ahead changes when the answer is ready, never the answer.
"""
from __future__ import annotations

import threading

from brass_nb.bots.hints import Hint, hint
from brass_nb.rules.game import Game

SENT_FIRST = 0.15
"""Seconds the thinking waits before it starts: the kernel's messages for the click that showed the position are
sent by another thread, which a thinking thread holding the interpreter would hold up (in the browser test, Play
took about 20 ms longer at the median when the thinking started at once)."""


def position_key(game: Game) -> tuple[int, int]:
    """Which position a hint belongs to: the game object and the state's version (every change, an undo included,
    gives the state a version no other position has had)."""
    return id(game), game.state.version


class Pondering:
    """At most one hint being thought out, for one position, and the last one finished."""

    def __init__(self) -> None:
        self.key: tuple[int, int] | None = None     # the position thought about (or thought out)
        self.ready: Hint | None = None
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()

    def start(self, game: Game) -> None:
        """Think out the hint for ``game``'s position in a thread, unless it is thought out or being thought."""
        key = position_key(game)
        if key == self.key and (self.ready is not None or self.thinking):
            return
        self.stop()
        self.key, self.ready = key, None
        stop = self._stop = threading.Event()
        copy = game.copy()

        def think() -> None:
            if stop.wait(SENT_FIRST):       # the click's render is still going out: let it go first
                return
            try:
                found = hint(copy, stop=stop)
            except Exception:       # noqa: BLE001 (the click computes it again, and shows any error then)
                return
            if not stop.is_set() and self.key == key:
                self.ready = found

        self._thread = threading.Thread(target=think, name="brass-hint-ahead", daemon=True)
        self._thread.start()

    @property
    def thinking(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def stop(self) -> None:
        """Give the kernel back to a click: the thinking ends within one simulated move, its hint is dropped."""
        if self.thinking:
            self._stop.set()
            self.key = None

    def take(self, game: Game) -> Hint | None:
        """The hint for ``game``'s position: the one thought out, after waiting for the thinking to end if it is
        still going on; None when nothing was thought about this position."""
        if self.key != position_key(game):
            return None
        if self._thread is not None:
            self._thread.join()
        return self.ready if self.key == position_key(game) else None
