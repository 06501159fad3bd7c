"""Torn journal ends: the journal cut where a power cut can cut it, then restart, play on, kill, restart.

A power cut in the middle of an append can leave the last line of
`current.journal` without its newline, or only part of it. Nothing the
table saw accepted may be lost by that: the start after it must offer every
whole record, and every input acknowledged after that start must survive
the next kill (companion.runtime.storage.JournalFile.repair_end mends the
end before anything is appended).

`cuts` makes the journals a power cut can leave from one saved game: the
file cut at every byte offset inside its last two records, right after the
header (with and without the header's newline), and with half of the next
record appended. `try_in_process` plays one of them through the App as
`companion run --mock` builds it on the configuration `systemd/install.sh`
writes; `try_children` through `companion run --mock --script -` child
processes, SIGKILLed after playing on. Each restarts, resumes, plays a few
inputs with the game's demo script, is killed, restarts, and returns what
was lost (empty when nothing). Used by tests/companion/test_torn_end.py and
bench/torn_end.py.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TextIO

from companion.app.assembly import build_app
from companion.games import game_ui, registration
from companion.harness.evening import Child
from companion.runtime.config import Config, installed_config, load_config
from companion.runtime.moments import moment_text
from companion.runtime.storage import CURRENT, JournalFile, load_journal
from drivers.events import ButtonPressed, CardPlaced, CardRemoved
from engine import Input, Match, RuleError, get_game
from engine.core.registry import entry

COPIES = f"{CURRENT}.damaged-*"
BEGAN = 1_795_000_000
"""When the saved games began (November 2026), an input every 20 s after: their journals are alike at every run."""


@dataclass(frozen=True)
class Cut:
    """One journal a power cut can leave: its bytes, and the inputs a restart must offer from it."""

    name: str
    data: bytes
    inputs: tuple[Input, ...]
    """Every record that is whole in `data`, with or without its newline."""

    @property
    def open_end(self) -> bool:
        """The last line has no newline: the start must keep a copy before it mends the end."""
        return not self.data.endswith(b"\n")

    @property
    def torn(self) -> bool:
        """The last line is part of a record, not a whole one: the table must be told it was cut short."""
        return self.open_end and self.data.count(b"\n") - 1 == len(self.inputs)


@dataclass(frozen=True)
class Saved:
    """A game saved by the journal code itself, one append per input, and the input the table makes next."""

    game: str
    setup: dict[str, Any]
    seed: int
    data: bytes
    inputs: tuple[Input, ...]
    next_line: bytes
    """The record the next append would write (its newline included)."""
    later: tuple[Input, ...]
    """The inputs the simulated game goes on with after `inputs` (up to 16 of them)."""


def saved_game(work: Path, game: str = "tenno", setup: dict[str, Any] | None = None, seed: int = 1,
               inputs: int = 12) -> Saved:
    """`inputs` inputs of a simulated game of `game` appended one by one to a journal, as the app does."""
    hooks = entry(game).hooks()
    setup = dict(setup if setup is not None else hooks.SETUPS[0])
    played = hooks.play_inputs(setup, seed)
    if len(played) <= inputs:
        raise ValueError(f"{game} seed {seed} ends after {len(played)} inputs; {inputs} and one more are needed")
    work.mkdir(parents=True, exist_ok=True)
    journal = JournalFile(work / "saved.journal")
    match = Match(get_game(game), setup, seed)
    match.started = moment_text(BEGAN)
    journal.start(match)
    data = b""
    for number, value in enumerate(played[:inputs + 1], start=1):
        if number == inputs + 1:
            data = journal.path.read_bytes()  # the saved game; the record appended now is the next one
        match.apply(value, moment_text(BEGAN + 20 * number))
        journal.append(match)
    next_line = journal.path.read_bytes()[len(data):]
    journal.path.unlink()
    return Saved(game, setup, seed, data, tuple(played[:inputs]), next_line, tuple(played[inputs:inputs + 16]))


def cuts(saved: Saved, every: int = 1) -> list[Cut]:
    """The journals a power cut can leave of `saved`.

    Every byte offset inside its last two records (`every` > 1 keeps one
    offset in that many, and always the one that loses only the newline),
    right after the header and right before its newline, and the whole
    journal with half of the next record appended.
    """
    data = saved.data
    ends = [index + 1 for index, byte in enumerate(data) if byte == ord("\n")]
    header_end = ends[0]
    records = ends[1:]
    if len(records) < 2:
        raise ValueError("the saved game needs two records at least")

    def whole(size: int) -> tuple[Input, ...]:
        # A record is whole when everything but its newline is there.
        return tuple(value for value, end in zip(saved.inputs, records, strict=True) if end - 1 <= size)

    found = [Cut("the header without its newline", data[:header_end - 1], ()),
             Cut("the header alone", data[:header_end], ())]
    first = records[-3] if len(records) > 2 else header_end
    for size in range(first + 1, len(data)):
        if (size - first) % every and size not in (records[-2] - 1, len(data) - 1):
            continue
        number = next(n for n, end in enumerate(records, start=1) if size < end)
        kept = size - (records[number - 2] if number > 1 else header_end)
        length = records[number - 1] - (records[number - 2] if number > 1 else header_end)
        name = (f"record {number} without its newline" if kept == length - 1
                else f"record {number} cut after {kept} of its {length} bytes")
        found.append(Cut(name, data[:size], whole(size)))
    half = saved.next_line[:len(saved.next_line) // 2]
    found.append(Cut(f"half of record {len(records) + 1} appended", data + half, saved.inputs))
    return found


def installed(folder: Path) -> Path:
    """The configuration systemd/install.sh writes, with its state folder in `folder`; returns the file."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "companion.toml"
    path.write_text(installed_config(str(folder / "state")), "utf-8")
    return path


def fresh_state(folder: Path, cut: Cut) -> Path:
    """The state folder with `cut` as the unfinished game and nothing else."""
    state = folder / "state"
    if state.exists():
        shutil.rmtree(state)
    state.mkdir(parents=True)
    (state / CURRENT).write_bytes(cut.data)
    return state


class AppTable:
    """The people at the table for a demo script, pressing and tapping into an App in this process."""

    def __init__(self, app: Any, seed: int) -> None:
        self.app = app
        self.seed = seed
        self.shown: set[str] = set()

    def tap(self, target: str) -> None:
        uid = self.app.tags.uid_for(target)
        assert uid is not None, target
        at = self.app.clock()
        self.app.handle(CardPlaced(uid, "mock", at))
        self.app.handle(CardRemoved(uid, "mock", at))

    def press(self, name: str) -> None:
        self.app.handle(ButtonPressed(name, self.app.clock()))

    def pick(self, index: int, count: int) -> None:
        for _ in range((index - self.app.selected) % count):
            self.press("next")
        self.press("ok")

    def snap(self, name: str) -> None:
        self.shown.add(name)

    def saved_inputs(self) -> int:
        """What the app shows as saved (0 while it cannot save or plays on unsaved)."""
        app = self.app
        if app.match is None or app.saving.error is not None or app.saving.unsaved:
            return 0
        return len(app.match.inputs)


class ChildTable:
    """The same people, writing table-script lines to a `companion run --mock --script -` child."""

    def __init__(self, config: Path, state: Path, game: str, seed: int, log: TextIO) -> None:
        self.state = state
        self.seed = seed
        self.ui = game_ui(game)
        self.app = self
        self.shown: set[str] = set()
        self.child = Child(config, seed, log)
        self.last = self.child.answer()

    def act(self, line: str) -> dict[str, Any]:
        self.child.send(line)
        self.last = self.child.answer()
        if self.last.get("error"):
            raise AssertionError(f"{line!r} failed: {self.last['error']}")
        return self.last

    @property
    def match(self) -> Match | None:
        """The game as the disk holds it: each answer comes after the input was saved."""
        if self.last.get("mode") != "play":
            return None
        return load_journal(self.state / CURRENT).match

    @property
    def selected(self) -> int:
        return int(self.last["selected"])

    def tap(self, target: str) -> None:
        self.act(f"tap {target}")

    def press(self, name: str) -> None:
        self.act(f"press {name}")

    def pick(self, index: int, count: int) -> None:
        for _ in range((index - self.selected) % count):
            self.press("next")
        self.press("ok")

    def snap(self, name: str) -> None:
        self.shown.add(name)

    def saved_inputs(self) -> int:
        last = self.last
        return 0 if last.get("mode") != "play" or last.get("unsaved") else int(last["inputs"])


def play_on(table: Any, saved: Saved, count: int) -> None:
    """`count` more inputs (fewer if the game ends), each made by the game's demo script as people would."""
    script = registration(saved.game).demo_script.from_setup(table, saved.setup)
    target = table.saved_inputs() + count
    for _ in range(4 * count):
        match = table.app.match
        if match is None or match.play.prompt is None or table.saved_inputs() >= target:
            return
        script.one_move(match.play)


def check_disk(state: Path, cut: Cut, acknowledged: tuple[Input, ...]) -> list[str]:
    """After the second restart: the journal holds exactly what was acknowledged, undamaged, and the copy of the cut."""
    problems = []
    try:
        loaded = load_journal(state / CURRENT)
    except RuleError as exc:
        return [f"the journal cannot be read after the second restart: {exc}"]
    if loaded.damage is not None:
        problems.append(f"the journal is damaged after the second restart: {loaded.damage}")
    on_disk = tuple(loaded.match.inputs)
    if on_disk[:len(acknowledged)] != acknowledged:
        kept = 0
        while kept < min(len(on_disk), len(acknowledged)) and on_disk[kept] == acknowledged[kept]:
            kept += 1
        problems.append(f"{len(acknowledged)} inputs were acknowledged, the disk keeps the first {kept} of them "
                        f"({len(acknowledged) - kept} lost)")
    copies = sorted(state.glob(COPIES))
    if cut.open_end and not any(copy.read_bytes() == cut.data for copy in copies):
        problems.append("no byte copy of the cut journal was kept")
    if not cut.open_end and copies:
        problems.append(f"a journal ending in a whole line was copied: {[copy.name for copy in copies]}")
    return problems


def try_in_process(folder: Path, saved: Saved, cut: Cut, moves: int = 4) -> list[str]:
    """Start an App on `cut` as `companion run --mock` builds it, resume, play `moves` inputs, drop it (the
    kill: whatever it wrote is on disk, nothing else runs), start again: what was lost, if anything."""
    config = installed(folder)
    cfg: Config = replace(load_config(str(config)), resume_timeout_s=0)
    state = fresh_state(folder, cut)

    def start() -> Any:
        app, _ = build_app(cfg, state, mock=True)
        app.start()
        return app

    app = start()
    problems = _resumed(app, cut.inputs, "the first start")
    if problems:
        return problems
    told = app.damage is not None and app.damage.torn
    if told != cut.torn:
        problems.append(f"the resume question says the last record was cut short: {told}")
    copy = app.damage_copy
    if cut.open_end and (copy is None or copy.read_bytes() != cut.data):
        problems.append(f"the first start names no byte copy of the journal ({copy})")
    table = AppTable(app, saved.seed)
    table.press("ok")
    if app.mode != "play":
        return [*problems, f"OK on the resume question did not resume (mode {app.mode})"]
    play_on(table, saved, moves)
    if app.saving.error is not None or app.saving.unsaved:
        return [*problems, f"playing on could not save: {app.saving.error}"]
    acknowledged = tuple(app.match.inputs)
    if len(acknowledged) <= len(cut.inputs):
        return [*problems, "playing on acknowledged nothing"]
    again = start()
    return [*problems, *_resumed(again, acknowledged, "the start after the kill"),
            *check_disk(state, cut, acknowledged)]


def _resumed(app: Any, expected: tuple[Input, ...], when: str) -> list[str]:
    if app.mode != "resume" or app.match is None:
        return [f"{when} did not offer to resume (mode {app.mode})"]
    offered = tuple(app.match.inputs)
    if offered != expected:
        return [f"{when} offered {len(offered)} inputs where {len(expected)} were expected"]
    return []


def try_children(folder: Path, saved: Saved, cut: Cut, moves: int = 4,
                 log: TextIO | None = None) -> list[str]:
    """The same through `companion run --mock --script -` on the installed configuration, killed with SIGKILL."""
    config = installed(folder)
    state = fresh_state(folder, cut)
    own_log = log is None
    out = (folder / "companion.log").open("a", encoding="utf-8") if log is None else log
    tables: list[ChildTable] = []

    def boot() -> ChildTable:
        table = ChildTable(config, state, saved.game, saved.seed, out)
        tables.append(table)
        return table

    try:
        table = boot()
        problems = _answered(table, len(cut.inputs), "the first start")
        if problems:
            return problems
        if load_journal(state / CURRENT).match.inputs != list(cut.inputs):
            return ["the first start does not rebuild the whole records"]
        try:
            table.act("press ok")
            play_on(table, saved, moves)
            acknowledged = table.saved_inputs()
            on_disk = tuple(load_journal(state / CURRENT).match.inputs)
        except RuleError as exc:
            return [f"the journal cannot be read while the app plays on: {exc}"]
        table.child.kill()
        if len(on_disk) < acknowledged:
            return [f"the app shows {acknowledged} inputs saved, the journal replays {len(on_disk)}"]
        if acknowledged <= len(cut.inputs):
            return [f"playing on acknowledged nothing (the app shows {acknowledged} saved)"]
        on_disk = on_disk[:acknowledged]
        again = boot()
        problems = _answered(again, acknowledged, "the start after the kill")
        return problems + check_disk(state, cut, on_disk)
    finally:
        for table in tables:
            table.child.kill()
        if own_log:
            out.close()


def _answered(table: ChildTable, inputs: int, when: str) -> list[str]:
    last = table.last
    if last.get("mode") != "resume":
        return [f"{when} did not offer to resume: {last}"]
    if last.get("inputs") != inputs:
        return [f"{when} offered {last.get('inputs')} inputs, {inputs} were acknowledged or whole on disk"]
    return []


def sweep(folder: Path, saved: Saved, chosen: list[Cut], trial: Callable[[Path, Saved, Cut], list[str]]) -> list[str]:
    """Every cut in `chosen` tried by `trial` in its own folder; the failures, each named by its cut."""
    failures = []
    for number, cut in enumerate(chosen):
        for problem in trial(folder / f"cut-{number:03d}", saved, cut):
            failures.append(f"{cut.name}: {problem}")
    return failures
