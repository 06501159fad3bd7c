"""Render a screen off-screen and save it as a PNG: for the demo, the docs and tests.

Needs no display: the frame is drawn on a plain Surface, and only the font
module is initialised, so it works headless and over SSH.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from companion.screen_model import Screen
from companion.screens.display_list import DisplayList
from companion.screens.render import render
from companion.screens.text import TextCache


def snapshot(
    screen: Screen,
    size: tuple[int, int],
    path: str | Path,
    cache: TextCache | None = None,
) -> DisplayList:
    """Draw `screen` at `size`, write it to `path` (PNG; folders are made) and return its display list."""
    if not pygame.font.get_init():
        pygame.font.init()
    surface = pygame.Surface(size)
    items = render(screen, surface, cache)
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(target))
    return items
