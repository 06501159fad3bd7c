"""One archive with everything the table would hate to lose, and putting it back.

The backup holds the archived journals, the tag maps, the owner's component
data (`box-<game>.toml`) and the component data the games were played with
(`components/<digest>.toml`, so each journal replays on its own data), the
last set-up, the player book, the configuration file and a consistent copy of the history database (SQLite's
backup API, so a game being recorded meanwhile cannot tear it). It never
holds the game in progress: that journal records the face-down cards the
table tapped (a Samurai Spirit barricade, Tenno's prisoners, the captures
in Knizia's Samurai), and a copy with those inputs taken out would not
replay the same game, so it is left out whole, with its row and its seed in
the database copy, and the page says so. The same files give the same
archive bytes (no clock is written into it).

A restore is all or nothing. The upload is read as a stream, member by
member, and the whole archive is checked before anything changes: every
member is a plain file whose whole name is one a backup has (a name with a
newline or a folder in it is not), there are at most `COUNT_LIMIT` of
them, each read into memory is at most `MEMBER_LIMIT` and all together at
most `TOTAL_LIMIT`, and a header is checked before its data is read. Each
journal must be UTF-8 and replay to its last record with the companion's
own loader (on the component data the backup or this device keeps); each kept
component file must have the content its name is the digest of, each owner
file must make a game with the census's checks; each tag map, the last set-up, the player book and the
configuration go through theirs, and the configuration gives only what the
settings page could change (its language, its game...): the state folder,
the reader, the buttons and the rest stay this device's, and the page says
which differed. Checked files wait in a staging folder inside the state folder
(same disk, so putting them in place is a rename) and move only when all
passed. An archived journal is never overwritten (a different one with the
same name gets a new name), nor is a kept component file (its name is its
content); a tag map, an owner file, the last set-up, the player book or
the configuration that would change is first copied into `replaced-<time>/`
in the state folder, which the page names. A move that fails puts back
what was already moved. The game in progress and the history database are
never taken from a backup: the history is rebuilt from the journals.
"""

from __future__ import annotations

import gzip
import io
import json
import os
import re
import shutil
import sqlite3
import tarfile
import threading
import tomllib
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO, Any

from companion.census import game_ui
from companion.games import registered_games
from companion.history.db import DB_NAME, open_history
from companion.players.book import BOOK_NAME, load_book, resolve
from companion.runtime import component_store
from companion.runtime.remembered import MEMORY, load_memory
from companion.runtime.storage import (
    CURRENT,
    FINISHED_DIR,
    copy_new,
    fsync_dir,
    load_journal,
    utc_stamp,
    write_atomic,
)
from companion.runtime.tagmap import FILE_NAME as LEGACY_TAGS
from companion.runtime.tagmap import parse_tagmap
from engine import RuleError
from engine.core.components import digest
from engine.core.messages import Message, msg

MIB = 1024 * 1024
BODY_LIMIT = 16 * MIB
"""The largest request the web server takes (waitress refuses a longer one before reading its body).

Only a restore's upload is big. 200 games of the four games make a backup
of 229 KiB (1.2 KiB a game, history database included), so this is room for
more than 13,000 games. waitress holds a body in its temporary folder (on the
journals' disk) while it arrives, one per connection: at 1 GiB each, three
parallel requests held 3 GiB."""
MEMBER_LIMIT = 4 * MIB
"""The largest journal, tag map, set-up or configuration read from a backup: the longest of 200 journals was 17 KiB."""
TOTAL_LIMIT = 128 * MIB
"""All members together, unpacked: those 200 games unpack to 1.5 MiB (7.7 KiB a game)."""
COUNT_LIMIT = 20_000
"""Members in one backup: one a game, and a few more."""
TRAILER_LIMIT = MIB
"""Zeros a tar writer may leave after the end of the archive."""
BLOCK = 512
CHUNK = 64 * 1024

JOURNAL = re.compile(r"games/[A-Za-z0-9][A-Za-z0-9._-]{0,91}\.journal")
"""An archived journal: a name of at most 100 characters, so a plain (ustar) tar header holds it."""
TAGS = re.compile(r"tags-([a-z0-9-]{1,60})\.json")
BOX = re.compile(r"box-([a-z0-9-]{1,60})\.toml")
"""The owner's component data of a game (companion.census.box)."""
STORED = re.compile(r"components/[0-9a-f]{64}\.toml")
"""Component data a game was played with, named by its digest (companion.runtime.component_store)."""
CONFIG_MEMBER = "config/companion.toml"
SETUP_MEMBER = MEMORY
PLAYERS_MEMBER = BOOK_NAME
STAGING = ".restore-"
_ABSENT = object()
REPLACED = "replaced-"

_RESTORING = threading.Lock()
"""One restore at a time: two would pick the same new names."""


# --- backup -------------------------------------------------------------------------------


def saved_files(state_dir: Path) -> list[Path]:
    """The state folder's files a backup holds (the database is copied apart): never the game in progress."""
    journals = sorted(p for p in (state_dir / FINISHED_DIR).glob("*.journal")
                      if JOURNAL.fullmatch(_member(state_dir, p)))
    tags = sorted(p for p in state_dir.glob("tags*.json") if TAGS.fullmatch(p.name) or p.name == LEGACY_TAGS)
    boxes = sorted(p for p in state_dir.glob("box-*.toml") if BOX.fullmatch(p.name))
    stored = sorted(p for p in (state_dir / component_store.FOLDER).glob("*.toml")
                    if STORED.fullmatch(_member(state_dir, p)))
    # Read back in this order: an owner file before the tag map that may name its extra components, the kept
    # component data before the journals played with it.
    return [state_dir / SETUP_MEMBER, state_dir / PLAYERS_MEMBER, *boxes, *tags, *stored, *journals]


def _member(state_dir: Path, path: Path) -> str:
    return path.relative_to(state_dir).as_posix()


def _add(tar: tarfile.TarFile, name: str, data: bytes, mtime: float) -> None:
    info = tarfile.TarInfo(name)
    info.size = len(data)
    info.mtime = int(mtime)
    info.mode = 0o644
    tar.addfile(info, io.BytesIO(data))


def _database_copy(state_dir: Path) -> tuple[bytes, float] | None:
    """The history database without the game in progress (its row when it is over, its seed), and its time.

    The rows are deleted from a copy in memory, which is then vacuumed, so
    no free page of the copy keeps them.
    """
    path = state_dir / DB_NAME
    try:
        mtime = path.stat().st_mtime
        source = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=5.0)
        copy = sqlite3.connect(":memory:")
        try:
            source.backup(copy)
            with copy:
                copy.execute("DELETE FROM games WHERE journal = ?", (CURRENT,))
                copy.execute("DELETE FROM starts WHERE NOT EXISTS (SELECT 1 FROM games g WHERE g.game = starts.game "
                             "AND g.seed = starts.seed)")
            copy.execute("VACUUM")
            return copy.serialize(), mtime
        finally:
            source.close()
            copy.close()
    except (sqlite3.Error, OSError):
        return None


def game_in_progress(state_dir: Path) -> bool:
    """Whether a backup made now leaves a game out."""
    return (state_dir / CURRENT).exists()


def make_backup(state_dir: Path, config: Path | None) -> bytes:
    """The backup archive (tar.gz) of `state_dir` and the configuration file, without the game in progress."""
    out = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=out, mtime=0) as packed, \
            tarfile.open(fileobj=packed, mode="w", format=tarfile.USTAR_FORMAT) as tar:
        for path in saved_files(state_dir):
            try:
                data, mtime = path.read_bytes(), path.stat().st_mtime
            except OSError:
                continue
            _add(tar, _member(state_dir, path), data, mtime)
        database = _database_copy(state_dir)
        if database is not None:
            _add(tar, DB_NAME, *database)
        if config is not None and config.is_file():
            _add(tar, CONFIG_MEMBER, config.read_bytes(), config.stat().st_mtime)
    return out.getvalue()


# --- restore: reading and checking ----------------------------------------------------------


@dataclass
class Restored:
    """What a restore did, file by file, for the page."""

    written: list[str] = field(default_factory=list)
    unchanged: list[str] = field(default_factory=list)
    left_out: list[Message] = field(default_factory=list)
    replaced: Path | None = None
    """The folder keeping the files the restore replaced, if it replaced any."""


class HalfRestored(RuleError):
    """A restore failed while moving files and could not put them all back: the page must say where they are."""


@dataclass
class _Staged:
    name: str
    path: Path


def _shown(name: str) -> str:
    """A member's name for the page, quoted when it holds something invisible (a newline)."""
    return name if name.isprintable() else json.dumps(name)


def _kind(name: str) -> str | None:
    if JOURNAL.fullmatch(name):
        return "journal"
    if TAGS.fullmatch(name):
        return "tags"
    if BOX.fullmatch(name):
        return "box"
    if STORED.fullmatch(name):
        return "stored"
    if name in (SETUP_MEMBER, PLAYERS_MEMBER, CONFIG_MEMBER):
        return name
    if name in (CURRENT, DB_NAME, LEGACY_TAGS):
        return "skip"
    return None


def _exact(stream: gzip.GzipFile, size: int) -> bytes:
    data = stream.read(size)
    if len(data) != size:
        raise RuleError(msg("The backup is damaged: it ends in the middle of a file."))
    return data


def _skip(stream: gzip.GzipFile, size: int) -> None:
    while size > 0:
        size -= len(_exact(stream, min(size, CHUNK)))


def _headers(stream: gzip.GzipFile) -> Iterator[tarfile.TarInfo]:
    """Each member's header, checked before its data is read; the caller reads or skips exactly its data.

    A tar is 512-byte blocks: a header, the data padded to whole blocks, and
    a zero block at the end. Only plain (ustar) headers are read, with the
    standard library's own parser; extended headers are refused by name like
    any other member, so no header can make the reader hold more than a block.
    After the end only zeros may follow: data there is an archive cut short
    by a damaged block, not a complete one.
    """
    count = 0
    while True:
        block = _exact(stream, BLOCK)
        if block == bytes(BLOCK):
            break
        try:
            info = tarfile.TarInfo.frombuf(block, "utf-8", "strict")
        except UnicodeDecodeError:
            raise RuleError(msg("The backup holds a file whose name is not UTF-8; a companion writes no such "
                                "name.")) from None
        except ValueError as exc:  # a number field the parser cannot read: a damaged header like any other
            raise tarfile.HeaderError(str(exc)) from None
        count += 1
        if count > COUNT_LIMIT:
            raise RuleError(msg("The backup holds more than {count} files; a companion backup has fewer.",
                                count=COUNT_LIMIT))
        yield info
        _skip(stream, -info.size % BLOCK)
    left = TRAILER_LIMIT
    while chunk := stream.read(CHUNK):
        left -= len(chunk)
        if left < 0 or chunk.count(0) != len(chunk):
            raise RuleError(msg("The backup is damaged: there is more after the end of its last file."))


def _check_member(info: tarfile.TarInfo, seen: set[str], total: int) -> str:
    """The member's kind; RuleError when its header alone shows it has no place in a backup."""
    name = _shown(info.name)
    kind = _kind(info.name)
    if kind is None:
        raise RuleError(msg("{file}: not a file a companion backup holds.", file=name))
    if info.type not in (tarfile.REGTYPE, tarfile.AREGTYPE):
        raise RuleError(msg("{file}: not a plain file (a link, a folder or a device).", file=name))
    if info.name in seen:
        raise RuleError(msg("{file} is in the backup twice.", file=name))
    if kind != "skip" and info.size > MEMBER_LIMIT:
        raise RuleError(msg("{file} is larger than {size} MiB; a companion writes no such file.", file=name,
                            size=MEMBER_LIMIT // MIB))
    if total + info.size > TOTAL_LIMIT:
        raise RuleError(msg("The files in the backup add up to more than {size} MiB; a companion backup is smaller.",
                            size=TOTAL_LIMIT // MIB))
    return kind


def _text(name: str, data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RuleError(msg("{path}: not UTF-8 text (byte {byte} at offset {offset})", path=name,
                            byte=f"0x{data[exc.start]:02x}", offset=exc.start)) from None


def _write_new(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]
        os.fsync(fd)
    finally:
        os.close(fd)


def _check_content(kind: str, name: str, data: bytes, staged: Path,
                   config: Path | None) -> tuple[bool, Message | None]:
    """Check a member read whole (it is already written to `staged`): whether it is taken, and a note for the
    page (why it is left out, or what of it is)."""
    text = _text(name, data)
    staging = staged.parent.parent if kind in ("journal", "stored") else staged.parent
    if kind == "journal":
        try:
            loaded = load_journal(staged, [staging, staging.parent])
        except RuleError as exc:
            raise RuleError(msg("{path}: {reason}", path=name, reason=exc.message)) from None
        if loaded.damage is not None:
            raise RuleError(msg("{file}, line {line}: {reason}", file=name, line=loaded.damage.line,
                                reason=loaded.damage.reason))
    elif kind == "tags":
        game = name[len("tags-"):-len(".json")]
        if game not in registered_games():
            raise RuleError(msg("{file}: no game {game} in this companion.", file=name, game=game))
        owner = staging if (staging / f"box-{game}.toml").exists() else staging.parent
        if parse_tagmap(text, name, set(game_ui(game, owner).tag_targets())).game != game:
            raise RuleError(msg("{file}: the tags are not {game}'s.", file=name, game=game))
    elif kind == "box":
        _check_box(name, staging)
    elif kind == "stored":
        if digest(text) != Path(name).stem:
            raise RuleError(msg("{file}: its content is not the data its name is the digest of.", file=name))
    elif kind == SETUP_MEMBER:
        _, problem = load_memory(staged.parent)
        if problem is not None:
            raise RuleError(msg("{path}: {reason}", path=name, reason=problem))
    elif kind == PLAYERS_MEMBER:
        _, problem = load_book(staged.parent)
        if problem is not None:
            raise RuleError(msg("{path}: {reason}", path=name, reason=problem.params["reason"]))
    elif kind == CONFIG_MEMBER:
        return _check_configuration(name, staged, config)
    return True, None


def _check_box(name: str, staging: Path) -> None:
    """An owner file must be a game's and make that game (companion.census.box.read_owner)."""
    from companion.census.box import game_data, read_owner

    game = BOX.fullmatch(name)
    assert game is not None
    if game.group(1) not in registered_games():
        raise RuleError(msg("{file}: no game {game} in this companion.", file=name, game=game.group(1)))
    data = game_data(game.group(1))
    if data is None:
        raise RuleError(msg("{file}: {game} has no census.", file=name, game=game.group(1)))
    read_owner(staging, data)


def _flat(raw: dict[str, Any]) -> dict[str, Any]:
    """A configuration's values by their dotted key (`app.language`); a nested table is one value."""
    return {f"{section}.{key}": value for section, table in raw.items() if isinstance(table, dict)
            for key, value in table.items()}


def _page_may_change(key: str) -> bool:
    """Whether the settings page can set the configuration's `key` (dotted): the [app] keys it edits
    (companion.web.settings.EDITABLE), each game's BoardGameGeek id ([bgg]) and who is you in BG Stats
    (bgstats.me)."""
    from companion.web import settings

    section, _, name = key.partition(".")
    return (section == "app" and name in settings.EDITABLE) or section == "bgg" or key == "bgstats.me"


def _check_me(name: str, me: str | None, staging: Path) -> None:
    """As the settings page, the person the backup makes you in BG Stats must be in the player book (merged or
    not): the one the restore leaves, the backup's when it holds one, else this device's."""
    if me is None:
        return
    folder = staging if (staging / PLAYERS_MEMBER).exists() else staging.parent
    if resolve(load_book(folder)[0], me) is None:
        raise RuleError(msg("{file}: bgstats.me: nobody with the id {id} is in the player book the restore would "
                            "leave.", file=name, id=me))


def _with_page_values(here: dict[str, Any], theirs: dict[str, Any]) -> dict[str, Any]:
    """`here` with every value the settings page can set taken from `theirs` (or dropped when `theirs` has none)."""
    merged: dict[str, Any] = {}
    for section in [*here, *(name for name in theirs if name not in here)]:
        table = {key: value for key, value in here.get(section, {}).items()
                 if not _page_may_change(f"{section}.{key}")}
        table.update({key: value for key, value in theirs.get(section, {}).items()
                      if _page_may_change(f"{section}.{key}")})
        if table or section in here:
            merged[section] = table
    return merged


def _check_configuration(name: str, staged: Path, config: Path | None) -> tuple[bool, Message | None]:
    """Check the backup's configuration as the settings page checks a change: whether it is taken, and a note.

    A phone may change only what the settings page offers (`_page_may_change`), whoever knows the PIN:
    so a restore takes those values from the backup and keeps every other setting as this
    device has it (its state folder, reader, buttons, display...), and the result must load like any
    configuration. The staged file becomes that result, and the report names the settings kept. A backup
    that differs from this device only in what the page may change is taken as it is, comments and all.
    """
    from companion.runtime.config import ConfigError, load_config, parse_config
    from companion.web import settings

    if config is None:
        return False, msg("{file}: the web page was started without a configuration file; left out.", file=name)
    try:
        restored = load_config(staged)
        theirs = tomllib.loads(staged.read_text("utf-8"))
    except ConfigError as exc:
        raise RuleError(msg("{path}: {reason}", path=name, reason=exc.message)) from None
    _check_me(name, restored.bgstats_me, staged.parent.parent)
    try:
        here: dict[str, Any] = tomllib.loads(config.read_text("utf-8")) if config.exists() else {}
        if config.exists():
            load_config(config)
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError, ConfigError) as exc:
        # As the settings page: a configuration that cannot be read is not changed from a phone.
        return False, msg("{path}: cannot be read to change it ({reason}).", path=str(config), reason=str(exc))
    mine, other = _flat(here), _flat(theirs)
    kept = sorted(key for key in mine.keys() | other.keys()
                  if not _page_may_change(key) and mine.get(key, _ABSENT) != other.get(key, _ABSENT))
    if not kept:
        return True, None
    merged = _with_page_values(here, theirs)
    try:
        result = parse_config(merged, name)
    except ConfigError as exc:
        raise RuleError(msg("{path}: {reason}", path=name, reason=exc.message)) from None
    if replace(result, source="") == replace(restored, source=""):
        return True, None  # the keys differ only in how they are written (a default spelt out): the same settings
    if _flat(merged) == mine:
        staged.write_bytes(config.read_bytes())  # the backup changes nothing the page may change
    else:
        staged.write_text(settings.toml_text(merged), "utf-8")
    return True, msg("{file}: only what the settings page can change was taken from it; these settings stay as "
                     "this device has them: {keys}.", file=name, keys=", ".join(kept))


def _skipped_note(name: str) -> Message:
    if name == CURRENT:
        return msg("{file}: the game in progress is never replaced; left out.", file=name)
    if name == DB_NAME:
        return msg("{file}: the history is rebuilt from the saved games instead; left out.", file=name)
    return msg("{file}: an earlier release's tag map, which this companion does not read; left out.", file=name)


def _read_archive(upload: IO[bytes], staging: Path, config: Path | None, report: Restored) -> list[_Staged]:
    """Every member checked and written into `staging`; RuleError (with the member's name) at the first fault."""
    staged: list[_Staged] = []
    seen: set[str] = set()
    total = 0
    try:
        with gzip.GzipFile(fileobj=upload, mode="rb") as stream:
            for info in _headers(stream):
                kind = _check_member(info, seen, total)
                seen.add(info.name)
                total += info.size
                if kind == "skip":
                    _skip(stream, info.size)
                    report.left_out.append(_skipped_note(info.name))
                    continue
                data = _exact(stream, info.size)
                path = staging / info.name
                _write_new(path, data)
                taken, note = _check_content(kind, info.name, data, path, config)
                if note is not None:
                    report.left_out.append(note)
                if taken:
                    staged.append(_Staged(info.name, path))
    except (tarfile.HeaderError, EOFError, zlib.error, gzip.BadGzipFile) as exc:  # EOFError: a cut gzip stream
        reason = str(exc) or type(exc).__name__
        if not seen:
            raise RuleError(msg("The file is not a companion backup (a .tar.gz archive): {reason}.",
                                reason=reason)) from None
        raise RuleError(msg("The backup is damaged: {reason}.", reason=reason)) from None
    except OSError as exc:
        raise RuleError(msg("{path} cannot be written ({reason}).", path=str(exc.filename or staging),
                            reason=exc.strerror or str(exc))) from None
    return staged


# --- restore: putting in place --------------------------------------------------------------


def _new_folder(state_dir: Path, prefix: str) -> Path:
    base = state_dir / f"{prefix}{utc_stamp()}"
    number = 1
    while True:
        folder = base if number == 1 else base.with_name(f"{base.name}-{number}")
        try:
            folder.mkdir()
        except FileExistsError:
            number += 1
            continue
        return folder


def _free_name(folder: Path, name: str, data: bytes) -> Path | None:
    """Where a restored journal goes: its own name, or a new one when a different file has it; None if equal."""
    target = folder / name
    number = 1
    while target.exists():
        if target.read_bytes() == data:
            return None
        number += 1
        target = folder / f"{Path(name).stem}-restored-{number}.journal"
    return target


@dataclass
class _Placer:
    """Moves checked files into place, remembering each step so a failure can take them all back."""

    state_dir: Path
    config: Path | None
    report: Restored
    done: list[tuple[Path, Path | None]] = field(default_factory=list)
    """(file put in place, the copy of what it replaced or None when it is new), in order."""

    def journal(self, item: _Staged) -> None:
        folder = self.state_dir / FINISHED_DIR
        folder.mkdir(exist_ok=True)
        data = item.path.read_bytes()
        while (target := _free_name(folder, item.name.split("/", 1)[1], data)) is not None:
            try:
                os.link(item.path, target)
            except FileExistsError:
                continue
            self.done.append((target, None))
            self.report.written.append(_member(self.state_dir, target))
            return
        self.report.unchanged.append(item.name)

    def replace(self, item: _Staged) -> None:
        target = self.config if item.name == CONFIG_MEMBER and self.config is not None else self.state_dir / item.name
        new = item.path.read_bytes()
        kept = None
        if target.exists():
            old = target.read_bytes()
            if old == new:
                self.report.unchanged.append(item.name)
                return
            if self.report.replaced is None:
                self.report.replaced = _new_folder(self.state_dir, REPLACED)
            kept = copy_new(old, self.report.replaced / item.name)
        self.done.append((target, kept))
        if target == self.config:
            write_atomic(target, new.decode("utf-8"))
        else:
            os.replace(item.path, target)
        self.report.written.append(str(target) if target == self.config else item.name)

    def take_back(self) -> bool:
        """Put every file moved so far back as it was; False when the disk refuses that too."""
        whole = True
        for target, kept in reversed(self.done):
            try:
                if kept is None:
                    target.unlink(missing_ok=True)
                else:
                    back = target.with_name(f".{target.name}.restore-back")
                    shutil.copyfile(kept, back)
                    os.replace(back, target)
            except OSError:
                whole = False
        return whole


def _put_in_place(staged: list[_Staged], state_dir: Path, config: Path | None, report: Restored) -> None:
    placer = _Placer(state_dir, config, report)
    try:
        for item in staged:
            if JOURNAL.fullmatch(item.name):
                placer.journal(item)
            else:
                if STORED.fullmatch(item.name):
                    (state_dir / component_store.FOLDER).mkdir(exist_ok=True)
                placer.replace(item)
        fsync_dir(state_dir)
        for folder in (FINISHED_DIR, component_store.FOLDER):
            if (state_dir / folder).is_dir():
                fsync_dir(state_dir / folder)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        where = exc.filename if isinstance(exc.filename, str) else str(state_dir)
        if placer.take_back():
            if report.replaced is not None:
                shutil.rmtree(report.replaced, ignore_errors=True)
            raise RuleError(msg("{path} cannot be written ({reason}).", path=where, reason=reason)) from None
        raise HalfRestored(msg("The restore stopped half-way: {path} cannot be written ({reason}). The files it "
                               "replaced are kept in {folder}.", path=where, reason=reason,
                               folder=str(report.replaced or state_dir))) from None


def restore(state_dir: Path, upload: IO[bytes], config: Path | None) -> Restored:
    """Put a backup's journals, tag maps, last set-up and configuration back, all or nothing; rebuild the history.

    Raises RuleError, having changed nothing, when any member is refused, the
    archive is damaged or a file cannot be written (what was moved is put
    back); HalfRestored when even putting back failed.
    """
    with _RESTORING:
        for stale in state_dir.glob(f"{STAGING}*"):
            shutil.rmtree(stale, ignore_errors=True)
        report = Restored()
        try:
            staging = _new_folder(state_dir, STAGING)
        except OSError as exc:
            raise RuleError(msg("{path} cannot be written ({reason}).", path=str(state_dir),
                                reason=exc.strerror or str(exc))) from None
        try:
            staged = _read_archive(upload, staging, config, report)
            _put_in_place(staged, state_dir, config, report)
        except HalfRestored:
            raise
        except RuleError as exc:
            raise RuleError(msg("Nothing was restored: {reason}", reason=exc.message)) from None
        finally:
            shutil.rmtree(staging, ignore_errors=True)
    if any(name.startswith(f"{FINISHED_DIR}/") for name in report.written):
        try:
            with open_history(state_dir) as history:
                history.rebuild()
        except (sqlite3.Error, OSError) as exc:
            report.left_out.append(msg("The history could not be rebuilt now ({reason}); the companion catches "
                                       "up at its next start.", reason=str(exc)))
    return report
