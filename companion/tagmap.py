"""The tag map: which NFC tag (UID) stands for which card or Samurai board.

Tags cannot be trusted to carry data (NTAG stickers refuse the MIFARE writes
cheap libraries attempt), so each tag's UID is bound to a card id once, at
enrollment, and the map lives in the state directory as a validated JSON file.

    {"format": 1, "game": "samurai-spirit",
     "tags": {"04A1B2C3D4E5F6": "card:3-doll-wound", "04FF10203040AA": "samurai:kyuzo"}}
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.storage import write_atomic
from engine import RuleError
from engine.core.safe_json import load_limited

FILE_NAME = "tags.json"
_UID = re.compile(r"^(?:[0-9A-F]{2}){4,10}$")


@dataclass
class TagMap:
    """UID -> target ("card:<id>" or "samurai:<name>"), one tag per target."""

    game: str
    tags: dict[str, str] = field(default_factory=dict)

    def target(self, uid: str) -> str | None:
        return self.tags.get(uid)

    def uid_for(self, target: str) -> str | None:
        for uid, bound in self.tags.items():
            if bound == target:
                return uid
        return None

    def bind(self, uid: str, target: str) -> None:
        """Bind a tag; refuse a tag already bound to something else."""
        if not _UID.match(uid):
            raise RuleError(f"{uid!r} is not a tag UID (4 to 10 bytes of upper-case hex)")
        current = self.tags.get(uid)
        if current is not None and current != target:
            raise RuleError(f"this tag is already enrolled as {label(current)}")
        old = self.uid_for(target)
        if old is not None and old != uid:
            del self.tags[old]
        self.tags[uid] = target

    def to_text(self) -> str:
        return json.dumps({"format": 1, "game": self.game, "tags": dict(sorted(self.tags.items()))}, indent=1) + "\n"


def label(target: str) -> str:
    kind, _, name = target.partition(":")
    return f"the {name.capitalize()} board" if kind == "samurai" else name


class _Duplicate(Exception):
    """A key given twice in one JSON object (plain json.loads would keep the last silently)."""

    def __init__(self, key: str, first: Any, second: Any) -> None:
        super().__init__(key)
        self.key, self.first, self.second = key, first, second

    def sentence(self) -> str:
        if _UID.match(self.key):
            return f"tag {self.key} is listed twice: as {_shown(self.first)} and as {_shown(self.second)}"
        return f"{self.key!r} is given twice"


def _shown(target: Any) -> str:
    return label(target) if isinstance(target, str) else repr(target)


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise _Duplicate(key, result[key], value)
        result[key] = value
    return result


def parse_tagmap(text: str, source: str, valid_targets: set[str]) -> TagMap:
    """Check a tag map's text; RuleError says what is wrong, starting with `source`."""
    try:
        raw = load_limited(text, object_pairs_hook=_no_duplicates)
    except RuleError as exc:
        raise RuleError(f"{source}: {exc}") from None
    except _Duplicate as twice:
        raise RuleError(f"{source}: {twice.sentence()}; keep one of them") from None
    if not isinstance(raw, dict) or raw.get("format") != 1 or not isinstance(raw.get("tags"), dict):
        raise RuleError(f"{source}: not a tag map (expected format 1 with a tags object)")
    game = raw.get("game")
    if not isinstance(game, str):
        raise RuleError(f"{source}: game must be a name")
    tags: dict[str, str] = {}
    seen: dict[str, str] = {}
    for uid, target in raw["tags"].items():
        if not _UID.match(uid):
            raise RuleError(f"{source}: tag {uid!r} is not upper-case hex of 4 to 10 bytes")
        if not isinstance(target, str):
            raise RuleError(f"{source}: tag {uid} is bound to {target!r}, not a card name "
                            f"such as \"card:3-doll-wound\" or \"samurai:kyuzo\"")
        if target not in valid_targets:
            raise RuleError(f"{source}: tag {uid} is bound to {target!r}, which this game does not have")
        if target in seen:
            raise RuleError(f"{source}: {target} is bound to two tags ({seen[target]} and {uid})")
        seen[target] = uid
        tags[uid] = target
    return TagMap(game, tags)


def read_text_file(path: Path, what: str) -> str:
    """A small UTF-8 file's text; RuleError with the path and the reason when it cannot be read."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise RuleError(f"{path}: cannot read {what}: {exc.strerror or exc}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RuleError(f"{path}: not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start})") from None


def load_tagmap(state_dir: Path, game: str, valid_targets: set[str]) -> TagMap:
    """The saved tag map (an empty one when there is none yet).

    Raises RuleError naming the file and what is wrong with it; the file is
    left exactly as it is, for a person to repair.
    """
    path = state_dir / FILE_NAME
    if not os.path.lexists(path):
        return TagMap(game)
    tagmap = parse_tagmap(read_text_file(path, "the tag map"), str(path), valid_targets)
    if tagmap.game != game:
        raise RuleError(f"{path}: the tags are for {tagmap.game!r}, not {game!r}")
    return tagmap


def save_tagmap(state_dir: Path, tagmap: TagMap) -> None:
    write_atomic(state_dir / FILE_NAME, tagmap.to_text())


def virtual_uid(target: str) -> str:
    """A stable 7-byte UID for a card or board in laptop mode and the demo (no real tags)."""
    return "04" + hashlib.sha1(target.encode()).hexdigest()[:12].upper()


def virtual_tagmap(game: str, targets: list[str]) -> TagMap:
    return TagMap(game, {virtual_uid(t): t for t in targets})
