"""The events the drivers produce: small frozen values with a one-line text form.

Drivers never call the application.  They put these values on an
`EventQueue`; the application loop takes them off and decides what they
mean under the current game prompt.  Each event round-trips through one line
of JSON (`to_line` / `event_from_line`) so logs can be read back and replayed.

`at` is the driver clock's time (by default `time.monotonic()` seconds) when
the driver decided the event happened: comparable between events of one run,
not a wall-clock date.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import asdict, dataclass, fields
from typing import Any, ClassVar

_UID_RE = re.compile(r"^(?:[0-9A-F]{2})+$")


def _check_at(at: float) -> None:
    if isinstance(at, bool) or not isinstance(at, int | float) or not math.isfinite(at):
        raise ValueError(f"event time 'at' must be a finite number, got {at!r}")


def _check_text(field: str, value: str) -> None:
    if not isinstance(value, str) or not value:
        raise ValueError(f"event field {field!r} must be a non-empty string, got {value!r}")


def _check_uid(uid: str) -> None:
    if not isinstance(uid, str) or not _UID_RE.match(uid):
        raise ValueError(f"card uid must be upper-case hex of whole bytes, got {uid!r}")


@dataclass(frozen=True)
class _Event:
    kind: ClassVar[str] = ""

    def __post_init__(self) -> None:
        # Every event's fields follow one naming rule, so one check serves all:
        # `uid` is a card UID, `at` a time, anything else a non-empty name.
        for item in fields(self):
            value = getattr(self, item.name)
            if item.name == "uid":
                _check_uid(value)
            elif item.name == "at":
                _check_at(value)
            else:
                _check_text(item.name, value)

    def to_dict(self) -> dict[str, Any]:
        """A plain dict with the event kind under "event", fit for JSON."""
        return {"event": self.kind, **asdict(self)}

    def to_line(self) -> str:
        """One line of JSON, e.g. {"event":"card_placed","uid":"04A1B2C3","reader":"rc522","at":12.5}."""
        return json.dumps(self.to_dict(), separators=(",", ":"))


@dataclass(frozen=True)
class CardPlaced(_Event):
    """A card was put on a reader (reported once, however long it stays)."""

    kind: ClassVar[str] = "card_placed"
    uid: str
    reader: str
    at: float


@dataclass(frozen=True)
class CardRemoved(_Event):
    """The card left the reader (reported after the reader's quiet time)."""

    kind: ClassVar[str] = "card_removed"
    uid: str
    reader: str
    at: float


@dataclass(frozen=True)
class ReaderLost(_Event):
    """The reader stopped working; the driver keeps retrying in the background."""

    kind: ClassVar[str] = "reader_lost"
    reader: str
    reason: str
    at: float


@dataclass(frozen=True)
class ReaderBack(_Event):
    """The reader works again after a `ReaderLost`."""

    kind: ClassVar[str] = "reader_back"
    reader: str
    at: float


@dataclass(frozen=True)
class ButtonPressed(_Event):
    """A short press of a named button (see `drivers.buttons.debounce` for timing)."""

    kind: ClassVar[str] = "button_pressed"
    name: str
    at: float


@dataclass(frozen=True)
class ButtonHeld(_Event):
    """A named button was held down for the long-press time (reported once per hold)."""

    kind: ClassVar[str] = "button_held"
    name: str
    at: float


Event = CardPlaced | CardRemoved | ReaderLost | ReaderBack | ButtonPressed | ButtonHeld

EVENT_TYPES: dict[str, type[Event]] = {
    cls.kind: cls
    for cls in (CardPlaced, CardRemoved, ReaderLost, ReaderBack, ButtonPressed, ButtonHeld)
}


def event_from_dict(data: dict[str, Any]) -> Event:
    """Rebuild an event from `to_dict()` output; raise ValueError naming what is wrong."""
    if not isinstance(data, dict):
        raise ValueError(f"an event must be a JSON object, got {type(data).__name__}")
    kind = data.get("event")
    cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ValueError(f"unknown event kind {kind!r}; known kinds: {', '.join(sorted(EVENT_TYPES))}")
    expected = {f.name for f in fields(cls)}
    given = set(data) - {"event"}
    if given != expected:
        missing = sorted(expected - given)
        extra = sorted(given - expected)
        raise ValueError(f"{kind} event needs fields {sorted(expected)}: missing {missing}, unexpected {extra}")
    values = {name: data[name] for name in expected}
    try:
        return cls(**values)
    except TypeError as exc:
        raise ValueError(f"bad {kind} event {data!r}: {exc}") from exc


def event_from_line(line: str) -> Event:
    """Parse one line written by `to_line`."""
    try:
        data = json.loads(line)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not a JSON event line: {line!r} ({exc})") from exc
    return event_from_dict(data)
