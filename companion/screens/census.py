"""The census's screen: the component in hand, as believed or as said so far, and how far the count is.

The question is the title (as in set-up: one question, its answers the list
beside or under it), so it is on every frame whole, whatever the notice.
The main area shows, on a card-like panel, what the companion believes is
printed on the component tapped (or what the owner has said so far), then
the kind's progress ("52 of 66 Raider cards; missing: ..."). The words arrive
finished (companion.app.census_steps): `Screen.detail` holds the card's
lines first, `view["census"]["card"]` of them, then the progress. Either part
too long for the room pages like any detail text ("1/2"), never cut; a
notice takes the top of the area and both move down under it.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from companion.screen_model import Screen
from companion.screens import chrome, palette
from companion.screens.painter import Painter

KIND = "census"
CARD_SHARE = 0.6
"""How much of the room the component's panel may take before its lines page; the progress has the rest."""


def own_drawer(kind: str) -> Callable[[Screen, Painter, pygame.Rect], None] | None:
    """The drawer of the census's screen kind, for the generic renderer (no game draws it)."""
    return draw if kind == KIND else None


def _lines_height(p: Painter, lines: tuple[str, ...], width: int) -> int:
    """What `lines` take at the text size, each wrapped, as chrome.draw_detail sets them."""
    m = p.metrics
    step = m.line_height(m.text_size)
    return sum(len(p.cache.wrap(line, m.text_size, width)) * step + m.pad // 2 for line in lines)


def _pageable(p: Painter, lines: tuple[str, ...], rect: pygame.Rect) -> tuple[str, ...]:
    """`lines` as chrome.draw_detail pages them without cutting a word: as they are when they fit `rect` at the
    floor size, else each wrapped line on its own (a long "missing: ..." then runs on over the pages rather
    than ending in "...")."""
    m = p.metrics
    step = m.line_height(m.min_size)
    need = sum(len(p.cache.wrap(line, m.min_size, rect.width)) * step + m.pad // 2 for line in lines)
    if need <= rect.height:
        return lines
    return tuple(part for line in lines for part in p.cache.wrap(line, m.text_size, rect.width))


def draw(screen: Screen, p: Painter, rect: pygame.Rect) -> None:
    m = p.metrics
    words = (screen.view or {}).get(KIND, {})
    count = int(words.get("card", 0))
    card, rest = screen.detail[:count], screen.detail[count:]
    top = rect.top
    if screen.notice:
        top += chrome.notice_height(p, rect.width, screen.notice) + m.pad
    room = pygame.Rect(rect.left, top, rect.width, max(0, rect.bottom - top))
    if room.height <= 0:
        return
    y = room.top
    least = m.line_height(m.min_size) + chrome.page_mark_room(p) + 2 * m.pad
    if card and room.height >= least + (m.line_height(m.min_size) if rest else 0):
        inner_width = room.width - 2 * m.pad
        wanted = _lines_height(p, card, inner_width) + 2 * m.pad
        share = room.height if not rest else max(int(room.height * CARD_SHARE), room.height - _lines_height(
            p, rest, room.width))
        height = min(wanted, max(share, least))
        panel = pygame.Rect(room.left, y, room.width, height)
        p.box("census:card", panel, fill=palette.PANEL, edge=palette.PANEL_EDGE, radius=m.pad,
              value=words.get("stage", ""))
        inner = panel.inflate(-2 * m.pad, -2 * m.pad)
        chrome.draw_detail(p, inner, _pageable(p, card, inner), palette.PANEL, screen.page)
        y = panel.bottom + m.pad
    if rest and room.bottom - y >= m.line_height(m.min_size):
        below = pygame.Rect(room.left, y, room.width, room.bottom - y)
        chrome.draw_detail(p, below, _pageable(p, rest, below), palette.BACKGROUND, screen.page)
