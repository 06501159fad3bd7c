"""Default hardware configuration and the checks applied to user configuration.

One place holds the pin tables: the drivers use them as defaults, the wiring
diagram (`hardware/draw_wiring.py`) draws them and a test checks that
`hardware/README.md` shows the same numbers.  Pin numbers are BCM (the
"GPIO n" names), header pins are the physical 1-40 positions.
"""

from __future__ import annotations

import dataclasses
import difflib
import math
import re
import types
import typing
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from drivers.errors import ConfigError

ENV_READER = "COMPANION_READER"
ENV_BUTTONS = "COMPANION_BUTTONS"

READER_BACKENDS = ("rc522", "pn532", "mock")
BUTTON_BACKENDS = ("gpio", "mock")
DEFAULT_READER_BACKEND = "rc522"
DEFAULT_BUTTONS_BACKEND = "gpio"

BUTTON_NAMES = ("confront", "defend", "support", "pass", "next", "ok", "undo")

# Two rows of the header end to end: BCM 5, 6, 13, 19, 26 are header pins
# 29-37 (odd side, GND at 39) and BCM 16, 20 are pins 36-38 (even side, GND
# at 34), away from SPI0, the UART and the pins a small SPI screen uses.
DEFAULT_BUTTON_PINS: Mapping[str, int] = types.MappingProxyType(
    {"confront": 5, "defend": 6, "support": 13, "pass": 19, "next": 26, "ok": 16, "undo": 20}
)

# Physical header pin -> what it carries (the same on every 40-pin Raspberry Pi).
HEADER_PINS: Mapping[int, str] = types.MappingProxyType(
    {
        1: "3V3", 2: "5V", 3: "GPIO2", 4: "5V", 5: "GPIO3", 6: "GND", 7: "GPIO4", 8: "GPIO14",
        9: "GND", 10: "GPIO15", 11: "GPIO17", 12: "GPIO18", 13: "GPIO27", 14: "GND", 15: "GPIO22",
        16: "GPIO23", 17: "3V3", 18: "GPIO24", 19: "GPIO10", 20: "GND", 21: "GPIO9", 22: "GPIO25",
        23: "GPIO11", 24: "GPIO8", 25: "GND", 26: "GPIO7", 27: "GPIO0", 28: "GPIO1", 29: "GPIO5",
        30: "GND", 31: "GPIO6", 32: "GPIO12", 33: "GPIO13", 34: "GND", 35: "GPIO19", 36: "GPIO16",
        37: "GPIO26", 38: "GPIO20", 39: "GND", 40: "GPIO21",
    }
)

# BCM pins that the default wiring gives to something else: a button there
# would fight the reader, the UART or a small SPI screen.
RESERVED_PINS: Mapping[int, str] = types.MappingProxyType(
    {
        0: "the HAT ID EEPROM (ID_SD)",
        1: "the HAT ID EEPROM (ID_SC)",
        7: "SPI0 CE1 (a small SPI screen)",
        8: "SPI0 CE0 (RC522 SDA)",
        9: "SPI0 MISO (RC522)",
        10: "SPI0 MOSI (RC522)",
        11: "SPI0 SCLK (RC522)",
        14: "UART TXD (PN532)",
        15: "UART RXD (PN532)",
        18: "the SPI screen backlight",
        23: "the SPI screen reset",
        24: "the SPI screen data/command line",
        25: "the RC522 reset",
    }
)

RC522_RESET_PIN = 25


@dataclass(frozen=True)
class Connection:
    """One wire: a pin on a module to a pin on the Raspberry Pi header."""

    module_pin: str
    signal: str
    bcm: int | None
    header_pin: int | None


RC522_WIRING: tuple[Connection, ...] = (
    Connection("SDA", "SPI0 CE0", 8, 24),
    Connection("SCK", "SPI0 SCLK", 11, 23),
    Connection("MOSI", "SPI0 MOSI", 10, 19),
    Connection("MISO", "SPI0 MISO", 9, 21),
    Connection("IRQ", "not connected", None, None),
    Connection("GND", "GND", None, 20),
    Connection("RST", "GPIO25 (reset)", RC522_RESET_PIN, 22),
    Connection("3.3V", "3V3 power", None, 17),
)

PN532_WIRING: tuple[Connection, ...] = (
    Connection("VCC", "3V3 power", None, 1),
    Connection("GND", "GND", None, 6),
    Connection("TXD", "UART RXD", 15, 10),
    Connection("RXD", "UART TXD", 14, 8),
)


# Each button's second leg goes to the nearest ground: pin 39 for the odd
# (inner) column, pin 34 for the even (outer) column.
BUTTON_GROUND_PINS = (39, 34)


def button_ground_pin(header_pin: int) -> int:
    """The ground pin a button on `header_pin` shares with its neighbours."""
    return BUTTON_GROUND_PINS[0] if header_pin % 2 else BUTTON_GROUND_PINS[1]


def header_pin_of(bcm: int) -> int:
    """The physical header pin carrying BCM pin `bcm`."""
    for pin, label in HEADER_PINS.items():
        if label == f"GPIO{bcm}":
            return pin
    raise ConfigError(f"BCM pin {bcm} is not on the 40-pin header (valid: 0-27)")


def button_wiring(pins: Mapping[str, int] = DEFAULT_BUTTON_PINS) -> tuple[Connection, ...]:
    """The button wires: each button's signal leg to its GPIO (its other leg goes to GND)."""
    return tuple(Connection(name, f"GPIO{bcm}", bcm, header_pin_of(bcm)) for name, bcm in pins.items())


_BUTTON_NAME_RE = re.compile(r"^[a-z][a-z0-9_]{0,31}$")


def validate_button_name(name: object) -> str:
    """A button name is a short lower-case word ('ok', 'next', 'end_turn')."""
    if not isinstance(name, str) or not _BUTTON_NAME_RE.match(name):
        raise ConfigError(f"button name {name!r} is not valid: use a lower-case word like 'ok' or 'next'")
    return name


def validate_button_names(names: Iterable[object]) -> tuple[str, ...]:
    """Check a list of button names: valid words, each once."""
    checked: list[str] = []
    for name in names:
        if validate_button_name(name) in checked:
            raise ConfigError(f"button names list {name!r} twice")
        checked.append(name)  # type: ignore[arg-type]
    if not checked:
        raise ConfigError("a button set needs at least one button")
    return tuple(checked)


def validate_pin_map(
    pins: Mapping[str, int], reserved: Mapping[int, str] = RESERVED_PINS
) -> dict[str, int]:
    """Check a button name -> BCM pin map; return a plain copy or raise ConfigError.

    Names are lower-case words; pins are distinct BCM numbers 0-27 not used by
    `reserved` (pass `reserved={}` when the reader or screen is wired elsewhere).
    """
    if not isinstance(reserved, Mapping):
        raise ConfigError(f"reserved pins must be a mapping of BCM pin -> what uses it, got {reserved!r}")
    if not isinstance(pins, Mapping) or not pins:
        raise ConfigError(f"button pin map must be a non-empty mapping of name -> BCM pin, got {pins!r}")
    checked: dict[str, int] = {}
    owner: dict[int, str] = {}
    for name, pin in pins.items():
        validate_button_name(name)
        if isinstance(pin, bool) or not isinstance(pin, int):
            raise ConfigError(f"button {name!r}: pin must be a BCM number (int), got {pin!r}")
        if not 0 <= pin <= 27:
            raise ConfigError(f"button {name!r}: BCM pin {pin} is not on the 40-pin header (valid: 0-27)")
        if pin in reserved:
            raise ConfigError(f"button {name!r}: BCM pin {pin} is reserved for {reserved[pin]}")
        if pin in owner:
            raise ConfigError(f"buttons {owner[pin]!r} and {name!r} are both on BCM pin {pin}")
        owner[pin] = name
        checked[name] = pin
    return checked


T = TypeVar("T")


def _coerce(value: Any, annotation: Any, label: str) -> Any:
    """Check one option value against a simple field type; numbers may be given as int."""
    if annotation is float:
        if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
            raise ConfigError(f"{label} must be a number, got {value!r}")
        return float(value)
    if annotation is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ConfigError(f"{label} must be an integer, got {value!r}")
        return value
    if annotation is bool:
        if not isinstance(value, bool):
            raise ConfigError(f"{label} must be true or false, got {value!r}")
        return value
    if annotation is str:
        if not isinstance(value, str) or not value:
            raise ConfigError(f"{label} must be a non-empty string, got {value!r}")
        return value
    if typing.get_origin(annotation) in (types.UnionType, typing.Union):
        members = typing.get_args(annotation)
        if value is None and type(None) in members:
            return None
        simple = [m for m in members if m is not type(None)]
        if len(simple) == 1:
            return _coerce(value, simple[0], label)
    return value


def options_from(cls: type[T], options: Mapping[str, Any], what: str) -> T:
    """Build the options dataclass `cls` from user options, with clear errors.

    Unknown keys and values of the wrong type raise ConfigError naming the key
    and listing the valid ones; range checks live in each dataclass.
    """
    if not dataclasses.is_dataclass(cls):
        raise TypeError(f"{cls!r} is not an options dataclass")
    hints = typing.get_type_hints(cls)
    names = [f.name for f in dataclasses.fields(cls) if f.init]
    check_option_names(options, names, what)
    values = {key: _coerce(value, hints[key], f"{what} option {key!r}") for key, value in options.items()}
    return cls(**values)


def nearest(name: str, valid: Iterable[str]) -> str | None:
    """The valid name that `name` most likely misspells ('rst_pin' -> 'reset_pin'), or None.

    A person who typed a near miss needs the right word more than the whole list.
    """
    close = difflib.get_close_matches(name, list(valid), n=1, cutoff=0.6)
    return close[0] if close else None


def check_option_names(options: Iterable[str], valid: Sequence[str], what: str) -> None:
    """Raise ConfigError naming every option not in `valid`, the valid ones, and the nearest valid name."""
    unknown = sorted(set(options) - set(valid))
    if not unknown:
        return
    text = (f"unknown option{'s' if len(unknown) > 1 else ''} {', '.join(map(repr, unknown))} "
            f"for {what}; valid options: {', '.join(valid)}")
    guesses = [f"{guess!r} for {name!r}" if len(unknown) > 1 else repr(guess)
               for name in unknown if (guess := nearest(name, valid)) is not None]
    if guesses:
        text += f"; did you mean {', '.join(guesses)}?"
    raise ConfigError(text)


def require(condition: bool, message: str) -> None:
    """Raise ConfigError(message) unless `condition` holds (for dataclass range checks)."""
    if not condition:
        raise ConfigError(message)


def choose_backend(given: str | None, env_value: str | None, default: str, valid: tuple[str, ...], what: str, env_name: str) -> str:
    """Pick a backend name: the explicit one, else the environment variable, else the default."""
    name = given if given is not None else (env_value or default)
    if not isinstance(name, str):
        raise ConfigError(f"{what} backend name must be a string, got {name!r}")
    key = name.strip().lower()
    if key not in valid:
        source = "" if given is not None else f" (from ${env_name})" if env_value else ""
        raise ConfigError(f"unknown {what} backend {name!r}{source}; valid names: {', '.join(valid)}")
    return key
