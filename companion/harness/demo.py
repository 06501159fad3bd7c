"""`companion demo`: a whole seeded game through the real app loop, headless.

A scripted table plays: it taps Samurai boards and cards on a mock reader and
presses mock buttons, exactly as players would, while the app loop turns those
driver events into engine inputs, journals them and draws every frame off
screen. Along the way it shows a refused press, an unknown tag, an undo and a
lost reader, and saves PNG snapshots of the key screens at both panel sizes.
It is the project's living proof that drivers, app, engine and screens work
together.
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import pygame

from companion.app import App
from companion.games import registered_games, registration
from companion.runtime.loop import Loop
from companion.runtime.tagmap import virtual_tagmap
from companion.screen_model import Screen
from companion.screens import render, snapshot
from drivers.buttons import MockButtons
from drivers.clock import FakeClock
from drivers.event_queue import EventQueue
from drivers.reader import mock_reader

SIZES = ((800, 480), (480, 320))
DEMO_EVENING = 1_795_200_000.0
"""2026-11-20 19:40 UTC: the wall clock of a demo starts there and follows its fake clock, so every run of a
demo writes the same journal, times included."""


class DemoTable:
    """Plays the part of the people at the table, through the mock drivers.

    The drivers, the loop and the snapshots are the same for every game; what
    the people do is the game's demo script (its registration's
    `demo_script`), made from `script_args` or, with `setup`, from the
    game's set-up, or with `fuzz_rng`, at random.
    """

    def __init__(self, out: Path, seed: int, *script_args: Any, game: str | None = None,
                 setup: dict[str, Any] | None = None, fuzz_rng: random.Random | None = None,
                 state: Path | None = None, snapshots: bool = True, pace: float = 0.0, lang: str = "en") -> None:
        self.out = out
        self.take_snapshots = snapshots
        self.pace = pace
        self.seed = seed
        self.game = game or registered_games()[0]
        self.registration = registration(self.game)
        self.clock = FakeClock()
        self.queue = EventQueue()
        self.ui = self.registration.ui()
        self.tags = virtual_tagmap(self.ui.name, self.ui.tag_targets())
        self.reader = mock_reader(clock=self.clock, poll_interval_s=0.05, removal_quiet_s=0.3)
        self.buttons = MockButtons(clock=self.clock, run_thread=False)
        self.buttons.start(self.queue)
        state = fresh_state_dir(state or out / "state")
        self.lang = lang
        self.app = App(self.ui, self.tags, state, self.clock, notice_s=4.0, resume_timeout_s=0,
                       new_seed=lambda: seed, lang=lang, wall=lambda: DEMO_EVENING + self.clock())
        self.app.start()
        pygame.font.init()
        self.surface = pygame.Surface(SIZES[0])
        self.loop = Loop(self.app, self.queue, self.clock, draw=self._draw)
        self.count: Counter[str] = Counter()
        self.snapshots: list[Path] = []
        self.shown: set[str] = set()
        make = self.registration.demo_script
        self.script = (make.random(self, fuzz_rng) if fuzz_rng is not None
                       else make.from_setup(self, setup) if setup is not None else make(self, *script_args))

    # --- physical actions ------------------------------------------------------

    def _draw(self, screen: Screen) -> None:
        render(screen, self.surface)

    def _drain(self) -> None:
        if self.pace:
            time.sleep(self.pace)
        while len(self.queue):
            self.loop.step()
        self.clock.advance(1.0)
        self.app.tick()
        self.loop.redraw()

    def _poll(self) -> None:
        for event in self.reader.step():
            self.queue.put(event)

    def tap(self, target: str) -> None:
        uid = self.tags.uid_for(target) if ":" in target else target
        assert uid is not None
        self.reader.backend.place(uid)
        self._poll()
        self.reader.backend.remove()
        self.clock.advance(0.4)
        self._poll()
        self.count["taps"] += 1
        self._drain()

    def press(self, name: str) -> None:
        self.buttons.press(name)
        self.count["presses"] += 1
        self._drain()

    def pick(self, index: int, count: int) -> None:
        """Walk the highlighted option to `index` with Next, then OK.

        `count` is the question's options; the screen may show more after
        them (Statistics on the first question once a game was played), and
        Next walks those too.
        """
        shown = len(self.app.screen().options)
        steps = (index - self.app.selected) % max(count, shown)
        for _ in range(steps):
            self.press("next")
        self.press("ok")

    def snap(self, name: str) -> None:
        if name in self.shown:
            return
        self.shown.add(name)
        if not self.take_snapshots:
            return
        screen = self.app.screen()
        for size in SIZES:
            path = self.out / f"{len(self.shown):02d}-{name}-{size[0]}x{size[1]}.png"
            snapshot(screen, size, path)
            self.snapshots.append(path)

    # --- the game ----------------------------------------------------------------

    def set_up(self) -> None:
        self.loop.redraw()
        self.snap("setup-language")
        menu = self.app.setup.menu()
        self.pick(menu.options.index(self.lang), len(menu.options))
        self.script.set_up()

    def play(self) -> None:
        app = self.app
        while app.match is not None and app.match.play.prompt is not None:
            play = app.match.play
            prompt = play.prompt
            self.script.show_features(play)
            if play.prompt is not prompt:
                continue
            self.script.one_move(play)
            self.script.after_move(play)
        self.snap("game-over")

    def one_move(self, play: Any) -> None:
        """The script's next legal move, as the people at the table make it."""
        self.script.one_move(play)

    def lose_reader(self) -> None:
        """The reader's cable is pulled and put back: the table sees the warning, then play goes on."""
        self.reader.backend.fail("demo: the reader's cable was pulled")
        self._poll()
        self._drain()
        self.snap("reader-lost")
        self.reader.backend.recover()
        self.clock.advance(1.0)
        self._poll()
        self._drain()

    def show_next_mishap(self, refused: str | None, unknown_uid: str, undo_now: bool = True) -> None:
        """The demo's tour of what goes wrong at a table, one per call and each once: a tap of `refused` (a
        component the moment refuses), a tag nobody enrolled, a lost reader, then an undo (when `undo_now`)."""
        if refused is not None and "refusal" not in self.shown:
            self.tap(refused)
            self.count["refusals"] += 1
            self.snap("refusal")
        elif "unknown-tag" not in self.shown:
            self.tap(unknown_uid)
            self.snap("unknown-tag")
            self.clock.advance(5.0)
            self.app.tick()
        elif "reader-lost" not in self.shown:
            self.lose_reader()
        elif "undo-confirm" not in self.shown and undo_now and self.app.match is not None and self.app.match.inputs:
            self.show_undo()

    def show_undo(self) -> None:
        """Undo, its confirmation, and the screen after it."""
        self.press("undo")
        self.snap("undo-confirm")
        self.press("ok")
        self.count["undos"] += 1
        self.snap("undone")


DEMO_MARK = ".demo-state"
"""Written into every state folder the demo makes: only such a folder is ever emptied."""


class DemoStateError(Exception):
    """The folder given for the demo's journal holds files the demo did not make."""


def fresh_state_dir(state: Path) -> Path:
    """An empty state folder for the demo, emptied only if the demo made it.

    `--state-dir` pointed at a real companion's folder (saved games, the tag
    map) must never be wiped: a folder that is not empty and carries no demo
    mark is refused.
    """
    if state.exists():
        if not state.is_dir():
            raise DemoStateError(f"--state-dir {state} is a file, not a folder.")
        if any(state.iterdir()) and not (state / DEMO_MARK).exists():
            names = ", ".join(sorted(p.name for p in state.iterdir())[:4])
            raise DemoStateError(f"--state-dir {state} holds files the demo did not make ({names}); "
                                 "the demo empties its state folder, so give it an empty or new folder.")
        shutil.rmtree(state)
    state.mkdir(parents=True)
    (state / DEMO_MARK).write_text("made by `companion demo`; emptied by the next demo run\n")
    return state


def run(args: argparse.Namespace) -> int:
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.png"):
        old.unlink()
    try:
        table = DemoTable(out, args.seed, game=args.game, setup=args.setup or {},
                          state=Path(args.state_dir) if args.state_dir else None,
                          snapshots=not args.no_snapshots, pace=args.pace, lang=getattr(args, "lang", "en"))
    except DemoStateError as exc:
        print(f"companion demo: {exc}", file=sys.stderr)
        return 2
    table.set_up()
    table.play()
    match = table.app.match
    assert match is not None
    for line in table.script.summary(match):
        print(line)
    print(f"  {len(match.inputs)} engine inputs from {table.count['taps']} taps and {table.count['presses']} "
          f"button presses; {table.count['refusals']} refused press shown, {table.count['undos']} undo")
    print(f"  {table.loop.events} driver events handled, {table.loop.frames} frames drawn")
    print(f"  journal: {table.app.journal.path}")
    print(f"  {len(table.snapshots)} snapshots in {out}/ (800x480 and 480x320)")
    print(f"  language on screen: {table.app.screen().lang}")
    print("  last steps for the table:")
    for line in table.app.screen().todo[:4] or table.app.screen().lines[:1]:
        print(f"    {line}")
    return 0
