"""The village strip: round, Barricades, Farmsteads, Families and the three card stacks.

One line of icon-and-number counters across the top of the board, spread to
the full width; what the village has left is the first thing players look
for, so the numbers are as large as the strip allows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from companion.screens import palette
from companion.screens.painter import IconDrawer, Painter
from companion.screens.palette import Colour
from companion.screens.samurai_spirit import icons, widgets
from engine.core.messages import msg

FARMSTEADS = 6
FAMILIES = 3
DROPPED_FIRST = ("village:round", "stacks:discard")
"""Counters left out, in this order, when the strip cannot hold them all at readable size: the round is
in the title, and the discard pile lies on the table in plain sight."""


@dataclass(frozen=True)
class _Counter:
    role: str
    drawer: IconDrawer | None
    text: str
    value: int


def _counters(p: Painter, view: dict[str, Any]) -> list[_Counter]:
    village = view.get("village", {})
    stacks = view.get("stacks", {})
    families = len(village.get("families", []))
    barricades = int(village.get("barricades", 0))
    return [
        _Counter("village:round", None, p.tr(msg("Round {n}", n=view.get("round", 1))), int(view.get("round", 1))),
        _Counter("village:barricades", icons.barricade, f"{barricades}/{village.get('barricades_max', barricades)}",
                 barricades),
        _Counter("village:farmsteads", icons.farm, f"{village.get('farmsteads', 0)}/{FARMSTEADS}",
                 int(village.get("farmsteads", 0))),
        _Counter("village:families", icons.doll, f"{families}/{FAMILIES}", families),
        _Counter("stacks:raider", icons.raider_stack, str(stacks.get("raider", 0)), int(stacks.get("raider", 0))),
        _Counter("stacks:intruder", icons.intruder_stack, str(stacks.get("intruder", 0)),
                 int(stacks.get("intruder", 0))),
        _Counter("stacks:discard", icons.discard_pile, str(len(stacks.get("discard", []))),
                 len(stacks.get("discard", []))),
    ]


def draw_village(
    p: Painter,
    rect: pygame.Rect,
    view: dict[str, Any],
    background: Colour = palette.BACKGROUND,
    facing: str | None = None,
) -> None:
    """Counters across `rect`, with the face-up top Raider cards after the stack when there are any,
    and at the right end `facing`, the card a Samurai must Confront or Defend, when given."""
    counters = _counters(p, view)
    face_up: list[str] = list(view.get("stacks", {}).get("raider_face_up", []))
    height = rect.height
    card_w = max(8, height * 3 // 5)
    extras = len(face_up) * (card_w + 2)
    if facing:
        facing_width = widgets.card_in_play_width(facing, height)
        widgets.card_in_play(p, "facing", facing, pygame.Rect(rect.right - facing_width, rect.top, facing_width,
                                                             height))
        rect = pygame.Rect(rect.left, rect.top, rect.width - facing_width - p.metrics.pad, height)
    size = p.metrics.text_size
    floor = p.metrics.min_size
    while True:
        widths = [_width(p, c, height, size) for c in counters]
        if sum(widths) + extras + p.metrics.pad * (len(widths) - 1) <= rect.width:
            break
        if size > floor:
            size -= 1
            continue
        droppable = [c for c in counters if c.role in DROPPED_FIRST]
        if not droppable:
            break
        counters.remove(min(droppable, key=lambda c: DROPPED_FIRST.index(c.role)))
    spare = rect.width - sum(widths) - extras
    gap = max(2, spare // max(1, len(widths) - 1))
    x = rect.left
    for counter, width in zip(counters, widths, strict=True):
        cell = pygame.Rect(x, rect.top, width, height)
        if counter.drawer is None:
            p.text(counter.role, counter.text, cell, size, palette.TEXT, background, value=counter.value,
                   min_size=size)
        else:
            widgets.counter(p, counter.role, counter.drawer, counter.text, cell, size, counter.value, background)
        x += width
        if counter.role == "stacks:raider" and face_up:
            for n, card in enumerate(face_up):
                card_rect = pygame.Rect(x + 2, rect.top + (height - height * 9 // 10) // 2, card_w, height * 9 // 10)
                widgets.mini_card(p, f"stacks:raider:face-up:{n}", card, card_rect, tags=["face-up"])
                x += card_w + 2
        x += gap


def draw_absent_tokens(p: Painter, rect: pygame.Rect, names: list[str], background: Colour = palette.BACKGROUND) -> None:
    """The unused support tokens of absent Samurai (two-player rules), laid beside the village.

    Every token is drawn: each is a once-per-game choice the table must see
    to make. The pills shrink (down to a small pill) until all of them fit
    beside the whole label; only then does the label give way.
    """
    if not names:
        return
    m = p.metrics
    size = m.small_size
    label = p.tr(msg("Absent Samurai tokens:"))
    gap = m.pad // 2 + 1
    label_room = p.cache.measure(label, size)[0]
    height = rect.height * 4 // 5
    while height > PILL_MIN_HEIGHT and _pills_width(p, len(names), height, gap) > rect.width - label_room - m.pad:
        height -= 1
    width = widgets.pill_width(p, height)
    x = rect.right - _pills_width(p, len(names), height, gap)
    label_width = max(0, min(p.cache.measure(label, size)[0], x - m.pad - rect.left))
    p.text("village:absent-tokens", label, pygame.Rect(rect.left, rect.top, label_width, rect.height), size,
           palette.TEXT_MUTED, background, value=len(names))
    x = rect.left + label_width + m.pad
    for name in names:
        pill = pygame.Rect(x, rect.centery - height // 2, width, height)
        widgets.token_pill(p, f"village:absent-token:{name}", name, pill, background=background)
        x += width + gap


PILL_MIN_HEIGHT = 14
"""The smallest token pill whose two letters still read (the rows' smallest, samurai_rows.TOKEN_MIN_HEIGHT)."""


def _pills_width(p: Painter, count: int, height: int, gap: int) -> int:
    return count * widgets.pill_width(p, height) + (count - 1) * gap


def _width(p: Painter, counter: _Counter, height: int, size: int) -> int:
    if counter.drawer is None:
        return p.cache.measure(counter.text, size)[0]
    return widgets.counter_width(p, counter.text, height, size)
