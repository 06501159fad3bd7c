"""Sizes and regions of a frame, scaled to the surface.

The layout is tuned for the two displays a builder is likely to fit, 800x480
(the official 7" panel) and 480x320 (3.5" SPI panels), and scales in
between. Type has floors, not only a scale: below them text stops being
readable across a table, so small screens get fewer things rather than
smaller ones (see `min_size` and `instruction_min_size`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

import pygame

REFERENCE_SIZE = (800, 480)
SIDE_PANEL_MIN_WIDTH = 640
"""Narrower surfaces put the options and narration under the board instead of beside it."""


@dataclass(frozen=True)
class Metrics:
    """Pixel sizes for one surface size."""

    width: int
    height: int
    unit: float

    @classmethod
    def for_size(cls, size: tuple[int, int]) -> Metrics:
        """The metrics of a surface of `size`: one object per size for the process, so the sizes below are
        worked out once, not on each of the thousands of times a frame asks for them."""
        found = _BY_SIZE.get(size)
        if found is None:
            width, height = size
            unit = min(width / REFERENCE_SIZE[0], height / REFERENCE_SIZE[1])
            found = _BY_SIZE[size] = cls(width, height, unit)
        return found

    def px(self, reference: float, floor: int = 1) -> int:
        """`reference` pixels of the 800x480 design, scaled, never below `floor`."""
        return max(floor, round(reference * self.unit))

    @cached_property
    def compact(self) -> bool:
        return self.width < SIDE_PANEL_MIN_WIDTH

    @cached_property
    def pad(self) -> int:
        return self.px(8, 3)

    @cached_property
    def face(self) -> str:
        """The face a frame is set in: condensed on narrow panels, where words per line are scarce."""
        return "condensed" if self.compact else "regular"

    # Type sizes are DejaVu Sans em sizes in pixels, chosen for their cap height (the test suite measures
    # the rendered caps): 800x480 on a 7-inch panel has 5.25 px/mm, 480x320 on a 3.5-inch one 6.5 px/mm.

    @cached_property
    def title_size(self) -> int:
        return 22 if self.compact else 30

    @cached_property
    def text_size(self) -> int:
        """The prompt, the to-do steps and the option list."""
        return 22 if self.compact else 26

    @cached_property
    def instruction_min_size(self) -> int:
        """The smallest the prompt and the to-do steps may shrink to: 3.5 mm caps (18 px) at 800x480,
        16 px at 480x320."""
        return 21 if self.compact else 24

    @cached_property
    def small_size(self) -> int:
        return 21 if self.compact else 20

    @cached_property
    def min_size(self) -> int:
        """The smallest type anything a player reads may shrink to: 2.5 mm caps, 13 px at 800x480 and
        16 px at 480x320."""
        return 21 if self.compact else 18

    @cached_property
    def large_size(self) -> int:
        return 30 if self.compact else 44

    @cached_property
    def huge_size(self) -> int:
        return self.px(110, 60)

    def line_height(self, size: int) -> int:
        """Vertical room for one line of type `size`: DejaVu's full height (1.17 em) and a little air."""
        found = self._line_heights.get(size)
        if found is None:
            found = self._line_heights[size] = round(size * 1.17) + self.px(3, 2)
        return found

    @cached_property
    def _line_heights(self) -> dict[int, int]:
        return {}


_BY_SIZE: dict[tuple[int, int], Metrics] = {}


def rows(rect: pygame.Rect, heights: Sequence[int], gap: int = 0) -> list[pygame.Rect]:
    """Stack rects of the given heights down `rect`, `gap` apart."""
    out = []
    y = rect.top
    for height in heights:
        out.append(pygame.Rect(rect.left, y, rect.width, height))
        y += height + gap
    return out


def columns(rect: pygame.Rect, widths: Sequence[int], gap: int = 0) -> list[pygame.Rect]:
    """Put rects of the given widths side by side across `rect`, `gap` apart."""
    out = []
    x = rect.left
    for width in widths:
        out.append(pygame.Rect(x, rect.top, width, rect.height))
        x += width + gap
    return out


def share(total: int, weights: Sequence[float], gap: int = 0) -> list[int]:
    """Split `total` pixels (less the gaps) in proportion to `weights`, whole pixels that add up."""
    room = max(0, total - gap * (len(weights) - 1))
    scale = sum(weights) or 1.0
    sizes = [int(room * w / scale) for w in weights]
    for n in range(room - sum(sizes)):
        sizes[n % len(sizes)] += 1
    return sizes


def window(count: int, selected: int, capacity: int) -> tuple[int, int]:
    """The slice [start, end) of `count` entries to show when only `capacity` fit,
    keeping `selected` in view and roughly centred."""
    if count <= capacity:
        return 0, count
    capacity = max(1, capacity)
    start = min(max(0, selected - capacity // 2), count - capacity)
    return start, start + capacity
