"""One companion per state directory: an exclusive lock held for the life of the process.

Two companions writing one journal and one tag map would interleave records
and save over each other's bindings. Every command that writes the state
directory (`run`, `enroll`) takes an exclusive `flock` on `companion.lock`
there before touching anything else, and writes who it is into the file so
the one refused can say who holds it. The kernel drops the lock when the
process ends, however it ends (a power cut, SIGKILL), so a stale file never
blocks a start.
"""

from __future__ import annotations

import errno
import fcntl
import json
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

from engine import RuleError
from engine.core.messages import Message, msg
from engine.core.safe_json import load_limited

LOCK_NAME = "companion.lock"
LOCKED_EXIT = 75
"""EX_TEMPFAIL: try again once the other companion has stopped. The unit does not restart on it."""

SERVICE_HINT = "sudo systemctl stop table-companion"


class _Said(Exception):
    """An error whose reason is a Message (shown in the table's language); `str()` is the English."""

    def __init__(self, message: Message) -> None:
        self.message = message
        super().__init__(message.text)


class StateDirError(_Said):
    """The state directory cannot be used (not a folder, not writable); says the path and why."""


class StateLocked(_Said):
    """Another companion holds the state directory's lock; the message says who and what to do."""


@dataclass
class Holder:
    """Who holds the lock, as its lock file says (any field may be unknown)."""

    pid: int | None = None
    command: str | None = None
    since: float | None = None

    def describe(self, clock: Callable[[], float] = time.time) -> Message:
        """"Another companion (pid 12, `companion run`, since 14:02)": as much as the lock file tells."""
        parts: list[Message] = []
        if self.pid is not None:
            parts.append(msg("pid {n}", n=self.pid))
        if self.command:
            parts.append(msg("`{command}`", command=self.command))
        if self.since is not None:
            parts.append(msg("since {time}", time=_when(self.since, clock())))
        if not parts:
            return msg("Another companion")
        what = parts[0]
        for part in parts[1:]:
            what = msg("{first}, {then}", first=what, then=part)
        return msg("Another companion ({what})", what=what)

    def advice(self) -> Message:
        if self.command and "enroll" in self.command:
            return msg("finish that enrolment first (OK on the enrolment screen, or Ctrl-C where it runs)")
        return msg("stop it first: {command} (or close its window)", command=SERVICE_HINT)


def _when(since: float, now: float) -> str:
    stamp = time.localtime(since)
    if time.strftime("%Y-%m-%d", stamp) == time.strftime("%Y-%m-%d", time.localtime(now)):
        return time.strftime("%H:%M", stamp)
    return time.strftime("%Y-%m-%d %H:%M", stamp)


def read_holder(text: str) -> Holder:
    """The holder named in a lock file's text; unknown fields where the text is cut or damaged."""
    try:
        raw = load_limited(text)
    except RuleError:
        return Holder()
    if not isinstance(raw, dict):
        return Holder()
    pid, command, since = raw.get("pid"), raw.get("command"), raw.get("since")
    return Holder(
        pid if isinstance(pid, int) and not isinstance(pid, bool) else None,
        command if isinstance(command, str) else None,
        float(since) if isinstance(since, int | float) and not isinstance(since, bool) else None,
    )


def prepare_state_dir(state_dir: Path) -> None:
    """Create the state directory if needed; StateDirError with the path and reason if it cannot be used."""
    if state_dir.exists() and not state_dir.is_dir():
        raise StateDirError(msg("{path}: the state folder is a file, not a folder; move the file away or set "
                                "app.state_dir to a folder", path=str(state_dir)))
    try:
        state_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StateDirError(msg("{path}: cannot create the state folder: {system}", path=str(state_dir),
                                system=exc.strerror or str(exc))) from None


class StateLock:
    """The held lock; release it with `release()` or by leaving a `with` block.

    `held` is False only when the folder cannot be written at all (read-only,
    no permission): no companion can change it then, so there is nothing to
    guard, and the app reports that it cannot save.
    """

    def __init__(self, path: Path, fd: int | None) -> None:
        self.path = path
        self._fd = fd

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def __enter__(self) -> StateLock:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.release()


def _open_lock_file(path: Path) -> int | None:
    """The lock file, opened for writing if possible, else read-only; None if it cannot exist."""
    try:
        return os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o640)
    except OSError as exc:
        if exc.errno not in (errno.EACCES, errno.EPERM, errno.EROFS):
            raise StateDirError(msg("{path}: cannot open the lock file: {system}", path=str(path),
                                    system=exc.strerror or str(exc))) from None
    try:
        return os.open(path, os.O_RDONLY | os.O_CLOEXEC)
    except OSError:
        return None


def acquire(state_dir: Path, command: str, clock: Callable[[], float] = time.time) -> StateLock:
    """Lock `state_dir` for this process, or raise StateLocked naming the holder.

    Raises StateDirError when the folder cannot be created or used (a file
    in its place, a missing parent that cannot be made).
    """
    prepare_state_dir(state_dir)
    path = state_dir / LOCK_NAME
    fd = _open_lock_file(path)
    if fd is None:
        return StateLock(path, None)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = read_holder(os.pread(fd, 4096, 0).decode("utf-8", errors="replace"))
        os.close(fd)
        raise StateLocked(msg("{who} is using {path}; {advice}.", who=holder.describe(clock), path=str(state_dir),
                              advice=holder.advice())) from None
    except OSError as exc:
        os.close(fd)
        raise StateDirError(msg("{path}: cannot lock the state folder: {system}", path=str(path),
                                system=exc.strerror or str(exc))) from None
    _write_holder(fd, command, clock())
    return StateLock(path, fd)


def _write_holder(fd: int, command: str, now: float) -> None:
    """Say who holds the lock. Best effort: on a full or read-only disk the lock still holds."""
    record = json.dumps({"pid": os.getpid(), "command": command, "since": round(now, 3)}) + "\n"
    try:
        os.ftruncate(fd, 0)
        os.pwrite(fd, record.encode(), 0)
    except OSError:
        return
