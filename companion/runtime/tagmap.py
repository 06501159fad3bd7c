"""The tag map: which NFC tag (UID) stands for which card or Samurai board.

Tags cannot be trusted to carry data (NTAG stickers refuse the MIFARE writes
cheap libraries attempt), so each tag's UID is bound to a card id once, at
enrollment, and the map lives in the state directory as a validated JSON file,
one per game (`tags-<game>.json`): a table enrolls each game's cards once.
The single `tags.json` of earlier releases is renamed to its game's file the
first time that game loads it.

    {"format": 1, "game": "samurai-spirit",
     "tags": {"04A1B2C3D4E5F6": "card:3-doll-wound", "04FF10203040AA": "samurai:kyuzo"}}
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from companion.runtime.storage import fsync_dir, write_atomic
from engine import RuleError, get_game
from engine.core.messages import Message, msg
from engine.core.safe_json import load_limited

FILE_NAME = "tags.json"
"""The one tag map of earlier releases; its `game` field says whose it is."""


def tag_map_path(state_dir: Path, game: str) -> Path:
    """Where `game`'s tag map lives: one file per game."""
    return state_dir / f"tags-{game}.json"
_UID = re.compile(r"^(?:[0-9A-F]{2}){4,10}$")


@dataclass
class TagMap:
    """UID -> target ("card:<id>" or "samurai:<name>"), one tag per target."""

    game: str
    tags: dict[str, str] = field(default_factory=dict)
    virtual: frozenset[str] = frozenset()
    """Laptop mode's stand-in UIDs (`virtual_uid`): usable, never saved, so a tag enrolled on a laptop is
    kept in the tag map file without the hundreds of made-up ones beside it."""

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
            raise RuleError(msg("{uid} is not a tag UID (4 to 10 bytes of upper-case hex)", uid=repr(uid)))
        current = self.tags.get(uid)
        if current is not None and current != target:
            raise RuleError(msg("this tag is already enrolled as {target}", target=current))
        old = self.uid_for(target)
        if old is not None and old != uid:
            del self.tags[old]
        self.tags[uid] = target

    def to_text(self) -> str:
        return json.dumps({"format": 1, "game": self.game, "tags": dict(sorted(self.tags.items()))}, indent=1) + "\n"


class _Duplicate(Exception):
    """A key given twice in one JSON object (plain json.loads would keep the last silently)."""

    def __init__(self, key: str, first: Any, second: Any) -> None:
        super().__init__(key)
        self.key, self.first, self.second = key, first, second

    def sentence(self) -> Message:
        if _UID.match(self.key):
            return msg("tag {uid} is listed twice: as {target} and as {target2}", uid=self.key,
                       target=_shown(self.first), target2=_shown(self.second))
        return msg("{key} is given twice", key=repr(self.key))


def _shown(target: Any) -> str:
    """A bound target as the `{target}` field takes it (the game names it), or the JSON value that is not one."""
    return target if isinstance(target, str) else repr(target)


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise _Duplicate(key, result[key], value)
        result[key] = value
    return result


@lru_cache(maxsize=16)
def _renamed(game: str) -> dict[str, str]:
    """Earlier component id -> the id it has now, as game `game` ships them (empty for a game not here)."""
    try:
        text = getattr(get_game(game), "components_text", None)
    except RuleError:  # a game this companion does not have: the map's own check says so
        return {}
    if text is None:
        return {}
    # The shipped file, already checked whole when the game loaded it (engine.core.components: `formerly`).
    return {old: str(entry["id"]) for entry in tomllib.loads(text).get("components", [])
            for old in entry.get("formerly", ())}


def renamed_target(game: str, target: str) -> str:
    """A tag target naming an earlier id ("card:6-doll-no-talent") as it is named now; others unchanged."""
    prefix, sep, cid = target.partition(":")
    now = _renamed(game).get(cid) if sep and game else None
    return f"{prefix}:{now}" if now is not None else target


def parse_tagmap(text: str, source: str, valid_targets: set[str]) -> TagMap:
    """Check a tag map's text; RuleError says what is wrong, starting with `source`.

    A target naming a component by the id it had in an earlier release
    (engine.core.components: `formerly`) is read as the id it has now.
    """
    try:
        raw = load_limited(text, object_pairs_hook=_no_duplicates)
    except RuleError as exc:
        raise RuleError(msg("{path}: {reason}", path=source, reason=exc.message)) from None
    except _Duplicate as twice:
        raise RuleError(msg("{path}: {reason}; keep one of them", path=source, reason=twice.sentence())) from None
    if not isinstance(raw, dict) or raw.get("format") != 1 or not isinstance(raw.get("tags"), dict):
        raise RuleError(msg("{path}: not a tag map (expected format 1 with a tags object)", path=source))
    game = raw.get("game")
    if not isinstance(game, str):
        raise RuleError(msg("{path}: game must be a name", path=source))
    tags: dict[str, str] = {}
    seen: dict[str, str] = {}
    for uid, target in raw["tags"].items():
        if not _UID.match(uid):
            raise RuleError(msg("{path}: tag {uid} is not upper-case hex of 4 to 10 bytes", path=source,
                                uid=repr(uid)))
        if not isinstance(target, str):
            raise RuleError(msg('{path}: tag {uid} is bound to {value}, not a card name such as "card:3-doll-wound" '
                                'or "samurai:kyuzo"', path=source, uid=uid, value=repr(target)))
        if target not in valid_targets:
            target = renamed_target(game, target)  # an id of an earlier release: the same component, named now
        if target not in valid_targets:
            raise RuleError(msg("{path}: tag {uid} is bound to {value}, which this game does not have", path=source,
                                uid=uid, value=repr(target)))
        if target in seen:
            raise RuleError(msg("{path}: {target} is bound to two tags ({uid} and {uid2})", path=source,
                                target=target, uid=seen[target], uid2=uid))
        seen[target] = uid
        tags[uid] = target
    return TagMap(game, tags)


def read_text_file(path: Path, what: Message) -> str:
    """A small UTF-8 file's text; RuleError with the path and the reason when it cannot be read."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise RuleError(msg("{path}: cannot read {what}: {system}", path=str(path), what=what,
                            system=exc.strerror or str(exc))) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RuleError(msg("{path}: not UTF-8 text (byte {byte} at offset {offset})", path=str(path),
                            byte=f"0x{data[exc.start]:02x}", offset=exc.start)) from None


def load_tagmap(state_dir: Path, game: str, valid_targets: set[str]) -> TagMap:
    """The saved tag map (an empty one when there is none yet).

    Raises RuleError naming the file and what is wrong with it; the file is
    left exactly as it is, for a person to repair.
    """
    path = _migrated(state_dir, game, valid_targets)
    if not os.path.lexists(path):
        return TagMap(game)
    tagmap = parse_tagmap(read_text_file(path, msg("the tag map")), str(path), valid_targets)
    if tagmap.game != game:
        raise RuleError(msg("{path}: the tags are for {value}, not {game}", path=str(path), value=repr(tagmap.game),
                            game=repr(game)))
    return tagmap


def tag_map_file(state_dir: Path, game: str) -> Path:
    """The file `game`'s map is read from now: its own, else an earlier release's `tags.json` not yet moved."""
    path = tag_map_path(state_dir, game)
    legacy = state_dir / FILE_NAME
    return legacy if not os.path.lexists(path) and os.path.lexists(legacy) else path


def _migrated(state_dir: Path, game: str, valid_targets: set[str]) -> Path:
    """The path to load `game`'s map from, after moving an earlier release's `tags.json` into place.

    The old file is renamed (atomic, same folder, the bytes untouched) only
    when it is a sound tag map of this game and the game has no file of its
    own yet. A damaged one stays where it is and is the one reported, so a
    person repairs it as before; another game's stays for that game.
    """
    path = tag_map_path(state_dir, game)
    legacy = state_dir / FILE_NAME
    if os.path.lexists(path) or not os.path.lexists(legacy):
        return path
    text = read_text_file(legacy, msg("the tag map"))
    try:
        raw = load_limited(text)
    except RuleError:
        raw = None
    if isinstance(raw, dict) and isinstance(raw.get("game"), str) and raw["game"] != game:
        return path
    parse_tagmap(text, str(legacy), valid_targets)
    os.rename(legacy, path)
    fsync_dir(state_dir)
    return path


def save_tagmap(state_dir: Path, tagmap: TagMap) -> None:
    real = TagMap(tagmap.game, {uid: t for uid, t in tagmap.tags.items() if uid not in tagmap.virtual})
    write_atomic(tag_map_path(state_dir, tagmap.game), real.to_text())


def virtual_uid(target: str) -> str:
    """A stable 7-byte UID for a card or board in laptop mode and the demo (no real tags)."""
    return "04" + hashlib.sha1(target.encode()).hexdigest()[:12].upper()


def virtual_tagmap(game: str, targets: list[str]) -> TagMap:
    tags = {virtual_uid(t): t for t in targets}
    return TagMap(game, tags, frozenset(tags))
