"""Error types raised by the drivers.

Callers tell problems apart by type: a configuration mistake (fix the config
and restart), a backend that cannot run on this machine (wrong platform or a
missing library), a device that failed at run time (the driver retries by
itself), or a display that could not be opened.
"""

from __future__ import annotations


class DriverError(Exception):
    """Base class of every error raised on purpose by `drivers`."""


class ConfigError(DriverError, ValueError):
    """A backend name, option or pin map is wrong; the message says which and why."""


class BackendUnavailable(DriverError):
    """The chosen backend cannot run here (not a Raspberry Pi, a library is missing)."""


class ReaderError(DriverError):
    """A card reader failed while running (SPI/serial error, chip not answering).

    The reader's poller turns it into one `ReaderLost` event and retries.
    """


class DisplayError(DriverError):
    """No SDL video driver could open the screen."""
