"""The two small files through which the web page asks the device to enrol a card, and hears back.

The web process cannot touch the reader: the companion on the device owns
it and the tag map. So the page writes a request (which game, which card,
until when) into the state folder, atomically, and the companion answers in
a result file, also atomically:

    web-enroll-request.json   {"format": 1, "id": ..., "game": ..., "target": "card:3-doll-wound",
                               "replace": false, "expires": <Unix time>}
    web-enroll-result.json    {"format": 1, "id": ..., "status": "waiting" | "ok" | "refused" | "cancelled"
                               | "expired" | "wrong-game", "message": {"key": ..., "params": {...}}}

A census request (companion.web.census_page) is the same file with a
`census` object: what the owner says is printed on one component, for the
device to take with the next tap (or at once for a component that carries
no tag, for going back to the shipped entry, and for a correction during a
game, which needs no tap):

    "census": {"action": "put" | "drop" | "correct", "kind": "card", "base": "4-hat-none" or null,
               "answers": {"value": 4, "symbol": "", "penalties": ["wound"], "flames": true},
               "extra": false, "label": ""}

Its `target` is "census:<kind>" (no card of any game is named so).

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
from engine.core.census import Named, Words
from engine.core.messages import Items, Message, msg

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


CENSUS_PREFIX = "census:"
"""A census request's target: "census:<kind>"."""
CENSUS_ACTIONS = ("put", "drop", "correct")
"""put: take the answers for the next tap (at once for a kind without tags); drop: the shipped entry again;
correct: during a game, the component the screen names is not what is printed (no tap)."""
MAX_ANSWERS = 20


@dataclass(frozen=True)
class CensusAsk:
    """What the owner says of one component (companion.census): the entry picked (`base`), or a new extra one,
    and the answers to the kind's questions."""

    action: str
    kind: str
    base: str | None
    answers: dict[str, Any]
    extra: bool = False
    label: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "kind": self.kind, "base": self.base, "answers": self.answers,
                "extra": self.extra, "label": self.label}


@dataclass(frozen=True)
class EnrolRequest:
    """One card to enrol: the page's id for it, the game and target, whether it may take a tag from another card;
    or, with `census`, one component of the census."""

    id: str
    game: str
    target: str
    replace: bool
    expires: float
    census: CensusAsk | None = None

    def to_text(self) -> str:
        raw: dict[str, Any] = {"format": 1, "id": self.id, "game": self.game, "target": self.target,
                               "replace": self.replace, "expires": round(self.expires, 3)}
        if self.census is not None:
            raw["census"] = self.census.to_json()
        return json.dumps(raw, ensure_ascii=False) + "\n"


@dataclass(frozen=True)
class EnrolResult:
    """The device's answer to the request `id`: a status and the sentence that explains it."""

    id: str
    status: str
    message: Message

    def to_text(self) -> str:
        return json.dumps({"format": 1, "id": self.id, "status": self.status,
                           "message": _plain(self.message)}, ensure_ascii=False) + "\n"


NAMED = "named"
"""How a census message's data words (engine.core.census.Named: "2 Bosses" in each language) are written."""


def _plain(value: Any) -> Any:
    """A message as JSON (Message.to_json's form), with the census's named counts kept whole."""
    if isinstance(value, Message):
        out: dict[str, Any] = {"key": value.template,
                               "params": {name: _plain(inner) for name, inner in value.params.items()}}
        if value.plural is not None:
            out["plural"] = value.plural
        return out
    if isinstance(value, Named):
        return {NAMED: {"n": value.n, "words": [list(form) for form in value.words.forms],
                        "values": [list(pair) for pair in value.values]}}
    if isinstance(value, tuple | list):
        return [_plain(inner) for inner in value]
    return value


def _revived(value: Any) -> Any:
    """What `_plain` wrote, as it was (TypeError or ValueError when it is not that)."""
    if isinstance(value, dict) and set(value) == {NAMED}:
        raw = value[NAMED]
        n = raw["n"]
        if n is not None and (isinstance(n, bool) or not isinstance(n, int)):
            raise ValueError("a count must be a whole number")
        forms = tuple((str(lang), str(one), str(many)) for lang, one, many in raw["words"])
        values = tuple((str(key), str(text)) for key, text in raw.get("values", []))
        return Named(n, Words(forms), values)
    if isinstance(value, dict) and "key" in value and set(value) <= {"key", "params", "plural"}:
        return _message(value)
    if isinstance(value, list):
        return Items(_revived(inner) for inner in value)
    return value


def _message(raw: dict[str, Any]) -> Message:
    if not isinstance(raw.get("key"), str) or not isinstance(raw.get("params", {}), dict):
        raise ValueError("not a message")
    plural = raw.get("plural")
    return Message(raw["key"], {str(name): _revived(value) for name, value in raw.get("params", {}).items()},
                   None if plural is None else str(plural))


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
    census = raw.get("census")
    return EnrolRequest(str(raw["id"]), str(raw["game"]), str(raw["target"]), raw.get("replace") is True,
                        float(expires), None if census is None else parse_census(census, source))


def _answer_ok(value: Any) -> bool:
    if isinstance(value, bool | int):
        return True
    if isinstance(value, str):
        return len(value) <= 200
    return isinstance(value, list) and len(value) <= MAX_ANSWERS and all(isinstance(v, str) and len(v) <= 200
                                                                           for v in value)


def parse_census(raw: Any, source: str) -> CensusAsk:
    """A request's `census` object; RuleError when it is not one (the answers' meaning is the census's to
    check: this only makes sure they are small plain values)."""
    bad = RuleError(msg("{path}: census must hold an action, a kind and answers of plain values", path=source))
    if not isinstance(raw, dict) or raw.get("action") not in CENSUS_ACTIONS:
        raise bad
    kind, base, answers, label = raw.get("kind"), raw.get("base"), raw.get("answers", {}), raw.get("label", "")
    if not isinstance(kind, str) or not 0 < len(kind) <= 60 or not isinstance(label, str) or len(label) > 200:
        raise bad
    if base is not None and (not isinstance(base, str) or not 0 < len(base) <= 200):
        raise bad
    if not isinstance(answers, dict) or len(answers) > MAX_ANSWERS \
            or not all(isinstance(k, str) and len(k) <= 60 and _answer_ok(v) for k, v in answers.items()):
        raise bad
    return CensusAsk(str(raw["action"]), kind, base, dict(answers), raw.get("extra") is True, label)


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
        return EnrolResult(str(raw["id"]), str(status), _message(message))
    except (TypeError, ValueError, KeyError):
        return None
