"""Files that must survive a power cut, a full disk and a damaged SD card.

Power is pulled without warning at a game table. A journal only ever grows by
whole lines, each flushed and fsynced before the screen says the input
happened; a file that must change as a whole (a journal after an undo, the
tag map) is written to a temporary file, fsynced, renamed over the old one,
and the directory is fsynced. Nothing is rewritten in place, and a damaged
journal is copied byte for byte before anything replaces it.

A power cut in the middle of an append can still leave the last line
without its newline, or only part of it. Such an end is mended before
anything is appended (`JournalFile.repair_end`, at start-up), and an append
that finds the file no longer ending with a newline writes the whole game
again instead: a record is never appended onto another line.

Every change to the disk goes through a `FileSystem`, so the fault tests and
`bench/disk_faults.py` can make the disk full, read-only or failing without
root, mounts or a real broken card. A failed write raises OSError; the app
decides what the table is told.
"""

from __future__ import annotations

import errno
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from engine import Input, Match, RuleError
from engine.core.game import Game, KeepsEarlierRules
from engine.core.journal import (
    Damage,
    Journal,
    header_line,
    journal_times,
    parse_header,
    parse_journal,
    parse_record,
    record_line,
)
from engine.core.messages import Message, msg
from engine.core.safe_json import load_limited

CURRENT = "current.journal"
FINISHED_DIR = "games"


class FileSystem:
    """The operations that change the disk, on the real one."""

    def open(self, path: Path, flags: int, mode: int = 0o644) -> int:
        return os.open(path, flags, mode)

    def write(self, fd: int, data: bytes) -> int:
        return os.write(fd, data)

    def fsync(self, fd: int) -> None:
        os.fsync(fd)

    def close(self, fd: int) -> None:
        os.close(fd)

    def truncate(self, fd: int, size: int) -> None:
        os.ftruncate(fd, size)

    def replace(self, source: Path, target: Path) -> None:
        os.replace(source, target)

    def unlink(self, path: Path) -> None:
        os.unlink(path)

    def mkdir(self, path: Path) -> None:
        path.mkdir(parents=True, exist_ok=True)


REAL_DISK = FileSystem()

WRITE_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_TRUNC


class FaultyFileSystem(FileSystem):
    """A disk that fails on demand, as a real one does, for tests and the fault bench.

    Set `error` to an errno to make it fail until it is set back to None:
    ENOSPC lets files be opened but writes half of what it is given and then
    refuses (a line cut by a full disk); EROFS, EACCES and EPERM refuse to
    open for writing, rename, delete or make folders; any other errno (EIO)
    lets data be written and fails the fsync. `failures` counts refusals.
    """

    def __init__(self) -> None:
        self.error: int | None = None
        self.failures = 0

    def _fail(self, path: Path | None = None) -> OSError:
        """The error the real call gives: with the file name for a path, without for a descriptor."""
        assert self.error is not None
        self.failures += 1
        if path is None:
            return OSError(self.error, os.strerror(self.error))
        return OSError(self.error, os.strerror(self.error), str(path))

    def _refuses_changes(self) -> bool:
        return self.error in (errno.EROFS, errno.EACCES, errno.EPERM)

    def open(self, path: Path, flags: int, mode: int = 0o644) -> int:
        if flags & WRITE_FLAGS and self._refuses_changes():
            raise self._fail(path)
        return super().open(path, flags, mode)

    def write(self, fd: int, data: bytes) -> int:
        if self.error == errno.ENOSPC:
            os.write(fd, data[: len(data) // 2])
            raise self._fail()
        return super().write(fd, data)

    def fsync(self, fd: int) -> None:
        if self.error is not None and self.error != errno.ENOSPC and not self._refuses_changes():
            raise self._fail()
        super().fsync(fd)

    def truncate(self, fd: int, size: int) -> None:
        if self._refuses_changes():
            raise self._fail()
        super().truncate(fd, size)

    def replace(self, source: Path, target: Path) -> None:
        if self._refuses_changes():
            raise self._fail(target)
        super().replace(source, target)

    def unlink(self, path: Path) -> None:
        if self._refuses_changes():
            raise self._fail(path)
        super().unlink(path)

    def mkdir(self, path: Path) -> None:
        if self._refuses_changes() and not path.is_dir():
            raise self._fail(path)
        super().mkdir(path)


def why_not_saved(exc: OSError, path: Path) -> Message:
    """The sentence the table reads when a save failed: what is wrong, the reason and the file.

    The reason is named by errno in the table's language; the system's own
    words (strerror) and the path follow as they are, for whoever fixes it.
    """
    reasons = {errno.ENOSPC: msg("the disk is full"), errno.EDQUOT: msg("the disk quota is used up"),
               errno.EROFS: msg("the disk is read-only"),
               errno.EACCES: msg("the companion is not allowed to write there"),
               errno.EPERM: msg("the companion is not allowed to write there")}
    strerror = exc.strerror or str(exc)
    where = exc.filename if isinstance(exc.filename, str) else str(path)
    reason = reasons.get(exc.errno or 0)
    if reason is None:
        return msg("Cannot save: {system} ({path}). The game is kept in memory; inputs are refused until "
                   "saving works again.", system=strerror, path=where)
    return msg("Cannot save: {reason} ({system}, {path}). The game is kept in memory; inputs are refused until "
               "saving works again.", reason=reason, system=strerror, path=where)


def _write_all(fs: FileSystem, fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = fs.write(fd, bytes(view))
        view = view[written:]


def fsync_dir(path: Path, fs: FileSystem = REAL_DISK) -> None:
    """Make a rename or a new file in `path` durable."""
    fd = fs.open(path, os.O_RDONLY)
    try:
        fs.fsync(fd)
    finally:
        fs.close(fd)


def tmp_path(path: Path) -> Path:
    """Where `write_atomic` writes before the rename."""
    return path.with_name(f".{path.name}.tmp")


def write_atomic(path: Path, text: str | bytes, fs: FileSystem = REAL_DISK) -> None:
    """Replace `path` with `text` (UTF-8 when it is a str) so a power cut leaves either the old or the new file.

    A failed write removes its temporary file (when the disk lets it), so a
    full disk is not left fuller by a half-written copy.
    """
    fs.mkdir(path.parent)
    tmp = tmp_path(path)
    try:
        fd = fs.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        try:
            _write_all(fs, fd, text.encode("utf-8") if isinstance(text, str) else text)
            fs.fsync(fd)
        finally:
            fs.close(fd)
        fs.replace(tmp, path)
    except OSError:
        remove_quietly(tmp, fs)
        raise
    fsync_dir(path.parent, fs)


def remove_quietly(path: Path, fs: FileSystem = REAL_DISK) -> bool:
    """Delete a leftover temporary file; False when the disk refuses (the next write tries again)."""
    try:
        fs.unlink(path)
    except FileNotFoundError:
        return True
    except OSError:
        return False
    return True


def copy_new(data: bytes, base: Path, fs: FileSystem = REAL_DISK) -> Path:
    """Write `data` as a new file `base`, or `base-2`, `base-3`, ... when the name is taken; returns it.

    For the copies kept before something is replaced: names carry the time
    to the second, and a second copy in the same second must not overwrite
    the first. The copy is fsynced with its folder; one the disk refuses is
    removed again, so no half copy passes for the original.
    """
    fs.mkdir(base.parent)
    number = 1
    while True:
        target = base if number == 1 else base.with_name(f"{base.name}-{number}")
        try:
            fd = fs.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL)
        except FileExistsError:
            number += 1
            continue
        break
    try:
        try:
            _write_all(fs, fd, data)
            fs.fsync(fd)
        finally:
            fs.close(fd)
    except OSError:
        remove_quietly(target, fs)
        raise
    fsync_dir(base.parent, fs)
    return target


def utc_stamp() -> str:
    """Now in UTC as 20261126T012233Z: sorts by time and is safe in a file name."""
    return time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())


@dataclass(frozen=True)
class EndRepair:
    """What `JournalFile.repair_end` did to a journal whose last line had no newline.

    copy  the journal as it was, byte for byte (`current.journal.damaged-<UTC time>`)
    cut   True: the last line was part of a record and was cut off; False: it was a
          whole record (or the header) that only lost its newline, and got it back
    """

    copy: Path
    cut: bool


class JournalFile:
    """The journal of the game in progress, kept in step with a Match."""

    def __init__(self, path: Path, fs: FileSystem = REAL_DISK) -> None:
        self.path = path
        self.fs = fs

    def start(self, match: Match) -> None:
        """Begin a new journal for `match` (replacing any previous current game), its component data kept first
        (companion.runtime.component_store), so the header never names data that is not on the disk."""
        self._keep_components(match)
        write_atomic(self.path, self._text(match), self.fs)

    def _keep_components(self, match: Match) -> None:
        from companion.runtime import component_store

        component_store.keep_for(self.path.parent, match.game, self.fs)

    def append(self, match: Match, count: int = 1) -> None:
        """Append the match's last `count` inputs in one write, fsynced before returning.

        One write call for a step of several inputs (a card tapped at the
        action prompt is Fight plus the tap) means a power cut keeps all of
        the step or none of it. A write the disk refuses halfway is cut
        back off, so the file holds whole records only; the caller takes
        the inputs back and later rewrites the whole journal.

        The records go on a fresh line only: a file that no longer ends
        with a newline (cut or changed since it was read) is copied byte
        for byte and the whole game is written again instead, so the new
        records can never be glued to a torn line and lost with it.
        """
        first = len(match.inputs) - count + 1
        lines = "".join(record_line(n, match.inputs[n - 1], match.times[n - 1])
                        for n in range(first, len(match.inputs) + 1))
        fd = self.fs.open(self.path, os.O_RDWR | os.O_APPEND)
        try:
            size = os.fstat(fd).st_size
            fresh_line = size > 0 and os.pread(fd, 1, size - 1) == b"\n"
            if fresh_line:
                try:
                    _write_all(self.fs, fd, lines.encode("utf-8"))
                    self.fs.fsync(fd)
                except OSError:
                    self._cut_back(fd, size)
                    raise
        finally:
            self.fs.close(fd)
        if not fresh_line:
            if size > 0:
                self.keep_copy("damaged")
            self.rewrite(match)

    def _cut_back(self, fd: int, size: int) -> None:
        """Best effort after a failed append: drop the partial line now.

        If even this fails, the partial line is harmless: it is the torn last
        record a power cut leaves, and the app rewrites the whole journal as
        soon as saving works again.
        """
        try:
            self.fs.truncate(fd, size)
            self.fs.fsync(fd)
        except OSError:
            return

    def rewrite(self, match: Match) -> None:
        """After an undo, a damaged tail, a failed save or a corrected component: the whole journal again,
        atomically (its component data kept first, as `start` does)."""
        self._keep_components(match)
        write_atomic(self.path, self._text(match), self.fs)

    def repair_end(self) -> EndRepair | None:
        """Make the journal end with a whole line before anything is appended; None when it already does.

        A power cut in the middle of an append can leave the last line
        without its newline. First the journal is copied byte for byte
        (`keep_copy`), then:

        - a last line that is a whole record (or the header of a game with
          no input yet) only lost its newline: the record was written
          whole and is kept; the newline is appended and fsynced;
        - a last line that is not (part of a record) was never acknowledged,
          since an append writes its lines with their newlines in one write
          and fsyncs before the screen shows the input: the lines before it
          are written again, byte for byte, atomically. `load_journal` on the
          journal before this reports it as a torn record (`Damage.torn`),
          which is what the table is told.

        A header cut short is left as it is: no game can be read from it, and
        the app puts the file aside unchanged. Only the last byte is read
        when the journal ends with a newline (the common case), and nothing
        is written then.
        """
        try:
            with self.path.open("rb") as file:
                size = file.seek(0, os.SEEK_END)
                if size == 0:
                    return None
                file.seek(size - 1)
                if file.read(1) == b"\n":
                    return None
                file.seek(0)
                data = file.read()
        except FileNotFoundError:
            return None
        end = data.rfind(b"\n") + 1
        whole = _whole_line(data[end:].decode("utf-8", errors="replace"), data.count(b"\n"))
        if end == 0 and not whole:
            return None
        copy = self.keep_copy("damaged", data)
        if whole:
            fd = self.fs.open(self.path, os.O_WRONLY | os.O_APPEND)
            try:
                _write_all(self.fs, fd, b"\n")
                self.fs.fsync(fd)
            finally:
                self.fs.close(fd)
        else:
            write_atomic(self.path, data[:end], self.fs)
        return EndRepair(copy, cut=not whole)

    @staticmethod
    def _text(match: Match) -> str:
        return header_line(match.header()) + "".join(
            record_line(n, value, at) for n, (value, at) in enumerate(zip(match.inputs, match.times, strict=True),
                                                                      start=1))

    def archive(self, name: str) -> Path:
        """Move the current journal out of the way, under games/, never over another file."""
        folder = self.path.parent / FINISHED_DIR
        self.fs.mkdir(folder)
        target = folder / name
        if target.exists():
            raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(target))
        self.fs.replace(self.path, target)
        fsync_dir(self.path.parent, self.fs)
        fsync_dir(folder, self.fs)
        return target

    def keep_copy(self, label: str, data: bytes | None = None) -> Path:
        """Copy the journal byte for byte beside it as `current.journal.<label>-<UTC time>`.

        Made before a damaged journal is replaced, so nothing on the disk is
        ever lost. An existing copy is never overwritten: a second copy in
        the same second gets `-2`, `-3`, ... A copy the disk refuses is
        removed again, so no half copy passes for the original. Starting
        again on the same damaged file (a restart before the table chose)
        finds its earlier copy instead of filling the disk with more.
        `data` is the journal's bytes when the caller has just read them.
        """
        if data is None:
            data = self.path.read_bytes()
        for earlier in sorted(self.path.parent.glob(f"{self.path.name}.{label}-*")):
            if earlier.stat().st_size == len(data) and earlier.read_bytes() == data:
                return earlier
        return copy_new(data, self.path.with_name(f"{self.path.name}.{label}-{utc_stamp()}"), self.fs)

    def remove_stale_tmp(self) -> bool:
        """Delete a temporary file a failed or interrupted rewrite left behind."""
        tmp = tmp_path(self.path)
        return remove_quietly(tmp, self.fs) if tmp.exists() else True


def _whole_line(line: str, number: int) -> bool:
    """True when `line` is whole as the journal's `number`th record (0: its header), newline aside."""
    try:
        if number == 0:
            parse_header(line)
        else:
            parse_record(line, number)
    except RuleError:
        return False
    return True


@dataclass
class Loaded:
    """A journal read back: the rebuilt match and what, if anything, was damaged."""

    match: Match
    journal: Journal
    damage: Damage | None


def load_journal(path: Path, folders: list[Path] | None = None) -> Loaded:
    """Rebuild a match from a journal file, keeping what survived any damage.

    The game plays with the component data the header names, looked up in
    the stores of `folders` (default: the journal's state folder, see
    companion.runtime.component_store.journal_folders).

    Raises RuleError when there is no usable game (unreadable header, unknown
    game, or a setup the rules refuse). Inputs that parse but cannot be
    replayed count as damage: the match stops before the first of them.

    The file is untrusted (edited by hand, garbled by a card), so anything
    the engine raises while rebuilding from it is turned into RuleError or
    damage: a crafted journal must never crash start-up.
    """
    try:
        text = path.read_bytes().decode("utf-8", errors="replace")
    except OSError as exc:
        raise RuleError(msg("{path}: cannot read the journal ({system})", path=str(path),
                            system=exc.strerror or str(exc))) from None
    return rebuild_journal(text, _folders(path, folders))


def _folders(path: Path, folders: list[Path] | None) -> list[Path]:
    from companion.runtime import component_store

    return component_store.journal_folders(path) if folders is None else folders


def rebuild_journal(text: str, folders: list[Path] | None = None) -> Loaded:
    """`load_journal` on a journal's text (a file read, or a member of a backup being checked), its component
    data looked up in the stores of `folders`."""
    from companion.runtime import component_store

    journal = parse_journal(text)
    header = journal.header
    try:
        game = component_store.game_of_header(header, folders or [])
    except RuleError as exc:
        raise RuleError(msg("line 1: {reason}", reason=exc.message)) from None
    try:
        match = Match(game, header["setup"], header["seed"])
    except RuleError as exc:
        raise RuleError(msg("line 1: the game cannot be set up again: {reason}", reason=exc.message)) from None
    except Exception as exc:  # an untrusted setup: see the docstring
        raise RuleError(msg("line 1: the game cannot be rebuilt from this setup ({system})",
                            system=f"{type(exc).__name__}: {exc}")) from None
    match.notes = header["notes"]
    match.started = header["at"]
    times = journal_times(text)[1]
    damage = journal.damage
    for number, value in enumerate(journal.inputs, start=1):
        try:
            match.apply(value, times[number - 1] if number <= len(times) else None)
        except Exception as exc:  # an untrusted input: see the docstring
            why: Message | str = exc.message if isinstance(exc, RuleError) else f"{type(exc).__name__}: {exc}"
            later = len(journal.inputs) - number + (damage.intact_after if damage else 0)
            damage = Damage(number + 1, msg("input {n} cannot be replayed ({reason})", n=number, reason=why), later)
            break
    if damage is not None and damage is not journal.damage and isinstance(game, KeepsEarlierRules):
        earlier = _replay_under_earlier_rules(game, header, journal.inputs)
        if earlier is not None:
            return Loaded(earlier, journal, journal.damage)
    return Loaded(match, journal, damage)


class JournalFollower:
    """One journal read again and again while a table plays (a trial checking the disk after every input).

    `load_journal` after every input replays the whole game each time: the
    square of its length. A follower replays only the records appended since
    its last read, onto the match it rebuilt then; the file is read whole
    again when it was rewritten (an undo, a new game), when the bytes read
    before are no longer its start, when the last read ended inside a record
    or found damage, and when a new record does not replay.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._seen: tuple[int, int, int] | None = None
        self._data = b""
        self._loaded: Loaded | None = None

    def read(self) -> Loaded | None:
        """The journal as it is now (None when there is none); RuleError as `load_journal` raises it."""
        try:
            with self.path.open("rb") as file:
                st = os.fstat(file.fileno())
                seen = (st.st_ino, st.st_size, st.st_mtime_ns)
                if seen == self._seen:
                    return self._loaded
                data = file.read()
        except FileNotFoundError:
            self._seen, self._data, self._loaded = None, b"", None
            return None
        loaded = self._appended(data)
        if loaded is None:
            # The last match may be half replayed: it is never used again, even if the whole read raises.
            self._seen, self._loaded = None, None
            loaded = rebuild_journal(data.decode("utf-8", errors="replace"), _folders(self.path, None))
        self._seen, self._data, self._loaded = seen, data, loaded
        return loaded

    def _appended(self, data: bytes) -> Loaded | None:
        """The last read's match with the records appended since replayed onto it, or None to read whole."""
        loaded, before = self._loaded, self._data
        if loaded is None or loaded.damage is not None or not before.endswith(b"\n") or not data.startswith(before):
            return None
        lines = data[len(before):].decode("utf-8", errors="replace").split("\n")
        if lines[-1]:
            return None  # the last record is cut short: the whole read says so
        match = loaded.match
        try:
            for line in lines[:-1]:
                value = parse_record(line, len(match.inputs) + 1)
                match.apply(value)
                loaded.journal.inputs.append(value)
        except Exception:  # damaged or not replayable: the whole read reports it (the match is rebuilt)
            return None
        return loaded


def _replay_under_earlier_rules(game: KeepsEarlierRules, header: dict[str, Any],
                                inputs: list[Input]) -> Match | None:
    """The match as the game's earlier rules replay every input, or None when none of them does.

    A journal saved before a rule change is not damaged: it is kept as it is
    and resumes under the rules it was played with (engine.core.game).
    """
    for setup in game.earlier_setups(header["setup"]):
        try:
            match = Match(cast(Game, game), setup, header["seed"])
            for value in inputs:
                match.apply(value)
        except Exception:  # an untrusted journal: this reading does not fit it either
            continue
        return match
    return None


def unfinished(state_dir: Path) -> Path | None:
    """The current game's journal if there is one."""
    path = state_dir / CURRENT
    return path if path.exists() else None


def journal_game(path: Path) -> str | None:
    """The game a journal's header names, read from its first line only; None when that cannot be told.

    Resume opens the game the journal was played with, whatever is configured
    now; a header that cannot be read leaves the choice to the caller, and the
    damage is reported when the journal itself is loaded.
    """
    try:
        with path.open("rb") as file:
            first = file.readline(64 * 1024)
        header = load_limited(first.decode("utf-8"))
    except (OSError, UnicodeDecodeError, RuleError):
        return None
    game = header.get("game") if isinstance(header, dict) else None
    return game if isinstance(game, str) else None


def read_small_json(path: Path, max_bytes: int) -> Any:
    """A small JSON state file read whole, at most `max_bytes`; None when there is none.

    The files the device and the phone page share (the remembered set-up,
    the player book, the seating) are read this way, so each refuses the
    same things with the same words: RuleError says why it cannot be used
    (the system's reason, too large, not UTF-8, not JSON) without the path,
    which the caller's message names.
    """
    try:
        with path.open("rb") as file:
            raw = file.read(max_bytes + 1)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise RuleError(exc.strerror or str(exc)) from None
    if len(raw) > max_bytes:
        raise RuleError(msg("it is larger than {n} KiB", n=max_bytes // 1024))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise RuleError(msg("not UTF-8 text")) from None
    return load_limited(text)


def read_format_file(path: Path, max_bytes: int, not_it: Message) -> dict[str, Any] | None:
    """A shared state file of format 1 (a JSON object with `"format": 1`), None when there is none.

    RuleError names the path and why; `not_it` is what to say of an object
    of another kind or format ("{path}: not a seating file of format 1").
    """
    try:
        raw = read_small_json(path, max_bytes)
    except RuleError as exc:
        raise RuleError(msg("{path}: {reason}", path=str(path), reason=exc.message)) from None
    if raw is None:
        return None
    if not isinstance(raw, dict) or raw.get("format") != 1:
        raise RuleError(not_it)
    return raw
