"""Moments as the journal keeps them: the device's local time with the UTC offset in force then.

The engine reads no clock: the app stamps each input it journals, and the
start of each game, with `moment_text(wall())`, where `wall` is the App's
wall clock (the tests and the demo give their own, so their journals are
the same at every run). ISO 8601 to the second with the offset,
"2026-03-29T02:50:12+02:00": a night that crosses the change from summer
time still sorts and reads right, and a journal moved to another device
keeps the times its table saw.
"""

from __future__ import annotations

from datetime import datetime


def moment_text(unix: float) -> str:
    """A Unix time as the device's local time with its offset from UTC then, to the second."""
    return datetime.fromtimestamp(int(unix)).astimezone().isoformat()
