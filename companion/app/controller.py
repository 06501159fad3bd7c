"""The app: driver events in, engine inputs out, a Screen value for the display.

One controller for the whole life of the program on the table: resume or
set up a game, play it, undo, end it. It is driven by `handle(event)` and
`tick(now)` and describes what to show with `screen()`; the loop in
`companion.runtime.loop` feeds it from the drivers' queue and draws. Nothing here
touches a device, so every path is testable with plain event values.

`App` only builds the parts (see companion.app's note for which does what
and a tap's path through them) and joins them; the attributes the rest of
the companion reads (`app.match`, `app.mode`, `app.selected`, ...) are the
parts' own, read and set through `Shared`.

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
from typing import TYPE_CHECKING, Any, Generic, TypeVar, overload

from companion.app.base import Said
from companion.app.census_steps import CensusSteps
from companion.app.check_steps import CheckSteps
from companion.app.frames import Frames, Pages
from companion.app.pickers import Pickers, VirtualDeck
from companion.app.play_steps import Session
from companion.app.resume_steps import ResumeSteps
from companion.app.router import Router
from companion.app.seat_steps import SeatSteps
from companion.app.setup_steps import FirstMenu, MenuExtras, SetupSteps
from companion.app.state_folder import StateFolder
from companion.app.table import Table
from companion.app.web_census import WebCensus
from companion.app.web_requests import WebBridge
from companion.games.base import GameUI, Menu, Text
from companion.runtime.remembered import load_memory
from companion.runtime.saving import SaveQueue
from companion.runtime.storage import CURRENT, REAL_DISK, FileSystem, JournalFile
from companion.runtime.tagmap import TagMap
from companion.screen_model import Screen
from engine import Match

if TYPE_CHECKING:
    from companion.app.advice import AdviceDesk
    from companion.app.census_walk import CensusWalk
    from companion.app.hardware_check import HardwareCheck
    from companion.app.language_step import LanguageFirst
    from companion.history.menu import FirstMenuExtras
    from companion.i18n import Translator
    from companion.runtime.enrol_requests import EnrolRequest
    from engine.core.journal import Damage

T = TypeVar("T")


class Shared(Generic[T]):
    """An attribute of the App that belongs to one of its parts (`part`, an attribute of the App), read and set
    there: `app.match` is `app.table.match`."""

    def __init__(self, part: str, name: str = "") -> None:
        self.part = part
        self.name = name

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = self.name or name

    @overload
    def __get__(self, app: None, owner: type) -> Shared[T]: ...

    @overload
    def __get__(self, app: object, owner: type) -> T: ...

    def __get__(self, app: object | None, owner: type) -> T | Shared[T]:
        if app is None:
            return self
        value: T = getattr(getattr(app, self.part), self.name)
        return value

    def __set__(self, app: object, value: T) -> None:
        setattr(getattr(app, self.part), self.name, value)


class App:
    """The companion's state machine: resume, setup, play, over, and the pickers (each a part, see companion.app)."""

    def __init__(self, ui: GameUI, tagmap: TagMap, state_dir: Path, clock: Callable[[], float],
                 notice_s: float = 4.0, resume_timeout_s: float = 20.0,
                 new_seed: Callable[[], int] = lambda: secrets.randbelow(2**31),
                 save_tags: bool = True, fs: FileSystem = REAL_DISK, save_retry_s: float = 5.0,
                 lang: str | None = None, default_lang: str = "en",
                 games: Mapping[str, Text] | None = None,
                 switch_game: Callable[[str], tuple[GameUI, TagMap]] | None = None,
                 advice: AdviceDesk | None = None, home_game: str | None = None,
                 wall: Callable[[], float] = time.time) -> None:
        memory, memory_note = load_memory(state_dir)
        self.table = table = Table(ui, tagmap, state_dir, clock, wall, fs, JournalFile(state_dir / CURRENT, fs),
                                   memory, notice_s, dict(games or {}), switch_game, home_game, save_tags, new_seed)
        self.advice = advice
        """Advice on a long press of OK (companion.app.advice); None: no advisor."""
        table.set_language(lang or memory.lang or default_lang)
        # The parts, each given what it calls; the few calls back to a part made later are late-bound.
        self.folder = StateFolder(table)
        self.pages = Pages(table)
        self.check_steps = CheckSteps(table)
        self.census_steps = CensusSteps(table, self.pages, lambda: self.frames.offered())
        self.session = Session(table, advice, lambda: self.resume_steps.new_game(), self.census_steps.open_correction)
        self.seats = SeatSteps(table, self.folder)
        self.extras = MenuExtras(table)
        self.first_menu = FirstMenu(table, self.extras, self.census_steps, self.check_steps,
                                    lambda: self.setup_steps.begin())
        self.setup_steps = SetupSteps(table, self.session, self.first_menu, self.seats, self.census_steps)
        self.resume_steps = ResumeSteps(table, self.session, self.setup_steps, self.first_menu, self.extras,
                                        resume_timeout_s)
        self.pickers = Pickers(table, self.seats, self.check_steps, self.census_steps, lambda uid: self.router.card(uid))
        self.web_census = WebCensus(table, self.census_steps)
        self.web = WebBridge(table, self.folder, self.census_steps, self.web_census)
        self.frames = Frames(table, self.pages, advice, self.census_steps, self.check_steps, self.resume_steps,
                             self.first_menu, self.setup_steps, self.extras)
        self.router = Router(table, self.web, self.check_steps, self.census_steps, self.pages, self.pickers,
                             self.seats, {"resume": self.resume_steps, "game": self.first_menu,
                                          "setup": self.setup_steps, "play": self.session})
        table.saving = SaveQueue(self.resume_steps.do, table.journal.path, clock, save_retry_s, table.say)
        self.setup_steps.begin()
        self.first_menu.ask_game()
        if memory_note is not None:
            table.say(memory_note)

    # --- the table's state and the parts' (read and set where they live) ----------------------------------

    ui: Shared[GameUI] = Shared("table")
    tags: Shared[TagMap] = Shared("table")
    state_dir: Shared[Path] = Shared("table")
    clock: Shared[Callable[[], float]] = Shared("table")
    wall: Shared[Callable[[], float]] = Shared("table")
    fs: Shared[FileSystem] = Shared("table")
    journal: Shared[JournalFile] = Shared("table")
    notice_s: Shared[float] = Shared("table")
    games: Shared[dict[str, Text]] = Shared("table")
    switch_game: Shared[Callable[[str], tuple[GameUI, TagMap]] | None] = Shared("table")
    home_game: Shared[str | None] = Shared("table")
    save_tags: Shared[bool] = Shared("table")
    new_seed: Shared[Callable[[], int]] = Shared("table")
    tr: Shared[Translator] = Shared("table")
    saving: Shared[SaveQueue] = Shared("table")
    setup: Shared[LanguageFirst] = Shared("table")
    match: Shared[Match | None] = Shared("table")
    mode: Shared[str] = Shared("table")
    selected: Shared[int] = Shared("table")
    lines: Shared[list[Text]] = Shared("table")
    todo: Shared[list[Text]] = Shared("table")
    todo_news: Shared[int] = Shared("table")
    notice: Shared[Said | None] = Shared("table")
    confirm: Shared[tuple[Text, ...] | None] = Shared("table")
    confirm_chips: Shared[tuple[Text, ...]] = Shared("table")
    reader_lost: Shared[Text | None] = Shared("table")
    unknown_uid: Shared[str | None] = Shared("table")
    picker: Shared[Menu | None] = Shared("table")
    picker_action: Shared[Callable[[str], None] | None] = Shared("table")
    deck: Shared[VirtualDeck | None] = Shared("table")
    census: Shared[CensusWalk | None] = Shared("census_steps", "walk")
    check: Shared[HardwareCheck | None] = Shared("check_steps")
    check_order: Shared[tuple[str, ...]] = Shared("check_steps")
    reader_key: Shared[str | None] = Shared("check_steps")
    web_request: Shared[EnrolRequest | None] = Shared("web", "request")
    web_census_stale: Shared[bool] = Shared("web_census", "stale")
    damage: Shared[Damage | None] = Shared("resume_steps")
    damage_copy: Shared[Path | None] = Shared("resume_steps")
    resume_deadline: Shared[float | None] = Shared("resume_steps")
    resume_timeout_s: Shared[float] = Shared("resume_steps")
    menu_extras: Shared[FirstMenuExtras | None] = Shared("extras")
    accepted: Shared[int] = Shared("session")

    # --- the loop's controller (companion.runtime.loop) -------------------------------------------------

    def handle(self, event: Any) -> None:
        """One driver event (companion.app.router). Never raises for anything the table can do."""
        self.router.handle(event)

    def tick(self, now: float | None = None) -> None:
        """Expire notices; retry owed saves; resume on its own when nobody answered in time; look for the web
        page's and the phone's requests and the web page's address."""
        table = self.table
        now = table.clock() if now is None else now
        if table.notice and now >= table.notice.until:
            table.notice = None
            table.unknown_uid = None
        if self.advice is not None:
            self.advice.poll()
        if table.saving.due(now):
            table.saving.retry()
        self.resume_steps.tick(now)
        self.web.tick(now)
        self.seats.tick(now)
        self.extras.tick(now)

    def deadline(self) -> float | None:
        """When `tick` next has something to do, or the countdown shows one second less (the loop sleeps until then)."""
        table = self.table
        times = [t for t in (table.notice.until if table.notice else None, self.resume_steps.next_second(),
                             table.saving.deadline(), self.pages.next_page(),
                             self.advice.deadline() if self.advice else None, self.web.deadline(),
                             self.extras.deadline()) if t is not None]
        return min(times) if times else None

    def screen(self) -> Screen:
        """The web page's enrolment banner while one is shown, else this moment's frame (with the state
        folder's refusal while it refuses writes)."""
        return self.web.banner() or self.folder.noted(self.frames.screen())

    # --- what the commands and the laptop window ask ----------------------------------------------------

    def start(self) -> None:
        """Offer to resume an unfinished game, else start the set-up questions (companion.app.resume_steps)."""
        self.resume_steps.start()

    def start_first_check(self, runtime_dir: Path | None) -> bool:
        """The hardware check at the first start (companion.app.check_steps); True when it was opened."""
        return self.check_steps.start_first_check(runtime_dir)

    def offered(self) -> tuple[tuple[str, ...], int]:
        """The option ids the moment offers and the highlighted one (companion.app.frames)."""
        return self.frames.offered()

    def countdown(self, now: float | None = None) -> int | None:
        """Whole seconds before the unfinished game resumes by itself (None when it waits for the table)."""
        return self.resume_steps.countdown(now)

    def seated(self) -> tuple[tuple[str, str], ...]:
        """Who sits in each seat of the game on the table (companion.app.frames)."""
        return self.frames.seated()

    def point_at(self, index: int) -> bool:
        """A click on the `index`th entry of the list on screen (companion.app.laptop_window): the highlight
        goes there, so OK picks it as after walking there with Next. False when no list on screen has it."""
        options, _ = self.offered()
        if not 0 <= index < len(options):
            return False
        if self.table.saving.blocked():
            self.table.saving.selected = index
        else:
            self.table.selected = index
        return True

    def deck_open(self) -> bool:
        return self.pickers.deck_open()

    def open_virtual_deck(self) -> None:
        self.pickers.open_virtual_deck()

    def close_virtual_deck(self) -> None:
        self.pickers.close_virtual_deck()

    def narrow_deck(self, text: str) -> None:
        self.pickers.narrow_deck(text)

    def widen_deck(self) -> bool:
        return self.pickers.widen_deck()

    def escape(self) -> bool:
        return self.pickers.escape()
