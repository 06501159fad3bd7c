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
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.app.base import engine_words
from companion.app.census_steps import OPTION as CENSUS
from companion.app.census_steps import CensusSteps, with_census
from companion.app.check_steps import CheckSteps
from companion.app.hardware_check import MENU_LABEL, OPTION
from companion.app.language_step import LanguageFirst
from companion.app.play_steps import Session
from companion.app.seat_steps import SeatSteps
from companion.app.table import Table
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


class MenuExtras:
    """The first menu's extras: the web page's PIN and addresses, and whether there are statistics."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.menu_extras: FirstMenuExtras | None = None
        """The extras as read for this visit of the first menu (None: read them again when next shown)."""
        self.extras_seen: tuple[int, int, int] | None = None
        """The web page's address record as it was when the menu's extras were read."""
        self.extras_next_look = 0.0

    def extras(self) -> FirstMenuExtras:
        """The PIN and whether there are statistics, read once per visit of the first menu (see
        `FirstMenu.ask_game`), and again when the web page starts, stops or moves (`tick`)."""
        extras = self.menu_extras
        if extras is None:
            self.extras_seen = listen_record(self.table.state_dir)
            self.extras_next_look = self.table.clock() + EXTRAS_LOOK_S
            extras = first_menu_extras(self.table.state_dir)
            # Before the state folder exists there is no PIN yet: look again next time.
            self.menu_extras = extras if extras.pin is not None else None
        return extras

    def tick(self, now: float) -> None:
        """Once a second while the page's address may be on screen: `companion web` may start after the menu
        was first drawn (the boot does not order the two), stop, or move to another port; its record in the
        state folder then changes, and the menu reads the address again, QR code and all (a stat, not a read)."""
        if now < self.extras_next_look or self.menu_extras is None:
            return
        self.extras_next_look = now + EXTRAS_LOOK_S
        if listen_record(self.table.state_dir) != self.extras_seen:
            self.menu_extras = None

    def deadline(self) -> float | None:
        """When the loop must wake to look at the page's record: while an address may be shown."""
        table = self.table
        showing = table.mode == "resume" or (table.match is None and table.mode in ("game", "setup"))
        return self.extras_next_look if showing and self.menu_extras is not None else None


class FirstMenu:
    """The first menu (mode "game"): the games, and what it offers besides (the census, the statistics, a new
    PIN, the hardware check), which the first set-up question offers when there is no menu of games.

    `begin_setup` starts the chosen game's set-up questions (`SetupSteps.begin`)."""

    def __init__(self, table: Table, extras: MenuExtras, census: CensusSteps, check: CheckSteps,
                 begin_setup: Callable[[], None]) -> None:
        self.table = table
        self.extras = extras
        self.census = census
        self.check = check
        self.begin_setup = begin_setup

    def ask_game(self) -> None:
        """With several games, set-up starts by choosing one; the last game played is highlighted."""
        table = self.table
        self.extras.menu_extras = None
        if table.first_menu():
            table.mode = "game"
            names = list(table.games)
            table.selected = names.index(table.ui.name) if table.ui.name in names else 0

    def menu(self) -> Menu:
        table = self.table
        names = tuple(table.games)
        return with_census(with_check(decorate(Menu(msg("New game"), names, tuple(table.games[n] for n in names),
                                                    selected=names.index(table.ui.name) if table.ui.name in names
                                                    else 0), self.extras.extras())))

    def tap(self, target: str) -> None:
        self.table.say(msg("No game is running: press OK."), error=True)

    def press(self, name: str, held: bool) -> None:
        self.table.walk(name, held, self.menu(), self.choose)

    def choose(self, name: str) -> None:
        """Switch to the chosen game (its words, its tag map), then its set-up questions."""
        table = self.table
        assert table.switch_game is not None
        if self.extra_option(name):
            return
        if name != table.ui.name:
            table.switch_to(name)
        table.mode = "setup"
        self.begin_setup()

    def extra_option(self, option: str) -> bool:
        """What the menu offers besides the games; False for anything else."""
        if option == CENSUS:
            self.census.ask()
        elif option == STATISTICS:
            self.open_statistics()
        elif option == NEW_PIN:
            self.new_web_pin()
        elif option == OPTION:
            self.check.open()
        else:
            return False
        return True

    def new_web_pin(self) -> None:
        """A new PIN for the web page in place of the old one, which stops working at once (a PIN seen by someone
        who should not change anything). The menu shows the new one."""
        table = self.table
        pin = new_pin(table.state_dir)
        self.extras.menu_extras = None
        if pin is None:
            table.say(msg("The new PIN cannot be saved in {path}; the old one still works.",
                          path=str(table.state_dir)), error=True)
            return
        table.say(msg("New web page PIN: {pin}. The old one no longer works.", pin=pin))

    def open_statistics(self) -> None:
        """The statistics screen, over the menu it was opened from; Back (or OK) closes it."""
        table = self.table
        table.open_picker(statistics_menu(table.state_dir, table.tr.lang), lambda option: table.close_picker(None))


class SetupSteps:
    """The set-up questions of the game chosen (mode "setup"), and the start of the game."""

    def __init__(self, table: Table, session: Session, first: FirstMenu, seats: SeatSteps,
                 census: CensusSteps) -> None:
        self.table = table
        self.session = session
        self.first = first
        self.seats = seats
        self.census = census

    def new_setup(self) -> LanguageFirst:
        """The set-up questions, language first, each starting from the last game's answer; then who plays
        each seat, when the player book has anyone (companion.players.seating)."""
        table = self.table
        book, note = load_book(table.state_dir)
        if note is not None:
            table.say(note, error=True)
        game = Seated(table.ui.new_setup(table.memory.setups.get(table.ui.name)), book,
                      lambda: load_book(table.state_dir)[0])
        return LanguageFirst(game, table.tr.lang)

    def begin(self) -> None:
        """Fresh set-up questions, the first one highlighted where its game puts it."""
        self.table.setup = self.new_setup()
        self.table.selected = self.table.setup.menu().selected

    def remember(self, setup: dict[str, Any] | None = None) -> None:
        """Keep the language (and the set-up just started) for the next set-up; a refusing disk is only a note."""
        table = self.table
        setups = dict(table.memory.setups)
        game = table.memory.game
        if setup is not None:
            setups[table.ui.name] = setup
            game = table.ui.name
        table.memory = Remembered(table.tr.lang, setups, game)
        note = save_memory(table.state_dir, table.memory, table.fs)
        if note is not None:
            table.say(note, error=True)

    def menu(self) -> Menu:
        """This set-up question. Without a first menu (one game, or the game fixed by the configuration) the
        first question also shows the web page's PIN and offers the census, the statistics and the hardware
        check, which the first menu would."""
        table = self.table
        menu = table.setup.menu()
        if table.setup.asked or table.first_menu():
            return menu
        return with_census(with_check(decorate(menu, self.first.extras.extras())))

    def tap(self, target: str) -> None:
        """A tag answers the question when it names one of its answers (a seat's colour, a board)."""
        table = self.table
        before = table.setup.menu()
        why = table.setup.tap(target)
        if why:
            table.say(why, error=True)  # nothing was answered: the highlight stays
            return
        table.selected = next_highlight(before, table.setup.menu(), "tap")

    def press(self, name: str, held: bool) -> None:
        """Undo takes the last answer back (from the first question: back to the first menu); else a list."""
        table = self.table
        if name != "undo":
            table.walk(name, held, self.menu(), self.choose)
            return
        before = table.setup.menu()
        if not table.setup.back():
            if table.first_menu():
                self.first.ask_game()
                return
            table.say(msg("This is the first question: answer it with Next and OK."))
            return
        table.selected = next_highlight(before, table.setup.menu(), "undo", shown=table.selected)

    def choose(self, option: str) -> None:
        table = self.table
        if self.first.extra_option(option):
            return
        menu = table.setup.menu()
        if menu.options == ("start",):
            self.start_game()
            return
        answered_language = not table.setup.asked
        table.setup.choose(option)
        table.selected = next_highlight(menu, table.setup.menu(), "ok", option)
        if answered_language:
            table.set_language(table.setup.lang)
            self.remember()

    def start_game(self) -> None:
        """The game on the set-up answered, on the component data in force; journaled before it is shown."""
        table = self.table
        self.census.refresh_ui()
        setup = table.setup.result()
        assert setup is not None
        table.ui = ui_in_force(table.ui, table.state_dir)  # the owner's component data, as taught until now
        try:
            match = Match(table.ui.game, setup, table.new_seed())
        except RuleError as exc:
            table.say(engine_words(exc), error=True)
            return
        seated = table.setup.game
        if isinstance(seated, Seated) and (people := seated.people()):
            match.notes = {PEOPLE: people}
            self.seats.note_seated(seated.player_ids())
        match.started = table.moment()
        table.match = match
        table.mode = "play"
        table.selected = 0
        table.lines = []
        self.session.narrate(match.opening)
        table.saving.owe(Job("sync", match, note=msg("The new game is not saved yet.")))
        self.remember(setup)
        game_started(table.state_dir, match)


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
