"""Buttons that take a double click as one click: a click the page sends while the kernel still answers the one
before is dropped in the kernel, where it would otherwise run a second time (the page disables a button only
after the kernel's answer arrives, too late for the second click of a double click)."""
from __future__ import annotations

import math
import time

import ipywidgets as w

SETTLE_S = 0.25
"""A click from the page that reaches the kernel this soon after the last answered one is the same gesture: a
learner who clicks again on purpose has first seen the answer, which takes longer."""


class ClickGuard:
    """Shared by the buttons of one widget: when the kernel last finished answering a click from the page."""

    def __init__(self) -> None:
        self.answered = -math.inf

    def admits(self) -> bool:
        return time.monotonic() - self.answered >= SETTLE_S

    def done(self) -> None:
        self.answered = time.monotonic()


class GuardedButton(w.Button):
    """A button whose clicks from the page pass through a :class:`ClickGuard`; ``click()`` in code always runs (a
    script or a test means every call)."""

    def __init__(self, guard: ClickGuard, **kwargs):
        self.guard = guard
        super().__init__(**kwargs)

    def _handle_button_msg(self, _, content, buffers):
        if content.get("event", "") != "click" or not self.guard.admits():
            return
        try:
            self.click()
        finally:
            self.guard.done()
