"""The pure debouncer: bounce, press, long press, with a fake clock."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from drivers.buttons.debounce import ButtonTiming, Debouncer
from drivers.errors import ConfigError
from drivers.events import ButtonHeld, ButtonPressed, Event

TIMING = ButtonTiming(bounce_s=0.03, hold_s=0.8)
ON_RELEASE = ButtonTiming(bounce_s=0.03, hold_s=0.8, press_on_release=True)


def run(debouncer: Debouncer, edges: list[tuple[float, bool]], until: float) -> list[Event]:
    """Feed edges at their times, calling update at every deadline like the timer thread does."""
    events: list[Event] = []
    pending = sorted(edges)
    now = 0.0
    while True:
        deadline = debouncer.next_deadline()
        next_edge = pending[0][0] if pending else None
        candidates = [t for t in (deadline, next_edge) if t is not None and t <= until]
        if not candidates:
            break
        now = min(candidates)
        if next_edge is not None and now == next_edge:
            events += debouncer.edge(pending.pop(0)[1], now)
        else:
            events += debouncer.update(now)
    return events


def timeline(events: list[Event]) -> list[tuple[str, float]]:
    """(kind, time rounded to the microsecond): float sums like 1.0 + 0.03 compare exactly."""
    return [(event.kind, round(event.at, 6)) for event in events]


def test_a_clean_short_press_is_reported_once_bounce_s_after_it_starts() -> None:
    events = run(Debouncer("ok", TIMING), [(1.0, True), (1.2, False)], until=5.0)
    assert timeline(events) == [("button_pressed", 1.03)]


def test_bouncing_contacts_give_one_press() -> None:
    edges = [(1.0, True), (1.004, False), (1.007, True), (1.011, False), (1.015, True), (1.3, False), (1.302, True), (1.305, False)]
    events = run(Debouncer("ok", TIMING), edges, until=5.0)
    assert timeline(events) == [("button_pressed", 1.045)]


def test_a_glitch_shorter_than_bounce_is_ignored() -> None:
    assert run(Debouncer("ok", TIMING), [(1.0, True), (1.01, False)], until=5.0) == []


def test_a_long_press_gives_pressed_then_held_once_and_nothing_on_release() -> None:
    events = run(Debouncer("undo", TIMING), [(1.0, True), (4.0, False)], until=10.0)
    assert timeline(events) == [("button_pressed", 1.03), ("button_held", 1.8)]


def test_hold_time_counts_from_the_last_bounce_of_the_press() -> None:
    events = run(Debouncer("undo", TIMING), [(1.0, True), (1.005, False), (1.01, True), (3.0, False)], until=10.0)
    assert timeline(events) == [("button_pressed", 1.04), ("button_held", 1.81)]


def test_press_on_release_gives_exactly_one_event_per_press() -> None:
    short = run(Debouncer("ok", ON_RELEASE), [(1.0, True), (1.3, False)], until=5.0)
    assert timeline(short) == [("button_pressed", 1.33)]
    long = run(Debouncer("ok", ON_RELEASE), [(1.0, True), (3.0, False)], until=5.0)
    assert timeline(long) == [("button_held", 1.8)]


def test_late_updates_still_tell_short_from_long_presses() -> None:
    """No timer tick between the edges: the decision is made when the next edge or tick comes."""
    short = Debouncer("ok", ON_RELEASE)
    events = short.edge(True, 1.0) + short.edge(False, 1.3) + short.update(9.0)
    assert timeline(events) == [("button_pressed", 9.0)]
    long = Debouncer("ok", ON_RELEASE)
    events = long.edge(True, 1.0) + long.edge(False, 2.0) + long.update(9.0)
    assert timeline(events) == [("button_held", 2.0)]


def test_a_button_down_at_start_up_reports_nothing_until_pressed_again() -> None:
    debouncer = Debouncer("ok", TIMING, pressed=True, now=0.0)
    assert debouncer.next_deadline() is None
    assert timeline(run(debouncer, [(1.0, False), (2.0, True), (2.1, False)], until=5.0)) == [("button_pressed", 2.03)]


def test_repeated_edges_of_the_same_level_are_ignored() -> None:
    debouncer = Debouncer("ok", TIMING)
    debouncer.edge(True, 1.0)
    debouncer.edge(True, 1.02)
    assert timeline(debouncer.update(1.03)) == [("button_pressed", 1.03)]


def test_next_deadline_tells_the_timer_when_to_wake() -> None:
    debouncer = Debouncer("ok", TIMING)
    assert debouncer.next_deadline() is None
    debouncer.edge(True, 1.0)
    assert debouncer.next_deadline() == pytest.approx(1.03)
    debouncer.update(1.03)
    assert debouncer.next_deadline() == pytest.approx(1.8)
    debouncer.update(1.8)
    assert debouncer.next_deadline() is None
    assert debouncer.pressed


def test_timings_are_checked() -> None:
    with pytest.raises(ConfigError, match="hold_s must be longer than bounce_s"):
        ButtonTiming(bounce_s=0.5, hold_s=0.4)
    with pytest.raises(ConfigError, match="bounce_s"):
        ButtonTiming(bounce_s=-0.1)


@settings(max_examples=300, deadline=None)
@given(gaps=st.lists(st.floats(0.001, 1.5), max_size=30), on_release=st.booleans())
def test_any_edge_sequence_gives_at_most_one_press_and_one_hold_per_press(gaps: list[float], on_release: bool) -> None:
    timing = ButtonTiming(bounce_s=0.03, hold_s=0.8, press_on_release=on_release)
    edges, now, level = [], 0.0, False
    for gap in gaps:
        now += gap
        level = not level
        edges.append((now, level))
    events = run(Debouncer("b", timing), edges, until=now + 5.0)
    presses = sum(1 for _, down in edges if down)
    assert len(events) <= (presses if on_release else 2 * presses)
    if not on_release:
        for before, event in zip([None, *events], events, strict=False):
            if isinstance(event, ButtonHeld):
                assert isinstance(before, ButtonPressed)


@settings(max_examples=300, deadline=None)
@given(gaps=st.lists(st.floats(0.031, 1.5), max_size=30), on_release=st.booleans())
def test_clean_presses_give_exactly_the_documented_events(gaps: list[float], on_release: bool) -> None:
    timing = ButtonTiming(bounce_s=0.03, hold_s=0.8, press_on_release=on_release)
    edges, now, level = [], 0.0, False
    for gap in gaps:
        now += gap
        level = not level
        edges.append((now, level))
    until = now + 5.0
    expected: list[str] = []
    for index in range(0, len(edges), 2):
        start = edges[index][0]
        end = edges[index + 1][0] if index + 1 < len(edges) else until
        assume(abs(end - start - 0.8) > 1e-6)
        long = end - start > 0.8
        if on_release:
            expected.append("button_held" if long else "button_pressed")
        else:
            expected += ["button_pressed", "button_held"] if long else ["button_pressed"]
    events = run(Debouncer("b", timing), edges, until=until)
    assert [event.kind for event in events] == expected
