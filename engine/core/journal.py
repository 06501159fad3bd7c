"""The journal format: one JSON object per line, append-only.

Line 1 is the header; every further line is one accepted input:

    {"journal": "table-companion", "version": 1, "game": "samurai-spirit",
     "setup": {...}, "seed": 7, "components": "<sha256>", "notes": {...}}
    {"n": 1, "input": {"choose": "fight"}, "crc": "5d1f2a9c"}

`n` counts from 1 with no gaps and `crc` is the CRC-32 of the record's
canonical text without it, so a torn write or a flipped byte is found. This
module only turns text into values and back; writing and fsync belong to the
caller, who appends one line per input.

`at` is optional, in the header (when the game began) and in a record (when
the input was accepted): ISO 8601 with the UTC offset in force then,
"2026-03-29T02:50:12+02:00", given by the companion (the engine reads no
clock). A record's checksum covers its `at`; a record without one is the line
journals had before times were kept, with the same checksum, so old journals
read and replay exactly. Times are never replayed: the game is the inputs.

`components` is optional (journals before it have none): the digest of the
component data the game plays with (engine.core.components.digest); the
companion keeps that data beside the journals, so a game replays on exactly
the data it was played with after the owner corrects a card.

`notes` is optional (journals before it have none): what the table keeps
with the game that the rules never read, such as who sat in each seat. It
is returned as it is, never replayed; a value that is not an object is
dropped, so it can never make a game unreadable.

A journal is read back from a file a person can edit or a dying SD card can
garble, so every line goes through `load_limited`: a crafted line is a
refusal with a reason, never a crash.
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from engine.core.errors import RuleError
from engine.core.inputs import Input, input_from_obj
from engine.core.messages import Message, msg
from engine.core.safe_json import load_limited

MAGIC = "table-companion"
VERSION = 1
MOMENT_MAX = 40
"""The longest time text a journal keeps (ISO 8601 with an offset and microseconds is 32)."""


def header_line(header: dict[str, Any]) -> str:
    """The first line of a journal for a match header (game, setup, seed)."""
    obj = {"journal": MAGIC, "version": VERSION, **header}
    return json.dumps(obj, separators=(",", ":"), sort_keys=True) + "\n"


def _crc(n: int, input_obj: dict[str, Any], at: str | None = None) -> str:
    fields: dict[str, Any] = {"n": n, "input": input_obj}
    if at is not None:
        fields["at"] = at
    body = json.dumps(fields, separators=(",", ":"), sort_keys=True)
    return f"{zlib.crc32(body.encode()):08x}"


def record_line(n: int, value: Input, at: str | None = None) -> str:
    """The journal line for the n-th accepted input (n counts from 1), with when it was accepted if `at` is given.

    `at` is a moment as `is_moment` accepts it, given by the caller (the
    engine reads no clock). The checksum covers it; a record without it is
    exactly the line journals had before times were kept.
    """
    obj = value.to_json()
    rec: dict[str, Any] = {"n": n, "input": obj, "crc": _crc(n, obj, at)}
    if at is not None:
        rec["at"] = at
    return json.dumps(rec, separators=(",", ":"), sort_keys=True) + "\n"


def is_moment(value: Any) -> bool:
    """True for a time as a journal keeps it: ISO 8601 with its UTC offset, "2026-03-29T02:50:12+02:00"."""
    if not isinstance(value, str) or not 20 <= len(value) <= MOMENT_MAX:
        return False
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return False
    return moment.utcoffset() is not None


@dataclass(frozen=True)
class Damage:
    """The first bad line of a journal, and what lies beyond it.

    line          the damaged line's number in the file (the header is line 1)
    reason        why it is not a usable record ("checksum mismatch", ...), for the table
    intact_after  later lines that are still whole, correctly numbered records:
                  they exist on disk but cannot be used once a record before
                  them is lost, so the table must be told they are there
    torn          only the last record is cut short: a power cut in mid-write,
                  the common and harmless case
    """

    line: int
    reason: Message
    intact_after: int = 0
    torn: bool = False

    def __str__(self) -> str:
        return f"line {self.line}: {self.reason}"


@dataclass
class Journal:
    """A parsed journal: what was good, and what was wrong after it."""

    header: dict[str, Any]
    inputs: list[Input] = field(default_factory=list)
    damage: Damage | None = None
    dropped_lines: int = 0


def parse_header(line: str) -> dict[str, Any]:
    """Validate the header line and return game, setup, seed, notes (an empty object when there are none),
    `at`, when the game began (None without a readable one: a time never makes a game unreadable), and
    `components`, the digest of the component data the game was played with (None in a journal written
    before journals named it: the game's earlier default, see engine.core.game.FlowGame.undigested_components)."""
    try:
        obj = load_limited(line)
    except RuleError as exc:
        raise RuleError(msg('line 1: the header is not readable: {reason}', reason=exc.message)) from None
    if not isinstance(obj, dict) or obj.get("journal") != MAGIC:
        raise RuleError(msg('line 1: not a table-companion journal header'))
    if obj.get("version") != VERSION:
        raise RuleError(msg("line 1: journal version {value} is not supported (expected {expected})",
                            value=repr(obj.get("version")), expected=VERSION))
    missing = [key for key in ("game", "setup", "seed") if key not in obj]
    if missing:
        raise RuleError(msg('line 1: the header lacks {value}', value=', '.join(missing)))
    if not isinstance(obj["game"], str):
        raise RuleError(msg('line 1: game must be a string'))
    seed = obj["seed"]
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RuleError(msg('line 1: seed must be a whole number'))
    notes = obj.get("notes")
    components = obj.get("components")
    if components is not None and not isinstance(components, str):
        raise RuleError(msg('line 1: components must name the component data by its digest'))
    return {"game": obj["game"], "setup": obj["setup"], "seed": seed, "notes": notes if isinstance(notes, dict) else {},
            "at": obj["at"] if is_moment(obj.get("at")) else None, "components": components}


def parse_record(line: str, expected_n: int) -> Input:
    """One record line, the `expected_n`th input: RuleError unless it is that whole, checksummed record."""
    return read_record(line, expected_n)[0]


def read_record(line: str, expected_n: int) -> tuple[Input, str | None]:
    """`parse_record`, and when the input was accepted (None for a record written without its time)."""
    obj = load_limited(line)
    if not isinstance(obj, dict) or not {"n", "input", "crc"} <= set(obj) <= {"n", "input", "crc", "at"}:
        raise RuleError(msg('not a journal record (expected n, input and crc)'))
    if obj["n"] != expected_n:
        raise RuleError(msg("record number {value} where {expected} was expected", value=repr(obj["n"]),
                            expected=expected_n))
    at = obj.get("at")
    if at is not None and not is_moment(at):
        raise RuleError(msg("the record's time {value} is not a time with its offset from UTC", value=repr(at)))
    if not isinstance(obj["input"], dict) or obj["crc"] != _crc(expected_n, obj["input"], at):
        raise RuleError(msg('checksum mismatch'))
    return input_from_obj(obj["input"]), at


def journal_times(text: str) -> tuple[str | None, list[str | None]]:
    """When a journal's game began (its header's `at`) and when each of its whole records was accepted.

    The times stop at the first record that is not whole, as the inputs do;
    a time that is missing or unreadable is None. Reading the times never
    refuses a journal: they are kept beside the game, never replayed.
    """
    lines = text.split("\n")
    try:
        header = load_limited(lines[0])
    except RuleError:
        return None, []
    started = header.get("at") if isinstance(header, dict) else None
    times: list[str | None] = []
    for number, line in enumerate(lines[1:], start=1):
        try:
            times.append(read_record(line, number)[1])
        except RuleError:
            break
    return (started if is_moment(started) else None), times


def _intact(lines: list[str], first_n: int) -> int:
    """How many of `lines` are whole records numbered on from `first_n` (each checked alone)."""
    count = 0
    for offset, line in enumerate(lines):
        try:
            parse_record(line, first_n + offset)
        except RuleError:
            continue
        count += 1
    return count


def parse_journal(text: str) -> Journal:
    """Parse a whole journal.

    A bad header is an error (there is no game without it). Damage after the
    header is not: every complete record before the first bad line is kept,
    and `damage` says which line was bad and why, so the app can start from
    what survived and tell the table.
    """
    lines = text.split("\n")
    if not lines or not lines[0].strip():
        raise RuleError(msg('line 1: the journal is empty'))
    journal = Journal(header=parse_header(lines[0]))
    body = lines[1:]
    if body and body[-1] == "":
        body.pop()
    for index, line in enumerate(body):
        number = index + 2
        is_last = index == len(body) - 1
        try:
            journal.inputs.append(parse_record(line, index + 1))
        except RuleError as exc:
            torn = is_last and not text.endswith("\n")
            reason = msg("the last record was cut short") if torn else exc.message
            journal.damage = Damage(number, reason, _intact(body[index + 1:], index + 2), torn)
            journal.dropped_lines = len(body) - index
            break
    return journal
