"""One archive with everything the table would hate to lose, and putting it back.

The backup holds the journals (the game in progress and every archived
game), the tag maps, the last set-up, the configuration file and a
consistent copy of the history database (SQLite's backup API, so a game
being recorded meanwhile cannot tear it). A restore is careful: it reads
only plain files with the names a backup has, checks each journal's header
and each tag map before writing, never overwrites an archived journal that
differs (the restored one gets a new name), never touches the game in
progress, writes each file atomically, and then rebuilds the history from
the journals instead of trusting the archive's database.
"""

from __future__ import annotations

import io
import re
import sqlite3
import tarfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from companion.games import game_ui, registered_games
from companion.history.db import DB_NAME, open_history
from companion.storage import CURRENT, FINISHED_DIR, write_atomic
from companion.tagmap import parse_tagmap
from engine import RuleError
from engine.core.journal import parse_header
from engine.core.messages import Message, msg

MIB = 1024 * 1024
BODY_LIMIT = 16 * MIB
"""The largest request the web server takes (waitress refuses a longer one before reading its body).

Only a restore's upload is big. 200 games of the four games make a backup
of 229 KiB (1.2 KiB a game, history database included), so this is room for
more than 13,000 games. waitress holds a body in its temporary folder (on the
journals' disk) while it arrives, one per connection: at 1 GiB each, three
parallel requests held 3 GiB."""
MEMBER_LIMIT = 8 * 1024 * 1024
"""No journal, tag map or configuration comes near this; a bigger member is refused unread."""
ARCHIVE_LIMIT = 64 * 1024 * 1024
JOURNAL = re.compile(r"^games/[A-Za-z0-9._-]{1,120}\.journal$")
TAGS = re.compile(r"^tags-([a-z0-9-]{1,60})\.json$")
CONFIG_MEMBER = "config/companion.toml"
SETUP_MEMBER = "last-setup.json"


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


def make_backup(state_dir: Path, config: Path | None) -> bytes:
    """The backup archive (tar.gz) of `state_dir` and the configuration file."""
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w:gz") as tar:
        files = [state_dir / CURRENT, state_dir / SETUP_MEMBER, *sorted(state_dir.glob("tags*.json")),
                 *sorted((state_dir / FINISHED_DIR).glob("*.journal"))]
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


def _members(data: bytes) -> list[tuple[str, bytes]]:
    if len(data) > ARCHIVE_LIMIT:
        raise RuleError(msg("The backup is larger than {limit} MB; this is not a companion backup.",
                            limit=ARCHIVE_LIMIT // (1024 * 1024)))
    try:
        tar = tarfile.open(fileobj=io.BytesIO(data), mode="r:gz")
    except (tarfile.TarError, OSError, EOFError) as exc:
        raise RuleError(msg("The file is not a companion backup (a .tar.gz archive): {reason}.",
                            reason=str(exc))) from None
    found = []
    with tar:
        try:
            for info in tar:
                if not info.isfile() or info.size > MEMBER_LIMIT:
                    continue
                handle = tar.extractfile(info)
                if handle is not None:
                    found.append((info.name, handle.read()))
        except (tarfile.TarError, OSError, EOFError) as exc:
            raise RuleError(msg("The backup is damaged: {reason}.", reason=str(exc))) from None
    return found


def _journal_ok(data: bytes) -> bool:
    try:
        parse_header(data.split(b"\n", 1)[0].decode("utf-8"))
    except (RuleError, UnicodeDecodeError):
        return False
    return True


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


def restore(state_dir: Path, data: bytes, config: Path | None) -> Restored:
    """Put a backup's journals, tag maps, last set-up and configuration back; rebuild the history."""
    report = Restored()
    for name, content in _members(data):
        try:
            _restore_one(state_dir, name, content, config, report)
        except OSError as exc:
            report.refused.append(msg("{file}: cannot be written ({reason}).", file=name,
                                      reason=exc.strerror or str(exc)))
    if any(name.startswith(f"{FINISHED_DIR}/") for name in report.written):
        with open_history(state_dir) as history:
            history.rebuild()
    return report


def _restore_one(state_dir: Path, name: str, content: bytes, config: Path | None, report: Restored) -> None:
    if JOURNAL.match(name):
        if not _journal_ok(content):
            report.refused.append(msg("{file}: not a journal of this companion; left out.", file=name))
            return
        (state_dir / FINISHED_DIR).mkdir(parents=True, exist_ok=True)
        target = _free_name(state_dir / FINISHED_DIR, name.split("/", 1)[1], content)
        if target is None:
            report.kept.append(name)
            return
        write_atomic(target, content.decode("utf-8"))
        report.written.append(f"{FINISHED_DIR}/{target.name}")
    elif (tags := TAGS.match(name)) is not None:
        _restore_tags(state_dir, name, tags.group(1), content, report)
    elif name == SETUP_MEMBER:
        write_atomic(state_dir / SETUP_MEMBER, content.decode("utf-8", errors="replace"))
        report.written.append(name)
    elif name == CONFIG_MEMBER:
        _restore_config(name, content, config, report)
    elif name == CURRENT:
        report.kept.append(name)
    elif name != DB_NAME:
        report.refused.append(msg("{file}: not part of a companion backup; left out.", file=name))


def _restore_tags(state_dir: Path, name: str, game: str, content: bytes, report: Restored) -> None:
    if game not in registered_games():
        report.refused.append(msg("{file}: no game {game} in this companion; left out.", file=name, game=game))
        return
    try:
        text = content.decode("utf-8")
        parse_tagmap(text, name, set(game_ui(game).tag_targets()))
    except (RuleError, UnicodeDecodeError) as exc:
        reason = exc.message if isinstance(exc, RuleError) else str(exc)
        report.refused.append(msg("{file}: left out ({reason}).", file=name, reason=reason))
        return
    write_atomic(state_dir / name, text)
    report.written.append(name)


def _restore_config(name: str, content: bytes, config: Path | None, report: Restored) -> None:
    from companion.config import ConfigError, load_config

    if config is None:
        report.refused.append(msg("{file}: the web page was started without a configuration file; left out.",
                                  file=name))
        return
    candidate = config.with_name(f".{config.name}.restore")
    try:
        candidate.write_bytes(content)
        load_config(candidate)
    except ConfigError as exc:
        report.refused.append(msg("{file}: left out ({reason}).", file=name, reason=exc.message))
        return
    finally:
        candidate.unlink(missing_ok=True)
    write_atomic(config, content.decode("utf-8"))
    report.written.append(str(config))
