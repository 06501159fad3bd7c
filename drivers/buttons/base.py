"""The button-set contract and the debounce timer shared by the GPIO and mock backends.

Edges arrive on whatever thread the source uses (gpiozero's callback
threads, the pygame loop for the laptop keyboard).  They only update the
per-button `Debouncer` under a lock and wake the timer thread, which calls
`pump()` at the next deadline (bounce settled, hold time reached) and puts
the resulting events into the application's queue.  Nothing here calls the
application or pygame.

For single-threaded use and fake-clock tests, pass `run_thread=False` and
call `pump()` yourself.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterable, Mapping

from drivers.buttons.debounce import ButtonTiming, Debouncer
from drivers.clock import Clock, monotonic
from drivers.config import validate_button_names
from drivers.errors import ConfigError, DriverError
from drivers.event_queue import EventSink
from drivers.events import Event
from drivers.lifecycle import ClosesOnExit

log = logging.getLogger(__name__)

IDLE_WAIT_S = 1.0  # the timer thread re-checks this often even with nothing pending


class DebouncedButtons(ClosesOnExit):
    """Named buttons fed by raw edges; reports ButtonPressed / ButtonHeld."""

    kind = ""

    def __init__(
        self,
        names: Iterable[str],
        timing: ButtonTiming,
        *,
        clock: Clock = monotonic,
        run_thread: bool = True,
        initial: Mapping[str, bool] | None = None,
    ) -> None:
        self._names = validate_button_names(names)
        self._timing = timing
        self._clock = clock
        self._run_thread = run_thread
        now = clock()
        pressed = initial or {}
        self._debouncers = {
            name: Debouncer(name, timing, pressed=pressed.get(name, False), now=now) for name in self._names
        }
        self._cond = threading.Condition()
        self._sink: EventSink | None = None
        self._thread: threading.Thread | None = None
        self._stopping = False
        self._closed = False

    @property
    def names(self) -> tuple[str, ...]:
        return self._names

    @property
    def timing(self) -> ButtonTiming:
        return self._timing

    def is_pressed(self, name: str) -> bool:
        """The debounced state of one button."""
        with self._cond:
            return self._debouncer(name).pressed

    def _debouncer(self, name: str) -> Debouncer:
        try:
            return self._debouncers[name]
        except KeyError:
            raise ConfigError(f"unknown button {name!r}; buttons: {', '.join(self._names)}") from None

    def _edge(self, name: str, pressed: bool) -> None:
        """A raw edge from any thread: update the debouncer and wake the timer."""
        with self._cond:
            events = self._debouncer(name).edge(pressed, self._clock())
            self._emit(events)
            self._cond.notify_all()

    def _emit(self, events: list[Event]) -> None:
        sink = self._sink
        for event in events:
            log.info("%s", event.to_line())
            if sink is not None:
                sink.put(event)

    def pump(self) -> list[Event]:
        """Report everything due by now; returns the events (also put into the sink)."""
        with self._cond:
            now = self._clock()
            events: list[Event] = []
            for debouncer in self._debouncers.values():
                events.extend(debouncer.update(now))
            self._emit(events)
            return events

    def next_deadline(self) -> float | None:
        with self._cond:
            deadlines = [d for d in (b.next_deadline() for b in self._debouncers.values()) if d is not None]
            return min(deadlines, default=None)

    def start(self, sink: EventSink) -> None:
        """Send events to `sink` from now on (and start the timer thread unless run_thread=False)."""
        with self._cond:
            if self._closed:
                raise DriverError(f"{self.kind or 'button'} buttons are closed")
            if self._sink is not None:
                raise DriverError(f"{self.kind or 'button'} buttons are already started")
            self._sink = sink
            self._stopping = False
            if self._run_thread:
                self._thread = threading.Thread(target=self._run, name=f"buttons-{self.kind}", daemon=True)
                self._thread.start()

    def _run(self) -> None:
        while True:
            with self._cond:
                if self._stopping:
                    return
                deadline = min(
                    (d for d in (b.next_deadline() for b in self._debouncers.values()) if d is not None),
                    default=None,
                )
                wait = IDLE_WAIT_S if deadline is None else max(0.0, min(IDLE_WAIT_S, deadline - self._clock()))
                if wait > 0:
                    self._cond.wait(wait)
                if self._stopping:
                    return
            self.pump()

    def stop(self) -> None:
        """Stop reporting (idempotent)."""
        with self._cond:
            self._stopping = True
            self._sink = None
            thread, self._thread = self._thread, None
            self._cond.notify_all()
        if thread is not None and thread is not threading.current_thread():
            thread.join(2.0)

    def _release_devices(self) -> None:
        """Backends free their hardware here."""

    def close(self) -> None:
        """Stop and free the pins (idempotent)."""
        self.stop()
        with self._cond:
            if self._closed:
                return
            self._closed = True
        self._release_devices()

