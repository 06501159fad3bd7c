"""A record of what a frame drew, in drawing order.

Pixels are hard to test and easy to get subtly wrong; a list of named items
is easy to query. Every drawing call of the renderer adds an `Item` here, so a
test can ask "which text shows the barricades?" or "does anything spill off
the screen?" without reading a single pixel.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

import pygame

RectTuple = tuple[int, int, int, int]

BASE_LAYER = 0
BANNER_LAYER = 1
DIALOG_LAYER = 2


@dataclass(frozen=True, slots=True)
class Item:
    """One drawn thing.

    kind   "text", "icon", "box" or "bar"
    role   what it shows, as colon-separated words: "title",
           "village:barricades", "samurai:kyuzo:track"
    value  what it stands for: a count, a Samurai's id, a card id, an
           option's label (for text, the text itself unless told otherwise)
    rect   where it landed (x, y, width, height), for text the inked line
    layer  0 for the frame, 1 for the notice banner, 2 for the confirm
           dialog: higher layers are drawn over lower ones
    tags   states such as "selected", "active", "error", "passed"
    text   for text items, the characters actually drawn (shortened with
           "..." when the text did not fit)
    cap    for text items, the cap height in pixels of the type it was drawn
           in (the inked height of "H"): what a reader across the table sees
    """

    kind: str
    role: str
    value: str | int | None
    rect: RectTuple
    layer: int = BASE_LAYER
    tags: frozenset[str] = field(default_factory=frozenset)
    text: str | None = None
    cap: int = 0

    @property
    def box(self) -> pygame.Rect:
        return pygame.Rect(self.rect)


class DisplayList:
    """The ordered items of one frame, with the queries tests need."""

    def __init__(self) -> None:
        self._items: list[Item] = []

    def add(self, item: Item) -> Item:
        self._items.append(item)
        return item

    def since(self, count: int) -> tuple[Item, ...]:
        """The items added after the first `count`."""
        return tuple(self._items[count:])

    def __iter__(self) -> Iterator[Item]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def find_all(
        self,
        role: str | None = None,
        *,
        kind: str | None = None,
        prefix: str | None = None,
        tag: str | None = None,
        layer: int | None = None,
    ) -> list[Item]:
        """Items matching every criterion given: exact role, role prefix, kind, tag, layer."""
        return [
            item
            for item in self._items
            if (role is None or item.role == role)
            and (prefix is None or item.role.startswith(prefix))
            and (kind is None or item.kind == kind)
            and (tag is None or tag in item.tags)
            and (layer is None or item.layer == layer)
        ]

    def find(
        self,
        role: str | None = None,
        *,
        kind: str | None = None,
        prefix: str | None = None,
        tag: str | None = None,
        layer: int | None = None,
    ) -> Item | None:
        """The first item matching, or None."""
        found = self.find_all(role, kind=kind, prefix=prefix, tag=tag, layer=layer)
        return found[0] if found else None

    def texts(self, prefix: str | None = None) -> list[str]:
        """Every text drawn, as drawn (optionally only of roles starting with `prefix`), in order."""
        return [item.text or "" for item in self.find_all(kind="text", prefix=prefix)]

    def roles(self) -> list[str]:
        return [item.role for item in self._items]

    def outside(self, size: tuple[int, int]) -> list[Item]:
        """Items whose rect is not wholly inside a surface of `size`."""
        bounds = pygame.Rect(0, 0, *size)
        return [item for item in self._items if not bounds.contains(item.box)]

    def overlapping(self, items: Iterable[Item] | None = None) -> list[tuple[Item, Item]]:
        """Pairs of text items on the same layer whose rects intersect."""
        texts = [i for i in (self._items if items is None else items) if i.kind == "text"]
        pairs = []
        for n, first in enumerate(texts):
            for second in texts[n + 1:]:
                if first.layer == second.layer and first.box.colliderect(second.box):
                    pairs.append((first, second))
        return pairs
