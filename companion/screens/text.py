"""Text: fonts, a cache of rendered lines, fitting and wrapping.

Rendering a line of text is the costliest thing a frame does on a Pi 3, and
most lines do not change between frames, so rendered lines are kept in a
bounded cache keyed by everything that affects their pixels. Lines are
rendered onto their background colour: the result has no per-pixel alpha,
which keeps blits cheap.

Every text is set in DejaVu Sans, shipped in `companion/fonts` with its
licence: hinted, so small sizes keep the dot on the "i" that pygame's
built-in font loses, and with the whole of Latin-1 and Latin Extended-A for
German, French and Dutch. Sizes are em sizes in pixels; what a reader sees
is the cap height (`cap_height`), about 0.73 of the size in this font.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import pygame

from companion.screens.palette import Colour

if TYPE_CHECKING:
    from companion.screens.display_list import Item

ELLIPSIS = "..."
FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"
FACES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "condensed": "DejaVuSansCondensed.ttf",
    "condensed-bold": "DejaVuSansCondensed-Bold.ttf",
}
"""Face name -> font file: condensed faces fit more words on a line of a small panel at the same height."""


MEASURED_KEPT = 20_000
"""How many measured lines a TextCache keeps before starting over (a few MB at most)."""
BLOCKS_KEPT = 8
"""How many drawn blocks (`TextCache.block`: a frame's button strip, a Samurai's row) a TextCache keeps, least
recently used dropped first: 100 to 200 KB each at 800x480, so at most about 1.2 MB; a frame of seven Samurai
uses eight."""
LAID_OUT_KEPT = 2_000
"""How many worked-out layouts (`TextCache.laid_out`) a TextCache keeps before starting over."""

T = TypeVar("T")


class TextCache:
    """Rendered text surfaces, least recently used dropped first.

    `misses` counts real renders, `hits` reuses: a frame drawn twice should
    add only hits.
    """

    def __init__(self, capacity: int = 600) -> None:
        self.capacity = capacity
        self.hits = 0
        self.misses = 0
        self._fonts: dict[tuple[int, str], pygame.font.Font] = {}
        self._caps: dict[tuple[int, str], int] = {}
        self._surfaces: OrderedDict[tuple[str, int, Colour, Colour, str], pygame.Surface] = OrderedDict()
        self._wrapped: dict[tuple[str, int, int, str], tuple[str, ...]] = {}
        self._measured: dict[tuple[str, int, str], tuple[int, int]] = {}
        self._laid_out: dict[Hashable, object] = {}
        self._blocks: OrderedDict[Hashable, tuple[pygame.Surface, tuple[Item, ...]]] = OrderedDict()

    @staticmethod
    def font_path(face: str = "regular") -> Path:
        return FONT_DIR / FACES[face]

    def font(self, size: int, face: str = "regular") -> pygame.font.Font:
        font = self._fonts.get((size, face))
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            font = pygame.font.Font(str(self.font_path(face)), size)
            self._fonts[(size, face)] = font
        return font

    def cap_height(self, size: int, face: str = "regular") -> int:
        """The inked height of a capital "H" at `size`: the height a reader judges type by."""
        cap = self._caps.get((size, face))
        if cap is None:
            metrics = self.font(size, face).metrics("H")
            cap = metrics[0][3] if metrics and metrics[0] else round(size * 0.73)
            self._caps[(size, face)] = cap
        return cap

    def size_for_cap(self, cap: int, face: str = "regular") -> int:
        """The smallest size whose capitals are at least `cap` pixels tall."""
        size = max(4, round(cap / 0.75))
        while self.cap_height(size, face) < cap:
            size += 1
        return size

    def measure(self, text: str, size: int, face: str = "regular") -> tuple[int, int]:
        """Width and height of `text` at `size`, without rendering it.

        Remembered: a frame's layout tries the same words at several sizes and widths (fitting, wrapping,
        paging), and one frame measures thousands of them; a Pi's CPU is better spent elsewhere.
        """
        key = (text, size, face)
        found = self._measured.get(key)
        if found is None:
            if len(self._measured) >= MEASURED_KEPT:
                self._measured.clear()
            found = self._measured[key] = self.font(size, face).size(text)
        return found

    def laid_out(self, key: Hashable, work_out: Callable[[], T]) -> T:
        """What `work_out` returns, kept under `key`: for layouts worked out from measures alone (the to-do
        panel's size and pages), which a frame asks for several times over while it places its regions,
        and the next frame, showing the same steps, asks for again. The key names everything the layout
        depends on; the value must not be changed by its users."""
        if key in self._laid_out:
            return self._laid_out[key]  # type: ignore[return-value]
        if len(self._laid_out) >= LAID_OUT_KEPT:
            self._laid_out.clear()
        found = self._laid_out[key] = work_out()
        return found

    def block(self, key: Hashable) -> tuple[pygame.Surface, tuple[Item, ...]] | None:
        """The pixels and display-list items of a block drawn earlier under `key` (`Painter.kept`), if kept."""
        found = self._blocks.get(key)
        if found is not None:
            self._blocks.move_to_end(key)
        return found

    def keep_block(self, key: Hashable, pixels: pygame.Surface, items: tuple[Item, ...]) -> None:
        self._blocks[key] = (pixels, items)
        if len(self._blocks) > BLOCKS_KEPT:
            self._blocks.popitem(last=False)

    def render(self, text: str, size: int, colour: Colour, background: Colour,
               face: str = "regular") -> pygame.Surface:
        key = (text, size, colour, background, face)
        surface = self._surfaces.get(key)
        if surface is not None:
            self.hits += 1
            self._surfaces.move_to_end(key)
            return surface
        self.misses += 1
        surface = self.font(size, face).render(text, True, colour, background)
        self._surfaces[key] = surface
        if len(self._surfaces) > self.capacity:
            self._surfaces.popitem(last=False)
        return surface

    def clear(self) -> None:
        """Forget every font and rendered line, e.g. after `pygame.font.quit()` made them unusable."""
        self._surfaces.clear()
        self._fonts.clear()
        self._caps.clear()
        self._wrapped.clear()
        self._measured.clear()
        self._laid_out.clear()
        self._blocks.clear()
        self.hits = self.misses = 0

    def fit(self, text: str, size: int, width: int, min_size: int, face: str = "regular") -> tuple[str, int]:
        """The largest size from `size` down to `min_size` at which `text` fits `width`;
        past that, the text at `min_size` cut short with an ellipsis."""
        step = max(1, size // 12)
        current = size
        while True:
            if self.measure(text, current, face)[0] <= width:
                return text, current
            if current <= min_size:
                break
            current = max(min_size, current - step)
        return self.shorten(text, min_size, width, face), min_size

    def common_size(self, texts: list[str], size: int, width: int, min_size: int, face: str = "regular") -> int:
        """The largest size from `size` down to `min_size` at which every one of `texts` fits `width`:
        one size for a column of names, so they line up and none looks more important."""
        current = size
        while current > min_size and any(self.measure(t, current, face)[0] > width for t in texts):
            current -= 1
        return current

    def shorten(self, text: str, size: int, width: int, face: str = "regular") -> str:
        """`text` cut at the end, with an ellipsis, to fit `width` at `size`."""
        if self.measure(text, size, face)[0] <= width:
            return text
        low, high = 0, len(text)
        while low < high:
            mid = (low + high + 1) // 2
            if self.measure(text[:mid].rstrip() + ELLIPSIS, size, face)[0] <= width:
                low = mid
            else:
                high = mid - 1
        return text[:low].rstrip() + ELLIPSIS if low else ""

    def wrap(self, text: str, size: int, width: int, face: str = "regular") -> list[str]:
        """`text` broken at spaces into lines no wider than `width`; a word too long for a line is
        broken at a hyphen or, failing that, anywhere, so no word is lost.

        Kept by text, size, width and face: a frame's layout wraps the same steps and prompt at the same
        widths several times over (trying sizes and panel heights), and so does every frame after it."""
        key = (text, size, width, face)
        found = self._wrapped.get(key)
        if found is None:
            if len(self._wrapped) >= 4 * self.capacity:
                self._wrapped.clear()
            found = self._wrapped[key] = tuple(self._wrap(text, size, width, face))
        return list(found)

    def _wrap(self, text: str, size: int, width: int, face: str) -> list[str]:
        lines: list[str] = []
        current = ""
        for word in text.split():
            candidate = f"{current} {word}" if current else word
            if self.measure(candidate, size, face)[0] <= width:
                current = candidate
                continue
            if current:
                lines.append(current)
            pieces = self._break_word(word, size, width, face)
            lines.extend(pieces[:-1])
            current = pieces[-1]
        if current:
            lines.append(current)
        return lines


    def _break_word(self, word: str, size: int, width: int, face: str) -> list[str]:
        """`word` in pieces that each fit `width` (a long German compound on a narrow panel)."""
        pieces = []
        while self.measure(word, size, face)[0] > width and len(word) > 1:
            cut = len(word) - 1
            while cut > 1 and self.measure(word[:cut], size, face)[0] > width:
                cut -= 1
            hyphen = word.rfind("-", 0, cut)
            cut = hyphen + 1 if hyphen > 0 else cut
            pieces.append(word[:cut])
            word = word[cut:]
        return [*pieces, word]


DEFAULT_CACHE = TextCache()
"""The cache `render` uses unless given one: one per process, shared by every frame."""


class FaceCache:
    """A `TextCache` seen through one face: what a frame's painter measures with is what it draws with.

    The small panel sets its frame in the condensed face; every measure,
    wrap and fit then uses that face without each caller naming it.
    """

    def __init__(self, cache: TextCache, face: str = "regular") -> None:
        self.base = cache
        self.face = face

    def bold(self) -> str:
        return "condensed-bold" if self.face.startswith("condensed") else "bold"

    def font(self, size: int, face: str | None = None) -> pygame.font.Font:
        return self.base.font(size, face or self.face)

    def cap_height(self, size: int, face: str | None = None) -> int:
        return self.base.cap_height(size, face or self.face)

    def size_for_cap(self, cap: int, face: str | None = None) -> int:
        return self.base.size_for_cap(cap, face or self.face)

    def measure(self, text: str, size: int, face: str | None = None) -> tuple[int, int]:
        return self.base.measure(text, size, face or self.face)

    def render(self, text: str, size: int, colour: Colour, background: Colour,
               face: str | None = None) -> pygame.Surface:
        return self.base.render(text, size, colour, background, face or self.face)

    def fit(self, text: str, size: int, width: int, min_size: int, face: str | None = None) -> tuple[str, int]:
        return self.base.fit(text, size, width, min_size, face or self.face)

    def common_size(self, texts: list[str], size: int, width: int, min_size: int, face: str | None = None) -> int:
        return self.base.common_size(texts, size, width, min_size, face or self.face)

    def shorten(self, text: str, size: int, width: int, face: str | None = None) -> str:
        return self.base.shorten(text, size, width, face or self.face)

    def wrap(self, text: str, size: int, width: int, face: str | None = None) -> list[str]:
        return self.base.wrap(text, size, width, face or self.face)
