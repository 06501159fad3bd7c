"""Before a game: the game menu, the set-up questions, the start of play.

The answers are remembered (companion.remembered) so the same table again is one OK per question.
"""

from __future__ import annotations

import sys
import time
from typing import Any

from companion.app.base import AppBase, engine_words
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
from companion.language_step import LanguageFirst
from companion.players.book import change_book, load_book
from companion.players.recorded import PEOPLE
from companion.players.seating import Seated
from companion.players.seating_files import OpenSeats, show_open, take_request
from companion.remembered import Remembered, save_memory
from companion.saving import Job
from companion.web.pin import new_pin
from engine import Match, RuleError
from engine.core.messages import msg


class SetupSteps(AppBase):
    """Choosing the game, answering its set-up questions, starting it."""

    seating_shown: OpenSeats | None | bool = True
    """The seats the phone was last told the device asks about (None: none; True: not told yet this run, so a
    file left by an earlier run is removed at the first look)."""
    seating_next_look = 0.0

    def _ask_game(self) -> None:
        """With several games, set-up starts by choosing one; the last game played is highlighted."""
        self.menu_extras = None
        if len(self.games) > 1 and self.switch_game is not None:
            self.mode = "game"
            names = list(self.games)
            self.selected = names.index(self.ui.name) if self.ui.name in names else 0

    def _game_menu(self) -> Menu:
        names = tuple(self.games)
        return decorate(Menu(msg("New game"), names, tuple(self.games[n] for n in names),
                             selected=names.index(self.ui.name) if self.ui.name in names else 0), self._extras())

    def _extras(self) -> FirstMenuExtras:
        """The PIN and whether there are statistics, read once per visit of the first menu (see `_ask_game`)."""
        extras = self.menu_extras
        if extras is None:
            extras = first_menu_extras(self.state_dir)
            # Before the state folder exists there is no PIN yet: look again next time.
            self.menu_extras = extras if extras.pin is not None else None
        return extras

    def _game_choice(self, name: str) -> None:
        """Switch to the chosen game (its words, its tag map), then its set-up questions."""
        assert self.switch_game is not None
        if name == STATISTICS:
            self._open_statistics()
            return
        if name == NEW_PIN:
            self._new_web_pin()
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

    def _personal_tag(self, uid: str) -> bool:
        """A tag the tag map does not know may be someone's personal tag: at set-up it seats that player;
        elsewhere the table hears what it is for. False when it is nobody's."""
        book, _ = load_book(self.state_dir)
        player = book.by_tag(uid)
        if player is None:
            return False
        seated = self.setup.game if self.mode == "setup" and self.setup.asked else None
        if not isinstance(seated, Seated):
            self._say(msg("That is {name}'s personal tag: it seats {name} after the seats of a new game are "
                          "chosen.", name=player.name), error=True)
            return True
        seated.book = book
        why = seated.seat(player)
        if why is not None:
            self._say(why, error=True)
        else:
            self._say(msg("{name} is seated.", name=player.name))
        self.selected = self.setup.menu().selected
        return True

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
        return decorate(menu, self._extras())

    def _setup_choice(self, option: str) -> None:
        if option == STATISTICS:
            self._open_statistics()
            return
        if option == NEW_PIN:
            self._new_web_pin()
            return
        menu = self.setup.menu()
        if menu.options == ("start",):
            self._start_game()
            return
        answered_language = not self.setup.asked
        self.setup.choose(option)
        self.selected = self.setup.menu().selected
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
        self.picker, self.selected = statistics_menu(self.state_dir), 0
        self.picker_action = lambda option: self._close_picker(None)

    def _start_game(self) -> None:
        setup = self.setup.result()
        assert setup is not None
        try:
            match = Match(self.ui.game, setup, self.new_seed())
        except RuleError as exc:
            self._say(engine_words(exc), error=True)
            return
        seated = self.setup.game
        if isinstance(seated, Seated) and (people := seated.people()):
            match.notes = {PEOPLE: people}
            self._note_seated(seated.player_ids())
        self.match = match
        self.mode = "play"
        self.selected = 0
        self.lines = []
        self._narrate(match.opening)
        self.saving.owe(Job("sync", match, note=msg("The new game is not saved yet.")))
        self._remember(setup)
        game_started(self.state_dir, match)

    def _personal_picker(self, uid: str) -> bool:
        """An unknown tag while a seat is asked is most likely a new personal sticker: OK offers the players not
        seated yet, and the one picked gets the tag and the seat. False when no seat is asked (the card list
        then opens as before)."""
        seated = self.setup.game if self.mode == "setup" and self.setup.asked else None
        if not isinstance(seated, Seated) or seated.asking() is None:
            return False
        book, _ = load_book(self.state_dir)
        free = [p for p in book.recent() if p.id not in seated.player_ids()]
        if not free:
            return False
        self.unknown_uid = None
        self.notice = None
        self.picker = Menu(msg("Tag {uid}: whose personal tag is it?", uid=uid), tuple(p.id for p in free),
                           tuple(p.name for p in free),
                           (msg("Next walks the list, OK makes it that player's tag and seats them; Undo closes."),))
        self.selected = 0

        def bind(player_id: str) -> None:
            try:
                player = change_book(self.state_dir, lambda book: book.add_tag(player_id, uid), self.fs)
            except RuleError as exc:
                self._close_picker(None)
                self._say(exc.message, error=True)
                return
            except OSError as exc:
                self._close_picker(None)
                self._say(msg("The player book cannot be saved ({reason}): nothing was enrolled.",
                              reason=exc.strerror or str(exc)), error=True)
                return
            self._close_picker(None)
            self._personal_tag(uid)
            self._say(msg("Tag {uid} is now {name}'s personal tag: tapped at set-up, it seats {name}.", uid=uid,
                          name=player.name))

        self.picker_action = bind
        return True

    def _note_seated(self, player_ids: list[str]) -> None:
        """These players come first in the next seat questions; a disk that refuses costs only that order."""
        try:
            change_book(self.state_dir, lambda book: book.seated_now(player_ids), self.fs)
        except (OSError, RuleError) as exc:
            print(f"companion: the player book was not updated ({exc})", file=sys.stderr)

    def _seating_tick(self, now: float) -> None:
        """Once a second: tell the phone which seats are asked about now, and take its seating if it sent one
        (companion.players.seating_files). A disk that refuses costs only the phone's seating."""
        if now < self.seating_next_look:
            return
        self.seating_next_look = now + 1.0
        seated = self.setup.game if self.mode == "setup" and self.setup.asked and self.picker is None else None
        seats, key = seated.open_seats() if isinstance(seated, Seated) else ((), None)
        shown = OpenSeats(self.ui.name, seats, key or "players") if seats else None
        try:
            if shown != self.seating_shown:
                self.seating_shown = shown  # before writing: a disk that refuses is said once, not every second
                show_open(self.state_dir, shown)
            request = take_request(self.state_dir)
        except (OSError, RuleError) as exc:
            print(f"companion: the phone's seating was not taken ({exc})", file=sys.stderr)
            return
        if request is None:
            return
        if not isinstance(seated, Seated) or shown is None or request.game != self.ui.name \
                or request.expires < time.time():
            self._say(msg("The phone's seating came when the device was not asking who plays: nothing was "
                          "changed."), error=True)
            return
        seated.book = load_book(self.state_dir)[0]
        why = seated.assign(request.seats)
        if why is not None:
            self._say(why, error=True)
            return
        self.selected = self.setup.menu().selected
        self._say(msg("Seated from the phone: check the names, then start the game."))
