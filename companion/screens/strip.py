"""The button strip: seven slots along the bottom of every frame, in the order the buttons sit on the box.

A player finds a button by where it is, so the strip never moves a slot:
every button has its slot on every screen, lit (filled with its cap's
colour) when it acts now and dimmed (a dark slot in a ring of that colour,
its word still readable) when it does nothing. Each slot carries the game's
word for its button, the same word its cap carries on the game's label sheet
(companion.commands.labels); a button the game never uses shows only its colour. On a
laptop each slot also shows its key.

The slots share the width as evenly as their words allow, so their places
follow the buttons' even spacing. When the words do not fit one row (most
languages on 480x320), they alternate between two rows, each still centred
over its button's place, so each word may take up to two places' width.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

import pygame

from companion.buttons_layout import CAP_BY_NAME, DEFAULT_ORDER
from companion.screens import palette
from companion.screens.chrome import generic_word
from companion.screens.painter import Painter
from companion.screens.palette import Colour
from engine.core.messages import Message

IDLE_FILL: Colour = (26, 30, 38)
"""An unlit slot's ground: a shade off the frame's, so the slot reads as a button even when dark."""
IDLE_FADE = 0.45
"""How far an unlit slot's ring fades towards the ground."""


@dataclass(frozen=True)
class StripSetup:
    """How this build's strip is drawn: the buttons' order on the box and, on a laptop, each button's key."""

    order: tuple[str, ...] = DEFAULT_ORDER
    keys: Mapping[str, str] = field(default_factory=dict)


DEFAULT_STRIP = StripSetup()


@dataclass(frozen=True)
class Slot:
    """Where one button's slot lies and what it says."""

    name: str
    word: str
    key: str
    rect: pygame.Rect


@dataclass(frozen=True)
class StripLayout:
    size: int
    rows: int
    slots: tuple[Slot, ...]

    @property
    def height(self) -> int:
        bottom = max(slot.rect.bottom for slot in self.slots)
        top = min(slot.rect.top for slot in self.slots)
        return bottom - top


def ring_width(p: Painter) -> int:
    return max(2, p.metrics.px(3))


def _slot_height(p: Painter, size: int) -> int:
    """The type's full height (accents and descenders whole) inside the ring, and no more: every pixel of
    the strip is taken from the board on 480x320."""
    return p.cache.font(size).get_height() + 2 * ring_width(p)


def _inner_pad(p: Painter) -> int:
    """Between a slot's edge and its word: the ring, and on wide screens some air (the small one has none to
    spare: a glyph's own side bearing keeps the word off the ring)."""
    return ring_width(p) + (0 if p.metrics.compact else p.metrics.pad // 2)


def margin(p: Painter) -> int:
    """The strip's distance from the frame's left and right edges."""
    return 2 if p.metrics.compact else p.metrics.pad


def _key_width(p: Painter, key: str, size: int) -> int:
    return p.cache.measure(key, size)[0] + p.metrics.pad if key else 0


def _key_gap(p: Painter, size: int) -> int:
    """The room between a key's cap and the button's word: a space of the type, at least a pad, so the
    key never runs into the word ("N  Next", not "NNext")."""
    return max(p.metrics.pad, p.cache.measure(" ", size)[0])


def _need(p: Painter, word: str, key: str, size: int, height: int) -> int:
    """The width a slot needs for its key and word whole; a wordless slot is a square of colour."""
    width = 2 * _inner_pad(p) + _key_width(p, key, size)
    if word:
        width += p.cache.measure(word, size)[0]
    if key and word:
        width += _key_gap(p, size)
    return max(width, height)


def _even_widths(needs: Sequence[int], room: int) -> list[int] | None:
    """Widths adding up to `room`, each at least its need and as equal as the needs allow; None if they
    cannot all fit."""
    if sum(needs) > room:
        return None
    fixed: set[int] = set()
    while True:
        free = [n for n in range(len(needs)) if n not in fixed]
        share = (room - sum(needs[n] for n in fixed)) // len(free)
        grown = {n for n in free if needs[n] > share}
        if not grown:
            break
        fixed |= grown
    widths = [needs[n] if n in fixed else share for n in range(len(needs))]
    for n in free[: room - sum(widths)]:
        widths[n] += 1
    return widths


_LAYOUTS: dict[tuple[object, ...], StripLayout] = {}
"""Layouts already worked out, by frame size, face, width, words and setup: the strip is the same on
nearly every frame, and measuring its words each time was a tenth of a frame's drawing."""


def layout(p: Painter, width: int, words: Mapping[str, str], setup: StripSetup = DEFAULT_STRIP) -> StripLayout:
    """The slots across `width` (from x = 0, y = 0): one row at the largest size from the frame's small type
    down to its floor at which every word fits; else two alternating rows over even places."""
    key = (p.metrics.width, p.metrics.height, p.cache.face, width, tuple(sorted(words.items())), setup.order,
           tuple(sorted(setup.keys.items())))
    found = _LAYOUTS.get(key)
    if found is None:
        if len(_LAYOUTS) > 256:
            _LAYOUTS.clear()
        found = _LAYOUTS[key] = _layout(p, width, words, setup)
    return found


def _layout(p: Painter, width: int, words: Mapping[str, str], setup: StripSetup) -> StripLayout:
    m = p.metrics
    gap = max(2, m.pad // 2)
    order = setup.order
    keys = [setup.keys.get(name, "") for name in order]
    texts = [words[name] for name in order]
    sizes = range(m.small_size, min(m.small_size, m.min_size) - 1, -1)
    for size in sizes:
        height = _slot_height(p, size)
        needs = [_need(p, word, key, size, height) for word, key in zip(texts, keys, strict=True)]
        widths = _even_widths(needs, width - gap * (len(order) - 1))
        if widths is not None:
            slots, x = [], 0
            for name, word, key, w in zip(order, texts, keys, widths, strict=True):
                slots.append(Slot(name, word, key, pygame.Rect(x, 0, w, height)))
                x += w + gap
            return StripLayout(size, 1, tuple(slots))
    for size in sizes:
        staggered = _staggered(p, width, order, texts, keys, size, gap)
        if staggered is not None:
            return staggered
    if any(keys):
        # A laptop's key names are a help; the words are what the printed caps say. Where both do not fit
        # (German on 480x320), the words stay whole and the keys go.
        return _layout(p, width, words, replace(setup, keys={}))
    size = sizes[-1]
    place = width / len(order)
    height = _slot_height(p, size)
    return StripLayout(size, 2, tuple(
        Slot(name, word, key, pygame.Rect(round(n * place), (n % 2) * (height + gap // 2), round(place) - gap,
                                          height))
        for n, (name, word, key) in enumerate(zip(order, texts, keys, strict=True))))


def _staggered(p: Painter, width: int, order: Sequence[str], texts: Sequence[str], keys: Sequence[str],
               size: int, gap: int) -> StripLayout | None:
    """Slots on two rows, odd places on the lower one, each centred over its even place where it can be (a
    long word nudges its row neighbours aside, the ends stay inside the strip); None when a row's slots do
    not fit side by side."""
    height = _slot_height(p, size)
    place = width / len(order)
    widths = [max(_need(p, word, key, size, height), round(place) - gap) for word, key in zip(texts, keys, strict=True)]
    xs = [round((n + 0.5) * place - w / 2) for n, w in enumerate(widths)]
    for row in (0, 1):
        members = list(range(row, len(order), 2))
        left = 0
        for n in members:
            xs[n] = max(xs[n], left)
            left = xs[n] + widths[n] + gap
        right = width
        for n in reversed(members):
            xs[n] = min(xs[n], right - widths[n])
            right = xs[n] - gap
        if xs[members[0]] < 0:
            return None
    return StripLayout(size, 2, tuple(
        Slot(name, word, key, pygame.Rect(xs[n], (n % 2) * (height + gap // 2), widths[n], height))
        for n, (name, word, key) in enumerate(zip(order, texts, keys, strict=True))))


def slot_words(labels: Mapping[str, str], order: Sequence[str], tr: Callable[[Message], str]) -> dict[str, str]:
    """Each button's word: the game's (`Screen.button_labels`; "" for one it never uses), else the generic
    word in `tr`'s language. The label sheets (companion.commands.labels) print the same words on the caps."""
    return {name: labels[name] if name in labels else generic_word(name, tr) for name in order}


def height(p: Painter, width: int, setup: StripSetup = DEFAULT_STRIP) -> int:
    """How tall the strip is on this frame."""
    return layout(p, width, slot_words(p.button_labels, setup.order, p.tr), setup).height


def text_colour(fill: Colour) -> Colour:
    """Black or white, whichever stands out more on `fill`."""
    return palette.ink_on(fill)


luminance = palette.luminance
contrast = palette.contrast


def draw(p: Painter, rect: pygame.Rect, live: Sequence[str], setup: StripSetup = DEFAULT_STRIP) -> None:
    """The strip across `rect` (its height from `height`): every slot in its place, lit when it acts now.

    The same on most frames, so kept (`Painter.kept`) by what it shows: the words, the lit buttons and the
    build's order and keys."""
    words = slot_words(p.button_labels, setup.order, p.tr)
    lit = tuple(name for name in setup.order if name in live and words[name])
    key = ("strip", tuple(words.items()), lit, setup.order, tuple(sorted(setup.keys.items())))
    p.kept(key, rect, lambda: _draw(p, rect, words, lit, setup))


def _draw(p: Painter, rect: pygame.Rect, words: Mapping[str, str], live: Sequence[str], setup: StripSetup) -> None:
    shape = layout(p, rect.width, words, setup)
    ring = ring_width(p)
    inner = _inner_pad(p)
    for slot in shape.slots:
        box = slot.rect.move(rect.left, rect.top)
        colour = CAP_BY_NAME[slot.name].rgb
        lit = slot.name in live and bool(slot.word)
        radius = box.height // 3
        if lit:
            fill, ink = colour, text_colour(colour)
            p.box(f"button:{slot.name}:slot", box, fill=fill, edge=palette.TEXT, edge_width=2, radius=radius,
                  value=slot.name, tags=["live"])
        else:
            fill, ink = IDLE_FILL, palette.TEXT_MUTED
            p.box(f"button:{slot.name}:slot", box, fill=fill, edge=palette.mix(colour, palette.BACKGROUND, IDLE_FADE),
                  edge_width=ring, radius=radius, value=slot.name, tags=["idle"])
            p.box(f"button:{slot.name}:outline", box, edge=palette.PANEL_EDGE, edge_width=1, radius=radius)
        content = box.inflate(-2 * inner, -2 * ring)
        if slot.key:
            key_width = _key_width(p, slot.key, shape.size)
            key_box = pygame.Rect(content.left, content.top, key_width, content.height)
            # A keycap: the key's name in the slot's colour on a chip of the word's ink.
            p.box(f"button:{slot.name}:key-box", key_box, fill=ink, radius=key_box.height // 5)
            p.text(f"button:{slot.name}:key", slot.key, key_box, shape.size, fill, ink, align="center",
                   min_size=shape.size)
            gap = _key_gap(p, shape.size)
            content = pygame.Rect(key_box.right + gap, content.top, content.right - key_box.right - gap,
                                  content.height)
        if slot.word:
            p.text(f"button:{slot.name}", slot.word, content, shape.size, ink, fill, align="center",
                   min_size=shape.size, value=slot.word, tags=["live" if lit else "idle"])
