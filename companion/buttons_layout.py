"""The seven buttons as they are built: their order on the box and the colour of each cap.

One table serves the screen's button strip, the printable label sheets
(`companion labels`) and the hardware guide, so what the screen shows, what
the caps say and what the builder buys cannot disagree. The default order is
the hardware guide's wiring order, left to right; a build that mounts the
buttons otherwise says so with `order` in the configuration's [buttons]
section. A cap colour belongs to its button, not to a place: reordering moves
the colour with the button.

The colours are ones arcade buttons are sold in, chosen so that the pairs a
colour-blind player may confuse (red, orange, green) never sit side by side
in the default order, and the strip says each button's word as well, so no
player needs the colour alone. This module imports neither pygame nor the
drivers: the screens read it too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.core.messages import Message, msg

if TYPE_CHECKING:
    from companion.games.base import GameUI

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Cap:
    """One button: the drivers' name for it, its cap colour as a builder buys it, and how screens draw it."""

    name: str
    colour: str
    rgb: RGB


CAPS: tuple[Cap, ...] = (
    Cap("confront", "red", (214, 40, 40)),
    Cap("defend", "blue", (30, 100, 210)),
    Cap("support", "green", (20, 160, 70)),
    Cap("pass", "yellow", (245, 205, 30)),
    Cap("next", "black", (22, 22, 22)),
    Cap("ok", "white", (240, 240, 240)),
    Cap("undo", "orange", (245, 130, 20)),
)
"""The buttons in the hardware guide's wiring order, which is also their default order on the box."""

COLOUR_WORDS: dict[str, Message] = {
    "red": msg("red"), "blue": msg("blue"), "green": msg("green"), "yellow": msg("yellow"), "black": msg("black"),
    "white": msg("white"), "orange": msg("orange"),
}
"""The cap colours in words, for the label sheets."""

DEFAULT_ORDER: tuple[str, ...] = tuple(cap.name for cap in CAPS)
CAP_BY_NAME: dict[str, Cap] = {cap.name: cap for cap in CAPS}


def order_problem(value: object) -> Message | None:
    """Why `value` cannot be the buttons' order on the box (a list of the seven names, each once), or None.

    The reason names the offending entry, so the builder knows which word to fix.
    """
    names = ", ".join(DEFAULT_ORDER)
    if not isinstance(value, list | tuple):
        return msg("must be a list of the seven buttons from left to right, e.g. [{names}]", names=names)
    seen: list[str] = []
    for entry in value:
        if entry not in CAP_BY_NAME:
            return msg("{value} is not a button (buttons: {names})", value=repr(entry), names=names)
        if entry in seen:
            return msg("{value} is listed twice", value=repr(entry))
        seen.append(entry)
    missing = [name for name in DEFAULT_ORDER if name not in seen]
    if missing:
        return msg("{names} missing: list all seven buttons once", names=", ".join(missing))
    return None


def screen_labels(ui: GameUI, translate: Callable[[Message], str]) -> tuple[tuple[str, str], ...]:
    """The game's words for the buttons as the screen gets them (`Screen.button_labels`), translated.

    A button the game names gets its word; one the game never uses gets ""
    (its slot and its cap show only the colour); the others are left out and
    the screens give them the generic word ("Next", "OK", "Undo").
    """
    unused = set(ui.unused_buttons())
    labels: list[tuple[str, str]] = []
    for name in DEFAULT_ORDER:
        if name in unused:
            labels.append((name, ""))
        elif (label := ui.button_label(name)) is not None:
            labels.append((name, translate(label)))
    return tuple(labels)


def in_order(order: Sequence[str]) -> tuple[Cap, ...]:
    """The caps from left to right for a checked `order`."""
    return tuple(CAP_BY_NAME[name] for name in order)
