"""The one way renderers draw: every call paints and records an `Item`.

Renderers never blit or call `pygame.draw` on the frame themselves, except
inside icon functions, which the painter calls and records. That keeps the
display list complete, so tests see what the players see.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from contextlib import contextmanager

import pygame

from companion.i18n import Namer, Translator
from companion.screens import palette
from companion.screens.display_list import BASE_LAYER, DisplayList, Item
from companion.screens.layout import Metrics
from companion.screens.palette import Colour
from companion.screens.text import FaceCache, TextCache

IconDrawer = Callable[[pygame.Surface, pygame.Rect, bool], None]
"""Draws one icon to fill a rect; the flag asks for the dim, outline-only form."""


class Painter:
    """Draws onto one surface for one frame and records what it drew."""

    def __init__(self, surface: pygame.Surface, cache: TextCache, display_list: DisplayList,
                 lang: str = "en", game: str = "") -> None:
        self.surface = surface
        self.tr = Translator(lang, game=game)
        self.namers: Mapping[str, Namer] = {}
        """The game's namers (its GameUI's), set by the renderer: the screens name seats, cards and suits as
        the sentences do, through `name`, instead of each keeping its own words for them."""
        self.button_labels: dict[str, str] = {}
        """The game's words for the physical buttons on this screen (Screen.button_labels)."""
        self.page_button = ""
        """The button that turns a paged text's page on this screen (Screen.page_button), named by its mark."""
        self.people: dict[str, str] = {}
        """Who sits in each seat, by seat id, as named at seating (Screen.people): the seat rows, chips and the
        game over's lines carry the name (`seat_label`)."""
        """The screens' own words (button names, headings) in the screen's language."""
        self.metrics = Metrics.for_size(surface.get_size())
        self.cache = FaceCache(cache, self.metrics.face)
        self.items = display_list
        self.layer = BASE_LAYER

    def name(self, kind: str, value: object) -> str:
        """`value` as the game names a field of this kind ("player" -> "Red"), in the screen's language; a kind
        the game has no namer for, as given, capitalised."""
        namer = self.namers.get(kind)
        return namer(value, self.tr) if namer is not None else str(value).capitalize()

    def seat_label(self, seat: object, word: str) -> str:
        """A seat as its row, chip or result line names it: the game's word for it ("Red", "Kyuzo"), then, where
        a person was seated there, their name ("Red · Ann"): the prompts say the seat, the table says the
        person."""
        return seat_label(word, self.people.get(str(seat)))

    def seat_labels(self, seats: Iterable[tuple[object, str]], width: int, size: int) -> list[str]:
        """Each seat's label (`seat_label`) where every one of them fits `width` at `size`, else each seat's word
        alone: the people's names are added where there is room, and never cut."""
        words = list(seats)
        labels = [self.seat_label(seat, word) for seat, word in words]
        if all(self.cache.measure(label, size)[0] <= width for label in labels):
            return labels
        return [word for _, word in words]

    def said_with_people(self, seats: Iterable[object], say: Callable[[list[str]], str], width: int, size: int,
                         bold: bool = False) -> str:
        """`say` of the seats' labels (`seat_label`) where that fits `width` on one line at `size`, else `say` of
        their words alone: a result line ("Shared win: Red · Ann, Blue · Ben") names the people where there
        is room, and is never cut for them."""
        chosen = [str(seat) for seat in seats]
        said = say([self.seat_label(seat, self.name("player", seat)) for seat in chosen])
        face = self.cache.bold() if bold else None
        if self.cache.measure(said, size, face)[0] <= width:
            return said
        return say([self.name("player", seat) for seat in chosen])

    @property
    def bounds(self) -> pygame.Rect:
        return self.surface.get_rect()

    @contextmanager
    def on_layer(self, layer: int) -> Iterator[None]:
        """Record what is drawn inside the block as lying over the frame (banner, dialog)."""
        previous, self.layer = self.layer, layer
        try:
            yield
        finally:
            self.layer = previous

    def kept(self, key: Hashable, rect: pygame.Rect, draw: Callable[[], None]) -> None:
        """Draw a block of the frame that owns `rect`, or put back what an earlier frame drew for the same `key`.

        For a part that looks the same on most frames (the button strip changes only when the lit buttons or
        the words do) and costs a tenth of a frame: its pixels and display-list items are kept by the text
        cache and blitted back, which matters on a Pi 3. `key` must name everything `draw` reads; the layer,
        the rect, the surface's size and the face are added here. The block owns its rect: it is cleared to
        the frame's background before drawing, and a block that draws outside it is not kept.
        """
        area = rect.clip(self.bounds)
        if not area.width or not area.height:
            draw()
            return
        full_key = (key, self.layer, tuple(area), self.metrics, self.cache.face)
        found = self.cache.base.block(full_key)
        if found is not None:
            pixels, items = found
            self.surface.blit(pixels, area)
            for item in items:
                self.items.add(item)
            return
        self.surface.fill(palette.BACKGROUND, area)
        first = len(self.items)
        draw()
        drawn = self.items.since(first)
        if all(area.contains(item.box) for item in drawn):
            self.cache.base.keep_block(full_key, self.surface.subsurface(area).copy(), drawn)

    def record(
        self,
        kind: str,
        role: str,
        value: str | int | None,
        rect: pygame.Rect,
        tags: Iterable[str] = (),
        text: str | None = None,
        cap: int = 0,
    ) -> Item:
        clipped = rect.clip(self.bounds)
        return self.items.add(
            Item(kind, role, value, (clipped.x, clipped.y, clipped.w, clipped.h), self.layer, frozenset(tags), text,
                 cap)
        )

    def box(
        self,
        role: str,
        rect: pygame.Rect,
        fill: Colour | None = None,
        edge: Colour | None = None,
        edge_width: int = 2,
        radius: int = 0,
        value: str | int | None = None,
        tags: Iterable[str] = (),
    ) -> Item:
        """A filled and/or outlined rectangle."""
        if fill is not None:
            pygame.draw.rect(self.surface, fill, rect, 0, radius)
        if edge is not None:
            pygame.draw.rect(self.surface, edge, rect, edge_width, radius)
        return self.record("box", role, value, rect, tags)

    def icon(
        self,
        role: str,
        drawer: IconDrawer,
        rect: pygame.Rect,
        value: str | int | None = None,
        dim: bool = False,
        tags: Iterable[str] = (),
    ) -> Item:
        """An icon drawn with primitives by `drawer`, kept inside `rect`."""
        previous = self.surface.get_clip()
        self.surface.set_clip(rect.clip(previous))
        try:
            drawer(self.surface, rect, dim)
        finally:
            self.surface.set_clip(previous)
        return self.record("icon", role, value, rect, tags)

    def text(
        self,
        role: str,
        text: str,
        rect: pygame.Rect,
        size: int | None = None,
        colour: Colour = palette.TEXT,
        background: Colour = palette.BACKGROUND,
        align: str = "left",
        min_size: int | None = None,
        value: str | int | None = None,
        tags: Iterable[str] = (),
        bold: bool = False,
    ) -> Item | None:
        """One line of text, vertically centred in `rect` and aligned left, centre or right.

        Too wide, it shrinks (down to `min_size`) and then is cut with an
        ellipsis; too tall, it shrinks to the rect's height (down to
        `min_size` too: past that it is clipped at the bottom rather than
        made unreadable), but never below its cap height: a line that cannot
        show a whole capital letter is not drawn at all, since a sliver of
        glyphs reads as nothing and hides what is under it. The recorded rect
        is the line's own extent, not the whole of `rect`.
        """
        if not text or rect.width <= 0 or rect.height <= 0:
            return None
        face = self.cache.bold() if bold else self.cache.face
        size = size or self.metrics.text_size
        floor = min(size, min_size or self.metrics.min_size)
        while size > floor and self.cache.font(size, face).get_height() > rect.height:
            size -= 1
        shown, size = self.cache.fit(text, size, rect.width, floor, face)
        if not shown or rect.height < self.cache.cap_height(size, face):
            return None
        rendered = self.cache.render(shown, size, colour, background, face)
        width, height = rendered.get_size()
        if align == "center":
            x = rect.centerx - width // 2
        elif align == "right":
            x = rect.right - width
        else:
            x = rect.left
        y = rect.centery - height // 2
        target = pygame.Rect(x, y, width, height).clip(rect)
        self.surface.blit(rendered, target, pygame.Rect(target.x - x, target.y - y, target.w, target.h))
        return self.record("text", role, text if value is None else value, target, tags, shown,
                           self.cache.cap_height(size, face))

    def paragraph(
        self,
        role: str,
        text: str,
        rect: pygame.Rect,
        size: int | None = None,
        colour: Colour = palette.TEXT,
        background: Colour = palette.BACKGROUND,
        max_lines: int | None = None,
        tags: Iterable[str] = (),
        align: str = "left",
        centred: bool = False,
    ) -> int:
        """`text` wrapped into `rect` from its top (or centred in it); returns the height used.

        Lines that do not fit are dropped and the last shown line ends with an
        ellipsis, so the player knows there is more.
        """
        size = size or self.metrics.text_size
        step = self.metrics.line_height(size)
        lines = self.cache.wrap(text, size, rect.width)
        room = max(0, rect.height // step)
        if max_lines is not None:
            room = min(room, max_lines)
        if len(lines) > room and room:
            rest = " ".join(lines[room - 1:])
            lines = [*lines[: room - 1], self.cache.shorten(rest, size, rect.width)]
        lines = lines[:room]
        top = rect.top + (rect.height - len(lines) * step) // 2 if centred else rect.top
        for n, line in enumerate(lines):
            line_rect = pygame.Rect(rect.left, top + n * step, rect.width, step)
            self.text(role, line, line_rect, size, colour, background, align=align, min_size=size, tags=tags)
        return len(lines) * step


def seat_label(word: str, person: str | None) -> str:
    """A seat's word with the person seated there, if any ("Red · Ann"): the one form every screen uses, the
    resume screen's list of seats included."""
    return f"{word} · {person}" if person else word
