"""The laptop keyboard as a stand-in for the table's buttons.

c confront, d defend, s support, p pass, n or Right next, Enter ok,
u or Backspace undo.  `button_for_key` is a pure lookup the pygame loop calls
with `event.key`; it imports pygame only to read the key constants.
`key_caps` is what the laptop window prints on each button's slot.
"""

from __future__ import annotations

import os
from functools import cache

KEY_HELP: tuple[tuple[str, str], ...] = (
    ("C", "confront"),
    ("D", "defend"),
    ("S", "support"),
    ("P", "pass"),
    ("N / Right", "next"),
    ("Enter", "ok"),
    ("U / Backspace", "undo"),
)


def key_caps() -> dict[str, str]:
    """Button name -> the key to press for it, as the window shows it on the button's slot (the first of
    KEY_HELP's keys: "N", not "N / Right")."""
    return {name: keys.split(" / ")[0] for keys, name in KEY_HELP}


@cache
def _key_map() -> dict[int, str]:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    return {
        pygame.K_c: "confront",
        pygame.K_d: "defend",
        pygame.K_s: "support",
        pygame.K_p: "pass",
        pygame.K_n: "next",
        pygame.K_RIGHT: "next",
        pygame.K_RETURN: "ok",
        pygame.K_KP_ENTER: "ok",
        pygame.K_u: "undo",
        pygame.K_BACKSPACE: "undo",
    }


def button_for_key(key: int) -> str | None:
    """The button name a pygame key code stands for, or None."""
    return _key_map().get(key)
