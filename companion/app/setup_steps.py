"""Before a game: the game menu, the set-up questions, the start of play.

The answers are remembered (companion.runtime.remembered) so the same table again is one OK per question.

Where the highlight goes after an answer is one rule for every game (`next_highlight`), so a reflex OK
means the same thing whichever game is set up. A list of seats (the boards or
colours a game seats, seat after seat, who plays each seat) is one question asked again after each entry:

- after a tap that seats someone, the highlight goes to Done once the list offers it (the fewest
  players are seated): the table seats by tapping, so OK after the taps ends the list and never seats
  whoever the highlight happened to rest on;
- after OK on the last entry before Done (nothing left to walk to), the highlight goes to Done too;
  after OK on any other entry, it goes where the game puts the next seat (the next entry, or the next
  seat of the last game);
- after Undo within the list, the highlight stays on the entry it was on: the entry taken back comes
  back into the list, but OK does not put the mistake back. When that entry is gone (Done, below the
  fewest players) it goes where the game puts the next seat, never on the entry taken back;
- any other answer leads to another question, which starts where its game puts it (the last game's
  answer).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from companion.app.base import AppBase, engine_words
from companion.app.hardware_check import MENU_LABEL, OPTION
from companion.app.language_step import LanguageFirst
from companion.census import ui_in_force
from companion.games.base import Menu
from companion.history import game_started
from companion.history.menu import (
    NEW_PIN,
    STATISTICS,
    FirstMenuExtras,
    decorate,
    first_menu_extras,
    statistics_menu,
)
from companion.players.book import load_book
from companion.players.recorded import PEOPLE
from companion.players.seating import Seated
from companion.runtime.addresses import LISTEN_FILE
from companion.runtime.remembered import Remembered, save_memory
from companion.runtime.saving import Job
from companion.runtime.web_pin import new_pin
from engine import Match, RuleError
from engine.core.messages import Message, msg

EXTRAS_LOOK_S = 1.0
"""How often a menu that may show the web page's address looks whether the page started, stopped or moved."""


def listen_record(state_dir: Path) -> tuple[int, int, int] | None:
    """Which record of the web page's address is in the state folder (its inode, size and time), None for none."""
    try:
        found = os.stat(state_dir / LISTEN_FILE)
    except OSError:
        return None
    return found.st_ino, found.st_size, found.st_mtime_ns


class SetupSteps(AppBase):
    """Choosing the game, answering its set-up questions, starting it."""

    extras_seen: tuple[int, int, int] | None = None
    """The web page's address record as it was when the menu's extras were read."""
    extras_next_look = 0.0

    def _ask_game(self) -> None:
        """With several games, set-up starts by choosing one; the last game played is highlighted."""
        self.menu_extras = None
        if len(self.games) > 1 and self.switch_game is not None:
            self.mode = "game"
            names = list(self.games)
            self.selected = names.index(self.ui.name) if self.ui.name in names else 0

    def _game_menu(self) -> Menu:
        names = tuple(self.games)
        return with_check(decorate(Menu(msg("New game"), names, tuple(self.games[n] for n in names),
                                        selected=names.index(self.ui.name) if self.ui.name in names else 0),
                                   self._extras()))

    def _extras(self) -> FirstMenuExtras:
        """The PIN and whether there are statistics, read once per visit of the first menu (see `_ask_game`),
        and again when the web page starts, stops or moves (`_extras_tick`)."""
        extras = self.menu_extras
        if extras is None:
            self.extras_seen = listen_record(self.state_dir)
            self.extras_next_look = self.clock() + EXTRAS_LOOK_S
            extras = first_menu_extras(self.state_dir)
            # Before the state folder exists there is no PIN yet: look again next time.
            self.menu_extras = extras if extras.pin is not None else None
        return extras

    def _extras_tick(self, now: float) -> None:
        """Once a second while the page's address may be on screen: `companion web` may start after the menu
        was first drawn (the boot does not order the two), stop, or move to another port; its record in the
        state folder then changes, and the menu reads the address again, QR code and all (a stat, not a read)."""
        if now < self.extras_next_look or self.menu_extras is None:
            return
        self.extras_next_look = now + EXTRAS_LOOK_S
        if listen_record(self.state_dir) != self.extras_seen:
            self.menu_extras = None

    def _extras_deadline(self) -> float | None:
        """When the loop must wake to look at the page's record: while an address may be shown."""
        showing = self.mode == "resume" or (self.match is None and self.mode in ("game", "setup"))
        return self.extras_next_look if showing and self.menu_extras is not None else None

    def _game_choice(self, name: str) -> None:
        """Switch to the chosen game (its words, its tag map), then its set-up questions."""
        assert self.switch_game is not None
        if name == STATISTICS:
            self._open_statistics()
            return
        if name == NEW_PIN:
            self._new_web_pin()
            return
        if name == OPTION:
            self._open_check()
            return
        if name != self.ui.name:
            self.ui, self.tags = self.switch_game(name)
            self._set_language(self.tr.lang)
        self.mode = "setup"
        self.setup = self._new_setup()
        self.selected = self.setup.menu().selected

    def _new_setup(self) -> LanguageFirst:
        """The set-up questions, language first, each starting from the last game's answer; then who plays
        each seat, when the player book has anyone (companion.players.seating)."""
        book, note = load_book(self.state_dir)
        if note is not None:
            self._say(note, error=True)
        game = Seated(self.ui.new_setup(self.memory.setups.get(self.ui.name)), book,
                      lambda: load_book(self.state_dir)[0])
        return LanguageFirst(game, self.tr.lang)

    def _remember(self, setup: dict[str, Any] | None = None) -> None:
        """Keep the language (and the set-up just started) for the next set-up; a refusing disk is only a note."""
        setups = dict(self.memory.setups)
        game = self.memory.game
        if setup is not None:
            setups[self.ui.name] = setup
            game = self.ui.name
        self.memory = Remembered(self.tr.lang, setups, game)
        note = save_memory(self.state_dir, self.memory, self.fs)
        if note is not None:
            self._say(note, error=True)

    def _setup_menu(self) -> Menu:
        """This set-up question. Without a first menu (one game, or the game fixed by the configuration) the
        first question also shows the web page's PIN and offers the statistics, which the first menu would."""
        menu = self.setup.menu()
        if self.setup.asked or (len(self.games) > 1 and self.switch_game is not None):
            return menu
        return with_check(decorate(menu, self._extras()))

    def _setup_choice(self, option: str) -> None:
        if option == STATISTICS:
            self._open_statistics()
            return
        if option == NEW_PIN:
            self._new_web_pin()
            return
        if option == OPTION:
            self._open_check()
            return
        menu = self.setup.menu()
        if menu.options == ("start",):
            self._start_game()
            return
        answered_language = not self.setup.asked
        self.setup.choose(option)
        self.selected = next_highlight(menu, self.setup.menu(), "ok", option)
        if answered_language:
            self._set_language(self.setup.lang)
            self._remember()

    def _new_web_pin(self) -> None:
        """A new PIN for the web page in place of the old one, which stops working at once (a PIN seen by someone
        who should not change anything). The menu shows the new one."""
        pin = new_pin(self.state_dir)
        self.menu_extras = None
        if pin is None:
            self._say(msg("The new PIN cannot be saved in {path}; the old one still works.", path=str(self.state_dir)),
                      error=True)
            return
        self._say(msg("New web page PIN: {pin}. The old one no longer works.", pin=pin))

    def _open_statistics(self) -> None:
        """The statistics screen, over the menu it was opened from; Back (or OK) closes it."""
        self.picker, self.selected = statistics_menu(self.state_dir, self.tr.lang), 0
        self.picker_action = lambda option: self._close_picker(None)

    def _start_game(self) -> None:
        setup = self.setup.result()
        assert setup is not None
        self.ui = ui_in_force(self.ui, self.state_dir)  # the owner's component data, as taught until now
        try:
            match = Match(self.ui.game, setup, self.new_seed())
        except RuleError as exc:
            self._say(engine_words(exc), error=True)
            return
        seated = self.setup.game
        if isinstance(seated, Seated) and (people := seated.people()):
            match.notes = {PEOPLE: people}
            self._note_seated(seated.player_ids())
        match.started = self._moment()
        self.match = match
        self.mode = "play"
        self.selected = 0
        self.lines = []
        self._narrate(match.opening)
        self.saving.owe(Job("sync", match, note=msg("The new game is not saved yet.")))
        self._remember(setup)
        game_started(self.state_dir, match)


DONE = "done"
"""The option that ends a list of seats in every game's set-up, offered once the fewest players are seated."""


def _question(menu: Menu) -> str:
    """What a question asks, without its values: "Who plays {player}?" for every seat."""
    return menu.title.template if isinstance(menu.title, Message) else str(menu.title)


def next_highlight(before: Menu, after: Menu, how: str, answer: str | None = None, shown: int = 0) -> int:
    """The highlight on `after`, the question that follows an answer to `before` (see the module's note).

    `how` is "tap" (a tag seated someone), "ok" (`answer` was picked) or "undo" (the last answer was taken
    back, `shown` the index that was highlighted on `before`)."""
    default = after.selected % len(after.options) if after.options else 0
    if not after.options or _question(before) != _question(after):
        return default
    if how == "undo":
        was = before.options[shown] if 0 <= shown < len(before.options) else None
        if was in after.options:
            return after.options.index(was)
        count = len(after.options)
        for step in range(count):
            if after.options[(default + step) % count] in before.options:
                return (default + step) % count
        return default
    if DONE not in after.options:
        return default
    if how == "tap":
        return after.options.index(DONE)
    if answer in before.options:
        following = before.options[before.options.index(answer) + 1:]
        if all(o == DONE for o in following):
            return after.options.index(DONE)
    return default


def with_check(menu: Menu) -> Menu:
    """The first menu with "Check buttons and reader" last: the guided check of the first start, again."""
    return Menu(menu.title, (*menu.options, OPTION), (*menu.labels, MENU_LABEL), menu.detail, menu.selected)
