"""A reader that cannot be opened at start-up is retried, and the app is told."""

from __future__ import annotations

import time
from typing import Any

import pytest

from companion.runtime.reader_keeper import ReaderKeeper
from drivers.errors import BackendUnavailable, ConfigError
from drivers.event_queue import EventQueue
from drivers.events import ReaderBack, ReaderLost


class FakeReader:
    def __init__(self) -> None:
        self.started = False
        self.closed = False

    def start(self, sink: Any) -> None:
        self.started = True

    def close(self) -> None:
        self.closed = True


def test_missing_reader_is_reported_retried_and_reported_back() -> None:
    attempts = []
    reader = FakeReader()

    def opener() -> FakeReader:
        attempts.append(1)
        if len(attempts) < 3:
            raise BackendUnavailable("no /dev/spidev0.0: enable SPI")
        return reader

    queue = EventQueue()
    keeper = ReaderKeeper(opener, "rc522", time.monotonic, retry_s=0.01)
    keeper.start(queue)
    first = queue.get(timeout=5)
    assert isinstance(first, ReaderLost) and "cannot open the reader: no /dev/spidev0.0" in first.reason
    back = queue.get(timeout=5)
    assert isinstance(back, ReaderBack) and reader.started and len(attempts) == 3
    keeper.close()
    assert reader.closed


def test_a_working_reader_starts_at_once() -> None:
    reader = FakeReader()
    keeper = ReaderKeeper(lambda: reader, "mock", time.monotonic)
    queue = EventQueue()
    keeper.start(queue)
    assert reader.started and queue.get(timeout=0.05) is None
    keeper.close()
    assert reader.closed


def test_bad_configuration_is_not_retried() -> None:
    def opener() -> FakeReader:
        raise ConfigError("unknown option 'rst' for reader 'rc522'")

    with pytest.raises(ConfigError):
        ReaderKeeper(opener, "rc522", time.monotonic).start(EventQueue())


def test_close_stops_the_retries() -> None:
    def opener() -> FakeReader:
        raise BackendUnavailable("not a Raspberry Pi")

    keeper = ReaderKeeper(opener, "rc522", time.monotonic, retry_s=0.01)
    keeper.start(EventQueue())
    time.sleep(0.05)
    keeper.close()
    count = keeper.attempts
    time.sleep(0.05)
    assert keeper.attempts == count
