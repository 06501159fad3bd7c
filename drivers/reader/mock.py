"""A reader backend driven by code: laptop mode, the demo and tests.

It goes through the same `Reader` poller, presence rules and queue as the
real readers; only `poll()` is different.  Feed it by calls (`place`,
`remove`, `tap`, `fail`, `recover`) from any thread, or by a script of
(delay, action) steps played against the reader's clock.  `VirtualDeck` is a
list of (uid, label) cards a laptop UI can pick from to tap a card.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from drivers.clock import Clock, monotonic
from drivers.errors import ConfigError, ReaderError
from drivers.reader.base import ReaderBackend
from drivers.reader.uid import normalize_uid

SCRIPT_ACTIONS = ("place", "remove", "fail", "recover")


@dataclass(frozen=True)
class ScriptStep:
    """Wait `delay` seconds after the previous step, then do `action` (with `argument`)."""

    delay: float
    action: str
    argument: str | None = None


def parse_script(steps: Iterable[Any]) -> tuple[ScriptStep, ...]:
    """Check a script given as ScriptStep values or tuples like (0.5, "place", "04A1B2C3").

    Actions: place UID, remove, fail REASON, recover.  Raises ConfigError on
    the first bad step, naming its index.
    """
    parsed: list[ScriptStep] = []
    for index, step in enumerate(steps):
        if isinstance(step, ScriptStep):
            step = (step.delay, step.action, step.argument)
        if not isinstance(step, list | tuple) or len(step) not in (2, 3):
            raise ConfigError(f"mock reader script step {index}: expected (delay, action[, argument]), got {step!r}")
        delay, action, *rest = step
        argument = rest[0] if rest else None
        if isinstance(delay, bool) or not isinstance(delay, int | float) or delay < 0:
            raise ConfigError(f"mock reader script step {index}: delay must be a number >= 0, got {delay!r}")
        if action not in SCRIPT_ACTIONS:
            raise ConfigError(
                f"mock reader script step {index}: unknown action {action!r}; valid: {', '.join(SCRIPT_ACTIONS)}"
            )
        if action == "place":
            if argument is None:
                raise ConfigError(f"mock reader script step {index}: 'place' needs a UID")
            argument = normalize_uid(argument)
        elif action == "fail":
            argument = str(argument) if argument is not None else "mock reader failure"
        elif argument is not None:
            raise ConfigError(f"mock reader script step {index}: {action!r} takes no argument")
        parsed.append(ScriptStep(float(delay), action, argument))
    return tuple(parsed)


class MockReaderBackend(ReaderBackend):
    """Reports whatever card code or a script put on it."""

    kind = "mock"

    def __init__(self, script: Iterable[Any] = (), *, clock: Clock = monotonic) -> None:
        self._lock = threading.Lock()
        self._clock = clock
        self._uid: str | None = None
        self._unseen: str | None = None
        self._failure: str | None = None
        self._script = list(parse_script(script))
        self._next_at: float | None = None
        self.polls = 0

    def place(self, uid: str) -> None:
        """Put a card on the reader (it stays until `remove` or another `place`)."""
        card = normalize_uid(uid)
        with self._lock:
            self._uid = card
            self._unseen = card

    def remove(self) -> None:
        """Lift the card; the poller reports CardRemoved after its quiet time."""
        with self._lock:
            self._uid = None

    def tap(self, uid: str) -> None:
        """Place and lift at once: the next poll still sees the card, so the tap is one placement."""
        card = normalize_uid(uid)
        with self._lock:
            self._uid = None
            self._unseen = card

    def fail(self, reason: str = "mock reader failure") -> None:
        """Make polls raise ReaderError until `recover`."""
        with self._lock:
            self._failure = reason

    def recover(self) -> None:
        with self._lock:
            self._failure = None

    @property
    def script_done(self) -> bool:
        with self._lock:
            return not self._script

    def _run_script(self) -> None:
        now = self._clock()
        while self._script:
            step = self._script[0]
            if self._next_at is None:
                self._next_at = now + step.delay
            if now < self._next_at:
                return
            self._script.pop(0)
            self._next_at = None if not self._script else self._next_at + self._script[0].delay
            if step.action == "place" and step.argument is not None:
                self._uid = self._unseen = step.argument
            elif step.action == "remove":
                self._uid = None
            elif step.action == "fail":
                self._failure = step.argument or "mock reader failure"
            else:
                self._failure = None

    def poll(self) -> str | None:
        with self._lock:
            self.polls += 1
            self._run_script()
            if self._failure is not None:
                raise ReaderError(self._failure)
            seen = self._unseen or self._uid
            self._unseen = None
            return seen

    def close(self) -> None:
        """Nothing to release."""


@dataclass(frozen=True)
class DeckCard:
    uid: str
    label: str


@dataclass(frozen=True)
class VirtualDeck:
    """Cards a laptop UI can tap on the mock reader: (uid, label) pairs."""

    cards: tuple[DeckCard, ...] = field(default_factory=tuple)

    @classmethod
    def of(cls, cards: Sequence[tuple[str, str]]) -> VirtualDeck:
        """Build from (uid, label) pairs; UIDs are normalised and must be unique."""
        built: list[DeckCard] = []
        seen: dict[str, str] = {}
        for index, entry in enumerate(cards):
            if not isinstance(entry, list | tuple) or len(entry) != 2:
                raise ConfigError(f"virtual deck entry {index}: expected (uid, label), got {entry!r}")
            uid, label = normalize_uid(entry[0]), entry[1]
            if not isinstance(label, str) or not label.strip():
                raise ConfigError(f"virtual deck entry {index}: label must be non-empty text, got {label!r}")
            if uid in seen:
                raise ConfigError(f"virtual deck: UID {uid} is used by both {seen[uid]!r} and {label!r}")
            seen[uid] = label
            built.append(DeckCard(uid, label.strip()))
        return cls(tuple(built))

    def __len__(self) -> int:
        return len(self.cards)

    def __getitem__(self, index: int) -> DeckCard:
        return self.cards[index]

    def labels(self) -> list[str]:
        return [card.label for card in self.cards]

    def find(self, text: str) -> DeckCard:
        """The card whose UID or label matches `text` (case-insensitive, label prefix allowed)."""
        wanted = text.strip().lower()
        exact = [c for c in self.cards if c.label.lower() == wanted or c.uid.lower() == wanted]
        if exact:
            return exact[0]
        prefix = [c for c in self.cards if c.label.lower().startswith(wanted)] if wanted else []
        if len(prefix) == 1:
            return prefix[0]
        if not prefix:
            raise ConfigError(f"no card in the virtual deck matches {text!r}")
        raise ConfigError(f"{text!r} matches several cards: {', '.join(c.label for c in prefix)}")
