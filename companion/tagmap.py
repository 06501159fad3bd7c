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
import re
from dataclasses import dataclass, field
from pathlib import Path

from companion.storage import write_atomic
from engine import RuleError

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


def parse_tagmap(text: str, source: str, valid_targets: set[str]) -> TagMap:
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RuleError(f"{source}: line {exc.lineno}: not JSON ({exc.msg})") from None
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
        if target not in valid_targets:
            raise RuleError(f"{source}: tag {uid} is bound to {target!r}, which this game does not have")
        if target in seen:
            raise RuleError(f"{source}: {target} is bound to two tags ({seen[target]} and {uid})")
        seen[target] = uid
        tags[uid] = target
    return TagMap(game, tags)


def load_tagmap(state_dir: Path, game: str, valid_targets: set[str]) -> TagMap:
    path = state_dir / FILE_NAME
    if not path.exists():
        return TagMap(game)
    tagmap = parse_tagmap(path.read_text("utf-8"), str(path), valid_targets)
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
