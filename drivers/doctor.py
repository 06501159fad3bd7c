"""`companion doctor`: what hardware this machine has, and whether each device works alone.

It lists what it finds (SPI, serial and GPIO device nodes, the user's groups,
the vendor Python modules, the SDL video drivers that initialise, the boot
config lines), then optionally reads one tag from the chosen reader and
shows button presses for a few seconds.  On a laptop it says "not a
Raspberry Pi" and still runs the mock backends: it never crashes on missing
hardware; problems are printed with the command that fixes them.

Exit status: 0 when every check that was asked for (tag read, buttons)
worked, 1 otherwise, 2 for bad arguments.

lgpio (under gpiozero and rpi-lgpio) creates its notification pipes in its
working directory: LG_WD, or else the current directory, read once when
lgpio loads.  Run as the `companion` user from a directory it cannot write
(someone's home), the button check would fail, so the doctor sets LG_WD to
the state directory (or a private temporary one) first.
"""

from __future__ import annotations

import argparse
import atexit
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping, MutableMapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from drivers.buttons import open_buttons
from drivers.config import BUTTON_BACKENDS, READER_BACKENDS
from drivers.errors import DriverError
from drivers.event_queue import EventQueue
from drivers.events import ButtonHeld, ButtonPressed, CardPlaced, ReaderBack, ReaderLost
from drivers.reader import open_reader
from drivers.system import SERIAL_PORTS, exists, has_desktop, is_pi5, nodes, pi_model, resolve

Out = Callable[[str], None]
Say = Callable[..., str]
"""A template and its named values to words: `english` by default; the companion may pass a translator."""


def english(template: str, **params: Any) -> str:
    """The doctor's words in English. Its templates are also keys of the companion's message catalogue
    (drivers import neither the engine nor the companion, so other words come in through `msg`)."""
    return template.format(**params)

GROUPS = ("gpio", "spi", "dialout", "video", "input", "render")
VENDOR_MODULES = ("mfrc522", "spidev", "RPi.GPIO", "lgpio", "gpiozero", "serial")
SDL_DRIVERS = ("kmsdrm", "x11", "wayland", "offscreen", "dummy")
BOOT_CONFIGS = ("/boot/firmware/config.txt", "/boot/config.txt")
SERVICE_STATE_DIR = Path("/var/lib/table-companion")  # the unit's StateDirectory and WorkingDirectory


@dataclass
class DoctorOptions:
    """What the doctor checks.

    reader / buttons: backend to try ("none" or None to skip).
    read_timeout_s: how long to wait for a tag.
    watch_buttons_s: how long to show button presses.
    reader_options / button_options: passed to open_reader / open_buttons.
    sdl_drivers: SDL video drivers to try initialising (empty to skip).
    root: filesystem root to inspect (tests point it at a fake tree).
    """

    reader: str | None = None
    read_timeout_s: float = 10.0
    buttons: str | None = None
    watch_buttons_s: float = 10.0
    reader_options: dict[str, Any] = field(default_factory=dict)
    button_options: dict[str, Any] = field(default_factory=dict)
    sdl_drivers: tuple[str, ...] = SDL_DRIVERS
    check_modules: bool = True
    root: Path = Path("/")


def _writable(path: Path) -> bool:
    return os.access(path, os.W_OK | os.X_OK)


def _state_dirs(env: Mapping[str, str]) -> list[Path]:
    """Where the service keeps its state: systemd's STATE_DIRECTORY (if set), then the default."""
    named = [Path(part) for part in env.get("STATE_DIRECTORY", "").split(":") if part]
    return [*named, SERVICE_STATE_DIR]


def lgpio_working_dir(
    env: MutableMapping[str, str],
    cwd: Path | None,
    *,
    state_dirs: Sequence[Path] | None = None,
    writable: Callable[[Path], bool] | None = None,
) -> str | None:
    """Set LG_WD to a writable directory when it is unset and `cwd` is not writable.

    lgpio reads LG_WD when it loads, so call this before gpiozero or lgpio
    is imported.  Tries the state directories, then makes a private
    temporary directory (removed at exit).  Returns the directory chosen, or
    None when nothing needed changing.
    """
    is_writable = writable or _writable
    if env.get("LG_WD") or (cwd is not None and is_writable(cwd)):
        return None
    for directory in _state_dirs(env) if state_dirs is None else state_dirs:
        if directory.is_dir() and is_writable(directory):
            env["LG_WD"] = str(directory)
            return str(directory)
    private = tempfile.mkdtemp(prefix="companion-lgpio-")
    atexit.register(shutil.rmtree, private, True)
    env["LG_WD"] = private
    return private


def _current_dir() -> Path | None:
    try:
        return Path.cwd()
    except OSError:  # the current directory was deleted
        return None


def _value(text: str) -> Any:
    for convert in (int, float):
        try:
            return convert(text)
        except ValueError:
            continue
    return {"true": True, "false": False}.get(text.lower(), text)


def _key_values(pairs: Sequence[str], flag: str) -> dict[str, Any]:
    parsed: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        if not sep or not key:
            raise argparse.ArgumentTypeError(f"{flag} expects KEY=VALUE, got {pair!r}")
        parsed[key.strip()] = _value(raw.strip())
    return parsed


def build_parser(parents: Sequence[argparse.ArgumentParser] = ()) -> argparse.ArgumentParser:
    """The doctor's arguments; `parents` adds the options its caller reads itself (the companion's
    --lang and --config), so that --help lists them too."""
    parser = argparse.ArgumentParser(
        prog="companion doctor",
        description="Check the Raspberry Pi hardware (readers, buttons, display) one device at a time.",
        parents=list(parents),
    )
    parser.add_argument("--reader", choices=(*READER_BACKENDS, "none"), default="none",
                        help="read one tag with this reader backend (default: skip)")
    parser.add_argument("--read-timeout", type=float, default=10.0, metavar="SECONDS",
                        help="how long to wait for a tag (default 10)")
    parser.add_argument("--reader-option", action="append", default=[], metavar="KEY=VALUE",
                        help="reader option, e.g. port=/dev/ttyAMA0 or reset_pin=25 (repeatable)")
    parser.add_argument("--buttons", choices=(*BUTTON_BACKENDS, "none"), default="none",
                        help="show presses from this button backend (default: skip)")
    parser.add_argument("--watch-buttons", type=float, default=10.0, metavar="SECONDS",
                        help="how long to show button presses (default 10)")
    parser.add_argument("--no-display", action="store_true", help="skip the SDL video driver checks")
    return parser


def parse_doctor_args(argv: Sequence[str], parents: Sequence[argparse.ArgumentParser] = ()) -> DoctorOptions:
    """Command-line arguments to DoctorOptions; raises SystemExit(2) with usage on bad input."""
    parser = build_parser(parents)
    args = parser.parse_args(list(argv))
    try:
        reader_options = _key_values(args.reader_option, "--reader-option")
    except argparse.ArgumentTypeError as exc:
        parser.error(str(exc))
    if args.read_timeout <= 0 or args.watch_buttons < 0:
        parser.error("--read-timeout must be > 0 and --watch-buttons >= 0")
    return DoctorOptions(
        reader=None if args.reader == "none" else args.reader,
        read_timeout_s=args.read_timeout,
        buttons=None if args.buttons == "none" else args.buttons,
        watch_buttons_s=args.watch_buttons,
        reader_options=reader_options,
        sdl_drivers=() if args.no_display else SDL_DRIVERS,
    )


def run_doctor(
    argv: Sequence[str] | DoctorOptions | None = None,
    out: Out = print,
    *,
    msg: Say = english,
    reader_opener: Callable[..., Any] = open_reader,
    buttons_opener: Callable[..., Any] = open_buttons,
    parents: Sequence[argparse.ArgumentParser] = (),
) -> int:
    """Run the checks, printing one line per finding through `out`; return the exit status.

    `argv` is the arguments after `companion doctor` (None: no arguments), or
    ready-made DoctorOptions. `parents`: see `build_parser`.
    """
    if isinstance(argv, DoctorOptions):
        options = argv
    else:
        try:
            options = parse_doctor_args([] if argv is None else argv, parents)
        except SystemExit as exc:
            return int(exc.code or 0)
    out(msg('Table companion doctor'))
    chosen = lgpio_working_dir(os.environ, _current_dir())
    if chosen is not None:
        out(msg('lgpio: the current directory is not writable; LG_WD={chosen} (lgpio makes its pipes there)', chosen=chosen))
    _machine(options.root, out, msg)
    _devices(options.root, out, msg)
    _boot_config(options.root, out, msg)
    _groups(out, msg)
    if options.check_modules:
        _modules(out, msg)
    if options.sdl_drivers:
        _sdl(options.sdl_drivers, out, msg)
    status = 0
    if options.reader is not None:
        status |= _read_tag(options, out, msg, reader_opener)
    if options.buttons is not None:
        status |= _watch_buttons(options, out, msg, buttons_opener)
    out(msg('done: all requested checks passed') if status == 0 else msg('done: some checks FAILED (see above)'))
    return status


def _machine(root: Path, out: Out, msg: Say) -> None:
    model = pi_model(root)
    if model is None or "Raspberry Pi" not in model:
        out(msg('machine: not a Raspberry Pi ({value}); hardware checks will find nothing; the mock backends still work', value=model or '/proc/device-tree/model'))
        return
    out(msg('machine: {model}', model=model))
    if is_pi5(root):
        out(msg('  note: Pi 5: /dev/serial0 is the debug connector; the header UART (GPIO14/15) is /dev/ttyAMA0 (dtparam=uart0=on): use --reader-option port=/dev/ttyAMA0. RPi.GPIO does not work on a Pi 5: install rpi-lgpio (it provides the same module).'))


def _devices(root: Path, out: Out, msg: Say) -> None:
    on_pi = (pi_model(root) or "").startswith("Raspberry Pi")
    spi = nodes("/dev/spidev*", root)
    out(msg('spi: {value}', value=' '.join(spi)) if spi else msg('spi: no /dev/spidev* (enable SPI: sudo raspi-config nonint do_spi 0)'))
    ports = []
    for port in SERIAL_PORTS:
        if exists(port, root):
            target = resolve(port, root)
            ports.append(f"{port} -> {target}" if target else port)
    out(msg('serial: {value}', value=', '.join(ports)) if ports else msg('serial: none of /dev/serial0, /dev/ttyAMA0, /dev/ttyS0 (enable: sudo raspi-config nonint do_serial_hw 0)'))
    chips = nodes("/dev/gpiochip*", root)
    out(msg('gpio: {value}', value=' '.join(chips)) if chips else msg('gpio: no /dev/gpiochip* (GPIO buttons cannot work here)'))
    try:
        cmdline = (root / "proc/cmdline").read_text()
    except OSError:
        cmdline = ""
    if on_pi and ("console=serial0" in cmdline or "console=ttyAMA0" in cmdline or "console=ttyS0" in cmdline):
        out(msg('  warning: a login console uses the UART; it will garble the PN532 (sudo raspi-config nonint do_serial_cons 1)'))


def _boot_config(root: Path, out: Out, msg: Say) -> None:
    for path in BOOT_CONFIGS:
        try:
            lines = (root / path.lstrip("/")).read_text().splitlines()
        except OSError:
            continue
        active = [line.strip() for line in lines if line.strip() and not line.strip().startswith("#")]
        wanted = [line for line in active if line.startswith(("dtparam=spi", "enable_uart", "dtparam=uart0",
                                                                "dtoverlay=disable-bt", "dtoverlay=vc4"))]
        if wanted:
            out(msg('boot config {path}: {value}', path=path, value=', '.join(wanted)))
        else:
            out(msg('boot config {path}: no SPI/UART lines', path=path))
        return


def _groups(out: Out, msg: Say) -> None:
    try:
        import grp
        import pwd
    except ImportError:
        out(msg('groups: cannot check on this system'))
        return
    uid = os.getuid()
    user = pwd.getpwuid(uid).pw_name
    if uid == 0:
        out(msg('user: {user} (root: group checks do not apply; the service should run as a normal user)', user=user))
        return
    mine = {grp.getgrgid(gid).gr_name for gid in os.getgroups()}
    missing = [g for g in GROUPS if g not in mine]
    existing = {g.gr_name for g in grp.getgrall()}
    if not missing:
        out(msg('user: {user}, in all of {value}', user=user, value=', '.join(GROUPS)))
        return
    addable = [g for g in missing if g in existing]
    if addable:
        out(msg('user: {user}, not in: {value} (sudo usermod -aG {groups} {user}, then log in again)', user=user,
                value=', '.join(missing), groups=','.join(addable)))
    else:
        out(msg('user: {user}, not in: {value}', user=user, value=', '.join(missing)))


def _modules(out: Out, msg: Say) -> None:
    for module in VENDOR_MODULES:
        try:
            done = subprocess.run(
                [sys.executable, "-c", f"import {module}"],
                capture_output=True, text=True, timeout=30, check=False,
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            out(msg('module {module}: could not check ({reason})', module=module, reason=str(exc)))
            continue
        if done.returncode == 0:
            out(msg('module {module}: imports', module=module))
        else:
            lines = [line for line in done.stderr.strip().splitlines() if line.strip()]
            if lines:
                out(msg('module {module}: does not import ({reason})', module=module, reason=lines[-1]))
            else:
                out(msg('module {module}: does not import (exit status {status})', module=module,
                        status=done.returncode))


def _sdl(drivers: Sequence[str], out: Out, msg: Say) -> None:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    if pygame.display.get_init():
        out(msg('sdl: a display is open in this process; driver checks skipped'))
        return
    previous = os.environ.get("SDL_VIDEODRIVER")
    working: list[str] = []
    failing: list[str] = []
    try:
        for name in drivers:
            os.environ["SDL_VIDEODRIVER"] = name
            try:
                pygame.display.init()
                working.append(name)
            except pygame.error as exc:
                failing.append(f"{name} ({exc})")
            finally:
                pygame.display.quit()
    finally:
        if previous is None:
            os.environ.pop("SDL_VIDEODRIVER", None)
        else:
            os.environ["SDL_VIDEODRIVER"] = previous
    if working:
        out(msg('sdl video drivers that initialise: {value}', value=', '.join(working)))
    else:
        out(msg('sdl video drivers that initialise: none'))
    if failing:
        out(msg('  not available: {value}', value=', '.join(failing)))
    if previous:
        out(msg('  SDL_VIDEODRIVER is set to {previous}', previous=repr(previous)))
    elif not has_desktop() and "kmsdrm" not in working and sys.platform.startswith("linux"):
        out(msg("  no desktop and no kmsdrm: on a Pi add the user to 'video' and 'render'; headless: SDL_VIDEODRIVER=dummy"))


def _read_tag(options: DoctorOptions, out: Out, msg: Say, opener: Callable[..., Any]) -> int:
    out(msg('reader {reader}: tap a tag within {read_timeout_s} s ...', reader=options.reader, read_timeout_s=f'{options.read_timeout_s:g}'))
    try:
        reader = opener(options.reader, **options.reader_options)
    except DriverError as exc:
        out(msg('reader {reader}: FAILED to open: {reason}', reader=options.reader, reason=str(exc)))
        return 1
    events = EventQueue()
    found: str | None = None
    with reader:
        reader.start(events)
        deadline = time.monotonic() + options.read_timeout_s
        while found is None and (left := deadline - time.monotonic()) > 0:
            event = events.get(timeout=left)
            if isinstance(event, ReaderLost):
                out(msg('  reader lost: {reason}', reason=event.reason))
            elif isinstance(event, ReaderBack):
                out(msg('  reader back'))
            elif isinstance(event, CardPlaced):
                found = event.uid
        description = reader.backend.describe()
    if found is None:
        out(msg('reader {reader}: FAILED: no tag read within {read_timeout_s} s ({description})', reader=options.reader, read_timeout_s=f'{options.read_timeout_s:g}', description=description))
        return 1
    out(msg('reader {reader}: read tag {found} ({value}-byte UID) with {description}', reader=options.reader, found=found, value=len(found) // 2, description=description))
    return 0


def _watch_buttons(options: DoctorOptions, out: Out, msg: Say, opener: Callable[..., Any]) -> int:
    try:
        buttons = opener(options.buttons, **options.button_options)
    except DriverError as exc:
        out(msg('buttons {buttons}: FAILED to open: {reason}', buttons=options.buttons, reason=str(exc)))
        return 1
    pins: Mapping[str, int] = getattr(buttons, "pins", {})
    listing = ", ".join(f"{n} (BCM {pins[n]})" if n in pins else n for n in buttons.names)
    out(msg('buttons {buttons}: {listing}; press them within {watch_buttons_s} s ...', buttons=options.buttons, listing=listing, watch_buttons_s=f'{options.watch_buttons_s:g}'))
    events = EventQueue()
    seen = 0
    with buttons:
        buttons.start(events)
        deadline = time.monotonic() + options.watch_buttons_s
        while (left := deadline - time.monotonic()) > 0:
            event = events.get(timeout=left)
            if isinstance(event, ButtonPressed | ButtonHeld):
                seen += 1
                if isinstance(event, ButtonHeld):
                    out(msg('  held: {name}', name=event.name))
                else:
                    out(msg('  pressed: {name}', name=event.name))
    if seen:
        out(msg('buttons {buttons}: {seen} event(s) seen', buttons=options.buttons, seen=seen))
    else:
        out(msg('buttons {buttons}: 0 event(s) seen (none pressed, or check the wiring)', buttons=options.buttons))
    return 0
