"""Choosing and opening a card reader by backend name.

`open_reader("pn532", port="/dev/ttyAMA0")` or, with no name, the
`COMPANION_READER` environment variable (rc522, pn532 or mock), else rc522,
the default wiring.  Options are checked here: an unknown name or option, or
a value out of range, raises ConfigError saying which and listing the valid
ones.  Real backends import their vendor libraries only when opened.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from drivers.clock import Clock, monotonic
from drivers.config import (
    DEFAULT_READER_BACKEND,
    ENV_READER,
    READER_BACKENDS,
    check_option_names,
    choose_backend,
    options_from,
    require,
)
from drivers.errors import ConfigError
from drivers.reader.base import PollingOptions, Reader, ReaderBackend
from drivers.reader.mock import MockReaderBackend, parse_script
from drivers.reader.pn532 import PN532Backend, PN532Options
from drivers.reader.rc522 import RC522Options, open_rc522


@dataclass(frozen=True)
class MockReaderOptions:
    """script: (delay, action[, argument]) steps, see `drivers.reader.mock.parse_script`."""

    script: tuple[Any, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "script", parse_script(self.script))


BACKEND_OPTIONS: dict[str, type[Any]] = {
    "rc522": RC522Options,
    "pn532": PN532Options,
    "mock": MockReaderOptions,
}

_POLLING_NAMES = tuple(f.name for f in dataclasses.fields(PollingOptions))


def reader_option_names(backend: str) -> list[str]:
    """Every keyword `open_reader(backend, ...)` accepts."""
    if backend not in BACKEND_OPTIONS:
        raise ConfigError(f"unknown reader backend {backend!r}; valid names: {', '.join(READER_BACKENDS)}")
    specific = [f.name for f in dataclasses.fields(BACKEND_OPTIONS[backend])]
    return ["name", *specific, *_POLLING_NAMES]


def check_reader_options(backend: str, options: Mapping[str, Any]) -> tuple[PollingOptions, Any]:
    """The polling and backend options `open_reader(backend, **options)` would use, opening nothing.

    Raises ConfigError for an unknown backend, an unknown option (with the
    nearest valid name) or a bad value, so a configuration file can be
    checked before any device is touched.
    """
    what = f"reader {backend!r}"
    check_option_names(options, reader_option_names(backend), what)
    if "name" in options:
        name = options["name"]
        require(isinstance(name, str) and bool(name), f"{what} option 'name' must be a non-empty string, got {name!r}")
    polling = options_from(PollingOptions, {k: v for k, v in options.items() if k in _POLLING_NAMES}, what)
    specific = options_from(
        BACKEND_OPTIONS[backend], {k: v for k, v in options.items() if k not in (*_POLLING_NAMES, "name")}, what
    )
    return polling, specific


def open_reader(
    backend: str | None = None,
    *,
    name: str | None = None,
    clock: Clock = monotonic,
    **options: Any,
) -> Reader[ReaderBackend]:
    """Open a card reader; call `.start(queue)` on the result to begin polling.

    backend: "rc522", "pn532" or "mock"; None means $COMPANION_READER, else "rc522".
    name: the reader's name in events (default: the backend name).
    options: polling options (poll_interval_s, removal_quiet_s, retry_initial_s,
        retry_max_s) and the backend's own (see RC522Options, PN532Options,
        MockReaderOptions).
    Raises ConfigError for bad names/options and BackendUnavailable when the
    backend cannot run on this machine.
    """
    kind = choose_backend(
        backend, os.environ.get(ENV_READER), DEFAULT_READER_BACKEND, READER_BACKENDS, "reader", ENV_READER
    )
    polling, specific = check_reader_options(kind, {"name": name, **options} if name is not None else options)
    device: ReaderBackend
    if kind == "rc522":
        device = open_rc522(specific)
    elif kind == "pn532":
        device = PN532Backend(specific)
    else:
        device = MockReaderBackend(specific.script, clock=clock)
    return Reader(device, name=name, options=polling, clock=clock)


def mock_reader(
    script: tuple[Any, ...] = (),
    *,
    name: str = "mock",
    clock: Clock = monotonic,
    **polling: Any,
) -> Reader[MockReaderBackend]:
    """A mock reader typed as such, so `reader.backend.place(uid)` type-checks."""
    options = options_from(PollingOptions, polling, "mock reader")
    return Reader(MockReaderBackend(script, clock=clock), name=name, options=options, clock=clock)
