"""Keep trying to open the card reader instead of failing at start-up.

At a table the reader may be unplugged, or SPI not yet enabled, when the Pi
boots. Exiting would make systemd restart the companion in a loop with a
black screen; instead the app starts, shows "Card reader lost (...)" with the
reason, and this keeper retries in the background until the reader opens,
then reports it back. A bad configuration still stops at once: retrying
cannot fix it.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from drivers.errors import ConfigError, DriverError
from drivers.event_queue import EventSink
from drivers.events import ReaderBack, ReaderLost
from drivers.lifecycle import ClosesOnExit


class ReaderKeeper(ClosesOnExit):
    def __init__(self, opener: Callable[[], Any], name: str, clock: Callable[[], float],
                 retry_s: float = 5.0) -> None:
        self._opener = opener
        self._name = name
        self._clock = clock
        self._retry_s = retry_s
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self.reader: Any = None
        self.attempts = 0

    def _try_open(self, sink: EventSink) -> str | None:
        """Open and start the reader; the reason it failed, or None."""
        self.attempts += 1
        try:
            reader = self._opener()
        except ConfigError:
            raise
        except DriverError as exc:
            return str(exc)
        with self._lock:
            if self._stop.is_set():
                reader.close()
                return None
            self.reader = reader
        reader.start(sink)
        return None

    def start(self, sink: EventSink) -> None:
        why = self._try_open(sink)
        if why is None:
            return
        sink.put(ReaderLost(self._name, f"cannot open the reader: {why}", self._clock()))
        self._thread = threading.Thread(target=self._retry, args=(sink,), name="reader-keeper", daemon=True)
        self._thread.start()

    def _retry(self, sink: EventSink) -> None:
        while not self._stop.wait(self._retry_s):
            if self._try_open(sink) is None:
                if not self._stop.is_set():
                    sink.put(ReaderBack(self._name, self._clock()))
                return

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=5)
        with self._lock:
            reader, self.reader = self.reader, None
        if reader is not None:
            reader.close()
