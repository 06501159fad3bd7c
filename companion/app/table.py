"""What every part of the app shares: one `Table`, the state of the device and of the game on it.

The parts (companion.app.router, play_steps, setup_steps, ...) each take the
`Table` and only the other parts they call, in their constructors; none
reaches another through the App. What is here is what they all read or
write: the game's words and tag map, the match and the mode, the highlight,
the note on screen, the question over the frame, the list over the moment,
the saving queue; and the few steps every part takes the same way (say
something, translate, ask for OK, close a list, walk a menu).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from companion.app.base import CONFIRM_OTHER, MENU_BUTTONS, Said, highlighted
from companion.games.base import GameUI, Menu, Text
from companion.i18n import CatalogError, Translator
from companion.runtime.moments import moment_text
from companion.runtime.remembered import Remembered
from companion.runtime.storage import FileSystem, JournalFile
from companion.runtime.tagmap import TagMap
from engine import Match
from engine.core.messages import Message, msg

if TYPE_CHECKING:
    from companion.app.language_step import LanguageFirst
    from companion.app.pickers import VirtualDeck
    from companion.runtime.saving import SaveQueue


@dataclass(eq=False)
class Table:
    """The device's state, shared by the app's parts (each part's own state stays in the part)."""

    ui: GameUI
    tags: TagMap
    state_dir: Path
    clock: Callable[[], float]
    """The monotonic clock: notices, countdowns, pages, retries."""
    wall: Callable[[], float]
    """The wall clock (Unix time) that stamps each game's start and each input in the journal."""
    fs: FileSystem
    journal: JournalFile
    memory: Remembered
    notice_s: float
    games: dict[str, Text]
    """Game name -> title for the first menu; with one game or none the menu is skipped."""
    switch_game: Callable[[str], tuple[GameUI, TagMap]] | None
    home_game: str | None
    """The game --game or app.game fixes; a resumed game of another kind is followed by this one."""
    save_tags: bool
    """False on a tag map that was damaged (it is never saved over) or a laptop's virtual one."""
    new_seed: Callable[[], int]
    """The seed of each new game's random source."""
    tr: Translator = field(default_factory=Translator)
    saving: SaveQueue = field(init=False)
    """The owed disk jobs (companion.runtime.saving), set by the App once the part that does them exists."""
    setup: LanguageFirst = field(init=False)
    """The set-up questions (companion.app.setup_steps makes them)."""
    match: Match | None = None
    mode: str = "setup"
    """"resume", "game" (the first menu), "setup" or "play": which step takes taps and presses."""
    selected: int = 0
    lines: list[Text] = field(default_factory=list)
    """The narration log, newest first."""
    todo: list[Text] = field(default_factory=list)
    """The to-do panel: the physical steps of the last input first, then the news (`todo_news` of them)."""
    todo_news: int = 0
    notice: Said | None = None
    confirm: tuple[Text, ...] | None = None
    confirm_action: Callable[[], None] | None = None
    confirm_chips: tuple[Text, ...] = ()
    reader_lost: Text | None = None
    unknown_uid: str | None = None
    picker: Menu | None = None
    """A list over the moment (an enrolment, the virtual deck, the statistics); `picker_action` takes its pick."""
    picker_action: Callable[[str], None] | None = None
    deck: VirtualDeck | None = None

    # --- words ---------------------------------------------------------------------------------------

    def say(self, text: Text, error: bool = False) -> None:
        """A note (or a refusal, `error`) on screen for `notice_s` seconds."""
        self.notice = Said(text, error, self.clock() + self.notice_s)

    def t(self, text: Text) -> str:
        """Words in the table's language: a Message is translated, a finished string (a name, a path) kept."""
        return self.tr(text) if isinstance(text, Message) else text

    def all(self, texts: tuple[Text, ...] | list[Text]) -> tuple[str, ...]:
        return tuple(self.t(text) for text in texts)

    def button_word(self, name: str) -> Text:
        """A physical button in words: the game's label for it, else the menu word, else its name."""
        return self.ui.button_label(name) or MENU_BUTTONS.get(name) or name

    def set_language(self, lang: str) -> None:
        """Every screen in `lang` from now on; a catalogue that cannot be read leaves English, said once."""
        try:
            self.tr = Translator(lang, self.ui.namers(), self.ui.name)
        except CatalogError as exc:
            self.tr = Translator("en", self.ui.namers(), self.ui.name)
            self.say(msg("The {language} words cannot be read ({reason}); the companion speaks English.",
                         language=lang, reason=str(exc)), error=True)

    def switch_to(self, name: str) -> None:
        """Switch to the game `name`: its words, screens and tag map (companion.app.assembly's `switch_game`)."""
        assert self.switch_game is not None
        self.ui, self.tags = self.switch_game(name)
        self.set_language(self.tr.lang)

    def moment(self) -> str:
        """Now as the journal keeps it (companion.runtime.moments): stamps a game's start and each input."""
        return moment_text(self.wall())

    # --- where the table stands ----------------------------------------------------------------------

    def first_menu(self) -> bool:
        """Whether set-up starts with a menu of games (several games, and a way to switch between them)."""
        return len(self.games) > 1 and self.switch_game is not None

    def game_over(self) -> bool:
        return self.match is not None and self.match.play.prompt is None

    def highlight(self) -> int:
        """The option highlighted when a prompt appears: the game's default (`highlighted`), so a reflex OK
        never spends what the table has only so much of; 0 outside play."""
        prompt = self.match.play.prompt if self.match is not None and self.mode == "play" else None
        return highlighted(self.ui, prompt)

    # --- the question over the frame, the list over the moment ---------------------------------------

    def ask(self, question: tuple[Text, ...], action: Callable[[], None], ok: Text) -> None:
        """A confirmation over the frame: `question` one sentence a line, `ok` what OK does in it as its chip
        ("OK: new game"), `action` what OK runs; any other button cancels (`CONFIRM_OTHER`)."""
        self.confirm = question
        self.confirm_action = action
        self.confirm_chips = (ok, CONFIRM_OTHER)

    def answer(self, name: str) -> None:
        """The button pressed under a confirmation: OK runs what it asked, any other cancels."""
        action = self.confirm_action
        self.confirm = None
        self.confirm_action = None
        if name != "ok":
            self.say(msg("Cancelled: nothing was changed."))
        elif action:
            action()

    def open_picker(self, menu: Menu, action: Callable[[str], None], selected: int = 0) -> None:
        """A list over the moment; OK on an entry runs `action` with it, Undo closes it."""
        self.picker = menu
        self.picker_action = action
        self.selected = selected

    def close_picker(self, message: Text | None) -> None:
        self.picker = None
        self.picker_action = None
        self.selected = self.highlight()
        if message:
            self.say(message)

    def walk(self, name: str, held: bool, menu: Menu, act: Callable[[str], None]) -> None:
        """A button on a list: Next walks it (back, held), OK picks the highlighted entry, a button that is an
        entry picks it, Undo closes a list over the moment; anything else is said to do nothing."""
        count = len(menu.options)
        if name == "next":
            self.selected = (self.selected + (-1 if held else 1)) % count
        elif name == "ok":
            act(menu.options[self.selected % count])
        elif name in menu.options:
            act(name)
        elif name == "undo" and self.picker is not None:
            self.close_picker(msg("Closed."))
        else:
            self.say(msg("{button} does nothing here: use Next and OK.", button=self.button_word(name)), error=True)
