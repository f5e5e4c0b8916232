"""Buttons that take a double click as one click: a click the page sent before the answer to the previous click
could reach it is the same gesture, and is dropped in the kernel, where it would otherwise run a second time (the
page disables a button only once the kernel's answer arrives, too late for the second click of a double click).

Each click message carries the moment the page sent it (on the page's clock). A click sent sooner after the
previous one than the kernel took to answer that one, plus :data:`TRANSIT_S`, was sent before the learner could
see the answer. Only the page's own times are compared, so the page's and the kernel's clocks need not agree."""
from __future__ import annotations

import math
import time
from datetime import datetime

import ipywidgets as w

TRANSIT_S = 0.1
"""Time allowed for the answer to reach the page and be drawn there."""

QUEUED_S = 0.05
"""Without the page's times (a front end that does not send them): a click handled this soon after the last
answer was queued behind it."""


def sent_at(message: dict) -> float | None:
    """When the page sent ``message``, in seconds on the page's clock (None if it does not say)."""
    date = message.get("header", {}).get("date")
    if isinstance(date, str):
        try:
            date = datetime.fromisoformat(date.replace("Z", "+00:00"))
        except ValueError:
            return None
    return date.timestamp() if isinstance(date, datetime) else None


class ClickGuard:
    """Shared by the buttons of one widget: when the page sent the last click answered, and how long the answer
    took."""

    def __init__(self) -> None:
        self.sent: float | None = None
        self.took = 0.0
        self.answered = -math.inf

    def admits(self, sent: float | None) -> bool:
        if sent is not None and self.sent is not None:
            return sent - self.sent >= self.took + TRANSIT_S
        return time.monotonic() - self.answered >= QUEUED_S

    def answer(self, sent: float | None, click) -> None:
        """Run ``click`` and remember when it was sent and how long it took."""
        started = time.monotonic()
        try:
            click()
        finally:
            self.answered = time.monotonic()
            self.sent, self.took = sent, self.answered - started


class GuardedButton(w.Button):
    """A button whose clicks from the page pass through a :class:`ClickGuard`; ``click()`` in code always runs (a
    script or a test means every call)."""

    def __init__(self, guard: ClickGuard, **kwargs):
        self.guard = guard
        self._sent: float | None = None
        super().__init__(**kwargs)

    def _handle_msg(self, msg):
        self._sent = sent_at(msg)
        super()._handle_msg(msg)

    def _handle_button_msg(self, _, content, buffers):
        if content.get("event", "") != "click" or not self.guard.admits(self._sent):
            return
        self.guard.answer(self._sent, self.click)
