"""GPIO buttons through gpiozero's MockFactory: edges from drive_low/drive_high, our debouncing."""

from __future__ import annotations

from typing import Any

import pytest

from drivers.buttons import GpioButtons, open_buttons
from drivers.buttons.debounce import ButtonTiming
from drivers.clock import FakeClock
from drivers.config import DEFAULT_BUTTON_PINS
from drivers.errors import BackendUnavailable, ConfigError
from drivers.event_queue import EventQueue
from drivers.events import ButtonHeld, ButtonPressed


def press(factory: Any, pin: int) -> None:
    factory.pin(pin).drive_low()  # wired to GND through the button, pulled up: pressed = low


def release(factory: Any, pin: int) -> None:
    factory.pin(pin).drive_high()


@pytest.fixture
def buttons(mock_pin_factory: Any, clock: FakeClock, sink: Any) -> Any:
    device = GpioButtons(timing=ButtonTiming(bounce_s=0.03, hold_s=0.8), clock=clock, run_thread=False)
    device.start(sink)
    yield device
    device.close()


def test_default_pins_open_with_pull_ups(mock_pin_factory: Any, buttons: GpioButtons) -> None:
    assert buttons.pins == dict(DEFAULT_BUTTON_PINS)
    assert buttons.names == ("confront", "defend", "support", "pass", "next", "ok", "undo")
    for pin in DEFAULT_BUTTON_PINS.values():
        assert mock_pin_factory.pin(pin).pull == "up"


def test_a_press_through_gpiozero_is_reported_after_the_bounce_time(
    mock_pin_factory: Any, buttons: GpioButtons, clock: FakeClock, sink: Any
) -> None:
    press(mock_pin_factory, 16)
    assert buttons.pump() == []
    clock.advance(0.03)
    assert buttons.pump() == [ButtonPressed("ok", clock())]
    release(mock_pin_factory, 16)
    clock.advance(0.5)
    assert buttons.pump() == []
    assert sink.events == [ButtonPressed("ok", 100.03)]


def test_bounce_is_handled_in_our_layer(mock_pin_factory: Any, buttons: GpioButtons, clock: FakeClock, sink: Any) -> None:
    for _ in range(5):
        press(mock_pin_factory, 5)
        clock.advance(0.002)
        release(mock_pin_factory, 5)
        clock.advance(0.002)
    press(mock_pin_factory, 5)
    clock.advance(0.05)
    buttons.pump()
    release(mock_pin_factory, 5)
    clock.advance(0.004)
    press(mock_pin_factory, 5)
    clock.advance(0.004)
    release(mock_pin_factory, 5)
    clock.advance(0.1)
    buttons.pump()
    assert sink.kinds() == ["button_pressed"]
    assert sink.events[0].name == "confront"


def test_a_long_press_is_held_once(mock_pin_factory: Any, buttons: GpioButtons, clock: FakeClock, sink: Any) -> None:
    press(mock_pin_factory, 20)
    for _ in range(40):
        clock.advance(0.05)
        buttons.pump()
    release(mock_pin_factory, 20)
    clock.advance(0.1)
    buttons.pump()
    assert [(e.kind, e.name) for e in sink.events] == [("button_pressed", "undo"), ("button_held", "undo")]
    assert isinstance(sink.events[1], ButtonHeld)
    assert 100.8 <= sink.events[1].at <= 100.85 + 1e-9  # the first pump at or after hold_s


def test_press_on_release_mode(mock_pin_factory: Any, clock: FakeClock, sink: Any) -> None:
    with open_buttons("gpio", clock=clock, run_thread=False, press_on_release=True, pins={"ok": 16}) as device:
        device.start(sink)
        press(mock_pin_factory, 16)
        clock.advance(0.2)
        device.pump()
        assert sink.events == []
        release(mock_pin_factory, 16)
        clock.advance(0.05)
        device.pump()
    assert sink.kinds() == ["button_pressed"]


def test_the_timer_thread_reports_without_pumping(mock_pin_factory: Any) -> None:
    events = EventQueue()
    timing = ButtonTiming(bounce_s=0.005, hold_s=0.05)
    with GpioButtons({"next": 26}, timing=timing) as device:
        device.start(events)
        press(mock_pin_factory, 26)
        first = events.get(timeout=5)
        second = events.get(timeout=5)
        release(mock_pin_factory, 26)
    assert isinstance(first, ButtonPressed) and first.name == "next"
    assert isinstance(second, ButtonHeld) and second.name == "next"


def test_close_frees_the_pins_for_the_next_owner(mock_pin_factory: Any, clock: FakeClock) -> None:
    GpioButtons(clock=clock, run_thread=False).close()
    again = GpioButtons(clock=clock, run_thread=False)
    again.close()


def test_an_explicit_pin_factory_is_used(clock: FakeClock) -> None:
    from gpiozero.pins.mock import MockFactory

    factory = MockFactory()
    with open_buttons("gpio", pin_factory=factory, pins={"ok": 16}, clock=clock, run_thread=False) as device:
        assert device.names == ("ok",)
        assert factory.pin(16).pull == "up"


@pytest.mark.parametrize(
    ("pins", "message"),
    [
        ({"ok": 8}, "BCM pin 8 is reserved for SPI0 CE0 \\(RC522 SDA\\)"),
        ({"ok": 14}, "reserved for UART TXD"),
        ({"ok": 40}, "BCM pin 40 is not on the 40-pin header"),
        ({"ok": "16"}, "pin must be a BCM number"),
        ({"ok": 16, "next": 16}, "'ok' and 'next' are both on BCM pin 16"),
        ({"OK!": 16}, "button name 'OK!' is not valid"),
        ({}, "non-empty mapping"),
    ],
)
def test_bad_pin_maps_are_refused_with_a_reason(mock_pin_factory: Any, pins: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        open_buttons("gpio", pins=pins, run_thread=False)


def test_reserved_pins_can_be_released_by_config(mock_pin_factory: Any) -> None:
    with open_buttons("gpio", pins={"ok": 25}, reserved_pins={}, run_thread=False) as device:
        assert device.names == ("ok",)


def test_a_pin_factory_that_fails_is_backend_unavailable() -> None:
    class NoGpio:
        def __getattr__(self, name: str) -> Any:
            from gpiozero.exc import BadPinFactory

            raise BadPinFactory("Unable to load any default pin factory!")

    with pytest.raises(BackendUnavailable, match="COMPANION_BUTTONS=mock.*'confront' on BCM 5"):
        open_buttons("gpio", pin_factory=NoGpio(), run_thread=False)
