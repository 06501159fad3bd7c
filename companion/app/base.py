"""What every part of the app shares: its state, its words, and the steps one part offers another.

The app is split by what it does (companion.app.setup_steps, seat_steps,
resume_steps, play_steps, pickers, frames); `App` in companion.app.controller joins them.
Each part is a class over `AppBase`, which holds the attributes they share
and names the few steps one part calls in another, so each module reads on
its own and the type checker sees every call.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.app.language_step import LanguageFirst
from companion.games.base import GameUI, Menu, Text
from companion.history.menu import FirstMenuExtras
from companion.i18n import CatalogError, Translator
from companion.runtime.moments import moment_text
from companion.runtime.remembered import Remembered
from companion.runtime.saving import SaveQueue
from companion.runtime.storage import FileSystem, JournalFile
from companion.runtime.tagmap import TagMap
from companion.screen_model import Screen
from engine import Event, Match, Prompt, RuleError
from engine.core.events import FORGET, REVEAL
from engine.core.journal import Damage
from engine.core.messages import Message, msg

if TYPE_CHECKING:
    from companion.app.advice import AdviceDesk
    from companion.app.hardware_check import HardwareCheck
    from companion.app.pickers import VirtualDeck

MENU_BUTTONS = {"next": msg("Next"), "ok": msg("OK"), "undo": msg("Undo")}
"""The buttons every game uses the same way, in words; the game names the others (`GameUI.button_label`)."""
MAX_LINES = 8
CONFIRM_UNDO = msg("OK: undo")
"""The OK chip of a confirmation whose OK takes inputs back (Undo, the undo a game offers)."""
CONFIRM_OTHER = msg("Other: cancel")
"""The chip beside OK's in every confirmation: any other button keeps things as they are."""
UNSEEN = (REVEAL,)
"""Event kinds that are no step for the table (the card was already turned over to be tapped)."""
FORGETTING = (FORGET,)
"""Event kinds after which the narration log starts afresh: the game asks that nothing before them stays on
screen (a finished duel whose cards the table must keep in memory only). Both are engine.core.events' own."""


@dataclass
class Notice:
    """A note or refusal shown for a few seconds (finished words: the enrolment walk's)."""

    text: str
    error: bool
    until: float


@dataclass
class Said:
    """The App's note or refusal, translated when it is shown, so a language change reaches it too."""

    text: Text
    error: bool
    until: float


def engine_words(thing: Event | Prompt | RuleError) -> Message:
    """An engine event, prompt or refusal for the table: its Message, translated where it is shown."""
    return thing.message


def highlighted(ui: GameUI, prompt: Prompt | None) -> int:
    """The index of the option OK takes before Next is pressed under `prompt`: the game's choice
    (`GameUI.highlighted`, the option that spends nothing), else the first; 0 when OK picks no option."""
    if prompt is None or prompt.tap is not None or not prompt.options:
        return 0
    option = ui.highlighted(prompt)
    return prompt.options.index(option) if option in prompt.options else 0


class AppBase(ABC):
    """The state every part of the app reads and writes (set in `App.__init__`), and shared helpers."""

    ui: GameUI
    games: dict[str, Text]
    switch_game: Callable[[str], tuple[GameUI, TagMap]] | None
    home_game: str | None
    tags: TagMap
    state_dir: Path
    clock: Callable[[], float]
    wall: Callable[[], float]
    notice_s: float
    resume_timeout_s: float
    new_seed: Callable[[], int]
    save_tags: bool
    fs: FileSystem
    journal: JournalFile
    memory: Remembered
    tr: Translator
    notice: Said | None
    match: Match | None
    mode: str
    setup: LanguageFirst
    selected: int
    lines: list[Text]
    todo: list[Text]
    todo_news: int
    _page_key: tuple[str, tuple[str, ...], tuple[str, ...]] | None
    _page_epoch: float
    confirm: tuple[Text, ...] | None
    _confirm_action: Callable[[], None] | None
    confirm_chips: tuple[Text, ...]
    reader_lost: Text | None
    unknown_uid: str | None
    picker: Menu | None
    picker_action: Callable[[str], None] | None
    deck: VirtualDeck | None
    resume_deadline: float | None
    damage: Damage | None
    damage_copy: Path | None
    unreadable: Message | None
    saving: SaveQueue
    accepted: int
    menu_extras: FirstMenuExtras | None
    advice: AdviceDesk | None
    check: HardwareCheck | None
    check_order: tuple[str, ...]

    def _moment(self) -> str:
        """Now as the journal keeps it (companion.runtime.moments): stamps a game's start and each input."""
        return moment_text(self.wall())

    def _set_language(self, lang: str) -> None:
        """Every screen in `lang` from now on; a catalogue that cannot be read leaves English, said once."""
        try:
            self.tr = Translator(lang, self.ui.namers(), self.ui.name)
        except CatalogError as exc:
            self.tr = Translator("en", self.ui.namers(), self.ui.name)
            self._say(msg("The {language} words cannot be read ({reason}); the companion speaks English.",
                          language=lang, reason=str(exc)), error=True)

    def _say(self, text: Text, error: bool = False) -> None:
        self.notice = Said(text, error, self.clock() + self.notice_s)

    def _t(self, text: Text) -> str:
        """Words in the table's language: a Message is translated, a finished string (a name, a path) kept."""
        return self.tr(text) if isinstance(text, Message) else text

    def _all(self, texts: tuple[Text, ...] | list[Text]) -> tuple[str, ...]:
        return tuple(self._t(text) for text in texts)

    def _button_word(self, name: str) -> Text:
        """A physical button in words: the game's label for it, else the menu word, else its name."""
        return self.ui.button_label(name) or MENU_BUTTONS.get(name) or name

    def _narrate(self, events: list[Event]) -> None:
        """What one accepted input caused: the to-do panel until the next input, and the log; then the new
        prompt's highlight (see `_highlight`).

        The panel lists the physical steps first (events the game marked
        `physical`: take, move, turn, shuffle, deal, return), in the order
        they happened, then what merely happened (`todo_news` counts those),
        so the step the table must do is never behind narration on a later
        page. Once the game is over only the last input's physical steps
        stay: a turn begun, a choice forced or a refusal's reason is no
        longer true, and the result is on the game-over screen itself. The
        log keeps every event in the order it happened.
        """
        shown = [e for e in events if e.kind not in UNSEEN]
        if any(e.kind in FORGETTING for e in events):
            self.lines = []
        steps: list[Text] = [engine_words(e) for e in shown if e.physical]
        news: list[Text] = [] if self._game_over() else [engine_words(e) for e in shown if not e.physical]
        self.todo = steps + news
        self.todo_news = len(news)
        for event in shown:
            self.lines.insert(0, engine_words(event))
        del self.lines[MAX_LINES:]
        self.selected = self._highlight()

    def _game_over(self) -> bool:
        return self.match is not None and self.match.play.prompt is None

    def _highlight(self) -> int:
        """The option highlighted when a prompt appears: the game's default (`highlighted`), so a reflex OK
        never spends what the table has only so much of; 0 outside play."""
        prompt = self.match.play.prompt if self.match is not None and self.mode == "play" else None
        return highlighted(self.ui, prompt)

    def _ask(self, question: tuple[Text, ...], action: Callable[[], None], ok: Text) -> None:
        """A confirmation over the frame: `question` one sentence a line, `ok` what OK does in it as its chip
        ("OK: new game"), `action` what OK runs; any other button cancels (`CONFIRM_OTHER`)."""
        self.confirm = question
        self._confirm_action = action
        self.confirm_chips = (ok, CONFIRM_OTHER)

    def _close_picker(self, message: Text | None) -> None:
        self.picker = None
        self.picker_action = None
        self.selected = self._highlight()
        if message:
            self._say(message)

    # --- steps one part calls in another (each defined in the part named) ---------

    @abstractmethod
    def _card(self, uid: str) -> None:
        """A tag was tapped (controller)."""
        ...

    @abstractmethod
    def _personal_tag(self, uid: str) -> bool:
        """A tag not in the tag map that is a player's personal tag: seat the player (seat_steps)."""
        ...

    @abstractmethod
    def _personal_picker(self, uid: str) -> bool:
        """Offer the players for an unknown tag tapped while a seat is asked (seat_steps)."""
        ...

    @abstractmethod
    def _seating_tick(self, now: float) -> None:
        """Tell the phone which seats are asked about, take its seating (seat_steps)."""
        ...

    @abstractmethod
    def _note_seated(self, player_ids: list[str]) -> None:
        """These players just sat down: first in the next seat questions (seat_steps)."""
        ...

    @abstractmethod
    def _ask_game(self) -> None:
        """Start set-up with the game menu when there are several games (setup_steps)."""
        ...

    @abstractmethod
    def _game_menu(self) -> Menu:
        """The first menu (setup_steps)."""
        ...

    @abstractmethod
    def _new_setup(self) -> LanguageFirst:
        """Fresh set-up questions (setup_steps)."""
        ...

    @abstractmethod
    def _setup_menu(self) -> Menu:
        """This set-up question as shown (setup_steps)."""
        ...

    @abstractmethod
    def _extras(self) -> FirstMenuExtras:
        """The web page's PIN and addresses, and whether there are statistics, read once per visit (setup_steps)."""
        ...

    @abstractmethod
    def _open_check(self) -> None:
        """Open the hardware check over the menu (check_steps)."""
        ...

    @abstractmethod
    def _check_screen(self, common: dict[str, Any]) -> Screen:
        """The hardware check's frame (check_steps)."""
        ...

    @abstractmethod
    def _new_game(self) -> None:
        """Put the game aside and start set-up (resume_steps)."""
        ...

    @abstractmethod
    def _resume_menu(self) -> Menu:
        """The resume question (resume_steps)."""
        ...

    @abstractmethod
    def countdown(self, now: float | None = None) -> int | None:
        """Seconds before the unfinished game resumes by itself (resume_steps)."""
        ...

    @abstractmethod
    def _folder_rests(self, now: float) -> bool:
        """True while the state folder refuses writes: the looks for the phone page's files wait (web_requests)."""
        ...

    @abstractmethod
    def _folder_refused(self, exc: OSError, now: float) -> bool:
        """A write in the background failed: True when the state folder refuses writes, said once
        (web_requests)."""
        ...


__all__ = ["CONFIRM_OTHER", "CONFIRM_UNDO", "FORGETTING", "MAX_LINES", "MENU_BUTTONS", "UNSEEN", "AppBase", "Notice",
           "Said", "engine_words", "highlighted"]
