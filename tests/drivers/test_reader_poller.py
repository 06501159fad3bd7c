"""The Reader poller over the mock backend, and choosing a backend by name."""

from __future__ import annotations

import threading
import time

import pytest

from drivers.clock import FakeClock
from drivers.errors import ConfigError, DriverError, ReaderError
from drivers.event_queue import EventQueue
from drivers.events import CardPlaced, CardRemoved, ReaderBack, ReaderLost
from drivers.reader import PollingOptions, Reader, mock_reader, open_reader, reader_option_names
from drivers.reader.base import ReaderBackend
from drivers.reader.mock import MockReaderBackend
from drivers.reader.pn532 import PN532Backend

A = "04A1B2C3D4E5F6"


def stepped(reader: Reader[MockReaderBackend], clock: FakeClock, seconds: float) -> list[object]:
    """Run the poller by hand for `seconds` of fake time, at its own pace."""
    events: list[object] = []
    end = clock() + seconds
    while clock() < end:
        events.extend(reader.step())
        clock.advance(reader.next_delay())
    return events


def test_a_resting_card_gives_one_placement_and_one_removal(clock: FakeClock) -> None:
    reader = mock_reader(clock=clock, poll_interval_s=0.1, removal_quiet_s=0.5)
    reader.backend.place(A)
    events = stepped(reader, clock, 30.0)
    assert [type(e) for e in events] == [CardPlaced]
    reader.backend.remove()
    events = stepped(reader, clock, 2.0)
    assert [type(e) for e in events] == [CardRemoved]
    assert reader.present is None


def test_a_quick_tap_between_two_polls_is_still_seen(clock: FakeClock) -> None:
    reader = mock_reader(clock=clock)
    reader.backend.tap(A)
    events = stepped(reader, clock, 2.0)
    assert [(type(e), getattr(e, "uid", None)) for e in events] == [(CardPlaced, A), (CardRemoved, A)]


def test_errors_give_one_reader_lost_backoff_and_one_reader_back(clock: FakeClock) -> None:
    reader = mock_reader(clock=clock, poll_interval_s=0.1, retry_initial_s=0.5, retry_max_s=2.0)
    reader.backend.fail("SPI error")
    events = [e for _ in range(6) for e in reader.step()]
    assert events == [ReaderLost("mock", "SPI error", clock())]
    assert reader.next_delay() == 2.0
    assert not reader.healthy
    reader.backend.recover()
    clock.advance(1.0)
    assert reader.step() == [ReaderBack("mock", clock())]
    assert reader.next_delay() == 0.1


def test_a_card_resting_through_an_outage_is_not_placed_twice(clock: FakeClock) -> None:
    reader = mock_reader(clock=clock)
    reader.backend.place(A)
    assert [type(e) for e in reader.step()] == [CardPlaced]
    reader.backend.fail("gone")
    clock.advance(0.1)
    reader.step()
    clock.advance(30.0)
    reader.backend.recover()
    assert [type(e) for e in reader.step()] == [ReaderBack]
    assert stepped(reader, clock, 5.0) == []


def test_a_backend_bug_is_reported_as_an_outage_not_a_dead_thread(clock: FakeClock) -> None:
    class Broken(ReaderBackend):
        kind = "broken"

        def poll(self) -> str | None:
            raise KeyError("oops")

        def close(self) -> None:
            pass

    reader = Reader(Broken(), clock=clock)
    [event] = reader.step()
    assert isinstance(event, ReaderLost)
    assert "KeyError" in event.reason


def test_the_poller_thread_reports_into_the_queue_and_stops() -> None:
    events = EventQueue()
    with mock_reader(poll_interval_s=0.005, removal_quiet_s=0.05) as reader:
        reader.start(events)
        assert reader.running
        reader.backend.place(A)
        placed = events.get(timeout=5)
        reader.backend.remove()
        removed = events.get(timeout=5)
    assert isinstance(placed, CardPlaced) and placed.uid == A
    assert isinstance(removed, CardRemoved) and removed.uid == A
    assert not reader.running


def test_the_poller_sleeps_between_polls_instead_of_spinning() -> None:
    """Three polls take at least two intervals; a spinning thread makes them at once. A loaded machine only
    slows the thread down, so the test waits for the polls instead of counting them in a fixed window."""
    with mock_reader(poll_interval_s=0.05, removal_quiet_s=0.2) as reader:
        started = time.monotonic()
        reader.start(EventQueue())
        give_up = started + 30.0
        while reader.backend.polls < 3 and time.monotonic() < give_up:
            time.sleep(0.005)
        took = time.monotonic() - started
        polls = reader.backend.polls
    assert polls >= 3
    assert took >= 2 * 0.05 * 0.9, f"{polls} polls in {took:.3f} s"


def test_start_twice_or_after_close_is_an_error() -> None:
    reader = mock_reader(poll_interval_s=0.01, removal_quiet_s=0.05)
    reader.start(EventQueue())
    with pytest.raises(DriverError, match="already started"):
        reader.start(EventQueue())
    reader.close()
    reader.close()
    with pytest.raises(DriverError, match="closed"):
        reader.start(EventQueue())
    assert threading.active_count() >= 1


def test_polling_options_are_checked() -> None:
    with pytest.raises(ConfigError, match="removal_quiet_s .* must be longer than poll_interval_s"):
        PollingOptions(poll_interval_s=0.5, removal_quiet_s=0.2)
    with pytest.raises(ConfigError, match="poll_interval_s"):
        PollingOptions(poll_interval_s=0)


@pytest.mark.usefixtures("no_backend_env")
def test_open_reader_by_name_and_env(monkeypatch: pytest.MonkeyPatch) -> None:
    assert open_reader("mock").backend.kind == "mock"
    assert open_reader(" MOCK ", name="left").name == "left"
    monkeypatch.setenv("COMPANION_READER", "pn532")
    reader = open_reader()
    assert isinstance(reader.backend, PN532Backend)
    assert reader.backend.options.port == "/dev/serial0"
    assert open_reader("mock").backend.kind == "mock"


@pytest.mark.usefixtures("no_backend_env")
def test_unknown_backend_names_list_the_valid_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ConfigError, match="unknown reader backend 'acr122'; valid names: rc522, pn532, mock"):
        open_reader("acr122")
    monkeypatch.setenv("COMPANION_READER", "nfc")
    with pytest.raises(ConfigError, match=r"'nfc' \(from \$COMPANION_READER\)"):
        open_reader()


@pytest.mark.usefixtures("no_backend_env")
def test_bad_options_get_specific_messages() -> None:
    with pytest.raises(ConfigError, match="unknown option 'prot' for reader 'pn532'; valid options: name, port"):
        open_reader("pn532", prot="/dev/ttyUSB0")
    with pytest.raises(ConfigError, match="option 'baudrate' must be an integer"):
        open_reader("pn532", baudrate="fast")
    with pytest.raises(ConfigError, match="baudrate 1234 is not one the PN532"):
        open_reader("pn532", baudrate=1234)
    with pytest.raises(ConfigError, match="option 'poll_interval_s' must be a number, got '0.1'"):
        open_reader("mock", poll_interval_s="0.1")
    with pytest.raises(ConfigError, match="reset_pin 8 is an SPI0 pin"):
        open_reader("rc522", reset_pin=8)
    with pytest.raises(ConfigError, match="passive_retries"):
        open_reader("pn532", passive_retries=255)
    with pytest.raises(ConfigError, match="script step 0: unknown action 'shake'"):
        open_reader("mock", script=[(0, "shake")])


def test_option_names_are_listed_for_each_backend() -> None:
    assert "reset_pin" in reader_option_names("rc522")
    assert "port" in reader_option_names("pn532")
    assert "poll_interval_s" in reader_option_names("mock")
    with pytest.raises(ConfigError):
        reader_option_names("acr122")


def test_pn532_without_a_port_reports_reader_lost_with_a_hint(tmp_path: object, clock: FakeClock) -> None:
    reader = open_reader("pn532", port=f"{tmp_path}/ttyNOPE", clock=clock)
    [event] = reader.step()
    assert isinstance(event, ReaderLost)
    assert "ttyNOPE" in event.reason and "do_serial_hw 0" in event.reason
    reader.close()


def test_reader_error_is_a_driver_error() -> None:
    assert issubclass(ReaderError, DriverError)


def test_a_malformed_uid_from_a_backend_is_an_outage(clock: FakeClock) -> None:
    class Sloppy(ReaderBackend):
        kind = "sloppy"

        def poll(self) -> str | None:
            return "04:a1:b2:c3"

        def close(self) -> None:
            pass

    [event] = Reader(Sloppy(), clock=clock).step()
    assert isinstance(event, ReaderLost) and "malformed UID '04:a1:b2:c3'" in event.reason


@pytest.mark.usefixtures("no_backend_env")
def test_a_misspelled_option_names_the_nearest_valid_one() -> None:
    with pytest.raises(ConfigError, match=r"unknown option 'rst_pin' for reader 'rc522'; valid options: .*; "
                                          r"did you mean 'reset_pin'\?$"):
        open_reader("rc522", rst_pin=25)
    with pytest.raises(ConfigError, match=r"did you mean 'baudrate' for 'baud_rate', 'port' for 'prot'\?$"):
        open_reader("pn532", prot="/dev/ttyUSB0", baud_rate=9600)
