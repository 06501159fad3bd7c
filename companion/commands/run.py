"""`companion run`: the companion at the table (or on a laptop with --mock)."""

from __future__ import annotations

import argparse
import signal
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from types import FrameType
from typing import Any

from companion.app.assembly import build_app
from companion.app.hardware_check import runtime_dir
from companion.app.laptop_window import keyboard_pump
from companion.games.base import Text
from companion.runtime.config import (
    CONFIG_EXIT,
    Config,
    ConfigError,
    load_config,
    resolve_state_dir,
)
from companion.runtime.loop import Loop
from companion.runtime.problem_screen import ProblemScreen
from companion.runtime.reader_keeper import ReaderKeeper
from companion.runtime.service import Notifier
from companion.runtime.state_lock import LOCKED_EXIT, StateDirError, StateLock, StateLocked, acquire
from companion.screen_model import Screen
from companion.screens import DisplayList, render
from companion.screens.strip import StripSetup
from drivers.display import prepare_snapshot_dir
from drivers.errors import ConfigError as DriverConfigError
from drivers.errors import DriverError
from drivers.event_queue import EventQueue
from engine.core.messages import Message, msg


class Stop(Exception):
    """Raised from a signal handler to leave the loop and close the devices."""


def _stop(signum: int, frame: FrameType | None) -> None:
    raise Stop(signal.Signals(signum).name)


def open_devices(cfg: Config, mock: bool, scripted: bool = False) -> tuple[Any, Any, Any]:
    """Reader, buttons and display as configured (all mock with --mock).

    A table script's mock reader polls five times as often: nobody's hand is
    that quick, but a script is, and the poller and presence rules are the same.
    """
    from drivers.buttons import open_buttons
    from drivers.display import open_display
    from drivers.reader import open_reader

    if mock:
        polling: dict[str, Any] = {"poll_interval_s": 0.02, "removal_quiet_s": 0.1} if scripted else {}
        reader = ReaderKeeper(lambda: open_reader("mock", **polling), "mock", time.monotonic)
        # Released like the real buttons (see below), so a held key or a script's timed press acts once.
        buttons = open_buttons("mock", hold_s=cfg.hold_s, press_on_release=True)
    else:
        reader = ReaderKeeper(lambda: open_reader(cfg.reader, **cfg.reader_options), cfg.reader, time.monotonic)
        if cfg.buttons == "gpio":
            buttons = open_buttons("gpio", pins=cfg.button_pins, bounce_s=cfg.bounce_s, hold_s=cfg.hold_s,
                                   press_on_release=True)  # a long press (advice, going back) must not also act
        else:
            buttons = open_buttons("mock", hold_s=cfg.hold_s)
    try:
        display = open_display(cfg.display_driver, cfg.size, cfg.fullscreen, cfg.snapshot_dir)
    except BaseException:
        buttons.close()
        raise
    return reader, buttons, display


def strip_setup(cfg: Config, laptop: bool) -> StripSetup:
    """The build's button order for the screen's strip, and on a laptop each button's key on its slot."""
    from drivers.buttons import key_caps

    return StripSetup(cfg.button_order, key_caps() if laptop else {})


WINDOW_HELP = msg("Table companion: T taps a card (type to narrow the list), Esc twice quits, a click on a "
                  "button of the strip presses it (held: a long press), a click on a list's entry picks it")
"""The laptop window's caption: the keys the strip's slots do not show."""


def _device_refusal(args: argparse.Namespace, cfg: Config, notifier: Notifier, exc: DriverConfigError) -> int:
    """A setting the configuration file let through but a device refuses (a button on a pin the
    reader's wiring uses): the configuration problem screen, not an exit that systemd restarts."""
    return show_problem(args, cfg, notifier, msg("The configuration cannot be used"),
                        (msg("{path}: {reason}", path=cfg.source, reason=str(exc)),
                         msg("Fix the file. Then restart the companion ({command}).", command=RESTART_ADVICE)),
                        CONFIG_EXIT)


HEADLESS = ("dummy", "offscreen")
RESTART_ADVICE = "sudo systemctl restart table-companion"


def _lang(args: argparse.Namespace, cfg: Config) -> str:
    """--lang, else the configuration's; the App also knows the language last picked at set-up."""
    return getattr(args, "lang", None) or cfg.language


def run(args: argparse.Namespace) -> int:
    """The companion at the table; a problem that stops it is shown on the screen until stopped."""
    from companion.harness.table_script import ScriptError

    if (getattr(args, "script", None) is not None or getattr(args, "seed", None) is not None) and not args.mock:
        print("companion run: --script and --seed go with --mock (the table plays the real drivers)", file=sys.stderr)
        return 2
    try:
        args.script_commands = _script_commands(args)  # a bad script stops here, before anything is touched
    except ScriptError as exc:
        print(f"companion run: {exc}", file=sys.stderr)
        return 2
    notifier = Notifier()
    try:
        cfg = load_config(args.config)
    except ConfigError as exc:
        return show_problem(args, Config(), notifier, msg("The configuration cannot be used"),
                            (exc.message, msg("The companion uses its built-in settings to show this."),
                             msg("Fix the file. Then restart the companion ({command}).", command=RESTART_ADVICE)),
                            CONFIG_EXIT)
    if cfg.snapshot_dir is not None:
        try:
            prepare_snapshot_dir(Path(cfg.snapshot_dir))
        except DriverConfigError as exc:
            return show_problem(args, replace(cfg, snapshot_dir=None), notifier,
                                msg("The snapshot folder cannot be used"),
                                (msg("{path}: {reason}", path=cfg.source, reason=str(exc)),
                                 msg("Fix the folder or the setting. Then restart the "
                                                             "companion ({command}).", command=RESTART_ADVICE)),
                                CONFIG_EXIT)
    state_dir = resolve_state_dir(args.state_dir, cfg)
    locks: list[StateLock] = []
    try:
        locks.append(acquire(state_dir, "companion run"))
    except StateDirError as exc:
        return show_problem(args, cfg, notifier, msg("The state folder cannot be used"),
                            (exc.message, msg("Then restart the companion ({command}).", command=RESTART_ADVICE)),
                            CONFIG_EXIT)
    except StateLocked as exc:

        def retry() -> bool:
            try:
                locks.append(acquire(state_dir, "companion run"))
            except (StateLocked, StateDirError):
                return False
            return True

        code = show_problem(args, cfg, notifier, msg("Another companion is running"),
                            (exc.message, msg("This one starts by itself once that one has stopped.")), LOCKED_EXIT,
                            retry=retry)
        if not locks:
            return code
    with locks[0]:
        return _run_at_the_table(args, cfg, state_dir, notifier)


def _tag_map_lines(damage: Message) -> tuple[Text, ...]:
    return (damage, msg("The file is kept exactly as it is and is not written over."),
            msg("Repair it, or move it aside and enroll the cards again (companion enroll)."),
            msg("Without it, tapped cards are not recognised; a tag enrolled now lasts until the companion stops."))


def _script_commands(args: argparse.Namespace) -> list[Any] | None:
    """The table script's lines when --script names a file, checked before anything starts; exits 2 on a bad one."""
    from companion.harness.table_script import ScriptError, parse_script

    source = getattr(args, "script", None)
    if source is None or source == "-":
        return None
    try:
        with open(source, encoding="utf-8") as file:
            return parse_script(file)
    except (OSError, UnicodeDecodeError) as exc:
        raise ScriptError(f"{source}: {getattr(exc, 'strerror', None) or exc}") from None


def _run_at_the_table(args: argparse.Namespace, cfg: Config, state_dir: Path, notifier: Notifier) -> int:
    from companion.harness.table_script import ReaderWatch, ScriptPlayer

    scripted = getattr(args, "script", None)
    commands = getattr(args, "script_commands", None)
    app, damage = build_app(cfg, state_dir, args.mock, getattr(args, "lang", None), getattr(args, "game", None))
    if getattr(args, "seed", None) is not None:
        seed = args.seed
        app.new_seed = lambda: seed
    if damage:
        print(f"companion run: the tag map is damaged: {damage}; running without it", file=sys.stderr)
    app.start()
    app.check_order = tuple(getattr(cfg, "button_order", ()) or ())
    if not args.mock:
        # The installed companion's first start: the guided check of the buttons and the reader, unless a saved
        # game waits (the resume question comes first). --mock (laptops, demos, table scripts) opens it from the
        # menu only.
        app.start_first_check(runtime_dir())
    queue = EventQueue()
    try:
        reader, buttons, display = open_devices(cfg, args.mock, scripted is not None)
    except DriverConfigError as exc:
        return _device_refusal(args, cfg, notifier, exc)
    refused: list[DriverConfigError] = []
    windowed = display.driver not in ("kmsdrm", *HEADLESS)
    finished: list[bool] = []
    strip = strip_setup(cfg, args.mock)
    shown: list[DisplayList] = []

    def draw(screen: Screen) -> None:
        shown[:] = [render(screen, display.surface(), strip_setup=strip)]
        display.present()

    if windowed and args.mock:
        import pygame

        pygame.display.set_caption(app.tr(WINDOW_HELP))
    pump = (keyboard_pump(app, buttons, lambda: finished.append(True), lambda: shown[0] if shown else None)
            if windowed or args.mock else None)
    watch = ReaderWatch(queue)
    if scripted is not None:
        player = ScriptPlayer(app, reader, buttons, queue, watch, time.monotonic, lambda: finished.append(True),
                              hold_s=cfg.hold_s)
        if commands is None:
            player.read_from(sys.stdin)
        else:
            player.feed(commands)
        keys = pump

        def pump() -> None:
            if keys is not None:
                keys()
            player.pump()
    heartbeat = notifier.ping if notifier.active else None
    # A script's next line is read when the loop pumps: a table script pumps often, so a line waits a
    # hundredth of a second rather than a twentieth (a night of games in a test is mostly that wait).
    loop = Loop(app, queue, time.monotonic, draw=draw, heartbeat=heartbeat,
                heartbeat_s=notifier.heartbeat_interval(), pump=pump, pump_s=0.01 if scripted is not None else 0.05)
    previous = {sig: signal.signal(sig, _stop) for sig in (signal.SIGTERM, signal.SIGINT)}
    stop_at = time.monotonic() + args.exit_after if args.exit_after else None
    if stop_at is not None:
        loop.max_wait = 0.1

    def should_stop() -> bool:
        return bool(finished) or (stop_at is not None and time.monotonic() >= stop_at)

    try:
        reader.start(watch)
        buttons.start(queue)
        if damage and _watched(display, notifier):
            gate = ProblemScreen(msg("The tag map is damaged"), _tag_map_lines(damage), time.monotonic,
                                 ok_continues=True, lang=app.tr.lang, namers=app.ui.namers(),
                                 game=app.ui.name)
            gate_loop = Loop(gate, queue, time.monotonic, draw=draw, heartbeat=heartbeat,
                             heartbeat_s=notifier.heartbeat_interval(), pump=pump, max_wait=loop.max_wait)
            gate_loop.redraw()
            notifier.ready()
            notifier.status("the tag map is damaged; waiting for OK")
            gate_loop.run(lambda: gate.done or should_stop())
        if not should_stop():
            loop.redraw()
            notifier.ready()
            notifier.status("at the table")
            loop.run(should_stop)
    except Stop as why:
        print(f"companion: stopping ({why})", file=sys.stderr)
    except DriverConfigError as exc:
        refused.append(exc)
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        if not refused:
            notifier.send("STOPPING=1")
            if args.screenshot:
                display.snapshot(args.screenshot)
        reader.close()
        buttons.close()
        display.close()
    return _device_refusal(args, cfg, notifier, refused[0]) if refused else 0


def _watched(display: Any, notifier: Notifier) -> bool:
    """Someone may be looking at the screen: a real display, or systemd's service on the panel."""
    return notifier.active or display.driver not in HEADLESS


def show_problem(args: argparse.Namespace, cfg: Config, notifier: Notifier, title: Text, lines: tuple[Text, ...],
                 code: int, retry: Callable[[], bool] | None = None) -> int:
    """Print the problem, show it on the display and keep it there until stopped.

    Under systemd the process stays up (READY, watchdog pings), so a problem
    that no restart can fix is not a restart loop. Headless and outside
    systemd nobody sees the screen: one frame is drawn (for --screenshot)
    and the command ends. Returns `code`, or 0 when `retry` cleared the problem.
    """
    print(f"companion {args.command}: {lines[0]}", file=sys.stderr)
    from drivers.display import open_display

    try:
        display = open_display(cfg.display_driver, cfg.size, cfg.fullscreen, None)
    except DriverError as exc:
        print(f"companion {args.command}: the display cannot show this either: {exc}", file=sys.stderr)
        return code
    problem = ProblemScreen(title, lines, time.monotonic, retry=retry, lang=_lang(args, cfg))
    finished: list[bool] = []

    def draw(screen: Screen) -> None:
        render(screen, display.surface(), strip_setup=strip_setup(cfg, False))
        display.present()

    def pump() -> None:
        import pygame

        if any(event.type == pygame.QUIT or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE)
               for event in pygame.event.get()):
            finished.append(True)

    watched = _watched(display, notifier)
    windowed = display.driver not in ("kmsdrm", *HEADLESS)
    stop_at = time.monotonic() + args.exit_after if args.exit_after else None
    loop = Loop(problem, EventQueue(), time.monotonic, draw=draw, heartbeat=notifier.ping if notifier.active else None,
                heartbeat_s=notifier.heartbeat_interval(), pump=pump if windowed else None,
                max_wait=0.1 if stop_at is not None else None)
    previous = {sig: signal.signal(sig, _stop) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        loop.redraw()
        notifier.ready()
        notifier.status(f"{title}: {lines[0]}")
        loop.run(lambda: problem.done or bool(finished) or not watched
                 or (stop_at is not None and time.monotonic() >= stop_at))
    except Stop as why:
        print(f"companion: stopping ({why})", file=sys.stderr)
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        if args.screenshot:
            display.snapshot(args.screenshot)
        display.close()
    return 0 if problem.done else code
