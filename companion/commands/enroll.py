"""`companion enroll` on the devices (or --mock in a window); `--census` teaches the companion your box."""

from __future__ import annotations

import argparse
import secrets
import signal
import sys
import time
from pathlib import Path

from companion.app.enrolment import CensusEnroller, Enroller
from companion.app.laptop_window import VIRTUAL_DECK_KEY
from companion.census import census_namers, game_ui
from companion.census.box import box_path
from companion.commands.run import Stop, _stop, open_devices, strip_setup
from companion.games import registered_games
from companion.i18n import CatalogError, Translator
from companion.runtime.config import CONFIG_EXIT, Config, load_config, resolve_state_dir
from companion.runtime.loop import Loop
from companion.runtime.state_lock import LOCKED_EXIT, StateDirError, StateLocked, acquire
from companion.runtime.tagmap import load_tagmap, tag_map_file, tag_map_path
from companion.screen_model import Screen
from companion.screens import render
from drivers.event_queue import EventQueue
from drivers.events import CardPlaced
from engine import RuleError
from engine.core.messages import msg


def language(args: argparse.Namespace, cfg: Config) -> str:
    """--lang, else the configuration's app.language: the enrolment screen and its console lines speak it."""
    return getattr(args, "lang", None) or cfg.language


def enroll_game(args: argparse.Namespace, cfg: Config) -> str:
    """--game, else app.game, else the first registered game: whose cards and boards to enroll."""
    return str(getattr(args, "game", None) or cfg.game or registered_games()[0])


def _translator(lang: str, game: str) -> Translator:
    """The chosen language's words with the game's namers; a catalogue that cannot be read leaves English."""
    namers = game_ui(game).namers()
    try:
        return Translator(lang, namers, game)
    except CatalogError:
        return Translator("en", namers, game)


def run(args: argparse.Namespace) -> int:
    """Enrol with the state folder locked, so no running companion saves over the bindings."""
    cfg = load_config(args.config)
    tr = _translator(language(args, cfg), enroll_game(args, cfg))
    state_dir = resolve_state_dir(args.state_dir, cfg)
    try:
        lock = acquire(state_dir, "companion enroll")
    except StateLocked as exc:
        print(f"companion enroll: {tr(exc.message)}", file=sys.stderr)
        return LOCKED_EXIT
    except StateDirError as exc:
        print(f"companion enroll: {tr(exc.message)}", file=sys.stderr)
        return CONFIG_EXIT
    with lock:
        return _enroll(args, cfg, state_dir, tr)


def _enroll(args: argparse.Namespace, cfg: Config, state_dir: Path, tr: Translator) -> int:
    ui = game_ui(enroll_game(args, cfg), state_dir)
    try:
        tags = load_tagmap(state_dir, ui.name, set(ui.tag_targets()))
    except RuleError as exc:
        print("companion enroll: " + tr(msg(
            "{reason}\nThe tag map is left exactly as it is; enrolling would write over it. Repair it, or move it "
            "aside to start a new one (mv {path} {path}.damaged).", reason=exc.message,
            path=tag_map_file(state_dir, ui.name))),
            file=sys.stderr)
        return 2
    census = bool(getattr(args, "census", False))
    enroller: Enroller | CensusEnroller
    try:
        if census:
            enroller = CensusEnroller(ui, tags, state_dir, time.monotonic, cfg.notice_s, lang=tr.lang)
        else:
            enroller = Enroller(ui, tags, state_dir, time.monotonic, cfg.notice_s, start=args.start, lang=tr.lang)
    except RuleError as exc:
        print(f"companion enroll: {tr.with_namers(census_namers())(exc.message)}", file=sys.stderr)
        return 2
    queue = EventQueue()
    reader, buttons, display = open_devices(cfg, args.mock)

    strip = strip_setup(cfg, args.mock)

    def draw(screen: Screen) -> None:
        render(screen, display.surface(), strip_setup=strip)
        display.present()

    def pump() -> None:
        import pygame

        from drivers.buttons import button_for_key

        for event in pygame.event.get():
            if event.type == pygame.QUIT or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
                enroller.done = True
            elif event.type == pygame.KEYDOWN:
                if args.mock and event.key == pygame.key.key_code(VIRTUAL_DECK_KEY):
                    queue.put(CardPlaced("04" + secrets.token_hex(6).upper(), "mock", time.monotonic()))
                elif (name := button_for_key(event.key)) is not None and hasattr(buttons, "press"):
                    buttons.press(name)

    windowed = display.driver not in ("kmsdrm", "dummy", "offscreen")
    loop = Loop(enroller, queue, time.monotonic, draw=draw, pump=pump if windowed or args.mock else None)
    previous = {sig: signal.signal(sig, _stop) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        reader.start(queue)
        buttons.start(queue)
        loop.run(lambda: enroller.done)
    except Stop as why:
        print("companion enroll: " + tr(msg("stopping ({reason}); every tag bound so far is saved",
                                            reason=str(why))), file=sys.stderr)
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        reader.close()
        buttons.close()
        display.close()
    if isinstance(enroller, CensusEnroller):
        for line in enroller.progress():
            print(line)
        print(tr(msg("Your box is kept in {path}; the tags in {path2}", path=box_path(state_dir, ui.name),
                     path2=tag_map_path(state_dir, ui.name))))
        return 0
    print(tr(msg("{n} of {count} tags enrolled; map saved in {path}", n=enroller.bound(),
                 count=len(enroller.targets), path=tag_map_path(state_dir, ui.name))))
    return 0
