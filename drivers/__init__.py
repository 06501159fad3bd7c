"""Hardware drivers of the table companion: card readers, buttons, the screen.

Devices become plain event values on one `EventQueue`; the screen is a
pygame surface to draw finished frames on.  This package never imports
`engine` or `companion`, and importing it never imports a vendor library
(mfrc522, RPi.GPIO, spidev, lgpio) or pygame: each real backend imports its
library when it is opened.

The application's calls:

    events = EventQueue()
    reader = open_reader()            # $COMPANION_READER or "rc522"
    buttons = open_buttons()          # $COMPANION_BUTTONS or "gpio"
    display = open_display()          # picks kmsdrm / a window / $SDL_VIDEODRIVER
    reader.start(events); buttons.start(events)
    ...
    event = events.get(timeout=0.05)  # CardPlaced, CardRemoved, ReaderLost, ...
"""

from drivers.buttons import button_for_key, open_buttons
from drivers.display import Display, open_display
from drivers.doctor import run_doctor
from drivers.errors import BackendUnavailable, ConfigError, DisplayError, DriverError, ReaderError
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
