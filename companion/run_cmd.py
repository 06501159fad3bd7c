"""`companion run`: the companion at the table (or on a laptop with --mock)."""

from __future__ import annotations

import argparse
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

from companion.app import App
from companion.config import Config, load_config
from companion.games import game_ui
from companion.loop import Loop
from companion.reader_keeper import ReaderKeeper
from companion.screen_model import Screen
from companion.screens import render
from companion.service import Notifier
from companion.tagmap import TagMap, load_tagmap, virtual_tagmap
from drivers.event_queue import EventQueue

GAME = "samurai-spirit"
VIRTUAL_DECK_KEY = "t"


class Stop(Exception):
    """Raised from a signal handler to leave the loop and close the devices."""


def _stop(signum: int, frame: FrameType | None) -> None:
    raise Stop(signal.Signals(signum).name)


def open_devices(cfg: Config, mock: bool) -> tuple[Any, Any, Any]:
    """Reader, buttons and display as configured (all mock with --mock)."""
    from drivers.buttons import open_buttons
    from drivers.display import open_display
    from drivers.reader import open_reader

    if mock:
        reader = ReaderKeeper(lambda: open_reader("mock"), "mock", time.monotonic)
        buttons = open_buttons("mock", hold_s=cfg.hold_s)
    else:
        reader = ReaderKeeper(lambda: open_reader(cfg.reader, **cfg.reader_options), cfg.reader, time.monotonic)
        if cfg.buttons == "gpio":
            buttons = open_buttons("gpio", pins=cfg.button_pins, bounce_s=cfg.bounce_s, hold_s=cfg.hold_s)
        else:
            buttons = open_buttons("mock", hold_s=cfg.hold_s)
    display = open_display(cfg.display_driver, cfg.size, cfg.fullscreen, cfg.snapshot_dir)
    return reader, buttons, display


def keyboard_pump(app: App, buttons: Any, stop: Callable[[], None]) -> Callable[[], None]:
    """Read the window's keys (laptop mode): buttons, and T for the virtual deck."""
    import pygame

    from drivers.buttons import button_for_key

    def pump() -> None:
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                stop()
            elif event.type == pygame.KEYDOWN:
                if event.key == pygame.key.key_code(VIRTUAL_DECK_KEY):
                    app.open_virtual_deck()
                    continue
                name = button_for_key(event.key)
                if name is not None and hasattr(buttons, "press"):
                    if event.mod & pygame.KMOD_SHIFT:
                        buttons.hold(name)
                    else:
                        buttons.press(name)

    return pump


def run(args: argparse.Namespace) -> int:
    cfg = load_config(args.config)
    ui = game_ui(GAME)
    state_dir = Path(args.state_dir) if args.state_dir else cfg.state_dir
    state_dir.mkdir(parents=True, exist_ok=True)
    tags: TagMap = load_tagmap(state_dir, GAME, set(ui.tag_targets()))
    if args.mock:
        virtual = virtual_tagmap(GAME, ui.tag_targets())
        virtual.tags.update(tags.tags)
        tags = virtual
    app = App(ui, tags, state_dir, time.monotonic, notice_s=cfg.notice_s, resume_timeout_s=cfg.resume_timeout_s,
              save_tags=not args.mock)
    app.start()
    queue = EventQueue()
    reader, buttons, display = open_devices(cfg, args.mock)
    notifier = Notifier()
    windowed = display.driver not in ("kmsdrm", "dummy", "offscreen")
    finished: list[bool] = []

    def draw(screen: Screen) -> None:
        render(screen, display.surface())
        display.present()

    pump = keyboard_pump(app, buttons, lambda: finished.append(True)) if windowed or args.mock else None
    loop = Loop(app, queue, time.monotonic, draw=draw, heartbeat=notifier.ping if notifier.active else None,
                heartbeat_s=notifier.heartbeat_interval(), pump=pump)
    previous = {sig: signal.signal(sig, _stop) for sig in (signal.SIGTERM, signal.SIGINT)}
    stop_at = time.monotonic() + args.exit_after if args.exit_after else None
    if stop_at is not None:
        loop.max_wait = 0.1

    def should_stop() -> bool:
        return bool(finished) or (stop_at is not None and time.monotonic() >= stop_at)

    try:
        reader.start(queue)
        buttons.start(queue)
        loop.redraw()
        notifier.ready()
        notifier.status("at the table")
        loop.run(should_stop)
    except Stop as why:
        print(f"companion: stopping ({why})", file=sys.stderr)
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        notifier.send("STOPPING=1")
        if args.screenshot:
            display.snapshot(args.screenshot)
        reader.close()
        buttons.close()
        display.close()
    return 0
