"""Buttons on GPIO pins through gpiozero (any pin factory: lgpio on a Pi 5, mock in tests).

Each button is wired from its GPIO to GND and read with the internal
pull-up, so pressed = low.  gpiozero's own debouncing is off
(`bounce_time=None`): its `when_pressed`/`when_released` callbacks, which run
on gpiozero's threads, only hand the raw edge to our `Debouncer` (see
`drivers.buttons.debounce` for the timing rules).  gpiozero is imported when
a GPIO button set is opened, never at `import drivers`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from drivers.buttons.base import DebouncedButtons
from drivers.buttons.debounce import ButtonTiming
from drivers.clock import Clock, monotonic
from drivers.config import DEFAULT_BUTTON_PINS, RESERVED_PINS, validate_pin_map
from drivers.errors import BackendUnavailable

GPIO_UNAVAILABLE = (
    "GPIO buttons need a Raspberry Pi with gpiozero and a working pin factory "
    "(lgpio on Raspberry Pi OS); on a laptop use COMPANION_BUTTONS=mock"
)


class GpioButtons(DebouncedButtons):
    """Named buttons on BCM pins."""

    kind = "gpio"

    def __init__(
        self,
        pins: Mapping[str, int] = DEFAULT_BUTTON_PINS,
        *,
        timing: ButtonTiming | None = None,
        pin_factory: Any = None,
        reserved_pins: Mapping[int, str] = RESERVED_PINS,
        clock: Clock = monotonic,
        run_thread: bool = True,
    ) -> None:
        checked = validate_pin_map(pins, reserved_pins)
        timing = timing or ButtonTiming()
        self._pins = checked
        self._devices = _open_buttons(checked, timing, pin_factory)
        initial = {name: bool(device.is_pressed) for name, device in self._devices.items()}
        super().__init__(checked, timing, clock=clock, run_thread=run_thread, initial=initial)
        for name, device in self._devices.items():
            device.when_pressed = self._callback(name, True)
            device.when_released = self._callback(name, False)

    @property
    def pins(self) -> dict[str, int]:
        """The name -> BCM pin map in use."""
        return dict(self._pins)

    def _callback(self, name: str, pressed: bool) -> Callable[[], None]:
        def on_edge() -> None:
            self._edge(name, pressed)

        return on_edge

    def _release_devices(self) -> None:
        for device in self._devices.values():
            device.close()


def _open_buttons(pins: Mapping[str, int], timing: ButtonTiming, pin_factory: Any) -> dict[str, Any]:
    try:
        from gpiozero import Button  # type: ignore[import-untyped,unused-ignore]
        from gpiozero.exc import GPIOZeroError  # type: ignore[import-untyped,unused-ignore]
    except ImportError as exc:
        raise BackendUnavailable(f"{GPIO_UNAVAILABLE} ({exc})") from exc
    devices: dict[str, Any] = {}
    try:
        for name, pin in pins.items():
            devices[name] = Button(
                pin, pull_up=True, bounce_time=None, hold_time=timing.hold_s, pin_factory=pin_factory
            )
    except GPIOZeroError as exc:
        for device in devices.values():
            device.close()
        failed = next(iter(n for n in pins if n not in devices), "?")
        raise BackendUnavailable(
            f"{GPIO_UNAVAILABLE}; opening button {failed!r} on BCM {pins.get(failed)} failed: "
            f"{type(exc).__name__}: {exc}"
        ) from exc
    return devices
