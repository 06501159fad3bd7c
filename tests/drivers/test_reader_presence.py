"""Presence and health rules of a reader, driven by a fake clock."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from drivers.errors import ConfigError
from drivers.events import CardPlaced, CardRemoved, ReaderBack, ReaderLost
from drivers.reader.presence import PresenceTracker, ReaderHealth

A = "04A1B2C3D4E5F6"
B = "04FFEEDDCCBBAA"


def test_a_card_left_on_the_reader_is_one_placement() -> None:
    tracker = PresenceTracker("r", removal_quiet_s=0.5)
    assert tracker.seen(A, 0.0) == [CardPlaced(A, "r", 0.0)]
    for step in range(1, 1000):
        assert tracker.seen(A, step * 0.1) == []
    assert tracker.present == A


def test_removal_is_reported_once_after_the_quiet_time() -> None:
    tracker = PresenceTracker("r", removal_quiet_s=0.5)
    tracker.seen(A, 0.0)
    assert tracker.seen(None, 0.1) == []
    assert tracker.seen(None, 0.49) == []
    assert tracker.seen(None, 0.5) == [CardRemoved(A, "r", 0.5)]
    assert tracker.seen(None, 0.6) == []
    assert tracker.seen(None, 10.0) == []
    assert tracker.present is None


def test_a_missed_read_shorter_than_the_quiet_time_is_not_a_removal() -> None:
    tracker = PresenceTracker("r", removal_quiet_s=0.5)
    tracker.seen(A, 0.0)
    assert tracker.seen(None, 0.3) == []
    assert tracker.seen(A, 0.4) == []
    assert tracker.seen(None, 0.8) == []
    assert tracker.seen(None, 0.9) == [CardRemoved(A, "r", 0.9)]


def test_a_retap_after_removal_is_a_new_placement() -> None:
    tracker = PresenceTracker("r", removal_quiet_s=0.5)
    tracker.seen(A, 0.0)
    tracker.seen(None, 1.0)
    assert tracker.seen(A, 2.0) == [CardPlaced(A, "r", 2.0)]


def test_a_different_card_replaces_the_present_one_at_once() -> None:
    tracker = PresenceTracker("r", removal_quiet_s=0.5)
    tracker.seen(A, 0.0)
    assert tracker.seen(B, 0.1) == [CardRemoved(A, "r", 0.1), CardPlaced(B, "r", 0.1)]
    assert tracker.present == B


def test_resume_restarts_the_quiet_time_after_an_outage() -> None:
    tracker = PresenceTracker("r", removal_quiet_s=0.5)
    tracker.seen(A, 0.0)
    tracker.resume(10.0)
    assert tracker.seen(None, 10.1) == []
    assert tracker.seen(None, 10.5) == [CardRemoved(A, "r", 10.5)]


def test_an_unsure_poll_is_not_a_step_towards_removal() -> None:
    tracker = PresenceTracker("r", removal_quiet_s=0.5)
    tracker.seen(A, 0.0)
    tracker.unsure(0.7)  # a hiccup that lasted longer than the quiet time
    assert tracker.seen(None, 0.8) == []
    assert tracker.seen(A, 0.9) == []
    tracker.unsure(1.0)
    assert tracker.seen(None, 1.4) == []
    assert tracker.seen(None, 1.5) == [CardRemoved(A, "r", 1.5)]
    tracker.unsure(2.0)  # no card: nothing to keep
    assert tracker.present is None and tracker.seen(None, 3.0) == []


def test_quiet_time_must_be_positive() -> None:
    with pytest.raises(ConfigError, match="removal_quiet_s"):
        PresenceTracker("r", 0)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from([None, A, B]), st.floats(0.0, 1.0)), max_size=60))
def test_placements_and_removals_always_alternate(polls: list[tuple[str | None, float]]) -> None:
    tracker = PresenceTracker("r", removal_quiet_s=0.5)
    now = 0.0
    present: str | None = None
    for uid, gap in polls:
        now += gap
        for event in tracker.seen(uid, now):
            if isinstance(event, CardPlaced):
                assert present is None
                present = event.uid
            else:
                assert isinstance(event, CardRemoved)
                assert event.uid == present
                present = None
        assert tracker.present == present
        if uid is not None:
            assert present == uid


def test_health_reports_lost_once_then_back_once() -> None:
    health = ReaderHealth("r", retry_initial_s=0.5, retry_max_s=4.0)
    assert health.healthy and health.retry_delay() is None
    assert health.succeeded(0.0) is None
    assert health.failed("SPI error", 1.0) == ReaderLost("r", "SPI error", 1.0)
    assert health.failed("SPI error", 2.0) is None
    assert health.failed("still broken", 3.0) is None
    assert health.reason == "still broken"
    assert not health.healthy
    assert health.succeeded(4.0) == ReaderBack("r", 4.0)
    assert health.succeeded(5.0) is None
    assert health.failed("again", 6.0) == ReaderLost("r", "again", 6.0)


def test_health_backs_off_doubling_up_to_the_cap() -> None:
    health = ReaderHealth("r", retry_initial_s=0.5, retry_max_s=4.0)
    delays = []
    for n in range(7):
        health.failed("x", float(n))
        delays.append(health.retry_delay())
    assert delays == [0.5, 1.0, 2.0, 4.0, 4.0, 4.0, 4.0]
    health.succeeded(10.0)
    assert health.retry_delay() is None


def test_health_checks_its_settings() -> None:
    with pytest.raises(ConfigError, match="retry_max_s"):
        ReaderHealth("r", retry_initial_s=2.0, retry_max_s=1.0)
    with pytest.raises(ConfigError, match="retry_initial_s"):
        ReaderHealth("r", retry_initial_s=0, retry_max_s=1.0)
