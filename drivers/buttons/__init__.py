"""Named logical buttons: GPIO (gpiozero) or mock, chosen by name.

`open_buttons("gpio", pins={...})` or, with no name, `COMPANION_BUTTONS`
(gpio or mock), else gpio.  See `drivers.buttons.debounce` for the exact
press / long-press rules.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from drivers.buttons.base import DebouncedButtons
from drivers.buttons.debounce import ButtonTiming, Debouncer
from drivers.buttons.gpio import GpioButtons
from drivers.buttons.keyboard import KEY_HELP, button_for_key, key_caps
from drivers.buttons.mock import MockButtons
from drivers.clock import Clock, monotonic
from drivers.config import (
    BUTTON_BACKENDS,
    BUTTON_NAMES,
    DEFAULT_BUTTON_PINS,
    DEFAULT_BUTTONS_BACKEND,
    ENV_BUTTONS,
    RESERVED_PINS,
    choose_backend,
    options_from,
    require,
)


@dataclass(frozen=True)
class GpioButtonOptions:
    """pins: name -> BCM pin; reserved_pins: BCM pins buttons may not use (pass {} to allow all);
    pin_factory: a gpiozero pin factory (None: gpiozero's default); timings as ButtonTiming."""

    pins: Mapping[str, int] = field(default_factory=lambda: dict(DEFAULT_BUTTON_PINS))
    bounce_s: float = 0.03
    hold_s: float = 0.8
    press_on_release: bool = False
    reserved_pins: Mapping[int, str] = field(default_factory=lambda: dict(RESERVED_PINS))
    pin_factory: Any = None


@dataclass(frozen=True)
class MockButtonOptions:
    """names: the button names; timings as ButtonTiming (no bounce by default)."""

    names: Sequence[str] = BUTTON_NAMES
    bounce_s: float = 0.0
    hold_s: float = 0.8
    press_on_release: bool = False

    def __post_init__(self) -> None:
        require(
            not isinstance(self.names, str) and len(self.names) > 0,
            f"names must be a list of button names, got {self.names!r}",
        )


def open_buttons(
    backend: str | None = None,
    *,
    clock: Clock = monotonic,
    run_thread: bool = True,
    **options: Any,
) -> DebouncedButtons:
    """Open the buttons; call `.start(queue)` on the result to begin reporting.

    backend: "gpio" or "mock"; None means $COMPANION_BUTTONS, else "gpio".
    options: see GpioButtonOptions / MockButtonOptions.
    Raises ConfigError for bad names, pin maps or timings, BackendUnavailable
    when GPIO cannot be used on this machine.
    """
    kind = choose_backend(
        backend, os.environ.get(ENV_BUTTONS), DEFAULT_BUTTONS_BACKEND, BUTTON_BACKENDS, "buttons", ENV_BUTTONS
    )
    if kind == "gpio":
        gpio = options_from(GpioButtonOptions, options, "buttons 'gpio'")
        timing = ButtonTiming(gpio.bounce_s, gpio.hold_s, gpio.press_on_release)
        return GpioButtons(
            gpio.pins,
            timing=timing,
            pin_factory=gpio.pin_factory,
            reserved_pins=gpio.reserved_pins,
            clock=clock,
            run_thread=run_thread,
        )
    mock = options_from(MockButtonOptions, options, "buttons 'mock'")
    timing = ButtonTiming(mock.bounce_s, mock.hold_s, mock.press_on_release)
    return MockButtons(mock.names, timing=timing, clock=clock, run_thread=run_thread)


__all__ = [
    "KEY_HELP",
    "ButtonTiming",
    "DebouncedButtons",
    "Debouncer",
    "GpioButtonOptions",
    "GpioButtons",
    "MockButtonOptions",
    "MockButtons",
    "button_for_key",
    "key_caps",
    "open_buttons",
]
