"""The card-reader contract and the poller that runs any backend.

A backend is two methods: `poll()` returns the UID text of the card in the
field right now (or None) and raises `ReaderError` when the device fails;
`close()` releases the device.  Everything else is shared: `Reader` polls the
backend on its own thread at a fixed interval (sleeping in
`threading.Event.wait`, never spinning), runs the presence and health rules,
and puts the resulting events into the application's queue.
"""

from __future__ import annotations

import logging
import threading
from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import ClassVar, Generic, TypeVar

from drivers.clock import Clock, monotonic
from drivers.config import require
from drivers.errors import DriverError, ReaderError
from drivers.event_queue import EventSink
from drivers.events import Event
from drivers.lifecycle import ClosesOnExit
from drivers.reader.presence import PresenceTracker, ReaderHealth
from drivers.reader.uid import is_uid_text

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class PollingOptions:
    """Timing of the poller, shared by every backend.

    poll_interval_s: time between polls while the reader works.
    removal_quiet_s: how long a card must go unread before it counts as removed;
        keep it a few poll intervals long so one missed read is not a removal.
    retry_initial_s / retry_max_s: first and longest wait between attempts
        while the reader is lost (the wait doubles after each failure).
    """

    poll_interval_s: float = 0.1
    removal_quiet_s: float = 0.5
    retry_initial_s: float = 0.5
    retry_max_s: float = 5.0

    def __post_init__(self) -> None:
        require(
            0 < self.poll_interval_s <= 5,
            f"poll_interval_s must be in (0, 5] seconds, got {self.poll_interval_s}",
        )
        require(
            self.removal_quiet_s > self.poll_interval_s,
            f"removal_quiet_s ({self.removal_quiet_s}) must be longer than poll_interval_s "
            f"({self.poll_interval_s}), or every missed read would count as a removal",
        )
        require(self.retry_initial_s > 0, f"retry_initial_s must be > 0, got {self.retry_initial_s}")
        require(
            self.retry_max_s >= self.retry_initial_s,
            f"retry_max_s ({self.retry_max_s}) must be >= retry_initial_s ({self.retry_initial_s})",
        )


class InconclusivePoll(Exception):
    """A poll that cannot tell whether a card is there (a lost or garbled answer).

    A backend raises it for a protocol hiccup it expects to recover from.  It
    means "don't know", never "no card": the poller does not count it towards
    a removal, and it is not a reader failure either (a backend that keeps
    hiccuping raises ReaderError instead).
    """


class ReaderBackend(ABC):
    """One kind of reader hardware (or its mock) behind the `Reader` poller."""

    kind: ClassVar[str] = ""

    @abstractmethod
    def poll(self) -> str | None:
        """UID text of the card in the field now, or None when no card answers.

        Raise ReaderError when the device fails, and InconclusivePoll when
        this poll cannot tell (a lost or garbled answer): that is not "no card".
        A backend (re)opens its device lazily inside `poll`, so after an error
        the next poll retries.  Never return a truncated UID.
        """

    @abstractmethod
    def close(self) -> None:
        """Release the device; `poll` may reopen it later."""

    def describe(self) -> str:
        """A short human description for logs and the doctor."""
        return self.kind


B = TypeVar("B", bound=ReaderBackend)


class Reader(ClosesOnExit, Generic[B]):
    """Polls one backend and reports CardPlaced/CardRemoved/ReaderLost/ReaderBack.

    Use as a context manager, or call `start(queue)` and later `close()`.
    `step()` runs one poll synchronously (tests and the doctor use it).
    """

    def __init__(
        self,
        backend: B,
        *,
        name: str | None = None,
        options: PollingOptions | None = None,
        clock: Clock = monotonic,
    ) -> None:
        self._backend = backend
        self._name = name or backend.kind
        require(bool(self._name), "a reader needs a non-empty name")
        self._options = options or PollingOptions()
        self._clock = clock
        self._presence = PresenceTracker(self._name, self._options.removal_quiet_s)
        self._health = ReaderHealth(self._name, self._options.retry_initial_s, self._options.retry_max_s)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._closed = False
        self._lock = threading.Lock()

    @property
    def name(self) -> str:
        """The reader's name as it appears in events."""
        return self._name

    @property
    def backend(self) -> B:
        return self._backend

    @property
    def options(self) -> PollingOptions:
        return self._options

    @property
    def present(self) -> str | None:
        """UID of the card currently on the reader, as last reported."""
        return self._presence.present

    @property
    def healthy(self) -> bool:
        return self._health.healthy

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def step(self) -> list[Event]:
        """Poll the backend once and return the events that poll caused."""
        now = self._clock()
        try:
            uid = self._backend.poll()
        except InconclusivePoll as exc:
            log.debug("reader %s: poll inconclusive: %s", self._name, exc)
            self._presence.unsure(self._clock())
            return []
        except ReaderError as exc:
            lost = self._health.failed(str(exc), now)
            return [lost] if lost is not None else []
        except Exception as exc:  # a backend bug must not kill the table: report it as an outage
            log.exception("reader %s: unexpected error in %s.poll", self._name, type(self._backend).__name__)
            lost = self._health.failed(f"unexpected {type(exc).__name__}: {exc}", now)
            return [lost] if lost is not None else []
        if uid is not None and not is_uid_text(uid):
            log.error("reader %s: %s returned a malformed UID %r", self._name, type(self._backend).__name__, uid)
            lost = self._health.failed(f"backend returned a malformed UID {uid!r}", now)
            return [lost] if lost is not None else []
        events: list[Event] = []
        back = self._health.succeeded(now)
        if back is not None:
            self._presence.resume(now)
            events.append(back)
        events.extend(self._presence.seen(uid, now))
        return events

    def next_delay(self) -> float:
        """Seconds until the next poll: the poll interval, or the backoff while lost."""
        retry = self._health.retry_delay()
        return self._options.poll_interval_s if retry is None else retry

    def start(self, sink: EventSink) -> None:
        """Start polling on a background thread, putting events into `sink`."""
        with self._lock:
            if self._closed:
                raise DriverError(f"reader {self._name!r} is closed")
            if self._thread is not None:
                raise DriverError(f"reader {self._name!r} is already started")
            self._stop.clear()
            self._thread = threading.Thread(
                target=self._run, args=(sink,), name=f"reader-{self._name}", daemon=True
            )
            self._thread.start()

    def _run(self, sink: EventSink) -> None:
        while not self._stop.is_set():
            for event in self.step():
                log.info("%s", event.to_line())
                sink.put(event)
            self._stop.wait(self.next_delay())

    def stop(self, timeout: float = 5.0) -> None:
        """Stop the poller thread (idempotent); the device stays open."""
        with self._lock:
            thread, self._thread = self._thread, None
        self._stop.set()
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)
            if thread.is_alive():
                log.warning("reader %s: poller did not stop within %.1f s", self._name, timeout)

    def close(self) -> None:
        """Stop polling and release the device (idempotent)."""
        self.stop()
        with self._lock:
            if self._closed:
                return
            self._closed = True
        self._backend.close()

    def __repr__(self) -> str:
        return f"Reader(name={self._name!r}, backend={self._backend.describe()!r})"
