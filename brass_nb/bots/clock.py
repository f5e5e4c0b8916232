"""A time limit for one choice, looked at between simulated moves so that a bot answers when asked to."""
from __future__ import annotations

import math
import threading
import time
from dataclasses import dataclass


@dataclass(frozen=True)
class Deadline:
    """The moment (on :func:`time.perf_counter`) by which a choice must be made; infinite when there is no limit.
    ``stop``, when given, ends the choice as soon as another thread sets it (a hint thought ahead of the learner's
    click gives way to the click: :mod:`brass_nb.widgets.pondering`).

    A bot looks at it before each action it tries and each decision of a rollout, so one choice overruns it by at
    most one simulated move (and the legal-action listing, which is not interrupted).
    """

    at: float = math.inf
    stop: threading.Event | None = None

    @classmethod
    def after(cls, seconds: float | None, stop: threading.Event | None = None) -> Deadline:
        """The deadline ``seconds`` from now (none when ``seconds`` is None), ended early by ``stop``."""
        return cls(math.inf if seconds is None else time.perf_counter() + seconds, stop)

    def passed(self) -> bool:
        if self.stop is not None and self.stop.is_set():
            return True
        return self.at != math.inf and time.perf_counter() >= self.at


NO_LIMIT = Deadline()
