"""Every seat in a few lines: the compact form of a game's seat rows.

On 480x320, while the to-do panel and the prompt take most of the frame, a
game's full seat rows (one line each, with headings) no longer all fit, and
showing only the player to act leaves the table without the others' state.
The band keeps every seat on the screen instead: one chip per seat, side by
side, as many to a line as fit, each with the seat's colour, its whole name
and what the table checks about it (a battle track, a wound, lives, cards in
hand) as small icons with numbers. The chips keep the seats' order, so the
eye finds a seat where it sat in the full rows; the seat to act is outlined
as in the rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import pygame

from companion.screens import palette
from companion.screens.painter import IconDrawer, Painter, seat_label
from companion.screens.palette import Colour


@dataclass(frozen=True)
class Fact:
    """One thing a chip tells about its seat: an icon saying what, then its number or word."""

    key: str
    text: str
    icon: IconDrawer | None = None
    value: str | int | None = None
    badge: IconDrawer | None = None
    """A second, smaller mark on the icon's corner (a Wound token on a Samurai's face), recorded as
    `badge_key` with `badge_value`."""
    badge_key: str = "badge"
    badge_value: str | int | None = None
    tags: tuple[str, ...] = ()


@dataclass(frozen=True)
class Chip:
    """One seat: its role (the same as its full row's, so a seat is found the same way in either form), its id
    (the display list's value), the name shown, its colour and its facts."""

    role: str
    seat: str
    name: str
    facts: tuple[Fact, ...] = ()
    colour: Colour | None = None
    acting: bool = False
    muted: bool = False
    tags: tuple[str, ...] = field(default_factory=tuple)
    marker: tuple[str, IconDrawer] | None = None
    """A mark before the name (the active Samurai's pointer), recorded as `role:<key>` tagged <key>."""
    person: str = ""
    """Who sits there, as named at seating: after the name ("Red · Ann") where the band has room for it."""


def line_height(p: Painter) -> int:
    """One line of chips: the smallest readable type and a frame around it."""
    return p.metrics.line_height(p.metrics.min_size) + 4


def _gap(p: Painter) -> int:
    return max(2, p.metrics.px(4))


def _bar(p: Painter) -> int:
    return max(4, p.metrics.px(6))


def _side(p: Painter, chip: Chip | None = None) -> int:
    """Between a chip's edge and what it holds: enough that the last number does not touch the frame; a chip
    of its name only (the band's last resort) keeps the least, so five names share one line of 480x320."""
    if chip is not None and not chip.facts:
        return 2
    return max(4, p.metrics.pad // 2 + 2)


def _fact_gap(p: Painter) -> int:
    """Between one fact's number and the next fact's icon: the icon itself says a new fact starts."""
    return max(3, p.metrics.pad // 2 + 1)


def _icon_side(p: Painter) -> int:
    """A fact's icon: a little taller than the numbers' capitals, which it introduces."""
    return p.cache.cap_height(p.metrics.min_size) + 4


def _chip_width(p: Painter, chip: Chip) -> int:
    """The width a chip needs for its colour bar, whole name and facts at the smallest readable type."""
    m = p.metrics
    size = m.min_size
    width = 2 * _side(p, chip) + p.cache.measure(chip.name, size)[0]
    if chip.colour is not None:
        width += _bar(p) + m.pad // 2
    if chip.marker is not None:
        width += _icon_side(p) + 2
    for n, fact in enumerate(chip.facts):
        width += _fact_gap(p) + (2 if n == 0 else 0)
        if fact.icon is not None:
            width += _icon_side(p)
        if fact.text:
            width += p.cache.measure(fact.text, size)[0]
    return width


def lines(p: Painter, width: int, chips: Sequence[Chip]) -> list[list[int]]:
    """The chips' indexes line by line: in order, as many to a line as fit side by side at their needs."""
    gap = _gap(p)
    out: list[list[int]] = []
    used = 0
    for n, chip in enumerate(chips):
        need = _chip_width(p, chip)
        if out and used + gap + need <= width:
            out[-1].append(n)
            used += gap + need
        else:
            out.append([n])
            used = need
    return out


def height(p: Painter, width: int, chips: Sequence[Chip]) -> int:
    """The band's height for `chips` across `width`."""
    if not chips:
        return 0
    count = len(lines(p, width, chips))
    return count * line_height(p) + (count - 1) * _gap(p)


def named(chips: Sequence[Chip]) -> list[Chip]:
    """The chips with their names only: the band's last resort, when even it does not fit with the facts."""
    return [replace(chip, facts=(), tags=(*chip.tags, "names-only")) for chip in chips]


def with_people(chips: Sequence[Chip], acting_only: bool = False) -> list[Chip]:
    """The chips with each person's name after the seat's ("Red · Ann"): the band's first choice; with
    `acting_only`, only the seat to act's (its next, where the others' do not fit)."""
    return [replace(chip, name=seat_label(chip.name, chip.person or None), person="")
            if chip.acting or not acting_only else chip for chip in chips]


def focused(chips: Sequence[Chip]) -> list[Chip]:
    """The chips with their names only but the seat to act's, which keeps its facts: what the band shows where
    every chip's facts do not fit beside what else the board keeps (seven Samurai and the village's counts)."""
    return [chip if chip.acting else replace(chip, facts=(), tags=(*chip.tags, "names-only")) for chip in chips]


def fits(p: Painter, rect: pygame.Rect, chips: Sequence[Chip]) -> bool:
    """Whether `draw` can put every chip in `rect`: with its facts, or at least its name."""
    return height(p, rect.width, named(chips)) <= rect.height


def draw(p: Painter, rect: pygame.Rect, chips: Sequence[Chip]) -> int:
    """The chips in `rect` from its top, in order, as many to a line as fit; returns the height used.

    Each chip is recorded as a box with its role tagged "seat" (its value the seat), its name as
    `<role>:name` and each fact as `<role>:<key>` (the fact's icon as `<role>:<key>:icon` when a number
    follows it). Each seat's person follows its name where every chip has room for it ("Red · Ann"), else
    the seat to act's alone; where
    the chips with their facts do not fit `rect` (480x320 with the question, a notice and seven seats), every
    seat keeps its chip with its colour and name and the facts give way, tagged "names-only", until there
    is room again: fewer things, every seat still there.
    """
    if not chips:
        return 0
    tries = [with_people(chips), with_people(chips, acting_only=True)] if any(c.person for c in chips) else []
    fitting = [tried for tried in tries if height(p, rect.width, tried) <= rect.height
               and all(_chip_width(p, chip) <= rect.width for chip in tried)]
    if fitting:
        chips = fitting[0]
    elif height(p, rect.width, chips) > rect.height:
        chips = focused(chips) if height(p, rect.width, focused(chips)) <= rect.height else named(chips)
    m = p.metrics
    gap = _gap(p)
    tall = line_height(p)
    size = m.min_size
    side = _icon_side(p)
    boxes: dict[int, pygame.Rect] = {}
    rows = lines(p, rect.width, chips)
    for row, members in enumerate(rows):
        needs = [_chip_width(p, chips[n]) for n in members]
        spare = max(0, rect.width - sum(needs) - gap * (len(members) - 1))
        if row and len(members) < len(rows[0]):
            # A shorter last line keeps the first line's widths rather than stretching a lone chip across.
            widest = (rect.width - gap * (len(rows[0]) - 1)) // len(rows[0])
            spare = sum(max(0, widest - need) for need in needs)
        x = rect.left
        for k, (n, need) in enumerate(zip(members, needs, strict=True)):
            # The line's spare width shared out, so the chips of each line span the band.
            extra = spare // len(members) + (1 if k < spare % len(members) else 0)
            boxes[n] = pygame.Rect(x, rect.top + row * (tall + gap), need + extra, tall)
            x += need + extra + gap
    for n, chip in enumerate(chips):
        box = boxes[n]
        fill = palette.PANEL
        role = chip.role
        p.box(role, box, fill=fill, edge=palette.HIGHLIGHT if chip.acting else palette.PANEL_EDGE,
              edge_width=2 if chip.acting else 1, radius=4, value=chip.seat,
              tags=["seat", *(["acting"] if chip.acting else []), *chip.tags])
        inner = box.inflate(-2 * _side(p, chip), -4)
        x = inner.left
        if chip.colour is not None:
            pygame.draw.rect(p.surface, chip.colour, pygame.Rect(x, inner.top + 1, _bar(p), inner.height - 2))
            x += _bar(p) + m.pad // 2
        if chip.marker is not None:
            key, drawer = chip.marker
            p.icon(f"{role}:{key}", drawer, pygame.Rect(x, inner.centery - side // 2, side, side), chip.seat,
                   tags=[key])
            x += side + 2
        facts_width = _chip_width(p, Chip(role, chip.seat, "", chip.facts)) - 2 * _side(p, chip)
        name_rect = pygame.Rect(x, inner.top, max(0, inner.right - facts_width - x), inner.height)
        p.text(f"{role}:name", chip.name, name_rect, size,
               palette.TEXT_MUTED if chip.muted else palette.TEXT, fill, min_size=size, value=chip.seat,
               tags=["seat"])
        x = inner.right - facts_width
        for k, fact in enumerate(chip.facts):
            x += _fact_gap(p) + (2 if k == 0 else 0)
            if fact.icon is not None:
                icon = pygame.Rect(x, inner.centery - side // 2, side, side)
                p.icon(f"{role}:{fact.key}:icon" if fact.text else f"{role}:{fact.key}", fact.icon, icon, fact.value,
                       tags=fact.tags)
                if fact.badge is not None:
                    mark = pygame.Rect(0, 0, side * 2 // 3, side * 2 // 3)
                    mark.bottomright = icon.bottomright
                    p.icon(f"{role}:{fact.badge_key}", fact.badge, mark, fact.badge_value, tags=fact.tags)
                x = icon.right
            if fact.text:
                text_width = p.cache.measure(fact.text, size)[0]
                p.text(f"{role}:{fact.key}", fact.text, pygame.Rect(x, inner.top, text_width, inner.height),
                       size, palette.TEXT_MUTED if chip.muted else palette.TEXT, fill, min_size=size,
                       value=fact.value if fact.value is not None else fact.text, tags=fact.tags)
                x += text_width
    return height(p, rect.width, chips)
