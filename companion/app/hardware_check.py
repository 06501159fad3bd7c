"""The guided check of the seven buttons and the card reader: the first start's, and the menu's later.

"Press the green button" for each button in the order they sit on the box,
then "tap any card", then back to the menu. It doubles as the builder's
wiring test: a wrong button says which one came ("You pressed Blue; press
Green"), a button that does not answer is skipped by holding any other, and a
tapped tag shows its UID and the games whose tag maps know it.

This module is the check's state and words only: events in, a plain dict
for the screen out (drawn by companion.screens.check), no pygame, no device.
Whether it was done is remembered in the state folder (`CHECKED`, written
atomically like the other remembered settings). A disk that refuses that
file must not make the check come back at every start of the same boot: the
check is then marked in the service's runtime folder (RuntimeDirectory, kept
until the Pi restarts) and only otherwise shown again.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from companion import buttons_layout as layout
from companion.runtime.storage import REAL_DISK, FileSystem, write_atomic
from drivers.events import ButtonHeld, ButtonPressed, CardPlaced
from engine.core.messages import Message, msg

CHECKED = "hardware-checked.json"
"""In the state folder: the check was done (its result, for a builder who looks)."""
RUNTIME_ENV = "RUNTIME_DIRECTORY"
"""Set by systemd from the unit's RuntimeDirectory=: a folder in /run that lasts until the next boot."""
TITLE = msg("Check buttons and reader")
OPTION = "hardware-check"
"""The first menu's option that opens the check (no game is called that)."""
MENU_LABEL = msg("Check the hardware")
"""The first menu's words for it: short, so the option is never cut in any language at either size."""


@dataclass(frozen=True)
class Cap:
    """One button as the check asks for it: the drivers' name, the cap's colour in words and on screen."""

    name: str
    colour: Message
    step: Message
    rgb: tuple[int, int, int]


_WORDS: dict[str, tuple[Message, Message]] = {
    "red": (msg("Red"), msg("Press the red button.")),
    "blue": (msg("Blue"), msg("Press the blue button.")),
    "green": (msg("Green"), msg("Press the green button.")),
    "yellow": (msg("Yellow"), msg("Press the yellow button.")),
    "black": (msg("Black"), msg("Press the black button.")),
    "white": (msg("White"), msg("Press the white button.")),
    "orange": (msg("Orange"), msg("Press the orange button.")),
}
"""What the check says of each cap colour: the colour as a word, and the step that asks for it."""

CAPS: dict[str, Cap] = {cap.name: Cap(cap.name, *_WORDS[cap.colour], cap.rgb) for cap in layout.CAPS}
"""The seven buttons as built (companion.buttons_layout: the same table as the screen's strip and the label
sheets), with the check's words for each colour."""


def button_order(order: Sequence[str] | None = None) -> tuple[Cap, ...]:
    """The buttons left to right on the box: the configured order when there is one, else the wiring order.

    The one place the check reads the order, so a `[buttons] order` setting reaches it.
    """
    names = tuple(order) if order else layout.DEFAULT_ORDER
    return tuple(CAPS[name] for name in names if name in CAPS)


@dataclass
class HardwareCheck:
    """The check's progress: which button it waits for, what answered, what the reader read."""

    known: Callable[[str], tuple[str, ...]]
    """The games whose tag maps know a UID, by title in the table's language."""
    caps: tuple[Cap, ...] = field(default_factory=button_order)
    step: int = 0
    answered: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    wrong: str | None = None
    """The button pressed instead of the one asked for, until the right one comes."""
    uid: str | None = None
    done: bool = False

    @property
    def on_reader(self) -> bool:
        return self.step >= len(self.caps)

    def handle(self, event: object) -> None:
        """A press, a hold or a tag; anything else is not the check's."""
        if self.done:
            return
        if isinstance(event, ButtonHeld):
            self._skip()
        elif isinstance(event, ButtonPressed):
            self._press(event.name)
        elif isinstance(event, CardPlaced) and self.on_reader:
            self.uid = event.uid

    def _press(self, name: str) -> None:
        if self.on_reader:
            # The reader step waits for a tag; once one was read, any button goes on to the menu.
            self.done = self.uid is not None
            self.wrong = name
            return
        wanted = self.caps[self.step]
        if name != wanted.name:
            self.wrong = name
            return
        self.answered.append(name)
        self._next()

    def _skip(self) -> None:
        if self.on_reader:
            self.done = True
            return
        self.skipped.append(self.caps[self.step].name)
        self._next()

    def _next(self) -> None:
        self.wrong = None
        self.step += 1

    def words(self) -> dict[str, object]:
        """What the screen shows now, as Messages and values (the app translates them)."""
        count = len(self.caps)
        if not self.on_reader:
            cap = self.caps[self.step]
            said: Message | None = None
            if self.wrong is not None:
                pressed = CAPS[self.wrong].colour if self.wrong in CAPS else self.wrong
                said = msg("You pressed {pressed}; press {wanted}.", pressed=pressed, wanted=cap.colour)
            return {"step": "button", "n": self.step + 1, "count": count, "rgb": list(cap.rgb),
                    "say": cap.step, "which": msg("Button {n} of {count}: {name}", n=self.step + 1, count=count,
                                                   name=cap.name),
                    "wrong": said, "hint": msg("Hold any button to skip this one.")}
        if self.uid is None:
            nudge = msg("No card read yet: tap one on the reader.") if self.wrong is not None else None
            return {"step": "reader", "say": msg("Tap any card on the reader."), "wrong": nudge,
                    "hint": msg("Hold any button to skip this one.")}
        games = self.known(self.uid)
        known = (msg("Known to: {games}", games=", ".join(games)) if games
                 else msg("Not enrolled in any game yet."))
        return {"step": "reader", "say": msg("Tag {uid} read.", uid=self.uid), "known": known,
                "hint": msg("Tap another card, or press any button for the menu.")}

    def summary(self, tr: Callable[[Message], str]) -> Message:
        """The note the menu shows after the check: what did not answer, by colour, in the table's language."""
        missing = [tr(CAPS[name].colour) for name in self.skipped]
        if self.uid is None:
            missing.append(tr(msg("the card reader")))
        if not missing:
            return msg("Check done: every button and the reader answered.")
        return msg("Check done; did not answer: {names}.", names=", ".join(missing))


def check_due(state_dir: Path, runtime_dir: Path | None) -> bool:
    """Whether the first start's check is still to be shown: never done, and not shown yet in this boot."""
    for folder in (state_dir, runtime_dir):
        if folder is not None and os.path.lexists(folder / CHECKED):
            return False
    return True


def mark_shown(runtime_dir: Path | None) -> None:
    """Note in the runtime folder that this boot showed the check (kept even when the state folder refuses)."""
    if runtime_dir is None:
        return
    try:
        (runtime_dir / CHECKED).write_text("{}\n", "utf-8")
    except OSError:
        return  # no runtime folder either: the check may come once more at the next start, never in a loop


def mark_done(state_dir: Path, check: HardwareCheck, fs: FileSystem = REAL_DISK) -> Message | None:
    """Remember the check in the state folder; a refusing disk gives a note, never an error."""
    result = {"answered": check.answered, "skipped": check.skipped, "reader": check.uid is not None}
    try:
        write_atomic(state_dir / CHECKED, json.dumps(result, sort_keys=True) + "\n", fs)
    except OSError as exc:
        return msg("The check could not be remembered ({reason}); it may be offered again.",
                   reason=exc.strerror or str(exc))
    return None


def runtime_dir() -> Path | None:
    """The service's runtime folder (systemd's RuntimeDirectory), or None outside the service."""
    value = os.environ.get(RUNTIME_ENV)
    return Path(value.split(":")[0]) if value else None


__all__ = ["CAPS", "CHECKED", "MENU_LABEL", "OPTION", "TITLE", "Cap", "HardwareCheck", "button_order", "check_due",
           "mark_done", "mark_shown", "runtime_dir"]
