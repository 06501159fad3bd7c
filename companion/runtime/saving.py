"""Disk work the app owes: done in order, retried until the disk takes it.

A full, read-only or failing disk must never crash the companion (under
systemd a crash at start-up is a black-screen restart loop) and must never
let the screen show an input that is not on disk. So every piece of disk
work is a `Job`; a job the disk refuses stays owed, with the jobs after it,
and is retried every few seconds. Meanwhile the table sees the Cannot save
screen and its inputs are refused, or it chooses to play on unsaved and
every screen says NOT SAVED until the whole game could be written.

This module keeps the owed jobs and the "cannot save" state; what a job
does is the app's (`do`), so the queue is testable without a game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from companion.games.base import Menu, Text
from companion.runtime.storage import why_not_saved
from engine import Match
from engine.core.messages import msg, msg_n


@dataclass(frozen=True)
class Job:
    """One piece of owed disk work.

    kind   "open": make and read the state folder (then offer to resume);
           "repair-end": mend a journal whose last line lost its newline (storage.JournalFile.repair_end);
           "keep-damaged": copy a damaged journal aside, byte for byte;
           "archive": move the current journal under games/ as `why`;
           "sync": write `match` whole, atomically (header + accepted inputs)
    match  the game a sync writes or an archive ends (compared by identity)
    note   what the table should know if this job is the one that fails
    """

    kind: str
    match: Match | None = None
    why: str = ""
    note: Text = field(default="", compare=False)


class SaveQueue:
    """The owed jobs, the reason the last one failed, and whether the table plays on unsaved."""

    def __init__(self, do: Callable[[Job], None], path: Path, clock: Callable[[], float],
                 retry_s: float, said: Callable[[Text, bool], None]) -> None:
        self._do = do
        self._path = path
        self._clock = clock
        self.retry_s = retry_s
        self._say = said
        self.jobs: list[Job] = []
        self.error: Text | None = None
        self.note: Text = ""
        self.selected = 0
        self.unsaved = False
        self.retry_at: float | None = None

    def blocked(self) -> bool:
        """A save failed and the table has not chosen to play on unsaved: inputs are refused."""
        return self.error is not None and not self.unsaved

    def queue(self, job: Job) -> None:
        """Owe `job` without trying it now (a retry or the next flush does it)."""
        if job not in self.jobs:
            self.jobs.append(job)

    def insert_next(self, job: Job) -> None:
        """Owe `job` right after the one being done now."""
        self.jobs.insert(1, job)

    def owe(self, job: Job) -> bool:
        """Do `job` after whatever is still owed; unsaved play only queues it for the next retry."""
        self.queue(job)
        return False if self.unsaved else self.flush()

    def flush(self) -> bool:
        """Do the owed jobs in order; at the first refusal tell the table and stop."""
        while self.jobs:
            job = self.jobs[0]
            try:
                self._do(job)
            except OSError as exc:
                self.failed(exc, job.note)
                return False
            self.jobs.remove(job)
        if self.error is not None:
            self._saved_again()
        return True

    def failed(self, exc: OSError, note: Text) -> None:
        """The disk refused: remember why, and when to try again."""
        if self.error is None:
            self.selected = 0
        self.error = why_not_saved(exc, self._path)
        self.note = note
        self.retry_at = self._clock() + self.retry_s

    def _saved_again(self) -> None:
        was_unsaved = self.unsaved
        self.error = None
        self.note = ""
        self.unsaved = False
        self.retry_at = None
        self._say(msg("Saving works again. The whole game is saved.") if was_unsaved
                  else msg("Saving works again."), False)

    def retry(self) -> None:
        self.retry_at = None
        self.flush()

    def due(self, now: float) -> bool:
        return bool(self.jobs) and self.retry_at is not None and now >= self.retry_at

    def deadline(self) -> float | None:
        return self.retry_at if self.jobs else None

    def menu(self) -> Menu:
        detail: list[Text] = [self.error or ""]
        if self.note:
            detail.append(self.note)
        detail.append(msg_n("Trying again every second. Continue unsaved plays on, marked NOT SAVED, and "
                            "saves the whole game once saving works.",
                            "Trying again every {n} seconds. Continue unsaved plays on, marked NOT SAVED, "
                            "and saves the whole game once saving works.",
                            n=f"{self.retry_s:g}"))
        return Menu(msg("Cannot save"), ("retry", "unsaved"), (msg("Try again now"), msg("Continue unsaved")),
                    tuple(detail))

    def button(self, name: str, held: bool) -> None:
        """The Cannot save screen has its own highlight, so the menu under it keeps its place."""
        if name == "next":
            self.selected = (self.selected + (-1 if held else 1)) % 2
        elif name == "ok":
            self._choose(self.menu().options[self.selected])
        else:
            self.refuse()

    def _choose(self, option: str) -> None:
        if option == "retry":
            self.retry()
            if self.blocked():
                self._say(msg("Still cannot save: free some space or fix the disk, then Try again now."), True)
        else:
            self.unsaved = True
            self._say(msg("Playing on without saving: NOT SAVED shows until saving works again."), False)

    def refuse(self) -> None:
        self._say(msg("Inputs are refused until saving works again: Try again now, or Continue unsaved."), True)
