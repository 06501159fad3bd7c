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

import pygame

from companion.app import DIRECT_BUTTONS, App
from companion.games import game_ui
from companion.loop import Loop
from companion.screen_model import Screen
from companion.screens import render, snapshot
from companion.tagmap import virtual_tagmap
from drivers.buttons import MockButtons
from drivers.clock import FakeClock
from drivers.event_queue import EventQueue
from drivers.reader import mock_reader
from engine import Choose, Tap
from engine.games.samurai_spirit.catalogue import SAMURAI
from engine.games.samurai_spirit.play import Play
from engine.games.samurai_spirit.policy import SimplePolicy

SIZES = ((800, 480), (480, 320))
DEMO_SAMURAI = ("kyuzo", "heihachi", "daisuke", "kikuchiyo")
UNKNOWN_UID = "04DE40DE40DE40"


class DemoTable:
    """Plays the part of the people at the table, through the mock drivers."""

    def __init__(self, out: Path, seed: int, difficulty: str, samurai: tuple[str, ...],
                 state: Path | None = None, snapshots: bool = True, pace: float = 0.0, lang: str = "en") -> None:
        self.out = out
        self.take_snapshots = snapshots
        self.pace = pace
        self.seed = seed
        self.difficulty = difficulty
        self.samurai = samurai
        self.clock = FakeClock()
        self.queue = EventQueue()
        self.ui = game_ui("samurai-spirit")
        self.tags = virtual_tagmap(self.ui.name, self.ui.tag_targets())
        self.reader = mock_reader(clock=self.clock, poll_interval_s=0.05, removal_quiet_s=0.3)
        self.buttons = MockButtons(clock=self.clock, run_thread=False)
        self.buttons.start(self.queue)
        state = fresh_state_dir(state or out / "state")
        self.lang = lang
        self.app = App(self.ui, self.tags, state, self.clock, notice_s=4.0, resume_timeout_s=0,
                       new_seed=lambda: seed, lang=lang)
        self.app.start()
        pygame.font.init()
        self.surface = pygame.Surface(SIZES[0])
        self.loop = Loop(self.app, self.queue, self.clock, draw=self._draw)
        self.policy = SimplePolicy(random.Random(seed))
        self.rng = random.Random(seed + 1)
        self.count: Counter[str] = Counter()
        self.snapshots: list[Path] = []
        self.shown: set[str] = set()

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
        """Walk the highlighted option to `index` with Next, then OK."""
        steps = (index - self.app.selected) % count
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
        self.snap("setup-difficulty")
        menu = self.app.setup.menu()
        self.pick(menu.options.index(self.difficulty), len(menu.options))
        for name in self.samurai:
            self.tap(f"samurai:{name}")
        self.snap("setup-samurai")
        menu = self.app.setup.menu()
        self.pick(menu.options.index("done"), len(menu.options))
        if self.app.setup.menu().options == ("no", "yes"):
            self.pick(0, 2)
        self.pick(0, len(self.app.setup.menu().options))
        self.snap("setup-start")
        self.press("ok")

    def play(self) -> None:
        app = self.app
        while app.match is not None and app.match.play.prompt is not None:
            play = app.match.play
            assert isinstance(play, Play)
            prompt = play.prompt
            assert prompt is not None
            self._show_features(play)
            if play.prompt is not prompt:
                continue
            self.one_move(play)
            self._snap_phase(play)
        self.snap("game-over")

    def one_move(self, play: Play) -> None:
        """Make the policy's next move the way a player would: a tap, a button, or Next/OK."""
        prompt = play.prompt
        assert prompt is not None
        value = self.policy.choose(play)
        if isinstance(value, Tap):
            self.tap(f"card:{value.card}")
            return
        assert isinstance(value, Choose)
        option = value.option
        if prompt.kind == "action" and option == "fight":
            self.tap(f"card:{play.state.cards.sample_top('raider', self.rng)}")
        elif option in DIRECT_BUTTONS:
            self.press(option)
        elif option in SAMURAI and self.rng.random() < 0.5:
            self.tap(f"samurai:{option}")
        else:
            self.pick(prompt.options.index(option), len(prompt.options))

    def _snap_phase(self, play: Play) -> None:
        view = self.app.match.play.public_view() if self.app.match else {}
        if view.get("phase") == "round-end":
            self.snap(f"round-{view['round']}-end")
        elif view.get("round", 1) > 1:
            self.snap(f"round-{view['round']}")

    def _show_features(self, play: Play) -> None:
        """Once each: a refused press, an unknown tag, a lost reader, an undo."""
        app = self.app
        turn = play.state.turn
        prompt = play.prompt
        assert prompt is not None and app.match is not None
        if turn == 2 and prompt.kind == "action" and "refusal" not in self.shown:
            self.press("defend")
            self.count["refusals"] += 1
            self.snap("refusal")
        elif turn == 3 and prompt.kind == "action" and "unknown-tag" not in self.shown:
            self.tap(UNKNOWN_UID)
            self.snap("unknown-tag")
            self.clock.advance(5.0)
            app.tick()
        elif turn == 4 and prompt.kind == "action" and "reader-lost" not in self.shown:
            self.reader.backend.fail("demo: the reader's cable was pulled")
            self._poll()
            self._drain()
            self.snap("reader-lost")
            self.reader.backend.recover()
            self.clock.advance(1.0)
            self._poll()
            self._drain()
        elif turn == 5 and prompt.kind == "action" and app.match.inputs and "undo-confirm" not in self.shown:
            self.press("undo")
            self.snap("undo-confirm")
            self.press("ok")
            self.count["undos"] += 1
            self.snap("undone")
        elif prompt.kind == "fight":
            self.snap("fight-decision")
        elif prompt.kind == "kiai":
            self.snap("kiai")


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
        table = DemoTable(out, args.seed, args.difficulty, DEMO_SAMURAI,
                          state=Path(args.state_dir) if args.state_dir else None,
                          snapshots=not args.no_snapshots, pace=args.pace, lang=getattr(args, "lang", "en"))
    except DemoStateError as exc:
        print(f"companion demo: {exc}", file=sys.stderr)
        return 2
    table.set_up()
    table.play()
    match = table.app.match
    assert match is not None
    view = match.play.public_view()
    print(f"Demo game (seed {args.seed}, {args.difficulty}, {', '.join(n.capitalize() for n in DEMO_SAMURAI)}):")
    if view["result"] == "won":
        print(f"  result: won in round 3, score {view['grade']}")
    else:
        print(f"  result: lost in round {view['round']}")
    village = view["village"]
    print(f"  village: {village['barricades']} of {village['barricades_max']} Barricades, "
          f"{village['farmsteads']} Farmsteads, {len(village['families'])} Families")
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
