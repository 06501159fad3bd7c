"""Hardware drivers of the table companion: card readers, buttons, the screen.

Devices become plain event values on one `EventQueue`; the screen is a
pygame surface to draw finished frames on.  This package never imports
`engine` or `companion`, and importing it never imports a vendor library
(mfrc522, RPi.GPIO, spidev, lgpio) or pygame: each real backend imports its
library when it is opened.

The public names below are loaded lazily: `import drivers` (or
`import drivers.events`, which the application does at start-up) imports
nothing but this file; `drivers.open_reader` or `from drivers import
open_reader` imports the reader modules on first use.

The application's calls:

    events = EventQueue()
    reader = open_reader()            # $COMPANION_READER or "rc522"
    buttons = open_buttons()          # $COMPANION_BUTTONS or "gpio"
    display = open_display()          # picks kmsdrm / a window / $SDL_VIDEODRIVER
    reader.start(events); buttons.start(events)
    ...
    event = events.get(timeout=0.05)  # CardPlaced, CardRemoved, ReaderLost, ...
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from drivers.buttons import button_for_key, open_buttons
    from drivers.display import Display, open_display
    from drivers.doctor import run_doctor
    from drivers.errors import (
        BackendUnavailable,
        ConfigError,
        DisplayError,
        DriverError,
        ReaderError,
    )
    from drivers.event_queue import EventQueue
    from drivers.events import (
        ButtonHeld,
        ButtonPressed,
        CardPlaced,
        CardRemoved,
        Event,
        ReaderBack,
        ReaderLost,
        event_from_dict,
        event_from_line,
    )
    from drivers.reader import Reader, VirtualDeck, mock_reader, open_reader

# public name -> the module that defines it (imported on first access)
_LAZY: dict[str, str] = {
    "BackendUnavailable": "drivers.errors",
    "ButtonHeld": "drivers.events",
    "ButtonPressed": "drivers.events",
    "CardPlaced": "drivers.events",
    "CardRemoved": "drivers.events",
    "ConfigError": "drivers.errors",
    "Display": "drivers.display",
    "DisplayError": "drivers.errors",
    "DriverError": "drivers.errors",
    "Event": "drivers.events",
    "EventQueue": "drivers.event_queue",
    "Reader": "drivers.reader",
    "ReaderBack": "drivers.events",
    "ReaderError": "drivers.errors",
    "ReaderLost": "drivers.events",
    "VirtualDeck": "drivers.reader",
    "button_for_key": "drivers.buttons",
    "event_from_dict": "drivers.events",
    "event_from_line": "drivers.events",
    "mock_reader": "drivers.reader",
    "open_buttons": "drivers.buttons",
    "open_display": "drivers.display",
    "open_reader": "drivers.reader",
    "run_doctor": "drivers.doctor",
}

__all__ = [
    "BackendUnavailable",
    "ButtonHeld",
    "ButtonPressed",
    "CardPlaced",
    "CardRemoved",
    "ConfigError",
    "Display",
    "DisplayError",
    "DriverError",
    "Event",
    "EventQueue",
    "Reader",
    "ReaderBack",
    "ReaderError",
    "ReaderLost",
    "VirtualDeck",
    "button_for_key",
    "event_from_dict",
    "event_from_line",
    "mock_reader",
    "open_buttons",
    "open_display",
    "open_reader",
    "run_doctor",
]


def __getattr__(name: str) -> Any:
    """Import the module behind a public name on first use (PEP 562) and cache the value."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
