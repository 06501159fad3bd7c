"""Screens: turn a `Screen` value into pixels, and say what was drawn.

`render(screen, surface)` draws a frame and returns its `DisplayList`;
`snapshot(screen, size, path)` does the same off-screen and saves a PNG.
The frame around the board is game-independent (`chrome`); each game adds
its board drawing in a package named by the game's registration (companion.games.registry).
This package never imports `drivers`: the display driver only shows the
finished surface.
"""

from companion.screens.display_list import DisplayList, Item
from companion.screens.registry import GameScreens
from companion.screens.render import render
from companion.screens.snapshot import snapshot
from companion.screens.text import DEFAULT_CACHE, TextCache

__all__ = ["DEFAULT_CACHE", "DisplayList", "GameScreens", "Item", "TextCache", "render", "snapshot"]
