"""The laptop window (`companion run --mock`) as its tests drive it: pygame events posted to the window's pump
(SDL_VIDEODRIVER=dummy), the presses they make through timed mock buttons on a clock moved by hand, reaching
the app as in the loop.

The fixture `window` is taken into a test module by its function's name
(`from window_helpers import hidden_window  # noqa: F401  (the fixture "window")`), so that the tests'
parameters do not shadow the import.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pygame
import pytest

from companion.app import App
from companion.commands.run import keyboard_pump
from companion.screens import DisplayList
from drivers.buttons import MockButtons
from drivers.buttons.debounce import ButtonTiming
from drivers.clock import FakeClock
from drivers.event_queue import EventQueue


@pytest.fixture(name="window")
def hidden_window() -> Iterator[None]:
    """A display of 8x8 pixels for pygame's events (and its fonts up), its queue empty; closed after the test."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((8, 8))
    pygame.event.clear()
    yield
    pygame.display.quit()


class WindowPump:
    """The window's pump over `app`: its Esc, its keys and its clicks on `items` (the frame last drawn)."""

    def __init__(self, app: App, items: DisplayList | None = None) -> None:
        self.app = app
        self.clock = FakeClock()
        self.queue = EventQueue()
        self.buttons = MockButtons(timing=ButtonTiming(bounce_s=0.0, hold_s=0.8, press_on_release=True),
                                   clock=self.clock, run_thread=False)
        self.buttons.start(self.queue)
        self.stopped: list[bool] = []
        """One True once the window asked the loop to stop."""
        self.items = items
        self.pump = keyboard_pump(app, self.buttons, lambda: self.stopped.append(True), lambda: self.items)

    def post_key(self, key: int, text: str = "", shift: bool = False) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=pygame.KMOD_SHIFT if shift else 0,
                                             unicode=text))

    def pump_and_handle(self) -> None:
        """The window's events read, and the presses they made handled by the app."""
        self.pump()
        while len(self.queue):
            self.app.handle(self.queue.get(timeout=0))
