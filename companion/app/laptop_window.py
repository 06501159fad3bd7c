"""The laptop window (`companion run --mock`): its keys, its mouse and its Esc, for the table's buttons and reader.

The window stands in for the box: each button's key (drivers.buttons.keyboard; Shift with it is a long
press), T for the reader (the virtual deck: a list of the cards the moment can take, narrowed by
typing), and the mouse:

- a click on a slot of the button strip presses that button for as long as the mouse button is held
  (released before the long-press time it is a press, held longer a long press, as a real button);
- a click on an entry of a list (a menu, a prompt's options, the virtual deck) picks it, as walking
  there with Next and pressing OK would; a click on a list's "more" arrow walks it a step;
- a click on a confirmation's chip answers it: OK's chip is OK, the other one cancels.

Esc closes the virtual deck when it is open. Anywhere else it asks first ("Esc again quits"), and only
a second Esc while that is said stops the companion: the key sits beside the number row, and one stray
press must not end an evening's game.

Presses go through the mock buttons, so a key, a click and a script reach the app the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from companion.screens import DisplayList, Item

VIRTUAL_DECK_KEY = "t"
DIALOG_ROLE = "confirm"
"""The confirmation dialog's box: while it shows, only its chips take a click."""


class Window(Protocol):
    """What the window asks of the app (companion.app.pickers and the controller)."""

    reader_key: str | None

    def deck_open(self) -> bool: ...

    def close_virtual_deck(self) -> None: ...

    def open_virtual_deck(self) -> None: ...

    def narrow_deck(self, text: str) -> None: ...

    def widen_deck(self) -> bool: ...

    def escape(self) -> bool: ...

    def point_at(self, index: int) -> bool: ...


def clicked(items: DisplayList | None, pos: tuple[int, int]) -> tuple[str, Any] | None:
    """What a click at `pos` on the frame drawn as `items` means: ("slot", button) on the strip, ("option",
    index) on a list's entry, ("more", +1 or -1) on a list's arrow, ("confirm", "ok" or "other") on a
    confirmation's chip; None for anything else. A confirmation takes every click while it shows."""
    if items is None:
        return None

    def at(item: Item) -> bool:
        return bool(item.box.collidepoint(pos))

    if items.find(DIALOG_ROLE, kind="box") is not None:
        for item in items.find_all(kind="box", prefix="confirm:button:"):
            if item.role.endswith(":chip") and at(item):
                return "confirm", str(item.value)
        return None
    for item in items.find_all(kind="box", prefix="button:"):
        if item.role.endswith(":slot") and at(item):
            return "slot", str(item.value)
    for item in items.find_all("option:row", kind="box"):
        if at(item) and isinstance(item.value, int):
            return "option", item.value
    for role, step in (("option:more-below", 1), ("option:more-after", 1), ("option:more-above", -1),
                       ("option:more-before", -1)):
        for item in items.find_all(role):
            if at(item):
                return "more", step
    return None


def keyboard_pump(app: Window, buttons: Any, stop: Callable[[], None],
                  shown: Callable[[], DisplayList | None] = lambda: None) -> Callable[[], None]:
    """Read the window: the buttons' keys, T for the virtual deck, Esc (asked twice), and the mouse (see the
    module's note). `shown` gives the last frame's display list, where the mouse looks."""
    import pygame

    from drivers.buttons import button_for_key

    app.reader_key = VIRTUAL_DECK_KEY.upper()
    held: list[str] = []

    def press(name: str, long: bool = False) -> None:
        if long and hasattr(buttons, "hold"):
            buttons.hold(name)
        elif hasattr(buttons, "press"):
            buttons.press(name)

    def key(event: Any) -> None:
        if event.key == pygame.K_ESCAPE:
            if app.deck_open():
                app.close_virtual_deck()
            elif app.escape():
                stop()
            return
        if app.deck_open():
            if event.key == pygame.K_BACKSPACE and app.widen_deck():
                return
            if event.unicode and event.unicode.isprintable():
                app.narrow_deck(event.unicode)
                return
        elif event.key == pygame.key.key_code(VIRTUAL_DECK_KEY):
            app.open_virtual_deck()
            return
        name = button_for_key(event.key)
        if name is not None:
            press(name, long=bool(event.mod & pygame.KMOD_SHIFT))

    def click(pos: tuple[int, int]) -> None:
        found = clicked(shown(), pos)
        if found is None:
            return
        what, value = found
        if what == "slot" and hasattr(buttons, "key_down"):
            buttons.key_down(value)
            held.append(value)
        elif what == "option" and app.point_at(value):
            press("ok")
        elif what == "more":
            press("next", long=value < 0)
        elif what == "confirm":
            press("ok" if value == "ok" else "undo")

    def pump() -> None:
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                stop()
            elif event.type == pygame.KEYDOWN:
                key(event)
            elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
                click(event.pos)
            elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
                while held:
                    buttons.key_up(held.pop())

    return pump


__all__ = ["VIRTUAL_DECK_KEY", "Window", "clicked", "keyboard_pump"]
