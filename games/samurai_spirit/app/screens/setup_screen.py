"""The setup screen: difficulty, the Samurai in seat order, who starts, and what to lay out.

Seats are listed in the order the table sits (clockwise), since that order
decides neighbours for the arrow penalties and talents; the first player
carries the Active Player marker, drawn as the board's active pointer. The
layout instructions come from the app as detail lines and sit beside the
seats.
"""

from __future__ import annotations

from typing import Any

import pygame

from companion.screen_model import Screen
from companion.screens import chrome, glyphs, palette
from companion.screens.layout import columns, share
from companion.screens.painter import Painter
from engine.core.messages import msg, msg_n
from games.samurai_spirit.app.screens import icons, widgets
from games.samurai_spirit.app.screens.naming import difficulty_label, display_name

SEAT_ROW_MAX = 46
SEAT_COLUMNS = {"marker": 0.07, "number": 0.06, "face": 0.11, "name": 0.5, "kiai": 0.26}


def draw_setup(screen: Screen, p: Painter, rect: pygame.Rect) -> None:
    view = screen.view
    if not view or not view.get("samurai"):
        chrome.draw_detail(p, rect, screen.detail, palette.BACKGROUND)
        return
    m = p.metrics
    gap = 2 * m.pad
    left, right = columns(rect, share(rect.width, [0.56, 0.44], gap), gap)
    if not screen.detail:
        left = rect
    header = pygame.Rect(left.left, left.top, left.width, m.line_height(m.text_size))
    level = str(view.get("difficulty", "normal"))
    barricades = view.get("village", {}).get("barricades")
    p.text("setup:difficulty", p.tr(msg("Difficulty: {level}", level=difficulty_label(p, level))), header, m.text_size, palette.HIGHLIGHT,
           value=level)
    seats = pygame.Rect(left.left, header.bottom + m.pad, left.width, left.bottom - header.bottom - m.pad)
    _draw_seats(p, seats, view)
    if screen.detail:
        used = 0
        if barricades is not None:
            line = pygame.Rect(right.left, right.top, right.width, m.line_height(m.text_size))
            widgets.counter(p, "setup:barricades", icons.barricade, p.tr(msg_n("{n} Barricade",
                                                                               "{n} Barricades",
                                                                               n=barricades)), line, m.text_size,
                            int(barricades))
            used = line.height + m.pad
        detail = pygame.Rect(right.left, right.top + used, right.width, right.height - used)
        chrome.draw_detail(p, detail, screen.detail, palette.BACKGROUND)


def _draw_seats(p: Painter, rect: pygame.Rect, view: dict[str, Any]) -> None:
    samurai = view["samurai"]
    first = view.get("first")
    gap = max(1, p.metrics.px(4))
    height = min((rect.height + gap) // len(samurai) - gap, p.metrics.px(SEAT_ROW_MAX))
    widths = share(rect.width - 4, list(SEAT_COLUMNS.values()), 3)
    ceiling = max(p.metrics.small_size, round(height * 0.8))
    size = p.cache.common_size([display_name(s["name"]) for s in samurai], ceiling, widths[3], p.metrics.min_size)
    kiai_texts = [p.tr(msg("Kiai {n}", n=s.get("kiai", "?"))) for s in samurai]
    kiai_size = p.cache.common_size(kiai_texts, size, widths[4], p.metrics.min_size)
    for n, sam in enumerate(samurai):
        name = sam["name"]
        row = pygame.Rect(rect.left, rect.top + n * (height + gap), rect.width, height)
        is_first = name == first
        fill = palette.PANEL if n % 2 else palette.BACKGROUND
        p.box(f"setup:seat:{n}", row, fill=fill, edge=palette.HIGHLIGHT if is_first else None,
              value=name, tags=["first"] if is_first else [])
        inset = max(1, height // 12)
        inner = pygame.Rect(row.left + 2, row.top + inset, row.width - 4, row.height - 2 * inset)
        marker, number, face, label, kiai = columns(inner, widths, 3)
        p.text(f"setup:seat:{n}:number", str(n + 1), number, size, palette.TEXT_MUTED, fill, align="right",
               value=n + 1)
        p.icon(f"setup:seat:{n}:face", icons.FACES.get(sam.get("face", "human"), icons.human_face),
               widgets.icon_box(face), sam.get("face", "human"))
        p.text(f"setup:seat:{n}:name", display_name(name), label, size, palette.TEXT, fill, min_size=size,
               value=name)
        p.text(f"setup:seat:{n}:kiai", kiai_texts[n], kiai, kiai_size, palette.TEXT_MUTED, fill, align="right",
               min_size=kiai_size, value=sam.get("kiai"))
        if is_first:
            p.icon("setup:first", glyphs.pointer(palette.HIGHLIGHT), widgets.icon_box(marker), name,
                   tags=["first"])
