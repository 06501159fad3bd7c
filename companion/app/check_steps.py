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

from companion.app.hardware_check import (
    TITLE,
    HardwareCheck,
    button_order,
    check_due,
    mark_done,
    mark_shown,
)
from companion.app.table import Table
from companion.runtime.tagmap import load_tagmap
from companion.screen_model import Screen
from drivers.events import ButtonHeld, ButtonPressed, CardPlaced
from engine import RuleError
from engine.core.messages import Message, msg


class CheckSteps:
    """Opening the check, feeding it the table's presses and taps, its frame, and the note after it."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.check: HardwareCheck | None = None
        """The hardware check while it runs: it takes every press and tap."""
        self.check_order: tuple[str, ...] = ()
        """The buttons' order on the box when the configuration sets one (empty: the wiring order)."""
        self.reader_key: str | None = None
        """The key that opens the virtual deck in a laptop window (companion.app.laptop_window); None at the
        table. The reader step then says how to tap a card without a reader."""

    def start_first_check(self, runtime_dir: Path | None) -> bool:
        """Show the check now if this is the first start (never done, not shown this boot) and no saved game
        waits; True when it was opened."""
        table = self.table
        if table.mode not in ("game", "setup") or table.match is not None or table.picker is not None \
                or table.saving.blocked():
            # A screen over the menu (an ended or unreadable saved game put aside) is read first.
            return False
        if not check_due(table.state_dir, runtime_dir):
            return False
        mark_shown(runtime_dir)
        self.open()
        return True

    def open(self) -> None:
        self.check = HardwareCheck(self._games_knowing, button_order(self.check_order))
        self.table.notice = None
        self.table.unknown_uid = None

    def deck_over(self) -> bool:
        """Whether the virtual deck's list is open over the check (its reader step on a laptop)."""
        table = self.table
        return table.deck is not None and table.picker is table.deck.menu

    def takes(self, event: Any) -> bool:
        """Give a press, hold or tag to the check while it runs; a resume offered meanwhile ends it.

        On a laptop the reader step's card comes from the virtual deck: while that list is open over the
        check, the buttons walk it (companion.app.pickers); the card picked, or a real tag, is the check's."""
        table = self.table
        if self.check is None or table.saving.blocked():
            return False
        if table.mode == "resume" or table.match is not None:
            self.check = None
            return False
        if not isinstance(event, ButtonPressed | ButtonHeld | CardPlaced):
            return False
        if self.deck_over():
            if not isinstance(event, CardPlaced):
                return False
            table.close_picker(None)
        self.check.handle(event)
        if self.check.done:
            self._finish()
        return True

    def _finish(self) -> None:
        check = self.check
        assert check is not None
        self.check = None
        note = mark_done(self.table.state_dir, check, self.table.fs)
        self.table.say(note if note is not None else check.summary(self.table.tr), error=note is not None)

    def _games_knowing(self, uid: str) -> tuple[str, ...]:
        """The titles of the games whose tag maps know `uid`: this game's map as it is now, the others' from disk."""
        from companion.census import game_ui
        from companion.games.registry import game_title, registered_games

        table = self.table
        names = list(table.games) or registered_games()
        found: list[str] = []
        for name in names:
            if name == table.ui.name:
                known = table.tags.target(uid) is not None
            else:
                try:
                    known = load_tagmap(table.state_dir, name,
                                        set(game_ui(name, table.state_dir).tag_targets())).target(uid) is not None
                except (RuleError, OSError):
                    known = False
            if known:
                found.append(table.t(table.games.get(name) or game_title(name)))
        return tuple(found)

    def screen(self, common: dict[str, Any]) -> Screen:
        """The check's frame: its words translated into the view that companion.screens.check draws; the
        virtual deck's list over it while that is open (the reader step on a laptop)."""
        table = self.table
        assert self.check is not None
        deck = table.deck.menu if table.deck is not None and self.deck_over() else None
        if deck is not None:
            return Screen(**{**common, "kind": "message", "title": table.t(deck.title),
                             "options": table.all(deck.labels), "detail": table.all(deck.detail),
                             "selected": table.selected % len(deck.options) if deck.options else 0,
                             "buttons": ("next", "ok", "undo")})
        words = {key: table.t(value) if isinstance(value, Message) else value
                 for key, value in self.check.words().items() if value is not None}
        if self.reader_key is not None and words.get("step") == "reader" and self.check.uid is None:
            words["laptop"] = table.t(msg("No reader on this laptop: {key} picks a card to tap.",
                                          key=self.reader_key))
        return Screen(**{**common, "kind": "check", "view": {"check": words}, "title": table.t(TITLE),
                         "buttons": (), "game": ""})
