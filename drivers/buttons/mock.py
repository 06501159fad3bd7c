"""Buttons driven by code or the laptop keyboard, for laptop mode, the demo and tests.

`press(name)` / `hold(name)` report a short or long press at once.
`key_down(name)` / `key_up(name)` feed real edges through the same debouncer
as the GPIO buttons (bounce 0 by default), so holding a key on the laptop
gives the same press/long-press behaviour as holding a real button.
"""

from __future__ import annotations

from collections.abc import Iterable

from drivers.buttons.base import DebouncedButtons
from drivers.buttons.debounce import ButtonTiming
from drivers.clock import Clock, monotonic
from drivers.config import BUTTON_NAMES
from drivers.errors import DriverError
from drivers.events import ButtonHeld, ButtonPressed

MOCK_TIMING = ButtonTiming(bounce_s=0.0)


class MockButtons(DebouncedButtons):
    """Named buttons with no hardware behind them."""

    kind = "mock"

    def __init__(
        self,
        names: Iterable[str] = BUTTON_NAMES,
        *,
        timing: ButtonTiming = MOCK_TIMING,
        clock: Clock = monotonic,
        run_thread: bool = True,
    ) -> None:
        super().__init__(names, timing, clock=clock, run_thread=run_thread)

    def _report(self, name: str, held: bool) -> None:
        self._debouncer(name)
        if self._sink is None:
            raise DriverError("mock buttons are not started: call start(queue) first")
        now = self._clock()
        self._emit([ButtonHeld(name, now) if held else ButtonPressed(name, now)])

    def press(self, name: str) -> None:
        """Report a short press of `name` now."""
        with self._cond:
            self._report(name, held=False)

    def hold(self, name: str) -> None:
        """Report a long press of `name` now."""
        with self._cond:
            self._report(name, held=True)

    def key_down(self, name: str) -> None:
        """The key for `name` went down (debounced and timed like a real button)."""
        self._edge(name, True)

    def key_up(self, name: str) -> None:
        """The key for `name` came up."""
        self._edge(name, False)
