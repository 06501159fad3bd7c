"""Text: fonts, a cache of rendered lines, fitting and wrapping.

Rendering a line of text is the costliest thing a frame does on a Pi 3, and
most lines do not change between frames, so rendered lines are kept in a
bounded cache keyed by everything that affects their pixels. Lines are
rendered onto their background colour: the result has no per-pixel alpha,
which keeps blits cheap. Only pygame's built-in font is used
(`Font(None, size)`), so no system fonts are needed.
"""

from __future__ import annotations

from collections import OrderedDict

import pygame

from companion.screens.palette import Colour

ELLIPSIS = "..."


class TextCache:
    """Rendered text surfaces, least recently used dropped first.

    `misses` counts real renders, `hits` reuses: a frame drawn twice should
    add only hits.
    """

    def __init__(self, capacity: int = 600) -> None:
        self.capacity = capacity
        self.hits = 0
        self.misses = 0
        self._fonts: dict[int, pygame.font.Font] = {}
        self._surfaces: OrderedDict[tuple[str, int, Colour, Colour], pygame.Surface] = OrderedDict()

    def font(self, size: int) -> pygame.font.Font:
        font = self._fonts.get(size)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            font = pygame.font.Font(None, size)
            self._fonts[size] = font
        return font

    def measure(self, text: str, size: int) -> tuple[int, int]:
        """Width and height of `text` at `size`, without rendering it."""
        width, height = self.font(size).size(text)
        return width, height

    def render(self, text: str, size: int, colour: Colour, background: Colour) -> pygame.Surface:
        key = (text, size, colour, background)
        surface = self._surfaces.get(key)
        if surface is not None:
            self.hits += 1
            self._surfaces.move_to_end(key)
            return surface
        self.misses += 1
        surface = self.font(size).render(text, True, colour, background)
        self._surfaces[key] = surface
        if len(self._surfaces) > self.capacity:
            self._surfaces.popitem(last=False)
        return surface

    def clear(self) -> None:
        """Forget every font and rendered line, e.g. after `pygame.font.quit()` made them unusable."""
        self._surfaces.clear()
        self._fonts.clear()
        self.hits = self.misses = 0

    def fit(self, text: str, size: int, width: int, min_size: int) -> tuple[str, int]:
        """The largest size from `size` down to `min_size` at which `text` fits `width`;
        past that, the text at `min_size` cut short with an ellipsis."""
        step = max(1, size // 12)
        current = size
        while True:
            if self.measure(text, current)[0] <= width:
                return text, current
            if current <= min_size:
                break
            current = max(min_size, current - step)
        return self.shorten(text, min_size, width), min_size

    def common_size(self, texts: list[str], size: int, width: int, min_size: int) -> int:
        """The largest size from `size` down to `min_size` at which every one of `texts` fits `width`:
        one size for a column of names, so they line up and none looks more important."""
        current = size
        while current > min_size and any(self.measure(t, current)[0] > width for t in texts):
            current -= 1
        return current

    def shorten(self, text: str, size: int, width: int) -> str:
        """`text` cut at the end, with an ellipsis, to fit `width` at `size`."""
        if self.measure(text, size)[0] <= width:
            return text
        low, high = 0, len(text)
        while low < high:
            mid = (low + high + 1) // 2
            if self.measure(text[:mid].rstrip() + ELLIPSIS, size)[0] <= width:
                low = mid
            else:
                high = mid - 1
        return text[:low].rstrip() + ELLIPSIS if low else ""

    def wrap(self, text: str, size: int, width: int) -> list[str]:
        """`text` broken at spaces into lines no wider than `width` (a word too long is shortened)."""
        lines: list[str] = []
        current = ""
        for word in text.split():
            candidate = f"{current} {word}" if current else word
            if self.measure(candidate, size)[0] <= width:
                current = candidate
                continue
            if current:
                lines.append(current)
            current = word if self.measure(word, size)[0] <= width else self.shorten(word, size, width)
        if current:
            lines.append(current)
        return lines


DEFAULT_CACHE = TextCache()
"""The cache `render` uses unless given one: one per process, shared by every frame."""
