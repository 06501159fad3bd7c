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

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.games.base import GameUI, Menu, SetupFlow, Text
from companion.i18n import Translator
from companion.saving import Job, SaveQueue
from companion.screen_model import Screen
from companion.storage import (
    CURRENT,
    REAL_DISK,
    FileSystem,
    JournalFile,
    load_journal,
    unfinished,
)
from companion.tagmap import TagMap, save_tagmap
from drivers.events import ButtonHeld, ButtonPressed, CardPlaced, ReaderBack, ReaderLost
from engine import Choose, Input, Match, Press, RuleError, Tap
from engine.core.journal import Damage
from engine.core.messages import message_from_json

DIRECT_BUTTONS = ("confront", "defend", "support", "pass")
MAX_LINES = 8


@dataclass
class Notice:
    text: str
    error: bool
    until: float


class App:
    """The companion's state machine: resume, setup, play, over, and the pickers."""

    def __init__(self, ui: GameUI, tagmap: TagMap, state_dir: Path, clock: Callable[[], float],
                 notice_s: float = 4.0, resume_timeout_s: float = 20.0,
                 new_seed: Callable[[], int] = lambda: secrets.randbelow(2**31),
                 save_tags: bool = True, fs: FileSystem = REAL_DISK, save_retry_s: float = 5.0,
                 lang: str = "en") -> None:
        self.ui = ui
        self.lang = lang
        self.tr = Translator(lang or "en", ui.namers())
        self.tags = tagmap
        self.state_dir = state_dir
        self.clock = clock
        self.notice_s = notice_s
        self.resume_timeout_s = resume_timeout_s
        self.new_seed = new_seed
        self.save_tags = save_tags
        self.fs = fs
        self.journal = JournalFile(state_dir / CURRENT, fs)
        self.match: Match | None = None
        self.mode = "setup"
        self.setup: SetupFlow = ui.new_setup()
        self.selected = self.setup.menu().selected
        self.lines: list[str] = []
        self.notice: Notice | None = None
        self.confirm: str | None = None
        self._confirm_action: Callable[[], None] | None = None
        self.reader_lost: str | None = None
        self.unknown_uid: str | None = None
        self.picker: Menu | None = None
        self.picker_action: Callable[[str], None] | None = None
        self.resume_deadline: float | None = None
        self.damage: Damage | None = None
        self.damage_copy: Path | None = None
        self.unreadable: str | None = None
        self.saving = SaveQueue(self._do, self.journal.path, clock, save_retry_s,
                                lambda text, error: self._say(text, error))
        self.accepted = 0

    # --- start ---------------------------------------------------------------

    def start(self) -> None:
        """Offer to resume an unfinished game, else start the setup questions.

        Never raises for the disk: a state folder that cannot be made or read
        shows the Cannot save screen and is tried again like any failed save.
        """
        self.saving.owe(Job("open", note=f"The state folder {self.state_dir} cannot be used."))

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
            self.unreadable = f"{path.name}, {exc}"
            self.saving.queue(Job("archive", why="unreadable", note=(
                f"The saved game could not be read ({exc}); it stays as {path} until it can be "
                "moved aside, and no new game replaces it.")))
            return
        self.match = loaded.match
        self.damage = loaded.damage
        if self.damage is not None:
            self.saving.queue(Job("keep-damaged", note=(
                "The saved game is damaged: a copy of it must be kept before anything replaces it.")))
        self.mode = "resume"
        self.selected = 0
        if self.resume_timeout_s > 0 and (self.damage is None or self.damage.torn):
            self.resume_deadline = self.clock() + self.resume_timeout_s

    def _resume_info(self) -> tuple[str, ...]:
        match = self.match
        assert match is not None
        difficulty = str(match.setup.to_json().get("difficulty", "?"))
        info = [f"{difficulty.capitalize()} game, {len(match.inputs)} inputs so far."]
        if self.damage is not None:
            info.append(self._damage_text(self.damage, len(match.inputs)))
        if match.play.result:
            info.append("That game is over.")
        return tuple(info)

    def _damage_text(self, damage: Damage, resume_at: int) -> str:
        if self.damage_copy is not None:
            kept = f"The original is kept as {self.damage_copy.name}."
        else:
            kept = "A copy of the original will be kept as soon as saving works; until then the file stays as it is."
        if damage.torn:
            return (f"The last record was cut short (the power went off while saving); "
                    f"the game resumes at input {resume_at}. {kept}")
        if damage.intact_after == 0:
            later = "nothing readable follows it"
        elif damage.intact_after == 1:
            later = "1 later record is intact but cannot be used after it"
        else:
            later = f"{damage.intact_after} later records are intact but cannot be used after it"
        return (f"Line {damage.line} of the saved game is damaged ({damage.reason}); {later}. "
                f"{kept} Resume at input {resume_at}?")

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
        reason = self.unreadable or "it could not be read"
        self.unreadable = None
        self.picker = Menu("The saved game could not be read", ("ok",), ("Start a new game",),
                           (f"{reason}.", f"It was put aside unchanged as {target.name} in {target.parent}."))
        self.selected = 0
        self.picker_action = lambda option: self._close_picker(None)

    # --- events --------------------------------------------------------------

    def handle(self, event: Any) -> None:
        """One driver event. Never raises for anything the table can do."""
        if isinstance(event, ReaderLost):
            self.reader_lost = f"Card reader lost ({event.reason}). The game is kept; reconnecting..."
            return
        if isinstance(event, ReaderBack):
            if self.reader_lost:
                self._say("Card reader is back.")
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
        if self.saving.due(now):
            self.saving.retry()
        if (self.mode == "resume" and self.resume_deadline is not None and now >= self.resume_deadline
                and not self.saving.blocked()):
            self._resume()

    def deadline(self) -> float | None:
        """When `tick` next has something to do (the loop sleeps until then)."""
        times = [t for t in (self.notice.until if self.notice else None,
                             self.resume_deadline if self.mode == "resume" else None,
                             self.saving.deadline()) if t is not None]
        return min(times) if times else None

    # --- cards ---------------------------------------------------------------

    def _card(self, uid: str) -> None:
        if self.saving.blocked():
            self.saving.refuse()
            return
        target = self.tags.target(uid)
        if target is None:
            self.unknown_uid = uid
            self._say(f"Unknown tag {uid}. Press OK to enroll it now.", error=True)
            return
        kind, _, name = target.partition(":")
        if self.mode == "resume":
            if self.damage is not None and not self.damage.torn:
                self._say("The saved game is damaged: choose Resume or New game first.", error=True)
                return
            self._resume()
        if self.mode == "setup":
            if kind == "samurai":
                why = self.setup.tap_board(name)
                if why:
                    self._say(self.tr(why), error=True)
                self.selected = self.setup.menu().selected
            else:
                self._say(f"{self._target(target)} is a card; the setup wants Samurai boards or the buttons.", error=True)
            return
        if self.mode != "play" or self.match is None:
            self._say("No game is running: press OK.", error=True)
            return
        prompt = self.match.play.prompt
        if prompt is None:
            self._say("The game is over: press OK for a new game, or Undo.", error=True)
            return
        if kind == "samurai":
            if name in prompt.options:
                self._apply([Choose(name)])
            else:
                self._say(f"The {name.capitalize()} board is not a choice now. {self.tr(prompt.message)}", error=True)
            return
        if prompt.tap is not None:
            self._apply([Tap(name)])
        elif prompt.kind == "action" and "fight" in prompt.options:
            self._apply([Choose("fight"), Tap(name)])
        elif self._hidden_slot_open():
            self._apply([Tap(name, hidden=True)])
        else:
            self._say(f"Not waiting for a card now. {self.tr(prompt.message)}", error=True)

    def _hidden_slot_open(self) -> bool:
        """A card just went unseen to a hidden stack: a tap now names it (face down)."""
        assert self.match is not None
        events = self.match.history[-1] if self.match.history else []
        return any(e.kind in ("support", "intruder") for e in events)

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
                self._say("Cancelled.")
            return
        if self.picker is not None:
            self._walk_menu(name, held, self.picker, self._pick)
            return
        if self.unknown_uid and name == "ok":
            self._open_enroll_picker(self.unknown_uid)
            return
        if self.mode == "resume":
            self._walk_menu(name, held, self._resume_menu(), self._resume_choice)
        elif self.mode == "setup":
            if name == "undo":
                if not self.setup.back():
                    self._say("This is the first question.")
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
            self._close_picker("Closed.")
        else:
            self._say(f"{name.capitalize()} does nothing here: use Next and OK.", error=True)

    def _play_button(self, name: str, held: bool) -> None:
        assert self.match is not None
        prompt = self.match.play.prompt
        if name == "undo":
            self._ask_undo()
            return
        if prompt is None:
            if name == "ok":
                self._new_game()
            else:
                self._say("The game is over: OK starts a new game, Undo steps back.", error=True)
            return
        if name in ("next", "ok"):
            if prompt.tap is not None:
                self._say(f"Tap the card on the reader. {self.tr(prompt.message)}", error=True)
                return
            if name == "next":
                step = -1 if held else 1
                self.selected = (self.selected + step) % len(prompt.options)
            else:
                self._apply([Choose(prompt.options[self.selected % len(prompt.options)])])
            return
        self._apply([Press(name)])

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
            self._say(self.tr(exc.message), error=True)
            return
        if self.saving.unsaved:
            self.saving.queue(Job("sync", match))
        elif not self._append(match, len(values)):
            return
        self.accepted += len(values)
        texts = [self.tr(e.message) for events in match.history[-len(values):] for e in events
                 if e.kind not in ("reveal",)]
        self._narrate(texts)
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
            self.saving.failed(exc, "The last input was taken back: make it again once saving works.")
            return False
        return True

    def _narrate(self, texts: list[str]) -> None:
        for text in texts:
            self.lines.insert(0, text)
        del self.lines[MAX_LINES:]

    def _ask_undo(self) -> None:
        match = self.match
        assert match is not None
        if not match.inputs:
            self._say("Nothing to undo yet.", error=True)
            return
        prompt_before = self._prompt_before_last()
        what = self.tr(self.ui.describe_input(match.inputs[-1], prompt_before))
        self.confirm = f"Undo {what}? OK to confirm, any other button to cancel."
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
                self.saving.failed(exc, "The undo was not done: the game is as it was before it.")
                return
        self.lines = [f"Undone. {self.tr(line)}" for line in self.ui.undo_lines(events)][:MAX_LINES]
        self.selected = 0

    def _confirmed(self) -> None:
        action = self._confirm_action
        self.confirm = None
        self._confirm_action = None
        if action:
            action()

    # --- resume, setup, new game ------------------------------------------------

    def _resume_menu(self) -> Menu:
        resume = "Resume"
        if self.damage is not None and not self.damage.torn and self.match is not None:
            resume = f"Resume at input {len(self.match.inputs)}"
        return Menu("Resume the unfinished game?", ("resume", "new"), (resume, "New game"), self._resume_info())

    def _resume_choice(self, option: str) -> None:
        if option == "resume":
            self._resume()
        else:
            self.confirm = "Put the unfinished game aside and start a new one? OK to confirm."
            self._confirm_action = self._new_game

    def _resume(self) -> None:
        """Play on from the saved game; a damaged journal is rewritten now, after its copy."""
        assert self.match is not None
        if self.damage is not None:
            self.damage = None
            self.saving.owe(Job("sync", self.match, note="The damaged saved game is rewritten up to the damage."))
        self.mode = "play"
        self.resume_deadline = None
        self.selected = 0
        view = self.match.play.public_view()
        pending = view.get("pending") or {}
        said = self.tr(message_from_json(pending)) if "key" in pending else "The game is over."
        self.lines = [f"Resumed. {said}"]

    def _new_game(self) -> None:
        result = self.match.play.result if self.match else None
        why = result or ("damaged" if self.damage is not None else "abandoned")
        self.damage = None
        self.saving.owe(Job("archive", self.match, why, note="The finished or abandoned game must be moved "
                      "under games/ before a new one is saved."))
        self.match = None
        self.mode = "setup"
        self.setup = self.ui.new_setup()
        self.selected = self.setup.menu().selected
        self.lines = []
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
        self.setup.choose(option)
        self.selected = self.setup.menu().selected

    def _start_game(self) -> None:
        setup = self.setup.result()
        assert setup is not None
        try:
            match = Match(self.ui.game, setup, self.new_seed())
        except RuleError as exc:
            self._say(self.tr(exc.message), error=True)
            return
        self.match = match
        self.mode = "play"
        self.selected = 0
        self.lines = []
        self._narrate([self.tr(e.message) for e in match.opening])
        self.saving.owe(Job("sync", match, note="The new game is not saved yet."))

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
            self._say(f"Tag {uid} is not in the tag map and every card and board already has a tag. "
                      "Run `companion enroll --start CARD` to move a card to a new tag.", error=True)
            return
        labels = tuple(self._target(t) for t in targets)
        self.picker = Menu(f"Enroll tag {uid}: which card is it?", tuple(targets), labels,
                           ("Next walks the list, OK binds the tag, Undo closes.",))
        self.selected = 0
        self.notice = None

        def bind(target: str) -> None:
            try:
                self.tags.bind(uid, target)
            except RuleError as exc:
                self._say(self.tr(exc.message), error=True)
                return
            if self.save_tags:
                save_tagmap(self.state_dir, self.tags)
            self._close_picker(f"Tag {uid} is now {self._target(target)}.")
            self._card(uid)

        self.picker_action = bind

    def open_virtual_deck(self) -> None:
        """Laptop mode: pick a card or board to 'tap' from a list.

        The list is what the moment asks for: the cards the pending tap could
        be, the Samurai boards during set-up or when a Samurai is asked for,
        else every card.
        """
        if self.saving.blocked():
            self.saving.refuse()
            return
        prompt = self.match.play.prompt if self.match and self.mode == "play" else None
        boards = [t for t in self.ui.tag_targets() if t.startswith("samurai:")]
        if prompt is not None and prompt.tap is not None and self.match is not None:
            targets = [f"card:{c}" for c in self.match.play.possible_taps()]
        elif self.mode == "setup" or (prompt is not None and any(b.partition(":")[2] in prompt.options
                                                                  for b in boards)):
            targets = boards
        else:
            targets = [t for t in self.ui.tag_targets() if t.startswith("card:")]
        labels = tuple(self._target(t) for t in targets)
        self.picker = Menu("Virtual deck: which card do you tap?", tuple(targets), labels,
                           ("Next walks the list, OK taps it, Undo closes.",))
        self.selected = 0

        def tap(target: str) -> None:
            uid = self.tags.uid_for(target)
            self._close_picker(None)
            if uid is None:
                self._say(f"{self._target(target)} has no tag in the map.", error=True)
                return
            self._card(uid)

        self.picker_action = tap

    def _pick(self, option: str) -> None:
        if self.picker_action is not None:
            self.picker_action(option)

    def _close_picker(self, message: str | None) -> None:
        self.picker = None
        self.picker_action = None
        self.selected = 0
        if message:
            self._say(message)

    # --- screen --------------------------------------------------------------------

    def _target(self, target: str) -> str:
        """A card or board in words, never its id."""
        return self.tr(self.ui.describe_target(target))

    def _menu_words(self, menu: Menu) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
        """A menu's title, labels and detail in the table's language."""
        return self._words(menu.title), tuple(map(self._words, menu.labels)), tuple(map(self._words, menu.detail))

    def _words(self, text: Text) -> str:
        return text if isinstance(text, str) else self.tr(text)

    def _say(self, text: str, error: bool = False) -> None:
        self.notice = Notice(text, error, self.clock() + self.notice_s)

    def screen(self) -> Screen:
        notice = self.notice.text if self.notice else self.reader_lost
        error = bool(self.notice.error) if self.notice else self.reader_lost is not None
        common: dict[str, Any] = {"game": self.ui.name, "lang": self.lang, "notice": notice, "notice_error": error,
                                  "confirm": self.confirm, "unsaved": self.saving.unsaved}
        if self.saving.blocked():
            menu = self.saving.menu()
            title, labels, detail = self._menu_words(menu)
            return Screen("message", title=title, options=labels, selected=self.saving.selected,
                          detail=detail, buttons=("next", "ok"), **{**common, "confirm": None})
        if self.picker is not None:
            title, labels, detail = self._menu_words(self.picker)
            return Screen("message", title=title, options=labels,
                          selected=self.selected % len(self.picker.options), detail=detail,
                          buttons=("next", "ok", "undo"), **common)
        if self.mode == "resume":
            title, labels, detail = self._menu_words(self._resume_menu())
            return Screen("resume", title=title, options=labels, selected=self.selected % 2,
                          detail=detail, buttons=("next", "ok"), **common)
        if self.mode == "setup" or self.match is None:
            menu = self.setup.menu()
            title, labels, detail = self._menu_words(menu)
            return Screen("setup", title=title, options=labels,
                          selected=self.selected % len(menu.options), detail=detail,
                          buttons=("next", "ok", "undo"), **common)
        view = self.match.play.public_view()
        pending = view.get("pending")
        if pending and "key" in pending:
            pending["text"] = self.tr(message_from_json(pending))
        prompt = self.match.play.prompt
        options: tuple[str, ...] = ()
        buttons: list[str] = []
        if prompt is not None and prompt.tap is None:
            options = tuple(self.tr(self.ui.option_label(o, prompt)) for o in prompt.options)
            buttons = [b for b in DIRECT_BUTTONS if b in prompt.options] + ["next", "ok"]
        elif prompt is None:
            buttons = ["ok"]
        if self.match.inputs:
            buttons.append("undo")
        return Screen(self.ui.screen_kind(view), view=view, title=self.tr(self.ui.title(view)), lines=tuple(self.lines),
                      options=options, selected=self.selected % len(options) if options else 0,
                      buttons=tuple(buttons), **common)
