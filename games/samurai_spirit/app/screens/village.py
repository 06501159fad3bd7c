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
from engine.core.messages import msg
from games.samurai_spirit.app.screens import icons, widgets
from games.samurai_spirit.app.screens.naming import display_name

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


def draw_absent_tokens(p: Painter, rect: pygame.Rect, names: list[str], background: Colour = palette.BACKGROUND) -> int:
    """The unused support tokens of absent Samurai (two-player rules), laid beside the village; returns the
    height used.

    Every token is drawn, each named whole at the readable size (a token is a once-per-game choice the
    table must see to make, and "Ks" for Katsushiro is a riddle): the label, then one chip per token, as
    many to a line as fit (`absent_tokens_height`). Where that takes more than one line and the chips alone
    fit one (five tokens on 480x320), a support token's mark stands for the label.
    """
    if not names:
        return 0
    size = p.metrics.small_size
    label, places, used, worded = _absent_layout(p, rect.width, names)
    if worded:
        p.text("village:absent-tokens", p.tr(ABSENT_LABEL), label.move(rect.left, rect.top), size,
               palette.TEXT_MUTED, background, value=len(names), min_size=size)
    else:
        p.icon("village:absent-tokens:mark", icons.support_token, label.move(rect.left, rect.top), len(names))
    for name, place in zip(names, places, strict=True):
        chip = place.move(rect.left, rect.top)
        p.box(f"village:absent-token:{name}:chip", chip, fill=palette.SKY_BLUE, edge=palette.BLACK, edge_width=1,
              radius=chip.height // 2, value=name)
        p.text(f"village:absent-token:{name}", display_name(name), chip.inflate(-2 * _chip_side(p), 0), size,
               palette.BLACK, palette.SKY_BLUE, align="center", min_size=size, value=name)
    return used


ABSENT_LABEL = msg("Absent Samurai tokens:")


def absent_tokens_height(p: Painter, width: int, names: list[str]) -> int:
    """The height `draw_absent_tokens` needs for `names` across `width`."""
    return _absent_layout(p, width, names)[2] if names else 0


def _chip_side(p: Painter) -> int:
    return max(4, p.metrics.pad)


def _absent_layout(p: Painter, width: int,
                   names: list[str]) -> tuple[pygame.Rect, list[pygame.Rect], int, bool]:
    """Where the label (or the mark standing for it) and each token's chip go, from (0, 0), the height used,
    and whether the label is in words: in order, as many to a line as fit."""
    m = p.metrics
    tall = m.line_height(m.small_size)
    label, places, used = _flow(p, width, p.cache.measure(p.tr(ABSENT_LABEL), m.small_size)[0], names)
    if used > tall and m.compact:
        mark, marked, one = _flow(p, width, tall, names)
        if one <= tall:
            return mark, marked, one, False
    return label, places, used, True


def _flow(p: Painter, width: int, lead: int, names: list[str]) -> tuple[pygame.Rect, list[pygame.Rect], int]:
    """A lead `lead` wide, then a chip per name, left to right and line by line across `width`."""
    m = p.metrics
    size = m.small_size
    tall = m.line_height(size)
    gap = m.pad // 2 + 1
    label = pygame.Rect(0, 0, min(width, lead), tall)
    x, y = label.right + m.pad, 0
    places = []
    for name in names:
        need = min(width, p.cache.measure(display_name(name), size)[0] + 2 * _chip_side(p))
        if x + need > width:
            x, y = 0, y + tall + gap
        places.append(pygame.Rect(x, y, need, tall))
        x += need + gap
    return label, places, y + tall


def _width(p: Painter, counter: _Counter, height: int, size: int) -> int:
    if counter.drawer is None:
        return p.cache.measure(counter.text, size)[0]
    return widgets.counter_width(p, counter.text, height, size)
