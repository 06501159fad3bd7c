"""The short PIN the device shows and the web page asks for before it changes anything.

The companion on the device owns it: it writes `web-pin` in the state folder
(readable by its own user only) when it opens the folder at start, whatever
follows (a first menu, a set-up question, a resumed game), and shows it on
its first menu and its resume question. The table makes a new one from the
first menu (the old one stops working at once: the page reads the file at
every try). The web process only reads it, so whoever changes something
from a phone could read the table's screen.
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
    return pin if pin is not None else new_pin(state_dir)


def new_pin(state_dir: Path) -> str | None:
    """A fresh PIN in place of the old one (never the same); None when the disk refuses (the old one stays)."""
    old = read_pin(state_dir)
    pin = old
    while pin == old:
        pin = "".join(secrets.choice("0123456789") for _ in range(DIGITS))
    assert pin is not None
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
