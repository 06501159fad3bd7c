"""Event values, their one-line JSON form, and the thread-safe event queue."""

from __future__ import annotations

import json
import threading
import time

import pytest

from drivers.event_queue import EventQueue
from drivers.events import (
    EVENT_TYPES,
    ButtonHeld,
    ButtonPressed,
    CardPlaced,
    CardRemoved,
    ReaderBack,
    ReaderLost,
    event_from_dict,
    event_from_line,
)

EXAMPLES = [
    CardPlaced("04A1B2C3D4E5F6", "rc522", 12.5),
    CardRemoved("04A1B2C3", "left", 13.0),
    ReaderLost("pn532", "no ACK", 14.25),
    ReaderBack("pn532", 15.0),
    ButtonPressed("ok", 16.0),
    ButtonHeld("undo", 17.0),
]


@pytest.mark.parametrize("event", EXAMPLES, ids=lambda e: e.kind)
def test_every_event_round_trips_through_one_line_of_json(event: object) -> None:
    line = event.to_line()  # type: ignore[attr-defined]
    assert "\n" not in line
    assert event_from_line(line) == event
    assert json.loads(line)["event"] == event.kind  # type: ignore[attr-defined]


def test_to_dict_names_the_kind_and_every_field() -> None:
    assert CardPlaced("04A1B2C3", "rc522", 1.0).to_dict() == {
        "event": "card_placed",
        "uid": "04A1B2C3",
        "reader": "rc522",
        "at": 1.0,
    }


def test_all_kinds_are_registered() -> None:
    assert set(EVENT_TYPES) == {e.kind for e in EXAMPLES}


def test_events_are_frozen_and_hashable() -> None:
    event = ButtonPressed("ok", 1.0)
    with pytest.raises(AttributeError):
        event.name = "undo"  # type: ignore[misc]
    assert len({event, ButtonPressed("ok", 1.0)}) == 1


@pytest.mark.parametrize("uid", ["04a1b2c3", "04A1B2C", "", "04:A1:B2:C3", "ZZ"])
def test_card_events_refuse_uids_that_are_not_upper_case_hex_bytes(uid: str) -> None:
    with pytest.raises(ValueError, match="upper-case hex"):
        CardPlaced(uid, "rc522", 1.0)


def test_events_refuse_empty_names_and_bad_times() -> None:
    with pytest.raises(ValueError, match="reader"):
        ReaderBack("", 1.0)
    with pytest.raises(ValueError, match="finite"):
        ButtonPressed("ok", float("nan"))
    with pytest.raises(ValueError, match="finite"):
        ButtonPressed("ok", True)  # type: ignore[arg-type]


def test_event_from_dict_says_what_is_wrong() -> None:
    with pytest.raises(ValueError, match="unknown event kind 'tap'"):
        event_from_dict({"event": "tap"})
    with pytest.raises(ValueError, match=r"missing \['reader'\]"):
        event_from_dict({"event": "card_placed", "uid": "04A1B2C3", "at": 1.0})
    with pytest.raises(ValueError, match=r"unexpected \['colour'\]"):
        event_from_dict({"event": "button_held", "name": "ok", "at": 1.0, "colour": "red"})
    with pytest.raises(ValueError, match="not a JSON event line"):
        event_from_line("{nope")


def test_queue_get_times_out_with_none() -> None:
    events = EventQueue()
    started = time.monotonic()
    assert events.get(timeout=0.01) is None
    assert time.monotonic() - started < 1.0
    with pytest.raises(ValueError):
        events.get(timeout=-1)


def test_queue_keeps_order_and_drains() -> None:
    events = EventQueue()
    for event in EXAMPLES:
        events.put(event)
    assert len(events) == len(EXAMPLES)
    assert events.get_nowait() == EXAMPLES[0]
    assert events.drain() == EXAMPLES[1:]
    assert events.get_nowait() is None


def test_queue_wakes_a_blocked_consumer_from_another_thread() -> None:
    events = EventQueue()
    timer = threading.Timer(0.02, events.put, args=(ButtonPressed("ok", 1.0),))
    timer.start()
    try:
        assert events.get(timeout=5) == ButtonPressed("ok", 1.0)
    finally:
        timer.cancel()


def test_queue_accepts_many_producers() -> None:
    events = EventQueue()

    def produce(name: str) -> None:
        for i in range(200):
            events.put(ButtonPressed(name, float(i)))

    threads = [threading.Thread(target=produce, args=(f"b{n}",)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    drained = events.drain()
    assert len(drained) == 800
    for n in range(4):
        times = [e.at for e in drained if isinstance(e, ButtonPressed) and e.name == f"b{n}"]
        assert times == sorted(times)
