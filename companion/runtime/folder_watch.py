"""Whether the state folder takes writes, as the companion's looks for the phone page's files find it.

The phone page asks the device through small files in the state folder (an
enrolment request, a seating), and the companion looks for them once a
second: taking one renames it. On a folder that refuses writes (a card the
kernel remounted read-only after errors, a read-only bind, a folder the
companion may not write) that rename fails every time. So the first refusal
(EROFS, EACCES or EPERM) is said once: one line in the log, and a standing
line on the screen in the table's language. The looks then rest; every
RECHECK_S seconds a probe file is made and removed instead, and when the
folder takes it again that is said once too, and the looks start again.

A full disk or a failing card (ENOSPC, EIO) is not this: renames and
removals still work there, and the Cannot save screen says so when a game's
save needs the disk.
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Callable
from pathlib import Path

from companion.runtime.storage import REAL_DISK, FileSystem
from engine.core.messages import Message, msg

REFUSALS = {errno.EROFS: msg("the disk is read-only"),
            errno.EACCES: msg("the companion is not allowed to write there"),
            errno.EPERM: msg("the companion is not allowed to write there")}
"""The errors that mean the folder takes no writes at all, and how the table reads each."""
RECHECK_S = 10.0
"""How often a refusing folder is tried again: a fixed folder is noticed within seconds, and a folder that
stays read-only costs one failed call every ten seconds instead of two a second."""
PROBE = ".write-check"
"""The file made and removed to see whether the folder takes writes again."""


def _log(line: str) -> None:
    print(line, file=sys.stderr)


class FolderWatch:
    """The state folder's refusal, if any: said once in the log, shown until the folder takes writes again."""

    def __init__(self, state_dir: Path, log: Callable[[str], None] = _log) -> None:
        self.state_dir = state_dir
        self.log = log
        self.refusal: OSError | None = None
        """The first write the folder refused since it last took one; None while it takes writes."""
        self.recheck_at: float | None = None

    def refused(self, exc: OSError, now: float) -> bool:
        """Note a failed write: True when `exc` says the folder takes no writes (the first time, in the log).

        Any other error (a full disk, a failing card) is False: the caller says it as before.
        """
        if exc.errno not in REFUSALS:
            return False
        if self.refusal is None:
            self.refusal = exc
            self.log(f"companion: the state folder {self.state_dir} cannot be written "
                     f"({exc.strerror or exc}: {exc.filename or self.state_dir}); nothing is saved there until "
                     f"it can (tried again every {RECHECK_S:g} s)")
        self.recheck_at = now + RECHECK_S
        return True

    def resting(self, now: float, fs: FileSystem = REAL_DISK) -> bool:
        """True while the folder refuses writes: what writes there in the background waits.

        When the time to try again has come, the probe is tried first; a
        folder that takes it again is said in the log, and False is returned.
        """
        if self.refusal is None:
            return False
        if self.recheck_at is not None and now < self.recheck_at:
            return True
        probe = self.state_dir / PROBE
        try:
            fs.close(fs.open(probe, os.O_WRONLY | os.O_CREAT | os.O_TRUNC))
            fs.unlink(probe)
        except OSError as exc:
            if self.refused(exc, now):
                return True
        self.refusal = None
        self.recheck_at = None
        self.log(f"companion: the state folder {self.state_dir} can be written again")
        return False

    def deadline(self) -> float | None:
        """When the folder is next tried (None while it takes writes)."""
        return self.recheck_at if self.refusal is not None else None

    def line(self) -> Message | None:
        """What the screen says while the folder refuses writes, or None."""
        exc = self.refusal
        if exc is None:
            return None
        return msg("Cannot save in {path}: {reason} ({system}). Nothing is saved for now.", path=str(self.state_dir),
                   reason=REFUSALS[exc.errno or 0], system=exc.strerror or str(exc))
