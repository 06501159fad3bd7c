"""The two small files through which the phone seats players in the game being set up on the device.

The device owns the set-up. Once its seat questions are reached (the seats
known, the player book not empty) it says so in a file, and removes it when
the set-up leaves them (the game started, Undo back into the game's
questions, a restart):

    seating-open.json           {"format": 1, "game": "tenno", "seats": ["red", "blue"], "key": "players"}

The phone page offers one choice per seat from it and writes a request the
device takes within a second (renamed before it is read, like an
enrolment request):

    web-seating-request.json    {"format": 1, "game": "tenno", "seats": {"red": "p1a2b3c4", "blue": ""},
                                 "expires": <Unix time>}

Seats are public (the table sees the colours and boards laid out), and the
files exist only while no game is on the device, so nothing hidden passes
through them. Both are read with `load_limited` and checked: a crafted file
is a refusal, never a crash. The device's side (show, take) changes the disk
through the app's FileSystem, so the fault tests can make the folder refuse.
Nothing here imports a web library.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.runtime.storage import (
    REAL_DISK,
    FileSystem,
    read_format_file,
    remove_quietly,
    write_atomic,
)
from engine import RuleError
from engine.core.messages import msg

OPEN_FILE = "seating-open.json"
REQUEST_FILE = "web-seating-request.json"
TAKEN_SUFFIX = ".taken"
MAX_BYTES = 16 * 1024
REQUEST_SECONDS = 60.0
"""A seating the device has not taken by then is dropped: the table has moved on."""


@dataclass(frozen=True)
class OpenSeats:
    """The seats the device asks about now, in seat order, and the set-up field that names them."""

    game: str
    seats: tuple[str, ...]
    key: str

    def to_text(self) -> str:
        return json.dumps({"format": 1, "game": self.game, "seats": list(self.seats), "key": self.key},
                          sort_keys=True) + "\n"


@dataclass(frozen=True)
class SeatingRequest:
    """Who the phone seats where: seat -> player id ("" leaves the seat unnamed)."""

    game: str
    seats: dict[str, str]
    expires: float

    def to_text(self) -> str:
        return json.dumps({"format": 1, "game": self.game, "seats": self.seats, "expires": self.expires},
                          sort_keys=True) + "\n"


def _read(path: Path) -> dict[str, Any] | None:
    return read_format_file(path, MAX_BYTES, msg("{path}: not a seating file of format 1", path=str(path)))


def _short(value: Any) -> bool:
    return isinstance(value, str) and len(value) <= 64


def show_open(state_dir: Path, seats: OpenSeats | None, fs: FileSystem = REAL_DISK) -> None:
    """Say which seats the device asks about now (None: it asks about none); OSError when the disk refuses."""
    if seats is None:
        with contextlib.suppress(FileNotFoundError):
            fs.unlink(state_dir / OPEN_FILE)
    else:
        write_atomic(state_dir / OPEN_FILE, seats.to_text(), fs)


def read_open(state_dir: Path) -> OpenSeats | None:
    """The seats the device asks about now, or None (none, or a file that is not one)."""
    try:
        raw = _read(state_dir / OPEN_FILE)
    except RuleError:
        return None
    if raw is None:
        return None
    seats, game, key = raw.get("seats"), raw.get("game"), raw.get("key")
    if not (_short(game) and _short(key) and isinstance(seats, list) and 0 < len(seats) <= 12
            and all(_short(s) and s for s in seats)):
        return None
    return OpenSeats(str(game), tuple(seats), str(key))


def write_request(state_dir: Path, request: SeatingRequest) -> None:
    write_atomic(state_dir / REQUEST_FILE, request.to_text())


def take_request(state_dir: Path, fs: FileSystem = REAL_DISK) -> SeatingRequest | None:
    """Move a waiting request aside, read and remove it; None when there is none; RuleError for a bad one;
    OSError when the folder refuses the rename (a read-only folder refuses it even when there is no request)."""
    taken = state_dir / (REQUEST_FILE + TAKEN_SUFFIX)
    try:
        fs.replace(state_dir / REQUEST_FILE, taken)
    except FileNotFoundError:
        return None
    try:
        raw = _read(taken)
    finally:
        remove_quietly(taken, fs)
    if raw is None:
        return None
    game, seats, expires = raw.get("game"), raw.get("seats"), raw.get("expires")
    if not _short(game) or not isinstance(seats, dict) or len(seats) > 12 \
            or not all(_short(k) and _short(v) for k, v in seats.items()) \
            or isinstance(expires, bool) or not isinstance(expires, int | float):
        raise RuleError(msg("{path}: not a seating request (game, seats and expires)", path=str(taken)))
    return SeatingRequest(str(game), {str(k): str(v) for k, v in seats.items()}, float(expires))
