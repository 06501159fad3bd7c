"""Fixtures for the driver tests: fresh fakes per test, nothing global left set."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest

from drivers.clock import FakeClock
from drivers.events import Event


class EventList:
    """An event sink that just records (the drivers accept anything with put())."""

    def __init__(self) -> None:
        self.events: list[Event] = []

    def put(self, event: Event) -> None:
        self.events.append(event)

    def kinds(self) -> list[str]:
        return [event.kind for event in self.events]


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(start=100.0)


@pytest.fixture
def sink() -> EventList:
    return EventList()


@pytest.fixture
def mock_pin_factory() -> Iterator[object]:
    """gpiozero's MockFactory as the default pin factory for one test, then the old one back."""
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory

    previous = Device.pin_factory
    factory = MockFactory()
    Device.pin_factory = factory
    try:
        yield factory
    finally:
        factory.reset()
        Device.pin_factory = previous


@pytest.fixture
def no_backend_env(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make sure COMPANION_READER / COMPANION_BUTTONS from the shell do not leak into a test."""
    monkeypatch.delenv("COMPANION_READER", raising=False)
    monkeypatch.delenv("COMPANION_BUTTONS", raising=False)


@pytest.fixture(autouse=True)
def mfrc522_logger_restored() -> Iterator[logging.Logger]:
    """Each FakeMFRC522 adds a handler to the global `mfrc522Logger`, as the library does: undo it."""
    logger = logging.getLogger("mfrc522Logger")
    handlers, level = list(logger.handlers), logger.level
    yield logger
    for handler in list(logger.handlers):
        if handler not in handlers:
            logger.removeHandler(handler)
    logger.setLevel(level)
