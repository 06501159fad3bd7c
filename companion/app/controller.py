"""The app: driver events in, engine inputs out, a Screen value for the display.

One controller for the whole life of the program on the table: resume or
set up a game, play it, undo, end it. It is driven by `handle(event)` and
`tick(now)` and describes what to show with `screen()`; the loop in
`companion.runtime.loop` feeds it from the drivers' queue and draws. Nothing here
touches a device, so every path is testable with plain event values.

Order of work for each accepted input: the engine accepts it, the journal
line is appended and fsynced, and only then does the screen say it happened.
An input the disk refuses is taken back in the engine, so the screen never
shows an input that is not on disk.

Disk work that failed (a full, read-only or failing disk) is owed as a list
of jobs, kept in order and retried from `tick` until the disk takes them;
meanwhile the "Cannot save" screen refuses inputs, or the table plays on
unsaved and every screen says NOT SAVED. Nothing here ever raises for the
disk: under systemd a crash at start-up would be a black-screen restart loop.
"""


from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.app.census_steps import CensusSteps
from companion.app.check_steps import CheckSteps
from companion.app.frames import Frames
from companion.app.pickers import Pickers
from companion.app.play_steps import PlaySteps
from companion.app.resume_steps import ResumeSteps
from companion.app.seat_steps import SeatSteps
from companion.app.setup_steps import SetupSteps, next_highlight
from companion.app.web_requests import WebRequests
from companion.games.base import GameUI, Menu, Text
from companion.i18n import Translator
from companion.runtime.remembered import load_memory
from companion.runtime.saving import SaveQueue
from companion.runtime.storage import CURRENT, REAL_DISK, FileSystem, JournalFile
from companion.runtime.tagmap import TagMap
from companion.screen_model import Screen
from drivers.events import ButtonHeld, ButtonPressed, CardPlaced, ReaderBack, ReaderLost
from engine.core.messages import msg

if TYPE_CHECKING:
    from companion.app.advice import AdviceDesk


class App(WebRequests, CheckSteps, CensusSteps, SetupSteps, SeatSteps, ResumeSteps, PlaySteps, Pickers, Frames):
    """The companion's state machine: resume, setup, play, over, and the pickers."""

    def __init__(self, ui: GameUI, tagmap: TagMap, state_dir: Path, clock: Callable[[], float],
                 notice_s: float = 4.0, resume_timeout_s: float = 20.0,
                 new_seed: Callable[[], int] = lambda: secrets.randbelow(2**31),
                 save_tags: bool = True, fs: FileSystem = REAL_DISK, save_retry_s: float = 5.0,
                 lang: str | None = None, default_lang: str = "en",
                 games: Mapping[str, Text] | None = None,
                 switch_game: Callable[[str], tuple[GameUI, TagMap]] | None = None,
                 advice: AdviceDesk | None = None, home_game: str | None = None,
                 wall: Callable[[], float] = time.time) -> None:
        self.ui = ui
        self.home_game = home_game
        """The game --game or app.game fixes; a resumed game of another kind is followed by this one."""
        self.advice = advice
        """Advice on a long press of OK (companion.app.advice); None: no advisor."""
        self.games = dict(games or {})
        """Game name -> title for the first menu; with one game or none the menu is skipped."""
        self.switch_game = switch_game
        self.tags = tagmap
        self.state_dir = state_dir
        self.clock = clock
        self.wall = wall
        """The wall clock (Unix time) that stamps each game's start and each input in the journal."""
        self.notice_s = notice_s
        self.resume_timeout_s = resume_timeout_s
        self.new_seed = new_seed
        self.save_tags = save_tags
        self.fs = fs
        self.journal = JournalFile(state_dir / CURRENT, fs)
        self.memory, memory_note = load_memory(state_dir)
        self.tr = Translator()
        self.notice = None
        self._set_language(lang or self.memory.lang or default_lang)
        self.match = None
        self.mode = "setup"
        self.setup = self._new_setup()
        self.selected = self.setup.menu().selected
        self._ask_game()
        self.lines = []
        self.todo = []
        self.todo_news = 0
        self._page_key = None
        self._page_epoch = 0.0
        if memory_note is not None:
            self._say(memory_note)
        self.confirm = None
        self._confirm_action = None
        self.confirm_chips = ()
        self.reader_lost = None
        self.unknown_uid = None
        self.picker = None
        self.picker_action = None
        self.deck = None
        self.resume_deadline = None
        self.damage = None
        self.damage_copy = None
        self.unreadable = None
        self.saving = SaveQueue(self._do, self.journal.path, clock, save_retry_s,
                                lambda text, error: self._say(text, error))
        self.accepted = 0
        self.check = None
        """The hardware check while it runs (companion.app.check_steps): it takes every press and tap."""
        self.check_order = ()
        """The buttons' order on the box when the configuration sets one (empty: the wiring order)."""

    def handle(self, event: Any) -> None:
        """One driver event. Never raises for anything the table can do."""
        if isinstance(event, ReaderLost):
            self.reader_lost = msg("Card reader lost ({reason}). The game is kept; reconnecting...",
                                   reason=event.reason)
            return
        if isinstance(event, ReaderBack):
            if self.reader_lost:
                self._say(msg("Card reader is back."))
            self.reader_lost = None
            return
        if self._web_takes(event):
            return
        if self._check_takes(event):
            return
        if self._census_takes(event):
            return
        if isinstance(event, CardPlaced):
            self._card(event.uid)
        elif isinstance(event, ButtonPressed):
            self._button(event.name, held=False)
        elif isinstance(event, ButtonHeld):
            self._button(event.name, held=True)

    def tick(self, now: float | None = None) -> None:
        """Expire notices; retry owed saves; resume on its own when nobody answered in time."""
        now = self.clock() if now is None else now
        if self.notice and now >= self.notice.until:
            self.notice = None
            self.unknown_uid = None
        if self.advice is not None:
            self.advice.poll()
        if self.saving.due(now):
            self.saving.retry()
        if (self.mode == "resume" and self.resume_deadline is not None and now >= self.resume_deadline
                and not self.saving.blocked()):
            self._resume()
        self._web_tick(now)
        self._seating_tick(now)
        self._extras_tick(now)

    def deadline(self) -> float | None:
        """When `tick` next has something to do, or the countdown shows one second less (the loop sleeps until then)."""
        times = [t for t in (self.notice.until if self.notice else None, self._next_second(),
                             self.saving.deadline(), self._next_page(),
                             self.advice.deadline() if self.advice else None, self._web_deadline(),
                             self._extras_deadline()) if t is not None]
        return min(times) if times else None

    def screen(self) -> Screen:
        """The web page's enrolment banner while one is shown, else this moment's frame (with the state
        folder's refusal while it refuses writes)."""
        return self._web_banner() or self._folder_noted(super().screen())

    def _card(self, uid: str) -> None:
        if self.saving.blocked():
            self.saving.refuse()
            return
        if self.check is not None and self._check_takes(CardPlaced(uid, "virtual deck", self.clock())):
            return  # the hardware check's reader step, tapped from the laptop's virtual deck
        target = self.tags.target(uid)
        if target is None and self._personal_tag(uid):
            return
        if target is None:
            self.unknown_uid = uid
            self._say(msg("Unknown tag {uid}. Press OK to enroll it now.", uid=uid), error=True)
            return
        if self.mode == "resume":
            if self.damage is not None and not self.damage.torn:
                self._say(msg("The saved game is damaged: choose Resume or New game first."), error=True)
                return
            self._resume()
        if self.mode == "setup":
            before = self.setup.menu()
            why = self.setup.tap(target)
            if why:
                self._say(why, error=True)  # nothing was answered: the highlight stays
                return
            self.selected = next_highlight(before, self.setup.menu(), "tap")
            return
        if self.mode != "play" or self.match is None:
            self._say(msg("No game is running: press OK."), error=True)
            return
        prompt = self.match.play.prompt
        if prompt is None:
            self._say(msg("The game is over: press OK for a new game, or Undo."), error=True)
            return
        self._apply_or_say(self.ui.input_for_tap(self.match, target))

    def _button(self, name: str, held: bool) -> None:
        if self.saving.blocked():
            self.saving.button(name, held)
            return
        if self.confirm is not None:
            if name == "ok":
                self._confirmed()
            else:
                self.confirm = None
                self._confirm_action = None
                self._say(msg("Cancelled: nothing was changed."))
            return
        if self._turns_page(name, held):
            return
        if self.picker is not None:
            self._walk_menu(name, held, self.picker, self._pick)
            return
        if self.unknown_uid and name == "ok":
            self._open_enroll_picker(self.unknown_uid)
            return
        if self.mode == "resume":
            self._walk_menu(name, held, self._resume_menu(), self._resume_choice)
        elif self.mode == "game":
            self._walk_menu(name, held, self._game_menu(), self._game_choice)
        elif self.mode == "setup":
            if name == "undo":
                before = self.setup.menu()
                if not self.setup.back():
                    if len(self.games) > 1 and self.switch_game is not None:
                        self._ask_game()
                        return
                    self._say(msg("This is the first question: answer it with Next and OK."))
                    return
                self.selected = next_highlight(before, self.setup.menu(), "undo", shown=self.selected)
            else:
                self._walk_menu(name, held, self._setup_menu(), self._setup_choice)
        elif self.mode == "play":
            self._play_button(name, held)

    def point_at(self, index: int) -> bool:
        """A click on the `index`th entry of the list on screen (companion.app.laptop_window): the highlight
        goes there, so OK picks it as after walking there with Next. False when no list on screen has it."""
        options, _ = self.offered()
        if not 0 <= index < len(options):
            return False
        if self.saving.blocked():
            self.saving.selected = index
        else:
            self.selected = index
        return True

    def _walk_menu(self, name: str, held: bool, menu: Menu, act: Callable[[str], None]) -> None:
        count = len(menu.options)
        if name == "next":
            self.selected = (self.selected + (-1 if held else 1)) % count
        elif name == "ok":
            act(menu.options[self.selected % count])
        elif name in menu.options:
            act(name)
        elif name == "undo" and self.picker is not None:
            self._close_picker(msg("Closed."))
        else:
            self._say(msg("{button} does nothing here: use Next and OK.", button=self._button_word(name)),
                      error=True)
