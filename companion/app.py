"""The app: driver events in, engine inputs out, a Screen value for the display.

One controller for the whole life of the program on the table: resume or
set up a game, play it, undo, end it. It is driven by `handle(event)` and
`tick(now)` and describes what to show with `screen()`; the loop in
`companion.loop` feeds it from the drivers' queue and draws. Nothing here
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

import math
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.games.base import GameUI, Menu, Text
from companion.i18n import CatalogError, Translator
from companion.language_step import LanguageFirst
from companion.remembered import Remembered, load_memory, save_memory
from companion.resume_info import damage_line, game_lines
from companion.saving import Job, SaveQueue
from companion.screen_model import PAGE_SECONDS, Screen
from companion.storage import (
    CURRENT,
    REAL_DISK,
    FileSystem,
    JournalFile,
    load_journal,
    unfinished,
)
from companion.tagmap import TagMap, save_tagmap
from drivers.config import BUTTON_NAMES
from drivers.events import ButtonHeld, ButtonPressed, CardPlaced, ReaderBack, ReaderLost
from engine import Choose, Event, Input, Match, Prompt, RuleError
from engine.core.journal import Damage
from engine.core.messages import Message, message_from_json, msg

if TYPE_CHECKING:
    from companion.advice import AdviceDesk

MENU_BUTTONS = {"next": msg("Next"), "ok": msg("OK"), "undo": msg("Undo")}
"""The buttons every game uses the same way, in words; the game names the others (`GameUI.button_label`)."""
MAX_LINES = 8
UNSEEN = ("reveal",)
"""Event kinds that are no step for the table (the card was already turned over to be tapped)."""


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


class App:
    """The companion's state machine: resume, setup, play, over, and the pickers."""

    def __init__(self, ui: GameUI, tagmap: TagMap, state_dir: Path, clock: Callable[[], float],
                 notice_s: float = 4.0, resume_timeout_s: float = 20.0,
                 new_seed: Callable[[], int] = lambda: secrets.randbelow(2**31),
                 save_tags: bool = True, fs: FileSystem = REAL_DISK, save_retry_s: float = 5.0,
                 lang: str | None = None, default_lang: str = "en",
                 games: Mapping[str, Text] | None = None,
                 switch_game: Callable[[str], tuple[GameUI, TagMap]] | None = None,
                 advice: AdviceDesk | None = None) -> None:
        self.ui = ui
        self.advice = advice
        """Advice on a long press of OK (companion.advice); None: no advisor."""
        self.games = dict(games or {})
        """Game name -> title for the first menu; with one game or none the menu is skipped."""
        self.switch_game = switch_game
        self.tags = tagmap
        self.state_dir = state_dir
        self.clock = clock
        self.notice_s = notice_s
        self.resume_timeout_s = resume_timeout_s
        self.new_seed = new_seed
        self.save_tags = save_tags
        self.fs = fs
        self.journal = JournalFile(state_dir / CURRENT, fs)
        self.memory, memory_note = load_memory(state_dir)
        self.tr = Translator()
        self.notice: Said | None = None
        self._set_language(lang or self.memory.lang or default_lang)
        self.match: Match | None = None
        self.mode = "setup"
        self.setup = self._new_setup()
        self.selected = self.setup.menu().selected
        self._ask_game()
        self.lines: list[Text] = []
        self.todo: list[Text] = []
        self._page_key: tuple[str, tuple[str, ...], tuple[str, ...]] | None = None
        self._page_epoch = 0.0
        if memory_note is not None:
            self._say(memory_note)
        self.confirm: tuple[Text, ...] | None = None
        self._confirm_action: Callable[[], None] | None = None
        self.reader_lost: Text | None = None
        self.unknown_uid: str | None = None
        self.picker: Menu | None = None
        self.picker_action: Callable[[str], None] | None = None
        self.resume_deadline: float | None = None
        self.damage: Damage | None = None
        self.damage_copy: Path | None = None
        self.unreadable: Message | None = None
        self.saving = SaveQueue(self._do, self.journal.path, clock, save_retry_s,
                                lambda text, error: self._say(text, error))
        self.accepted = 0

    # --- language and memory ------------------------------------------------------

    def _set_language(self, lang: str) -> None:
        """Every screen in `lang` from now on; a catalogue that cannot be read leaves English, said once."""
        try:
            self.tr = Translator(lang, self.ui.namers())
        except CatalogError as exc:
            self.tr = Translator("en", self.ui.namers())
            self._say(msg("The {language} words cannot be read ({reason}); the companion speaks English.",
                          language=lang, reason=str(exc)), error=True)

    def _ask_game(self) -> None:
        """With several games, set-up starts by choosing one; the last game played is highlighted."""
        if len(self.games) > 1 and self.switch_game is not None:
            self.mode = "game"
            names = list(self.games)
            self.selected = names.index(self.ui.name) if self.ui.name in names else 0

    def _game_menu(self) -> Menu:
        names = tuple(self.games)
        return Menu(msg("New game"), names, tuple(self.games[n] for n in names),
                    selected=names.index(self.ui.name) if self.ui.name in names else 0)

    def _game_choice(self, name: str) -> None:
        """Switch to the chosen game (its words, its tag map), then its set-up questions."""
        assert self.switch_game is not None
        if name != self.ui.name:
            self.ui, self.tags = self.switch_game(name)
            self._set_language(self.tr.lang)
        self.mode = "setup"
        self.setup = self._new_setup()
        self.selected = self.setup.menu().selected

    def _new_setup(self) -> LanguageFirst:
        """The set-up questions, language first, each starting from the last game's answer."""
        return LanguageFirst(self.ui.new_setup(self.memory.setups.get(self.ui.name)), self.tr.lang)

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

    # --- start ---------------------------------------------------------------

    def start(self) -> None:
        """Offer to resume an unfinished game, else start the setup questions.

        Never raises for the disk: a state folder that cannot be made or read
        shows the Cannot save screen and is tried again like any failed save.
        """
        self.saving.owe(Job("open", note=msg("The state folder {path} cannot be used.", path=str(self.state_dir))))

    def _open_state(self) -> None:
        """Make the state folder, clear a failed rewrite's leftovers, find the unfinished game."""
        self.fs.mkdir(self.state_dir)
        self.journal.remove_stale_tmp()
        path = unfinished(self.state_dir)
        if path is None:
            return
        if self.mode == "setup" and self.match is None:
            self._offer_resume(path)
        else:
            # A game was played unsaved while the folder was unusable: the one
            # found there now is moved aside before ours is written.
            self.saving.insert_next(Job("archive", why="found"))

    def _offer_resume(self, path: Path) -> None:
        try:
            loaded = load_journal(path)
        except RuleError as exc:
            self.unreadable = msg("{file}, {reason}", file=path.name, reason=engine_words(exc))
            self.saving.queue(Job("archive", why="unreadable", note=msg(
                "The saved game could not be read ({reason}); it stays as {path} until it can be "
                "moved aside, and no new game replaces it.", reason=engine_words(exc), path=str(path))))
            return
        self.match = loaded.match
        self.damage = loaded.damage
        if self.damage is not None:
            self.saving.queue(Job("keep-damaged", note=msg(
                "The saved game is damaged: a copy of it must be kept before anything replaces it.")))
        self.mode = "resume"
        self.selected = 0
        if self.resume_timeout_s > 0 and (self.damage is None or self.damage.torn):
            self.resume_deadline = self.clock() + self.resume_timeout_s

    def _resume_info(self) -> tuple[Text, ...]:
        match = self.match
        assert match is not None
        prompt = match.play.prompt
        info = game_lines(match.play.public_view(), engine_words(prompt) if prompt is not None else None)
        if self.damage is not None:
            copy = self.damage_copy.name if self.damage_copy is not None else None
            info.append(damage_line(self.damage, len(match.inputs), copy))
        return tuple(info)

    def countdown(self, now: float | None = None) -> int | None:
        """Whole seconds before the unfinished game resumes by itself (None when it waits for the table)."""
        if self.mode != "resume" or self.resume_deadline is None or self.saving.blocked():
            return None
        now = self.clock() if now is None else now
        return max(0, math.ceil(self.resume_deadline - now))

    # --- saving: what each owed job does (companion.saving keeps them) -------------

    def _do(self, job: Job) -> None:
        if job.kind == "open":
            self._open_state()
        elif job.kind == "keep-damaged":
            if self.journal.path.exists():
                self.damage_copy = self.journal.keep_copy("damaged")
        elif job.kind == "archive":
            if self.journal.path.exists():
                target = self._archive_current(job.why)
                if job.why == "unreadable":
                    self._tell_put_aside(target)
        elif job.kind == "sync":
            assert job.match is not None
            self.journal.rewrite(job.match)

    def _tell_put_aside(self, target: Path) -> None:
        """An unreadable saved game was moved aside: say why and where, until OK."""
        reason = self.unreadable or msg("it could not be read")
        self.unreadable = None
        self.picker = Menu(msg("The saved game could not be read"), ("ok",), (msg("Start a new game"),),
                           (msg("{reason}.", reason=reason),
                            msg("It was put aside unchanged as {file} in {folder}.", file=target.name,
                                folder=str(target.parent))))
        self.selected = 0
        self.picker_action = lambda option: self._close_picker(None)

    # --- events --------------------------------------------------------------

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

    def deadline(self) -> float | None:
        """When `tick` next has something to do, or the countdown shows one second less (the loop sleeps until then)."""
        times = [t for t in (self.notice.until if self.notice else None, self._next_second(),
                             self.saving.deadline(), self._next_page(),
                             self.advice.deadline() if self.advice else None) if t is not None]
        return min(times) if times else None

    def _next_second(self) -> float | None:
        """The moment the resume countdown next changes: a whole second before the deadline, or the deadline."""
        left = self.countdown()
        if left is None or self.resume_deadline is None:
            return None
        return self.resume_deadline - max(0, left - 1)

    # --- cards ---------------------------------------------------------------

    def _card(self, uid: str) -> None:
        if self.saving.blocked():
            self.saving.refuse()
            return
        target = self.tags.target(uid)
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
            why = self.setup.tap(target)
            if why:
                self._say(why, error=True)
            self.selected = self.setup.menu().selected
            return
        if self.mode != "play" or self.match is None:
            self._say(msg("No game is running: press OK."), error=True)
            return
        prompt = self.match.play.prompt
        if prompt is None:
            self._say(msg("The game is over: press OK for a new game, or Undo."), error=True)
            return
        self._apply_or_say(self.ui.input_for_tap(self.match, target))

    def _apply_or_say(self, meant: list[Input] | Message) -> None:
        """The game's reading of a tap or press: inputs to apply, or why it means nothing now."""
        if isinstance(meant, Message):
            self._say(meant, error=True)
        else:
            self._apply(meant)

    # --- buttons -------------------------------------------------------------

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
                if not self.setup.back():
                    if len(self.games) > 1 and self.switch_game is not None:
                        self._ask_game()
                        return
                    self._say(msg("This is the first question: answer it with Next and OK."))
                self.selected = self.setup.menu().selected
            else:
                self._walk_menu(name, held, self.setup.menu(), self._setup_choice)
        elif self.mode == "play":
            self._play_button(name, held)

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

    def _play_button(self, name: str, held: bool) -> None:
        assert self.match is not None
        prompt = self.match.play.prompt
        taken, note = self.advice.button(self.match, name, held) if self.advice else (False, None)
        if taken:
            if note is not None:
                self._say(note, error=True)
            return
        if name == "undo":
            self._ask_undo()
            return
        if prompt is None:
            if name == "ok":
                self._new_game()
            else:
                self._say(msg("The game is over: OK starts a new game, Undo steps back."), error=True)
            return
        if name in self.ui.direct_buttons(prompt):
            self._apply_or_say(self.ui.input_for_button(prompt, name))
            return
        if name in ("next", "ok"):
            if prompt.tap is not None:
                self._say(msg("Tap the card on the reader. {prompt}", prompt=engine_words(prompt)), error=True)
                return
            if name == "next":
                step = -1 if held else 1
                self.selected = (self.selected + step) % len(prompt.options)
            else:
                self._apply([Choose(prompt.options[self.selected % len(prompt.options)])])
            return
        self._apply_or_say(self.ui.input_for_button(prompt, name))

    # --- engine --------------------------------------------------------------

    def _apply(self, values: list[Input]) -> None:
        """Apply inputs as one step: all are journaled, or none and the state is as before."""
        match = self.match
        assert match is not None
        done = 0
        try:
            for value in values:
                match.apply(value)
                done += 1
        except RuleError as exc:
            if done:
                match.undo(done)
            self._say(engine_words(exc), error=True)
            return
        if self.saving.unsaved:
            self.saving.queue(Job("sync", match))
        elif not self._append(match, len(values)):
            return
        self.accepted += len(values)
        self._narrate([e for events in match.history[-len(values):] for e in events])
        self.selected = 0
        self.notice = None
        self.unknown_uid = None

    def _append(self, match: Match, count: int) -> bool:
        """Journal the last `count` inputs; if the disk refuses, take them back and say so."""
        try:
            self.journal.append(match, count)
        except OSError as exc:
            match.undo(count)
            self.saving.queue(Job("sync", match))
            self.saving.failed(exc, msg("The last input was taken back: make it again once saving works."))
            return False
        return True

    def _narrate(self, events: list[Event]) -> None:
        """The steps one accepted input caused: the to-do panel until the next input, and the log."""
        steps: list[Text] = [engine_words(e) for e in events if e.kind not in UNSEEN]
        self.todo = steps
        for step in steps:
            self.lines.insert(0, step)
        del self.lines[MAX_LINES:]

    def _ask_undo(self) -> None:
        match = self.match
        assert match is not None
        if not match.inputs:
            self._say(msg("Nothing to undo yet: make the first move."), error=True)
            return
        prompt_before = self._prompt_before_last()
        what = self.ui.describe_input(match.inputs[-1], prompt_before)
        put_back: list[Text] = list(self.ui.undo_lines(match.history[-1]))
        self.confirm = (msg("Undo {what}?", what=what), *put_back,
                        msg("OK undoes it; Undo or any other button keeps the game."))
        self._confirm_action = self._undo

    def _prompt_before_last(self) -> Any:
        match = self.match
        assert match is not None
        replay = Match.replay(match.game, match.setup.to_json(), match.seed, match.inputs[:-1])
        return replay.play.prompt

    def _undo(self) -> None:
        match = self.match
        assert match is not None
        events = match.history[-1]
        value = match.inputs[-1]
        match.undo(1)
        if self.saving.unsaved:
            self.saving.queue(Job("sync", match))
        else:
            try:
                self.journal.rewrite(match)
            except OSError as exc:
                match.apply(value)
                self.saving.queue(Job("sync", match))
                self.saving.failed(exc, msg("The undo was not done: the game is as it was before it."))
                return
        self.todo = list(self.ui.undo_lines(events))
        self.lines = [msg("Undone: {step}", step=line) for line in self.todo]
        del self.lines[MAX_LINES:]
        self.selected = 0

    def _confirmed(self) -> None:
        action = self._confirm_action
        self.confirm = None
        self._confirm_action = None
        if action:
            action()

    # --- resume, setup, new game ------------------------------------------------

    def _resume_menu(self) -> Menu:
        resume = msg("Resume")
        if self.damage is not None and not self.damage.torn and self.match is not None:
            resume = msg("Resume at input {n}", n=len(self.match.inputs))
        return Menu(msg("Resume the unfinished game?"), ("resume", "new"), (resume, msg("New game")),
                    self._resume_info())

    def _resume_choice(self, option: str) -> None:
        if option == "resume":
            self._resume()
        else:
            self.confirm = (msg("Put the unfinished game aside and start a new one?"),
                            msg("OK starts a new game; Undo or any other button keeps this one."))
            self._confirm_action = self._new_game

    def _resume(self) -> None:
        """Play on from the saved game; a damaged journal is rewritten now, after its copy."""
        assert self.match is not None
        if self.damage is not None:
            self.damage = None
            self.saving.owe(Job("sync", self.match, note=msg(
                "The damaged saved game is rewritten up to the damage.")))
        self.mode = "play"
        self.resume_deadline = None
        self.selected = 0
        match = self.match
        self.lines = []
        self._narrate(match.history[-1] if match.history else match.opening)
        prompt = match.play.prompt
        self.lines.insert(0, msg("Resumed. {prompt}", prompt=engine_words(prompt)) if prompt is not None
                          else msg("Resumed. The game is over."))

    def _new_game(self) -> None:
        result = self.match.play.result if self.match else None
        why = result or ("damaged" if self.damage is not None else "abandoned")
        self.damage = None
        self.saving.owe(Job("archive", self.match, why, note=msg(
            "The finished or abandoned game must be moved under games/ before a new one is saved.")))
        self.match = None
        self.mode = "setup"
        self.setup = self._new_setup()
        self.selected = self.setup.menu().selected
        self._ask_game()
        self.lines = []
        self.todo = []
        self.resume_deadline = None

    def _archive_current(self, why: str) -> Path:
        stamp = 1
        while (self.state_dir / "games" / f"game-{stamp:04d}-{why}.journal").exists():
            stamp += 1
        return self.journal.archive(f"game-{stamp:04d}-{why}.journal")

    def _setup_choice(self, option: str) -> None:
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

    def _start_game(self) -> None:
        setup = self.setup.result()
        assert setup is not None
        try:
            match = Match(self.ui.game, setup, self.new_seed())
        except RuleError as exc:
            self._say(engine_words(exc), error=True)
            return
        self.match = match
        self.mode = "play"
        self.selected = 0
        self.lines = []
        self._narrate(match.opening)
        self.saving.owe(Job("sync", match, note=msg("The new game is not saved yet.")))
        self._remember(setup)

    # --- pickers: enroll an unknown tag, or a virtual tap --------------------------

    def _open_enroll_picker(self, uid: str) -> None:
        """Bind an unknown tag now: to a card the prompt could take, else to anything not yet tagged.

        For a tap prompt, cards without a tag come first; cards that have one
        follow, so a replacement sticker can take over a lost tag's card.
        """
        self.unknown_uid = None
        prompt = self.match.play.prompt if self.match and self.mode == "play" else None
        if prompt is not None and prompt.tap is not None and self.match is not None:
            possible = [f"card:{c}" for c in self.match.play.possible_taps()]
            targets = sorted(possible, key=lambda t: self.tags.uid_for(t) is not None)
        else:
            targets = [t for t in self.ui.tag_targets() if self.tags.uid_for(t) is None]
        if not targets:
            self._say(msg("Tag {uid} is not in the tag map and every card and board already has a tag. "
                          "Run `companion enroll --start CARD` to move a card to a new tag.", uid=uid), error=True)
            return
        labels: tuple[Text, ...] = tuple(self.ui.describe_target(t) for t in targets)
        self.picker = Menu(msg("Enroll tag {uid}: which card is it?", uid=uid), tuple(targets), labels,
                           (msg("Next walks the list, OK binds the tag, Undo closes."),))
        self.selected = 0
        self.notice = None

        def bind(target: str) -> None:
            try:
                self.tags.bind(uid, target)
            except RuleError as exc:
                self._say(engine_words(exc), error=True)
                return
            if self.save_tags:
                save_tagmap(self.state_dir, self.tags)
            self._close_picker(msg("Tag {uid} is now {name}.", uid=uid, name=self.ui.describe_target(target)))
            self._card(uid)

        self.picker_action = bind

    def open_virtual_deck(self) -> None:
        """Laptop mode: pick a tag to 'tap' from a list; the game says which the moment asks for."""
        if self.saving.blocked():
            self.saving.refuse()
            return
        targets = self.ui.virtual_targets(self.match if self.mode == "play" else None, self.mode == "setup")
        labels: tuple[Text, ...] = tuple(self.ui.describe_target(t) for t in targets)
        self.picker = Menu(msg("Virtual deck: which card do you tap?"), tuple(targets), labels,
                           (msg("Next walks the list, OK taps it, Undo closes."),))
        self.selected = 0

        def tap(target: str) -> None:
            uid = self.tags.uid_for(target)
            self._close_picker(None)
            if uid is None:
                self._say(msg("{name} has no tag in the map: enroll it (companion enroll), then tap it again.",
                              name=self.ui.describe_target(target)), error=True)
                return
            self._card(uid)

        self.picker_action = tap

    def _pick(self, option: str) -> None:
        if self.picker_action is not None:
            self.picker_action(option)

    def _close_picker(self, message: Text | None) -> None:
        self.picker = None
        self.picker_action = None
        self.selected = 0
        if message:
            self._say(message)

    # --- screen --------------------------------------------------------------------

    def _say(self, text: Text, error: bool = False) -> None:
        self.notice = Said(text, error, self.clock() + self.notice_s)

    def _t(self, text: Text) -> str:
        """Words in the table's language: a Message is translated, a finished string (a name, a path) kept."""
        return self.tr(text) if isinstance(text, Message) else text

    def _all(self, texts: tuple[Text, ...] | list[Text]) -> tuple[str, ...]:
        return tuple(self._t(text) for text in texts)

    def _menu_screen(self, kind: str, menu: Menu, selected: int, buttons: tuple[str, ...],
                     common: dict[str, Any]) -> Screen:
        return Screen(kind, title=self._t(menu.title), options=self._all(menu.labels),
                      selected=selected % len(menu.options), detail=self._all(menu.detail), buttons=buttons,
                      **common)

    def screen(self) -> Screen:
        """This moment's frame, every text in the table's language, on the page the timer has reached."""
        return self._paged(self._screen())

    def _paged(self, screen: Screen) -> Screen:
        """Count `page` up every PAGE_SECONDS from the moment the to-do or detail text last changed.

        The screens show page `page % pages` of a text too long for one page,
        so new steps always start on their first page.
        """
        key = (screen.kind, screen.todo, screen.detail)
        now = self.clock()
        if key != self._page_key:
            self._page_key, self._page_epoch = key, now
        page = int((now - self._page_epoch) // PAGE_SECONDS)
        return replace(screen, page=page) if page else screen

    def _next_page(self) -> float | None:
        """When the page next turns (only while there is text that may span pages)."""
        if self._page_key is None or not (self._page_key[1] or self._page_key[2]):
            return None
        turned = int((self.clock() - self._page_epoch) // PAGE_SECONDS)
        return self._page_epoch + (turned + 1) * PAGE_SECONDS

    def _button_word(self, name: str) -> Text:
        """A physical button in words: the game's label for it, else the menu word, else its name."""
        return self.ui.button_label(name) or MENU_BUTTONS.get(name) or name

    def _button_labels(self) -> tuple[tuple[str, str], ...]:
        """The game's labels for the physical buttons, translated, for the screens' chips."""
        return tuple((name, self._t(label)) for name in BUTTON_NAMES if (label := self.ui.button_label(name)))

    def _screen(self) -> Screen:
        said = self.notice.text if self.notice else self.reader_lost
        error = bool(self.notice.error) if self.notice else self.reader_lost is not None
        # One sentence a line: the question, then each thing to put back, then what the buttons do.
        confirm = "\n".join(self._all(self.confirm)) if self.confirm is not None else None
        common: dict[str, Any] = {"game": self.ui.name, "notice": self._t(said) if said is not None else None,
                                  "notice_error": error, "confirm": confirm, "unsaved": self.saving.unsaved,
                                  "lang": self.tr.lang, "button_labels": self._button_labels()}
        if self.saving.blocked():
            return self._menu_screen("message", self.saving.menu(), self.saving.selected, ("next", "ok"),
                                     {**common, "confirm": None})
        if confirm is not None:
            common["buttons"] = ("ok", "undo")
        if self.picker is not None:
            return self._menu_screen("message", self.picker, self.selected,
                                     common.pop("buttons", ("next", "ok", "undo")), common)
        if self.mode == "resume":
            return self._menu_screen("resume", self._resume_menu(), self.selected,
                                     common.pop("buttons", ("next", "ok")), {**common, "countdown": self.countdown()})
        if self.mode == "game":
            return self._menu_screen("setup", self._game_menu(), self.selected, common.pop("buttons", ("next", "ok")),
                                     common)
        if self.mode == "setup" or self.match is None:
            return self._menu_screen("setup", self.setup.menu(), self.selected,
                                     common.pop("buttons", ("next", "ok", "undo")), common)
        return self._play_screen(common)

    def _play_screen(self, common: dict[str, Any]) -> Screen:
        assert self.match is not None
        view = self.match.play.public_view()
        pending = view.get("pending")
        if pending and "key" in pending:
            pending["text"] = self.tr(message_from_json(pending))
            if self.advice is not None:
                pending["text"] = self.advice.prompt_text(self.match, self.ui, self.tr, pending["text"])
        # The narration as keys and params, newest first: screens read where the game stands from it
        # (the round-end step) without matching words of one language.
        # One entry per line of `lines`, in the same order (a finished string has no key).
        view["narration"] = [line.to_json() if isinstance(line, Message) else {"text": line} for line in self.lines]
        prompt = self.match.play.prompt
        options: tuple[str, ...] = ()
        buttons: list[str] = []
        if prompt is not None and prompt.tap is None:
            options = self._all([self.ui.option_label(o, prompt) for o in prompt.options])
            buttons = [*self.ui.direct_buttons(prompt), "next", "ok"]
        elif prompt is not None:
            buttons = list(self.ui.direct_buttons(prompt))
        else:
            buttons = ["ok"]
        if self.match.inputs:
            buttons.append("undo")
        return Screen(self.ui.screen_kind(view), view=view, title=self._t(self.ui.title(view)),
                      lines=self._all(self.lines), todo=self._all(self.todo), options=options,
                      selected=self.selected % len(options) if options else 0,
                      buttons=common.pop("buttons", tuple(buttons)), **common)
