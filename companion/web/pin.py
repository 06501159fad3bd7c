"""The short PIN the device shows and the web page asks for before it changes anything.

The companion on the device owns it: it writes `web-pin` in the state folder
(readable by its own user only) the first time its first menu is drawn,
and shows it there. The web process only reads it, so whoever changes
something from a phone could read the table's screen.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from companion.storage import fsync_dir

PIN_FILE = "web-pin"
DIGITS = 6


def read_pin(state_dir: Path) -> str | None:
    """The PIN, or None when the device has not made one yet (or the file is unreadable)."""
    try:
        text = (state_dir / PIN_FILE).read_text("ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return text if len(text) == DIGITS and text.isdigit() else None


def device_pin(state_dir: Path) -> str | None:
    """The PIN to show on the device, made now when there is none; None when the disk refuses."""
    pin = read_pin(state_dir)
    if pin is not None:
        return pin
    pin = "".join(secrets.choice("0123456789") for _ in range(DIGITS))
    tmp = state_dir / f".{PIN_FILE}.tmp"
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        try:
            os.write(fd, pin.encode("ascii") + b"\n")
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, state_dir / PIN_FILE)
        fsync_dir(state_dir)
    except OSError:
        return None
    return pin
