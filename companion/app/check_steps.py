"""The app's side of the guided hardware check (companion.app.hardware_check): when it shows, and after.

The first start of an installed companion shows it before the game menu,
unless a saved game waits: the resume question always comes first, and a
check never stands between a table and its game (it is offered again at the
next start without one). Later the first menu opens it ("Check buttons and
reader"). While it runs, every press, hold and tag is the check's.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.app.base import AppBase
from companion.app.hardware_check import (
    TITLE,
    HardwareCheck,
    button_order,
    check_due,
    mark_done,
    mark_shown,
)
from companion.runtime.tagmap import load_tagmap
from companion.screen_model import Screen
from drivers.events import ButtonHeld, ButtonPressed, CardPlaced
from engine import RuleError
from engine.core.messages import Message, msg


class CheckSteps(AppBase):
    """Opening the check, feeding it the table's presses and taps, and the menu after it."""

    reader_key: str | None = None
    """The key that opens the virtual deck in a laptop window (companion.app.laptop_window); None at the
    table. The reader step then says how to tap a card without a reader."""

    def start_first_check(self, runtime_dir: Path | None) -> bool:
        """Show the check now if this is the first start (never done, not shown this boot) and no saved game
        waits; True when it was opened."""
        if self.mode not in ("game", "setup") or self.match is not None or self.picker is not None \
                or self.saving.blocked():
            # A screen over the menu (an ended or unreadable saved game put aside) is read first.
            return False
        if not check_due(self.state_dir, runtime_dir):
            return False
        mark_shown(runtime_dir)
        self._open_check()
        return True

    def _open_check(self) -> None:
        self.check = HardwareCheck(self._games_knowing, button_order(self.check_order))
        self.notice = None
        self.unknown_uid = None

    def _check_takes(self, event: Any) -> bool:
        """Give a press, hold or tag to the check while it runs; a resume offered meanwhile ends it.

        On a laptop the reader step's card comes from the virtual deck: while that list is open over the
        check, the buttons walk it (companion.app.pickers); the card picked, or a real tag, is the check's."""
        if self.check is None or self.saving.blocked():
            return False
        if self.mode == "resume" or self.match is not None:
            self.check = None
            return False
        if not isinstance(event, ButtonPressed | ButtonHeld | CardPlaced):
            return False
        if self.deck is not None and self.picker is self.deck.menu:
            if not isinstance(event, CardPlaced):
                return False
            self._close_picker(None)
        self.check.handle(event)
        if self.check.done:
            self._finish_check()
        return True

    def _finish_check(self) -> None:
        check = self.check
        assert check is not None
        self.check = None
        note = mark_done(self.state_dir, check, self.fs)
        self._say(note if note is not None else check.summary(self.tr), error=note is not None)

    def _games_knowing(self, uid: str) -> tuple[str, ...]:
        """The titles of the games whose tag maps know `uid`: this game's map as it is now, the others' from disk."""
        from companion.census import game_ui
        from companion.games.registry import game_title, registered_games

        names = list(self.games) or registered_games()
        found: list[str] = []
        for name in names:
            if name == self.ui.name:
                known = self.tags.target(uid) is not None
            else:
                try:
                    known = load_tagmap(self.state_dir, name, set(game_ui(name, self.state_dir).tag_targets())).target(uid) is not None
                except (RuleError, OSError):
                    known = False
            if known:
                found.append(self._t(self.games.get(name) or game_title(name)))
        return tuple(found)

    def _check_screen(self, common: dict[str, Any]) -> Screen:
        """The check's frame: its words translated into the view that companion.screens.check draws; the
        virtual deck's list over it while that is open (the reader step on a laptop)."""
        assert self.check is not None
        deck = self.deck.menu if self.deck is not None and self.picker is self.deck.menu else None
        if deck is not None:
            return Screen(**{**common, "kind": "message", "title": self._t(deck.title),
                             "options": self._all(deck.labels), "detail": self._all(deck.detail),
                             "selected": self.selected % len(deck.options) if deck.options else 0,
                             "buttons": ("next", "ok", "undo")})
        words = {key: self._t(value) if isinstance(value, Message) else value
                 for key, value in self.check.words().items() if value is not None}
        if self.reader_key is not None and words.get("step") == "reader" and self.check.uid is None:
            words["laptop"] = self._t(msg("No reader on this laptop: {key} picks a card to tap.",
                                          key=self.reader_key))
        return Screen(**{**common, "kind": "check", "view": {"check": words}, "title": self._t(TITLE),
                         "buttons": (), "game": ""})
