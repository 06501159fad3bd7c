"""The two small files through which the web page asks the device to enrol a card, and hears back.

The web process cannot touch the reader: the companion on the device owns
it and the tag map. So the page writes a request (which game, which card,
until when) into the state folder, atomically, and the companion answers in
a result file, also atomically:

    web-enroll-request.json   {"format": 1, "id": ..., "game": ..., "target": "card:3-doll-wound",
                               "replace": false, "expires": <Unix time>}
    web-enroll-result.json    {"format": 1, "id": ..., "status": "waiting" | "ok" | "refused" | "cancelled"
                               | "expired" | "wrong-game", "message": {"key": ..., "params": {...}}}

The companion takes a request by renaming it to `web-enroll-request.json.taken`
before reading it, so a newer request the page writes meanwhile is never
deleted with the old one. The message is a catalogue key with parameters,
so the page shows it in the visitor's language. The device's side (take,
finish, answer) changes the disk through the app's FileSystem, so the fault
tests can make the folder refuse. Nothing here imports a web library.
"""

from __future__ import annotations

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
from engine.core.messages import Message, message_from_json, msg

REQUEST_FILE = "web-enroll-request.json"
TAKEN_SUFFIX = ".taken"
RESULT_FILE = "web-enroll-result.json"
REQUEST_SECONDS = 60.0
"""How long a request waits for its tap: long enough to find the card, short enough that a forgotten one ends."""
MAX_BYTES = 16 * 1024
GAME_ON = msg("A game is on the device. Cards are enrolled from the web page only before a game starts: finish the "
              "game or put it aside (New game), then send the request again. During a game the reader belongs to "
              "the game, and a tap could give away a hidden card.")
"""Why the device refuses during a game; the page says it at once when it sees a game in progress."""
STATUSES = ("waiting", "ok", "refused", "cancelled", "expired", "wrong-game")
FINAL = frozenset(STATUSES) - {"waiting"}


@dataclass(frozen=True)
class EnrolRequest:
    """One card to enrol: the page's id for it, the game and target, whether it may take a tag from another card."""

    id: str
    game: str
    target: str
    replace: bool
    expires: float

    def to_text(self) -> str:
        return json.dumps({"format": 1, "id": self.id, "game": self.game, "target": self.target,
                           "replace": self.replace, "expires": round(self.expires, 3)}) + "\n"


@dataclass(frozen=True)
class EnrolResult:
    """The device's answer to the request `id`: a status and the sentence that explains it."""

    id: str
    status: str
    message: Message

    def to_text(self) -> str:
        return json.dumps({"format": 1, "id": self.id, "status": self.status,
                           "message": self.message.to_json()}, ensure_ascii=False) + "\n"


def request_path(state_dir: Path) -> Path:
    return state_dir / REQUEST_FILE


def taken_path(state_dir: Path) -> Path:
    return state_dir / (REQUEST_FILE + TAKEN_SUFFIX)


def result_path(state_dir: Path) -> Path:
    return state_dir / RESULT_FILE


def _read_json(path: Path) -> dict[str, Any] | None:
    """A small JSON object from `path`; None when it is missing. RuleError when it is not one."""
    return read_format_file(path, MAX_BYTES, msg("{path}: not an enrollment file of format 1", path=str(path)))


def parse_request(raw: dict[str, Any], source: str) -> EnrolRequest:
    fields = (raw.get("id"), raw.get("game"), raw.get("target"))
    if not all(isinstance(value, str) and 0 < len(value) <= 200 for value in fields):
        raise RuleError(msg("{path}: id, game and target must be short texts", path=source))
    expires = raw.get("expires")
    if isinstance(expires, bool) or not isinstance(expires, int | float):
        raise RuleError(msg("{path}: expires must be a Unix time in seconds", path=source))
    return EnrolRequest(str(raw["id"]), str(raw["game"]), str(raw["target"]), raw.get("replace") is True,
                        float(expires))


def write_request(state_dir: Path, request: EnrolRequest) -> None:
    """Ask the device (replacing any request not yet taken); OSError when the disk refuses."""
    write_atomic(request_path(state_dir), request.to_text())


def read_request(path: Path) -> EnrolRequest | None:
    """The request in `path`, None when there is none; RuleError when it cannot be one."""
    raw = _read_json(path)
    return None if raw is None else parse_request(raw, str(path))


def take_request(state_dir: Path, fs: FileSystem = REAL_DISK) -> EnrolRequest | None:
    """Move a waiting request aside and read it; None when there is none.

    RuleError when it is not a request (the taken file is removed, so a bad
    file is reported once, not every second); OSError when the folder
    refuses the rename (a read-only folder refuses it even when there is no
    request).
    """
    taken = taken_path(state_dir)
    try:
        fs.replace(request_path(state_dir), taken)
    except FileNotFoundError:
        return None
    try:
        return read_request(taken)
    except RuleError:
        remove_quietly(taken, fs)
        raise


def finish_request(state_dir: Path, fs: FileSystem = REAL_DISK) -> None:
    """The taken request is answered: remove it."""
    remove_quietly(taken_path(state_dir), fs)


def write_result(state_dir: Path, result: EnrolResult, fs: FileSystem = REAL_DISK) -> None:
    write_atomic(result_path(state_dir), result.to_text(), fs)


def read_result(state_dir: Path) -> EnrolResult | None:
    """The device's last answer, or None when there is none or it cannot be read."""
    try:
        raw = _read_json(result_path(state_dir))
    except RuleError:
        return None
    if raw is None:
        return None
    status, message = raw.get("status"), raw.get("message")
    if not isinstance(raw.get("id"), str) or status not in STATUSES or not isinstance(message, dict) \
            or not isinstance(message.get("key"), str):
        return None
    try:
        return EnrolResult(str(raw["id"]), str(status), message_from_json(message))
    except (TypeError, ValueError):
        return None
