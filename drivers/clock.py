"""Time sources shared by the drivers.

Every driver takes a `clock` (a function returning seconds as a float) so
that the timing rules (debounce, long press, card removal, retry backoff)
can be tested with `FakeClock` instead of sleeping.  The default is
`time.monotonic`: event timestamps are comparable with each other within
one process, and never jump when the wall clock is set.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

Clock = Callable[[], float]

monotonic: Clock = time.monotonic


class FakeClock:
    """A clock that only moves when told to; thread-safe.

    Call the instance to read the time, `advance(seconds)` to move it.
    """

    def __init__(self, start: float = 1000.0) -> None:
        self._now = float(start)
        self._lock = threading.Lock()

    def __call__(self) -> float:
        with self._lock:
            return self._now

    def advance(self, seconds: float) -> float:
        """Move the clock forward and return the new time."""
        if seconds < 0:
            raise ValueError(f"a clock cannot go backwards (advance({seconds}))")
        with self._lock:
            self._now += seconds
            return self._now

    def set(self, now: float) -> None:
        """Jump to an absolute time, which must not be in the past."""
        with self._lock:
            if now < self._now:
                raise ValueError(f"a clock cannot go backwards ({now} < {self._now})")
            self._now = float(now)
