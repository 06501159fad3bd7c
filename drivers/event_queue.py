"""The one queue every driver pushes into and the application loop drains.

Drivers run on their own threads (the reader poller, gpiozero's callback
threads, the debounce timer).  None of them may call application code or
pygame; they only `put` events here.  The application blocks in `get` with a
timeout (no busy waiting) between frames.
"""

from __future__ import annotations

import queue
from typing import Protocol

from drivers.events import Event


class EventSink(Protocol):
    """Anything a driver can push events into (an `EventQueue`, or a list's append in tests)."""

    def put(self, event: Event) -> None: ...


class EventQueue:
    """A thread-safe FIFO of driver events."""

    def __init__(self) -> None:
        self._queue: queue.SimpleQueue[Event] = queue.SimpleQueue()

    def put(self, event: Event) -> None:
        """Add an event; never blocks; safe from any thread."""
        self._queue.put(event)

    def get(self, timeout: float | None = None) -> Event | None:
        """Wait up to `timeout` seconds (forever if None) for the next event; None on timeout."""
        if timeout is not None and timeout < 0:
            raise ValueError(f"timeout must be >= 0 or None, got {timeout}")
        try:
            return self._queue.get(timeout=timeout)
        except queue.Empty:
            return None

    def get_nowait(self) -> Event | None:
        """The next event if one is waiting, else None."""
        try:
            return self._queue.get_nowait()
        except queue.Empty:
            return None

    def drain(self) -> list[Event]:
        """Every event waiting right now, oldest first."""
        events: list[Event] = []
        while (event := self.get_nowait()) is not None:
            events.append(event)
        return events

    def __len__(self) -> int:
        """How many events are waiting (a snapshot: other threads may add more)."""
        return self._queue.qsize()
