"""The main loop: wait for a driver event or a deadline, handle it, redraw if needed.

No busy waiting: the loop blocks on the drivers' queue until the next event
or the controller's next deadline (a notice to clear, an auto-resume), or the
heartbeat interval when systemd's watchdog wants pings. The screen is redrawn
only when the Screen value changed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from companion.screen_model import Screen


class Controller(Protocol):
    def handle(self, event: Any) -> None: ...

    def tick(self, now: float | None = None) -> None: ...

    def deadline(self) -> float | None: ...

    def screen(self) -> Screen: ...


class Queue(Protocol):
    def get(self, timeout: float | None = None) -> Any: ...


class Loop:
    """Runs a controller against a queue, drawing on an optional display."""

    def __init__(self, controller: Controller, queue: Queue, clock: Callable[[], float],
                 draw: Callable[[Screen], None] | None = None,
                 heartbeat: Callable[[], object] | None = None, heartbeat_s: float | None = None,
                 pump: Callable[[], None] | None = None, pump_s: float = 0.05,
                 max_wait: float | None = None) -> None:
        self.controller = controller
        self.queue = queue
        self.clock = clock
        self.draw = draw
        self.heartbeat = heartbeat
        self.heartbeat_s = heartbeat_s
        self.pump = pump
        self.pump_s = pump_s
        self.max_wait = max_wait
        self.last: Screen | None = None
        self.frames = 0
        self.events = 0

    def redraw(self) -> bool:
        """Draw the controller's screen if it changed; True when a frame was drawn."""
        screen = self.controller.screen()
        if screen == self.last:
            return False
        self.last = screen
        if self.draw is not None:
            self.draw(screen)
        self.frames += 1
        return True

    def timeout(self) -> float | None:
        """How long the next wait may last."""
        limits = []
        deadline = self.controller.deadline()
        if deadline is not None:
            limits.append(max(0.0, deadline - self.clock()))
        if self.heartbeat_s:
            limits.append(self.heartbeat_s)
        if self.pump is not None:
            limits.append(self.pump_s)
        if self.max_wait is not None:
            limits.append(self.max_wait)
        return min(limits) if limits else None

    def step(self) -> bool:
        """Wait for one event (or a deadline), handle it, redraw. True if an event came."""
        if self.pump is not None:
            self.pump()
        event = self.queue.get(timeout=self.timeout())
        if event is not None:
            self.events += 1
            self.controller.handle(event)
        self.controller.tick()
        if self.heartbeat is not None:
            self.heartbeat()
        self.redraw()
        return event is not None

    def run(self, stop: Callable[[], bool]) -> None:
        self.redraw()
        while not stop():
            self.step()
