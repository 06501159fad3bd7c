"""Before a game: the game menu, the set-up questions, the start of play.

The answers are remembered (companion.runtime.remembered) so the same table again is one OK per question.
"""

from __future__ import annotations

from typing import Any

from companion.app.base import AppBase, engine_words
from companion.app.hardware_check import MENU_LABEL, OPTION
from companion.app.language_step import LanguageFirst
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
from companion.runtime.remembered import Remembered, save_memory
from companion.runtime.saving import Job
from companion.runtime.web_pin import new_pin
from engine import Match, RuleError
from engine.core.messages import msg


class SetupSteps(AppBase):
    """Choosing the game, answering its set-up questions, starting it."""

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
        self.picker, self.selected = statistics_menu(self.state_dir, self.tr.lang), 0
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
        match.started = self._moment()
        self.match = match
        self.mode = "play"
        self.selected = 0
        self.lines = []
        self._narrate(match.opening)
        self.saving.owe(Job("sync", match, note=msg("The new game is not saved yet.")))
        self._remember(setup)
        game_started(self.state_dir, match)


def with_check(menu: Menu) -> Menu:
    """The first menu with "Check buttons and reader" last: the guided check of the first start, again."""
    return Menu(menu.title, (*menu.options, OPTION), (*menu.labels, MENU_LABEL), menu.detail, menu.selected)
