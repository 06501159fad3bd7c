"""The one configuration file: reader, buttons, display, state directory.

Every key has a default that works on a laptop, so the file is optional. A
bad value is reported with the file, the key and the reason, before any
device is opened.
"""

from __future__ import annotations

import json
import os
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.buttons_layout import DEFAULT_ORDER, order_problem
from companion.i18n import LANGUAGES
from drivers.config import BUTTON_NAMES, DEFAULT_BUTTON_PINS, nearest
from engine.core.messages import Message, msg

ENV_CONFIG = "COMPANION_CONFIG"
ENV_STATE = "COMPANION_STATE_DIR"
READERS = ("rc522", "pn532", "mock")
BUTTONS = ("gpio", "mock")
DEFAULT_PINS = dict(DEFAULT_BUTTON_PINS)


CONFIG_EXIT = 78
"""EX_CONFIG: the configuration or the state folder needs a person; restarting cannot fix it."""


class ConfigError(ValueError):
    """A configuration value the companion cannot use; says file, key and why.

    The reason is a Message, so the problem screen says it in the table's
    language; `str(error)` is the English sentence (stderr, the journal).
    """

    def __init__(self, message: Message) -> None:
        self.message = message
        super().__init__(message.text)


@dataclass
class Config:
    reader: str = "mock"
    reader_options: dict[str, Any] = field(default_factory=dict)
    buttons: str = "mock"
    button_pins: dict[str, int] = field(default_factory=lambda: dict(DEFAULT_PINS))
    bounce_s: float = 0.03
    hold_s: float = 0.8
    button_order: tuple[str, ...] = DEFAULT_ORDER
    """The buttons from left to right on the box: the screen's strip and the label sheets follow it."""
    display_driver: str | None = None
    width: int = 800
    height: int = 480
    fullscreen: bool | None = None
    snapshot_dir: str | None = None
    state_dir: Path = field(default_factory=lambda: default_state_dir())
    notice_s: float = 4.0
    resume_timeout_s: float = 20.0
    language: str = "en"
    game: str | None = None
    advisor_enabled: bool = True
    advisor_budget_s: float = 1.0
    bgg_ids: dict[str, int] = field(default_factory=dict)
    """Game name -> its BoardGameGeek id, as the owner set it ([bgg]); a game without one is not linked."""
    bgstats_me: str | None = None
    """The player book's id of the person who is "me" in the BG Stats play file ([bgstats] me, set on the settings
    page); None: nobody, the file's "me" is the device's own entry."""
    source: str = "(defaults)"

    @property
    def size(self) -> tuple[int, int]:
        return (self.width, self.height)


def default_state_dir() -> Path:
    """$COMPANION_STATE_DIR, systemd's $STATE_DIRECTORY, or ~/.local/state/table-companion."""
    for var in (ENV_STATE, "STATE_DIRECTORY"):
        if os.environ.get(var):
            return Path(os.environ[var].split(":")[0])
    base = os.environ.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "table-companion"


def resolve_state_dir(given: str | None, cfg: Config) -> Path:
    """The state folder every command uses: --state-dir, else the config's (see `default_state_dir`)."""
    return Path(os.path.expanduser(given)) if given else cfg.state_dir


KNOWN = {
    "reader": {"backend", "options"},
    "buttons": {"backend", "pins", "bounce_s", "hold_s", "order"},
    "display": {"driver", "width", "height", "fullscreen", "snapshots"},
    "app": {"state_dir", "notice_s", "resume_timeout_s", "language", "game"},
    "advisor": {"enabled", "budget_s"},
    "bgg": set(),
    "bgstats": {"me"},
}
"""Every section and its keys; [bgg]'s keys are the registered games' names (checked when it has any)."""
BGG_MAX = 2**31 - 1
PLAYER_ID_MAX = 64
"""The longest player id the player book reads (companion.players.book)."""


MAX_DEPTH = 8
"""Deeper than any real configuration (reader.options is three levels); a crafted file is refused."""


def load_config(path: str | Path | None = None) -> Config:
    """Read the config file (argument, then $COMPANION_CONFIG); no file means defaults.

    Every way the file can be unusable (missing, a folder, unreadable, not
    UTF-8, not TOML, nested absurdly deep, a bad value) is a ConfigError that
    starts with the file's path and says why.
    """
    chosen = path or os.environ.get(ENV_CONFIG)
    if not chosen:
        return Config()
    file = Path(chosen)
    try:
        data = file.read_bytes()
    except FileNotFoundError:
        raise ConfigError(msg("{path}: no such configuration file", path=str(file))) from None
    except OSError as exc:
        raise ConfigError(msg("{path}: cannot read the configuration: {system}", path=str(file),
                              system=exc.strerror or str(exc))) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ConfigError(msg("{path}: not UTF-8 text (byte {byte} at offset {offset})", path=str(file),
                              byte=f"0x{data[exc.start]:02x}", offset=exc.start)) from None
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(msg("{path}: not valid TOML: {system}", path=str(file), system=str(exc))) from None
    except RecursionError:
        raise ConfigError(msg("{path}: nested too deeply to read", path=str(file))) from None
    if _depth(raw) > MAX_DEPTH:
        raise ConfigError(msg("{path}: nested too deeply (more than {n} levels of tables or lists)", path=str(file),
                              n=MAX_DEPTH))
    return parse_config(raw, str(file))


def _depth(value: Any) -> int:
    """How deeply tables and lists nest in `value`, counted without recursion."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, level = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is None:
            continue
        deepest = max(deepest, level)
        if level <= MAX_DEPTH:
            stack.extend((child, level + 1) for child in children)
    return deepest


def parse_config(raw: dict[str, Any], source: str) -> Config:
    def fail(key: str, why: Message | str) -> ConfigError:
        return ConfigError(msg("{path}: {key}: {reason}", path=source, key=key, reason=why))

    for section, value in raw.items():
        if section not in KNOWN:
            raise fail(section, _near_miss(msg("unknown section (known: {names})", names=", ".join(KNOWN)),
                                           section, KNOWN))
        if not isinstance(value, dict):
            raise fail(section, msg("must be a table"))
        for key in value:
            if section != "bgg" and key not in KNOWN[section]:
                raise fail(f"{section}.{key}", _near_miss(
                    msg("unknown key (known: {names})", names=", ".join(sorted(KNOWN[section]))), key,
                    KNOWN[section]))
    cfg = Config(source=source)
    reader = raw.get("reader", {})
    cfg.reader = _choice(reader.get("backend", cfg.reader), READERS, "reader.backend", fail)
    options = reader.get("options", {})
    if not isinstance(options, dict):
        raise fail("reader.options", msg("must be a table of backend options"))
    cfg.reader_options = _reader_options(cfg.reader, options, fail)
    buttons = raw.get("buttons", {})
    cfg.buttons = _choice(buttons.get("backend", cfg.buttons), BUTTONS, "buttons.backend", fail)
    pins = buttons.get("pins", {})
    if not isinstance(pins, dict):
        raise fail("buttons.pins", msg("must be a table of button = BCM pin"))
    merged = dict(DEFAULT_PINS)
    for name, pin in pins.items():
        if name not in BUTTON_NAMES:
            raise fail(f"buttons.pins.{name}", _near_miss(
                msg("unknown button (buttons: {names})", names=", ".join(BUTTON_NAMES)), name, BUTTON_NAMES))
        if isinstance(pin, bool) or not isinstance(pin, int) or not 2 <= pin <= 27:
            raise fail(f"buttons.pins.{name}", msg("{value} is not a BCM GPIO number from 2 to 27", value=repr(pin)))
        merged[name] = pin
    used: dict[int, str] = {}
    for name, pin in merged.items():
        if pin in used:
            raise fail(f"buttons.pins.{name}", msg("GPIO {n} is already used by {key}", n=pin, key=used[pin]))
        used[pin] = name
    cfg.button_pins = merged
    cfg.bounce_s = _number(buttons.get("bounce_s", cfg.bounce_s), 0.0, 0.5, "buttons.bounce_s", fail)
    cfg.hold_s = _number(buttons.get("hold_s", cfg.hold_s), 0.2, 10.0, "buttons.hold_s", fail)
    if "order" in buttons:
        problem = order_problem(buttons["order"])
        if problem is not None:
            raise fail("buttons.order", problem)
        cfg.button_order = tuple(buttons["order"])
    display = raw.get("display", {})
    driver = display.get("driver", "")
    if not isinstance(driver, str):
        raise fail("display.driver", msg("must be an SDL video driver name such as kmsdrm, x11 or dummy"))
    cfg.display_driver = driver or None
    cfg.width = int(_number(display.get("width", cfg.width), 160, 4096, "display.width", fail, whole=True))
    cfg.height = int(_number(display.get("height", cfg.height), 120, 4096, "display.height", fail, whole=True))
    full = display.get("fullscreen", "auto")
    if full not in ("auto", True, False):
        raise fail("display.fullscreen", msg('must be true, false or "auto"'))
    cfg.fullscreen = None if full == "auto" else bool(full)
    snaps = display.get("snapshots", "")
    if not isinstance(snaps, str):
        raise fail("display.snapshots", msg('must be a folder path or ""'))
    cfg.snapshot_dir = snaps or None
    app = raw.get("app", {})
    state = app.get("state_dir")
    if state is not None:
        if not isinstance(state, str) or not state:
            raise fail("app.state_dir", msg("must be a folder path"))
        cfg.state_dir = Path(os.path.expanduser(state))
    cfg.notice_s = _number(app.get("notice_s", cfg.notice_s), 0.5, 60, "app.notice_s", fail)
    cfg.resume_timeout_s = _number(app.get("resume_timeout_s", cfg.resume_timeout_s), 0, 3600,
                                   "app.resume_timeout_s", fail)
    cfg.language = _choice(app.get("language", cfg.language), LANGUAGES, "app.language", fail)
    if "game" in app:
        from companion.games import registered_games

        cfg.game = _choice(app["game"], tuple(registered_games()), "app.game", fail)
    advisor = raw.get("advisor", {})
    enabled = advisor.get("enabled", cfg.advisor_enabled)
    if not isinstance(enabled, bool):
        raise fail("advisor.enabled", msg("must be true or false"))
    cfg.advisor_enabled = enabled
    cfg.advisor_budget_s = _number(advisor.get("budget_s", cfg.advisor_budget_s), 0.1, 30, "advisor.budget_s", fail)
    cfg.bgg_ids = _bgg_ids(raw.get("bgg", {}), fail)
    me = raw.get("bgstats", {}).get("me", "")
    if not isinstance(me, str) or len(me) > PLAYER_ID_MAX or not me.isprintable():
        raise fail("bgstats.me", msg("must be a player's id from the player book (\"\": nobody)"))
    cfg.bgstats_me = me or None
    return cfg


def _bgg_ids(table: dict[str, Any], fail: Any) -> dict[str, int]:
    """[bgg]: game = its BoardGameGeek id (0: not linked), for the games this companion has."""
    if not table:
        return {}
    from companion.games import registered_games

    games = tuple(registered_games())
    out = {}
    for name, number in table.items():
        if name not in games:
            raise fail(f"bgg.{name}", _near_miss(msg("unknown game (games: {names})", names=", ".join(games)),
                                                 name, games))
        if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number <= BGG_MAX:
            raise fail(f"bgg.{name}", msg("{value} is not a BoardGameGeek id (a whole number; 0: not linked)",
                                          value=repr(number)))
        if number:
            out[name] = number
    return out


def _near_miss(reason: Message, name: str, known: Iterable[str]) -> Message:
    """`reason`, followed by the known name `name` most likely misspells, when there is one."""
    guess = nearest(name, known)
    return reason if guess is None else msg("{reason}; did you mean {name}?", reason=reason, name=guess)


def _reader_options(backend: str, options: dict[str, Any], fail: Any) -> dict[str, Any]:
    """The reader's options, checked now against what `backend` accepts.

    Checked at load, not when the reader opens, so that a misspelled option
    (`rst_pin` for `reset_pin`) is the same "configuration cannot be used"
    screen as a bad value, instead of an error once the devices open. The
    reader modules load only when there are options to check: most commands
    never open a reader and should not pay for importing it.
    """
    if not options:
        return {}
    from drivers.errors import ConfigError as DriverConfigError
    from drivers.reader.backends import check_reader_options, reader_option_names

    valid = reader_option_names(backend)
    for name in options:
        if name not in valid:
            raise fail(f"reader.options.{name}", _near_miss(
                msg("unknown option for the {backend} reader (options: {names})", backend=backend,
                    names=", ".join(valid)), name, valid))
    try:
        check_reader_options(backend, options)
    except DriverConfigError as exc:
        raise fail("reader.options", str(exc)) from None
    return dict(options)


def _choice(value: Any, allowed: tuple[str, ...], key: str, fail: Any) -> str:
    if value not in allowed:
        raise fail(key, msg("{value} is not one of {names}", value=repr(value), names=", ".join(allowed)))
    return str(value)


def _number(value: Any, low: float, high: float, key: str, fail: Any, whole: bool = False) -> float:
    ok = isinstance(value, int | float) and not isinstance(value, bool)
    if whole:
        ok = ok and isinstance(value, int)
    if not ok or not low <= value <= high:
        low_high = {"value": repr(value), "low": f"{low:g}", "high": f"{high:g}"}
        raise fail(key, msg("{value} is not a whole number from {low} to {high}", **low_high) if whole
                   else msg("{value} is not a number from {low} to {high}", **low_high))
    return float(value)


EXAMPLE = """\
# Table companion configuration. Every key is optional.

[reader]
backend = "rc522"          # rc522, pn532 or mock
# [reader.options]         # the backend's own settings (hardware/README.md lists them), e.g. for rc522:
# reset_pin = 25           # the BCM pin wired to the module's RST
# for pn532 instead: port = "/dev/serial0" (a Pi 5's header UART is "/dev/ttyAMA0")

[buttons]
backend = "gpio"           # gpio or mock (keyboard in a window)
bounce_s = 0.03
hold_s = 0.8
# order = ["confront", "defend", "support", "pass", "next", "ok", "undo"]   # left to right on the box
[buttons.pins]             # BCM numbers (these are the defaults; see hardware/README.md)
confront = 5
defend = 6
support = 13
pass = 19
next = 26
ok = 16
undo = 20

[display]
driver = ""                # "" picks: kmsdrm on a Pi without a desktop, a window elsewhere
width = 800
height = 480
fullscreen = "auto"

[app]
# state_dir = "/var/lib/table-companion"   # default: $STATE_DIRECTORY under systemd, else ~/.local/state
notice_s = 4
resume_timeout_s = 20      # resume an unfinished game on its own after this (0 = wait for OK)
language = "en"            # en, de, fr or nl until someone picks one at set-up (then that one is kept)
# game = "samurai-spirit"  # always this game; default: a menu of the games, the last one played first

[advisor]
enabled = true             # a long press of OK at a decision shows each option's win chance; false: never
budget_s = 1.0             # how long the advice may think (all cores)
"""


def installed_config(state_dir: str) -> str:
    """The file systemd/install.sh writes: EXAMPLE with the state folder set explicitly.

    The service finds its folder through $STATE_DIRECTORY, but `companion
    enroll` run by hand (sudo -u companion) has no such variable and would
    fall back to the user's home; naming the folder in the shared file makes
    both use the same tag map and journals.
    """
    commented = '# state_dir = "/var/lib/table-companion"   # default: $STATE_DIRECTORY under systemd, else ~/.local/state'
    if commented not in EXAMPLE:
        raise AssertionError("EXAMPLE lost its state_dir line")
    chosen = f"state_dir = {json.dumps(state_dir)}   # the service's StateDirectory: run and enroll both use it"
    return EXAMPLE.replace(commented, chosen)
