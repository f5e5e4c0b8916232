"""A time limit for one choice, looked at between simulated moves so that a bot answers when asked to."""
from __future__ import annotations

import math
import time
from dataclasses import dataclass


@dataclass(frozen=True)
class Deadline:
    """The moment (on :func:`time.perf_counter`) by which a choice must be made; infinite when there is no limit.

    A bot looks at it before each action it tries and each decision of a rollout, so one choice overruns it by at
    most one simulated move (and the legal-action listing, which is not interrupted).
    """

    at: float = math.inf

    @classmethod
    def after(cls, seconds: float | None) -> Deadline:
        """The deadline ``seconds`` from now, or none when ``seconds`` is None."""
        return cls() if seconds is None else cls(time.perf_counter() + seconds)

    def passed(self) -> bool:
        return self.at != math.inf and time.perf_counter() >= self.at


NO_LIMIT = Deadline()
