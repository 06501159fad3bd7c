"""A table script: what people at the table do, as text, played through the mock drivers.

`companion run --mock --script FILE` (or `--script -` for standard input)
plays one command a line against the real app loop: a press goes into the
mock buttons as the laptop keyboard's does, a tap onto the mock reader's
field, read by the same poller and presence rules as a card on a real
reader. Nothing reaches the app around the drivers, so a script tries the
path a table takes, on whatever configuration the companion was started
with (the game menu first on the installed default).

Commands (`#` starts a comment; blank lines are skipped):

    press NAME [SECONDS]   a short press; with SECONDS the button is held down
                           that long, through the debouncer (a long press when
                           it reaches app.hold_s)
    hold NAME              a long press
    tap TARGET             a card put on the reader and lifted; TARGET is a
                           component as the tag map names it (card:3-doll-wound,
                           samurai:kyuzo, or 3-doll-wound when that is unique)
                           or a tag's UID in hex (04A1B2C3D4E5F6)
    place TARGET / lift    put a card down and leave it there / lift it
    reader-lost [REASON]   the reader stops answering (its cable is pulled)
    reader-back            it answers again
    wait SECONDS           let time pass (notices expire, the resume countdown runs)
    quit                   stop the companion, as closing the window does

A line runs only once the previous one has been handled by the app (a tap:
once the reader reported the card and the app took it), so a script means
the same on a slow Pi and a fast laptop. After each line one JSON object
is written on standard output saying where the app now is: the line's
number, `mode`, the `screen` kind, the `options` the moment offers (ids),
the `selected` one, the `game`, the `inputs` saved so far, `unsaved`, the
`notice` shown and `error` when the line could not be carried out. Beside
it, what a driver needs to play from the answers alone
(companion.harness.answers): the components a tap of which would be taken
now (`taps`), each button that acts now and what it does (`buttons`; the
page button turning the steps where the display pages them), the
app's refusal of what the line did (`refused`: the reason's message key and
text) and, on the resume question of a damaged saved game, the `damage`. All
of it is what the screen shows; nothing hidden is written.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import queue as queue_module
import sys
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, TextIO

from companion.harness.answers import buttons_now, damage_now, refusal, taps_now
from drivers.config import BUTTON_NAMES
from drivers.events import CardPlaced, CardRemoved, ReaderBack, ReaderLost
from drivers.reader.uid import normalize_uid

COMMANDS = ("press", "hold", "tap", "place", "lift", "reader-lost", "reader-back", "wait", "quit")
MAX_WAIT_S = 3600.0
TAP_TIMEOUT_S = 10.0
"""A tap the reader has not reported by then is given up (the reader is lost, say): the line says so."""


def view_digest(view: dict[str, Any]) -> str:
    """A short fingerprint of a public view: equal views, equal digests."""
    text = json.dumps(view, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


class ScriptError(ValueError):
    """A script line that cannot be read; the message names the line."""


@dataclass(frozen=True)
class Command:
    """One script line: the verb, its argument (a button, a target, a reason) and a duration."""

    number: int
    verb: str
    argument: str | None = None
    seconds: float | None = None


def parse_line(number: int, line: str) -> Command | None:
    """One line of a script; None for a blank line or a comment. Raises ScriptError naming the line."""
    text = line.split("#", 1)[0].strip()
    if not text:
        return None
    words = text.split()
    verb, rest = words[0].lower(), words[1:]
    where = f"script line {number}"
    if verb not in COMMANDS:
        raise ScriptError(f"{where}: unknown command {words[0]!r}; commands: {', '.join(COMMANDS)}")
    if verb in ("press", "hold"):
        if not rest or len(rest) > (2 if verb == "press" else 1):
            raise ScriptError(f"{where}: {verb} takes a button name" + (" and seconds" if verb == "press" else ""))
        name = rest[0].lower()
        if name not in BUTTON_NAMES:
            raise ScriptError(f"{where}: unknown button {rest[0]!r}; buttons: {', '.join(BUTTON_NAMES)}")
        seconds = _seconds(where, rest[1]) if len(rest) == 2 else None
        return Command(number, verb, name, seconds)
    if verb in ("tap", "place"):
        if len(rest) != 1:
            raise ScriptError(f"{where}: {verb} takes one target (a component such as card:ID, or a UID)")
        return Command(number, verb, rest[0])
    if verb == "wait":
        if len(rest) != 1:
            raise ScriptError(f"{where}: wait takes a number of seconds")
        return Command(number, verb, None, _seconds(where, rest[0]))
    if verb == "reader-lost":
        return Command(number, verb, " ".join(rest) or "the reader's cable was pulled (table script)")
    if rest:
        raise ScriptError(f"{where}: {verb} takes nothing after it")
    return Command(number, verb)


def _seconds(where: str, text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise ScriptError(f"{where}: {text!r} is not a number of seconds") from None
    if not 0 <= value <= MAX_WAIT_S:
        raise ScriptError(f"{where}: seconds must be from 0 to {MAX_WAIT_S:g}, got {text}")
    return value


def parse_script(lines: Iterable[str]) -> list[Command]:
    """A whole script file, checked before anything is played."""
    commands = []
    for number, line in enumerate(lines, start=1):
        command = parse_line(number, line)
        if command is not None:
            commands.append(command)
    return commands


class ReaderWatch:
    """The reader's events on their way to the app's queue: the script waits on what the reader reported."""

    def __init__(self, sink: Any) -> None:
        self._sink = sink
        self._lock = threading.Lock()
        self.placed = 0
        self.present: str | None = None
        self.lost = False

    def put(self, event: Any) -> None:
        # Into the app's queue first: a count the script sees has its event queued (or handled) already.
        self._sink.put(event)
        with self._lock:
            if isinstance(event, CardPlaced):
                self.placed += 1
                self.present = event.uid
            elif isinstance(event, CardRemoved) and event.uid == self.present:
                self.present = None
            elif isinstance(event, ReaderLost):
                self.lost = True
            elif isinstance(event, ReaderBack):
                self.lost = False

    def snapshot(self) -> tuple[int, str | None]:
        with self._lock:
            return self.placed, self.present


class ScriptPlayer:
    """Plays commands into the mock drivers, one at a time, from the app loop's pump.

    `pump()` runs on the loop's thread between events, so "handled" is
    simple: the queue is empty when the pump is called again. Lines come from
    a list (a file) or a thread reading standard input.
    """

    def __init__(self, app: Any, reader: Any, buttons: Any, queue: Any, watch: ReaderWatch,
                 clock: Callable[[], float], quit: Callable[[], None], out: TextIO = sys.stdout,
                 hold_s: float = 0.8) -> None:
        self.app = app
        self.reader = reader
        self.buttons = buttons
        self.queue = queue
        self.watch = watch
        self.clock = clock
        self.quit = quit
        self.out = out
        self.hold_s = hold_s
        self.lines: queue_module.Queue[Command | str | None] = queue_module.Queue()
        self.current: Command | None = None
        self.until: float | None = None
        self.waiting: Callable[[], str | None] | None = None
        self.error: str | None = None
        self.finished = False
        self.started = False
        self.notice_before: Any = None
        """The app's notice when the current line started: a new error notice since then is the line's refusal."""

    # --- where the lines come from ------------------------------------------------

    def feed(self, commands: Iterable[Command]) -> None:
        for command in commands:
            self.lines.put(command)
        self.lines.put(None)

    def read_from(self, stream: TextIO) -> None:
        """Read lines from `stream` on a thread (standard input); each is checked when it is played."""

        def read() -> None:
            for number, line in enumerate(stream, start=1):
                try:
                    command = parse_line(number, line)
                except ScriptError as exc:
                    self.lines.put(str(exc))
                    continue
                if command is not None:
                    self.lines.put(command)
            self.lines.put(None)

        threading.Thread(target=read, name="table-script", daemon=True).start()

    # --- playing ----------------------------------------------------------------------

    def pump(self) -> None:
        """Carry the current line on, or start the next one; several quick lines in one call.

        The first call says where the app stands before any line (line 0, `start`): after a
        restart that is the resume question, the menu or the game itself.
        """
        if not self.started:
            self.started = True
            self._report(Command(0, "start"), None)
        for _ in range(64):
            if self.current is not None and not self._carry_on():
                return
            if self.finished:
                return
            try:
                item = self.lines.get_nowait()
            except queue_module.Empty:
                return
            if item is None:
                self.finished = True
                return
            if isinstance(item, str):
                self._report(None, item)
                continue
            self._start(item)

    def _carry_on(self) -> bool:
        """True once the current line is done (and reported)."""
        command = self.current
        assert command is not None
        if len(self.queue):
            return False
        now = self.clock()
        if self.until is not None and now < self.until:
            return False
        if self.waiting is not None:
            problem = self.waiting()
            if problem == "":
                return False
            self.error = problem
        self.current, self.until, self.waiting = None, None, None
        self._report(command, self.error)
        self.error = None
        return True

    def _start(self, command: Command) -> None:
        self.current = command
        self.notice_before = self.app.notice
        verb = command.verb
        try:
            if verb == "press" and command.seconds is not None:
                self._timed_press(command.argument or "", command.seconds)
            elif verb == "press":
                self.buttons.press(command.argument)
            elif verb == "hold":
                self.buttons.hold(command.argument)
            elif verb in ("tap", "place"):
                self._tap(command.argument or "", lift=verb == "tap")
            elif verb == "lift":
                self._backend().remove()
            elif verb == "reader-lost":
                self._backend().fail(command.argument or "")
                self._wait_for(lambda: "" if not self.watch.lost else None)
            elif verb == "reader-back":
                self._backend().recover()
                self._wait_for(lambda: "" if self.watch.lost else None)
            elif verb == "wait":
                self.until = self.clock() + (command.seconds or 0.0)
            elif verb == "quit":
                self.quit()
        except (ScriptError, LookupError) as exc:
            self.error = str(exc)

    def _wait_for(self, check: Callable[[], str | None], timeout: float = TAP_TIMEOUT_S) -> None:
        """Finish the line when `check` stops returning "" (None: done; text: done with that error)."""
        give_up = self.clock() + timeout

        def waiting() -> str | None:
            problem = check()
            if problem == "" and self.clock() >= give_up:
                return f"nothing happened within {timeout:g} s"
            return problem

        self.waiting = waiting

    def _timed_press(self, name: str, seconds: float) -> None:
        """Down now, up after `seconds`: the debouncer tells a press from a long press, as on the table."""
        self.buttons.key_down(name)
        release_at = self.clock() + seconds
        released: list[bool] = []

        def waiting() -> str | None:
            if not released:
                if self.clock() < release_at:
                    return ""
                self.buttons.key_up(name)
                released.append(True)
                return ""
            return None

        self.waiting = waiting

    def _backend(self) -> Any:
        reader = getattr(self.reader, "reader", None)
        backend = getattr(reader, "backend", None)
        if backend is None or not hasattr(backend, "place"):
            raise ScriptError("the mock reader is not open")
        return backend

    def _uid(self, target: str) -> str:
        """A component as the tag map names it, a unique id after its kind, or a UID in hex."""
        tags = self.app.tags
        if tags.uid_for(target) is not None:
            return str(tags.uid_for(target))
        matches = sorted({t for t in tags.tags.values() if t.split(":", 1)[-1] == target})
        if len(matches) == 1:
            return str(tags.uid_for(matches[0]))
        if len(matches) > 1:
            raise ScriptError(f"{target!r} names several components: {', '.join(matches)}")
        try:
            return normalize_uid(target)
        except Exception:  # noqa: BLE001 - the driver's own words say what is wrong with it
            raise ScriptError(f"{target!r} is neither a component of {tags.game} nor a UID") from None

    def _tap(self, target: str, lift: bool) -> None:
        uid = self._uid(target)
        backend = self._backend()
        before, present = self.watch.snapshot()
        if present == uid:
            # The same card again: it must be seen lifted first, as a hand lifts it.
            backend.remove()
            self._wait_for(lambda: "" if self.watch.snapshot()[1] == uid else None)
            done_lifting = self.waiting

            def then() -> str | None:
                assert done_lifting is not None
                first = done_lifting()
                if first == "":
                    return ""
                if first is not None:
                    return first
                self._tap(target, lift)
                return ""

            self.waiting = then
            return
        if lift:
            backend.tap(uid)
        else:
            backend.place(uid)
        self._wait_for(lambda: "" if self.watch.snapshot()[0] == before else None)

    def _report(self, command: Command | None, error: str | None) -> None:
        line = self.answer(command, error)
        with contextlib.suppress(OSError, ValueError):  # nobody reads the answers any more; the table goes on
            self.out.write(json.dumps(line, ensure_ascii=False, default=str) + "\n")
            self.out.flush()

    def answer(self, command: Command | None, error: str | None = None) -> dict[str, Any]:
        """The line's answer: where the app is now (`where`), `refused` when the app refused what the line did
        (a new error notice since the line started: `notice_before`), `error` when the line could not be
        carried out."""
        line: dict[str, Any] = {"line": command.number if command else None,
                                "command": command.verb if command else None, **self.where()}
        refused = refusal(self.app, self.notice_before) if command is not None and command.number else None
        if refused is not None:
            line["refused"] = refused
        if error:
            line["error"] = error
        return line

    def where(self) -> dict[str, Any]:
        """Where the app is now, as the screen shows it (option ids rather than their words)."""
        app = self.app
        screen = app.screen()
        options, selected = app.offered()
        match = app.match
        # A digest of the public view: a harness compares it with the journal on disk replayed.
        view = view_digest(match.play.public_view()) if match is not None else None
        return {"mode": app.mode, "screen": screen.kind, "game": app.ui.name, "options": list(options),
                "selected": selected, "inputs": len(match.inputs) if match is not None else 0,
                "over": match is not None and match.play.prompt is None, "view": view,
                "unsaved": screen.unsaved, "notice": screen.notice, "confirm": screen.confirm is not None,
                "reader_lost": app.reader_lost is not None, "taps": taps_now(app), "buttons": buttons_now(app),
                **({"damage": damage} if (damage := damage_now(app)) is not None else {})}
