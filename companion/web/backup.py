"""One archive with everything the table would hate to lose, and putting it back.

The backup holds the archived games, the tag maps, the last set-up, the
configuration file and a consistent copy of the history database (SQLite's
backup API, so a game being recorded meanwhile cannot tear it). The game in
progress is left out while it is being played: its journal holds the cards
tapped face down (a Samurai Spirit Intruder, a Tenno prisoner, a Knizia
capture behind a screen), which nobody at the table may read; once it is
over it is included like any finished game.

A restore is all or nothing. The whole archive is read and checked before
anything is written: only plain files with the names a backup has (matched
whole, so a name ending in a newline is not one), at most MEMBER_COUNT of
them, none over MEMBER_LIMIT, UNPACKED_LIMIT in all; every journal replayed
record by record; every tag map, the set-up and the configuration parsed.
A damaged archive restores nothing. Then every file is written beside its
place first, and each file a restored one replaces (a tag map, the set-up,
the configuration) is kept byte for byte under `replaced/<time>/`. An
archived journal is never replaced (a different one with the same name gets
a new name), the game in progress is never touched, and the history is
rebuilt from the journals instead of trusting the archive's database.
"""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import sqlite3
import tarfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from companion.games import game_ui, registered_games
from companion.history.db import DB_NAME, open_history
from companion.storage import (
    CURRENT,
    FINISHED_DIR,
    fsync_dir,
    rebuild_journal,
    utc_stamp,
)
from companion.tagmap import parse_tagmap
from engine import RuleError
from engine.core.messages import Message, msg

MEMBER_LIMIT = 8 * 1024 * 1024
"""No journal, tag map, configuration or history database of a table comes near this."""
ARCHIVE_LIMIT = 16 * 1024 * 1024
"""A backup as uploaded (compressed): a thousand games and their history take about 2 MB."""
UNPACKED_LIMIT = 128 * 1024 * 1024
MEMBER_COUNT = 20_000
JOURNAL = re.compile(r"games/[A-Za-z0-9._-]{1,120}\.journal")
TAGS = re.compile(r"tags-([a-z0-9-]{1,60})\.json")
CONFIG_MEMBER = "config/companion.toml"
SETUP_MEMBER = "last-setup.json"
REPLACED_DIR = "replaced"
STAGING = ".restoring"


def _add(tar: tarfile.TarFile, name: str, data: bytes, mtime: float) -> None:
    info = tarfile.TarInfo(name)
    info.size = len(data)
    info.mtime = int(mtime)
    info.mode = 0o644
    tar.addfile(info, io.BytesIO(data))


def _database_copy(state_dir: Path) -> bytes | None:
    path = state_dir / DB_NAME
    if not path.is_file():
        return None
    try:
        source = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=5.0)
        copy = sqlite3.connect(":memory:")
        try:
            source.backup(copy)
            return copy.serialize()
        finally:
            source.close()
            copy.close()
    except sqlite3.Error:
        return None


def game_over(state_dir: Path) -> bool:
    """Whether the current journal holds a finished game (False while one is played, or with none)."""
    path = state_dir / CURRENT
    try:
        return rebuild_journal(path.read_bytes().decode("utf-8", errors="replace")).match.play.prompt is None
    except (OSError, RuleError):
        return False


def game_in_progress(state_dir: Path) -> bool:
    return (state_dir / CURRENT).exists() and not game_over(state_dir)


def make_backup(state_dir: Path, config: Path | None) -> bytes:
    """The backup archive (tar.gz) of `state_dir` and the configuration file."""
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w:gz") as tar:
        files = [state_dir / SETUP_MEMBER, *sorted(state_dir.glob("tags*.json")),
                 *sorted((state_dir / FINISHED_DIR).glob("*.journal"))]
        if game_over(state_dir):
            files.insert(0, state_dir / CURRENT)
        for path in files:
            try:
                data, mtime = path.read_bytes(), path.stat().st_mtime
            except OSError:
                continue
            _add(tar, path.relative_to(state_dir).as_posix(), data, mtime)
        database = _database_copy(state_dir)
        if database is not None:
            _add(tar, DB_NAME, database, time.time())
        if config is not None and config.is_file():
            _add(tar, CONFIG_MEMBER, config.read_bytes(), config.stat().st_mtime)
    return out.getvalue()


@dataclass
class Restored:
    """What a restore did, file by file, for the page."""

    written: list[str] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)
    refused: list[Message] = field(default_factory=list)
    replaced: Path | None = None
    """Where the files it replaced were kept (None: it replaced nothing)."""


def _not_a_backup(reason: Message) -> RuleError:
    return RuleError(msg("Nothing was restored: {reason}", reason=reason))


def _members(data: bytes) -> list[tuple[str, bytes]]:
    """Every member worth reading, checked by name, type and size before its bytes are read."""
    if len(data) > ARCHIVE_LIMIT:
        raise _not_a_backup(msg("the file is larger than {limit} MB; this is not a companion backup.",
                                limit=ARCHIVE_LIMIT // (1024 * 1024)))
    try:
        tar = tarfile.open(fileobj=io.BytesIO(data), mode="r:gz")
    except (tarfile.TarError, OSError, EOFError) as exc:
        raise _not_a_backup(msg("the file is not a companion backup (a .tar.gz archive): {reason}.",
                                reason=str(exc))) from None
    found: list[tuple[str, bytes]] = []
    count = total = 0
    with tar:
        try:
            for info in tar:
                count += 1
                if count > MEMBER_COUNT:
                    raise _not_a_backup(msg("it holds more than {n} files.", n=MEMBER_COUNT))
                name = info.name
                if not info.isfile():
                    if info.isdir():
                        continue
                    raise _not_a_backup(msg("{file} is not a plain file (a link or a device).", file=repr(name)))
                if info.size > MEMBER_LIMIT:
                    raise _not_a_backup(msg("{file} is larger than {limit} MB.", file=repr(name),
                                            limit=MEMBER_LIMIT // (1024 * 1024)))
                total += info.size
                if total > UNPACKED_LIMIT:
                    raise _not_a_backup(msg("it unpacks to more than {limit} MB.",
                                            limit=UNPACKED_LIMIT // (1024 * 1024)))
                if not _known(name):
                    found.append((name, b""))  # reported as left out, never read
                    continue
                handle = tar.extractfile(info)
                if handle is not None:
                    found.append((name, handle.read()))
            _read_to_the_end(tar, UNPACKED_LIMIT - total)
        except (tarfile.TarError, OSError, EOFError, ValueError) as exc:
            raise _not_a_backup(msg("the backup is damaged ({reason}).", reason=str(exc))) from None
    return found


def _read_to_the_end(tar: tarfile.TarFile, room: int) -> None:
    """Decompress what follows the last member, so a cut or corrupted archive (its end and checksum missing) is
    found before anything is written; raises EOFError or OSError for one."""
    stream = tar.fileobj
    if stream is None:
        return
    while room > 0:
        chunk = stream.read(min(room, 1024 * 1024) + 1)
        if not chunk:
            return
        room -= len(chunk)
    raise OSError("data after the archive's end")


def _known(name: str) -> bool:
    return bool(JOURNAL.fullmatch(name) or TAGS.fullmatch(name)
                or name in (SETUP_MEMBER, CONFIG_MEMBER, CURRENT, DB_NAME))


@dataclass
class _Plan:
    """What a checked archive will write: state-folder files by relative path, and the configuration."""

    files: dict[str, bytes] = field(default_factory=dict)
    config: bytes | None = None


def _text(name: str, content: bytes) -> str:
    try:
        return content.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _not_a_backup(msg("{file} is not UTF-8 text ({reason}).", file=name, reason=str(exc))) from None


def _check_journal(name: str, content: bytes) -> None:
    """A journal of this companion, every record whole and replayable."""
    try:
        loaded = rebuild_journal(_text(name, content))
    except RuleError as exc:
        raise _not_a_backup(msg("{file}: {reason}.", file=name, reason=exc.message)) from None
    if loaded.damage is not None:
        raise _not_a_backup(msg("{file}: line {line}: {reason}.", file=name, line=loaded.damage.line,
                                reason=loaded.damage.reason))


def _plan(state_dir: Path, members: list[tuple[str, bytes]], config: Path | None, report: Restored) -> _Plan:
    plan = _Plan()
    for name, content in members:
        if JOURNAL.fullmatch(name):
            _check_journal(name, content)
            target = _free_name(state_dir / FINISHED_DIR, name.split("/", 1)[1], content, plan.files)
            if target is None:
                report.kept.append(name)
            else:
                plan.files[f"{FINISHED_DIR}/{target}"] = content
        elif (tags := TAGS.fullmatch(name)) is not None:
            game = tags.group(1)
            if game not in registered_games():
                report.refused.append(msg("{file}: no game {game} in this companion; left out.", file=name, game=game))
                continue
            try:
                parse_tagmap(_text(name, content), name, set(game_ui(game).tag_targets()))
            except RuleError as exc:
                raise _not_a_backup(msg("{file}: {reason}.", file=name, reason=exc.message)) from None
            plan.files[name] = content
        elif name == SETUP_MEMBER:
            try:
                json.loads(_text(name, content))
            except ValueError as exc:
                raise _not_a_backup(msg("{file}: {reason}.", file=name, reason=str(exc))) from None
            plan.files[name] = content
        elif name == CONFIG_MEMBER:
            if config is None:
                report.refused.append(msg("{file}: the web page was started without a configuration file; "
                                          "left out.", file=name))
                continue
            _check_config(name, content, config)
            plan.config = content
        elif name == CURRENT:
            report.kept.append(name)
        elif name != DB_NAME:
            report.refused.append(msg("{file}: not part of a companion backup; left out.", file=repr(name)))
    return plan


def _free_name(folder: Path, name: str, data: bytes, planned: dict[str, bytes]) -> str | None:
    """A restored journal's name: its own, or a new one when a different file has it; None if it is there."""
    candidate, number = name, 1
    while (folder / candidate).exists() or f"{FINISHED_DIR}/{candidate}" in planned:
        taken = planned.get(f"{FINISHED_DIR}/{candidate}")
        if taken == data or (taken is None and (folder / candidate).read_bytes() == data):
            return None
        number += 1
        candidate = f"{Path(name).stem}-restored-{number}.journal"
    return candidate


def _check_config(name: str, content: bytes, config: Path) -> None:
    from companion.config import ConfigError, load_config

    candidate = config.with_name(f".{config.name}.restore")
    try:
        candidate.write_bytes(content)
        load_config(candidate)
    except ConfigError as exc:
        raise _not_a_backup(msg("{file}: {reason}.", file=name, reason=exc.message)) from None
    except OSError as exc:
        raise _not_a_backup(msg("{file}: cannot be checked ({reason}).", file=name,
                                reason=exc.strerror or str(exc))) from None
    finally:
        candidate.unlink(missing_ok=True)


def restore(state_dir: Path, data: bytes, config: Path | None) -> Restored:
    """Put a backup's journals, tag maps, last set-up and configuration back, all or nothing; rebuild the history.

    Raises RuleError (nothing written) for an archive that is not a whole, valid backup or a disk that refuses.
    """
    report = Restored()
    plan = _plan(state_dir, _members(data), config, report)
    try:
        _write(state_dir, plan, config, report)
    except OSError as exc:
        raise _not_a_backup(msg("the disk refused it ({reason}); every file is as it was.",
                                reason=exc.strerror or str(exc))) from None
    if any(name.startswith(f"{FINISHED_DIR}/") for name in report.written):
        with open_history(state_dir) as history:
            history.rebuild()
    return report


def _write(state_dir: Path, plan: _Plan, config: Path | None, report: Restored) -> None:
    """Stage every file, keep what they replace, then move them in; on a failure put everything back."""
    staging = state_dir / STAGING
    shutil.rmtree(staging, ignore_errors=True)
    targets: list[tuple[Path, Path]] = []
    try:
        for number, (name, content) in enumerate(sorted(plan.files.items())):
            staged = staging / f"{number}"
            staged.parent.mkdir(parents=True, exist_ok=True)
            staged.write_bytes(content)
            targets.append((staged, state_dir / name))
        if plan.config is not None and config is not None:
            staged = staging / "config"
            staged.write_bytes(plan.config)
            targets.append((staged, config))
        for staged, _ in targets:
            with staged.open("rb") as file:
                os.fsync(file.fileno())
        _move_in(state_dir, targets, report)
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def _move_in(state_dir: Path, targets: list[tuple[Path, Path]], report: Restored) -> None:
    kept_dir = _replaced_dir(state_dir)
    moved: list[tuple[Path, Path | None]] = []
    try:
        for staged, target in targets:
            old = None
            if target.exists():
                if target.read_bytes() == staged.read_bytes():
                    report.kept.append(_shown(state_dir, target))
                    continue
                old = kept_dir / _shown(state_dir, target).replace("/", "_")
                old.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(target, old)
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(staged, target)
            fsync_dir(target.parent)
            moved.append((target, old))
            report.written.append(_shown(state_dir, target))
    except OSError:
        for target, old in reversed(moved):
            if old is not None:
                shutil.copy2(old, target)
            else:
                target.unlink(missing_ok=True)
        report.written.clear()
        raise
    if any(old is not None for _, old in moved):
        report.replaced = kept_dir
    elif kept_dir.exists():
        shutil.rmtree(kept_dir, ignore_errors=True)


def _replaced_dir(state_dir: Path) -> Path:
    """A new folder under replaced/ for this restore (a second restore in the same second gets its own)."""
    base = state_dir / REPLACED_DIR / utc_stamp()
    folder, number = base, 1
    while folder.exists():
        number += 1
        folder = base.with_name(f"{base.name}-{number}")
    return folder


def _shown(state_dir: Path, path: Path) -> str:
    try:
        return path.relative_to(state_dir).as_posix()
    except ValueError:
        return str(path)


__all__ = ["ARCHIVE_LIMIT", "Restored", "game_in_progress", "game_over", "make_backup", "restore"]
