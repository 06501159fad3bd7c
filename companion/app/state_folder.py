"""The state folder's refusal of writes, as the app's parts meet it (companion.runtime.folder_watch).

A write in the background that fails (the web page's request file, the
phone's seating) goes to the folder's watch: the first refusal is one line
in the log and a standing line on every frame; the looks for the phone
page's files rest until the watch's probe finds the folder writable again,
which is said once on the screen too.
"""

from __future__ import annotations

from dataclasses import replace

from companion.app.table import Table
from companion.runtime.folder_watch import FolderWatch
from companion.screen_model import Screen
from engine.core.messages import msg


class StateFolder:
    """Whether the state folder refuses writes, for the parts that write in the background and for the frame."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.watch: FolderWatch | None = None
        """The folder's watch, made at the first look (`_watch`)."""

    def _watch(self) -> FolderWatch:
        if self.watch is None:
            self.watch = FolderWatch(self.table.state_dir)
        return self.watch

    def refused(self, exc: OSError, now: float) -> bool:
        """A write in the background failed: True when the state folder refuses writes (said once)."""
        return self._watch().refused(exc, now)

    def rests(self, now: float) -> bool:
        """True while the state folder refuses writes: the looks for the phone page's files wait. A folder
        found writable again is said once on the screen (the watch says it in the log)."""
        watch = self._watch()
        was_refused = watch.refusal is not None
        rests = watch.resting(now, self.table.fs)
        if was_refused and not rests:
            self.table.say(msg("The state folder can be written again."))
        return rests

    def deadline(self) -> float | None:
        """When the watch next probes a folder that refuses writes (None while it takes them)."""
        return self._watch().deadline()

    def noted(self, screen: Screen) -> Screen:
        """`screen` with the state folder's refusal as its standing notice while nothing else is said (the
        Cannot save screen and NOT SAVED say it their way)."""
        line = self._watch().line()
        if line is None or screen.notice is not None or self.table.saving.error is not None:
            return screen
        return replace(screen, notice=self.table.t(line), notice_error=True)
