"""The board screen: the village strip over one row per Samurai.

The pending decision, options and narration are drawn by the generic panel
(from `prompt` in this package); this screen draws what is on the table.
The card a Samurai must Confront or Defend goes at the top of the side
panel on wide surfaces, and at the end of the village strip on narrow ones,
where the panel has no room to spare.
"""

from __future__ import annotations

import pygame

from companion.screen_model import Screen
from companion.screens import chrome, palette, seat_band
from companion.screens.layout import columns, share
from companion.screens.painter import Painter
from companion.screens.registry import narrowest_board
from games.samurai_spirit.app.screens import widgets
from games.samurai_spirit.app.screens.cards import facing_card
from games.samurai_spirit.app.screens.samurai_rows import (
    draw_samurai_rows,
    min_row_height,
    samurai_chips,
)
from games.samurai_spirit.app.screens.village import (
    absent_tokens_height,
    draw_absent_tokens,
    draw_village,
)


def village_strip_height(p: Painter) -> int:
    return max(p.metrics.line_height(p.metrics.text_size), p.metrics.px(40))


def board_min_height(screen: Screen, p: Painter) -> int:
    """The village strip and every Samurai's row at the smallest readable type (on 480x320, where that is
    less, every Samurai in the compact band).

    The game-over screen lists the Samurai too, so the to-do panel under it
    must leave them the same room.
    """
    if not screen.view or screen.kind not in ("board", "round-end", "game-over"):
        return 0
    # Each absent Samurai's token is a once-per-game choice: its lines keep their room too.
    absent = list(screen.view.get("absent_tokens", []))
    tokens = absent_tokens_height(p, narrowest_board(p), absent) + _gap(p) if absent else 0
    least = village_strip_height(p) + _gap(p) + _seats_beside_village(screen, p) + tokens
    if screen.kind == "game-over":
        # The result beside the Samurai: the headline over the score's four lines (or the round and why).
        m = p.metrics
        result = m.line_height(m.large_size) + m.pad + 4 * m.line_height(m.text_size) + 3 * m.pad
        least = max(least, village_strip_height(p) + m.pad + result)
    return least


def _gap(p: Painter) -> int:
    """Between the village strip, the Samurai and the absent tokens: thin on 480x320, where every line counts."""
    return max(2, p.metrics.pad // 2) if p.metrics.compact else p.metrics.pad


def _seats_beside_village(screen: Screen, p: Painter) -> int:
    """What the Samurai need under the village strip: their rows, or on 480x320 where that is less the band,
    with only the one to act's facts where all of them do not fit (seven Samurai keep the village's counts)."""
    seats = seats_min_height(screen, p)
    if p.metrics.compact and screen.view:
        chips = seat_band.focused(samurai_chips(p, screen.view))
        seats = min(seats, seat_band.height(p, p.surface.get_width() - 2 * p.metrics.pad, chips))
    return seats


def seats_min_height(screen: Screen, p: Painter) -> int:
    """Every Samurai's row at the smallest readable type (on 480x320, where that is less, every Samurai in the
    compact band): what the board keeps when the village strip gives way to a long step on 480x320."""
    if not screen.view or screen.kind not in ("board", "round-end", "game-over"):
        return 0
    rows = len(screen.view.get("samurai", []))
    seats = rows * (min_row_height(p) + max(1, p.metrics.px(4)))
    if p.metrics.compact:
        band = seat_band.height(p, p.surface.get_width() - 2 * p.metrics.pad, samurai_chips(p, screen.view))
        seats = min(seats, band)
    return seats


def village_and_columns(screen: Screen, p: Painter, rect: pygame.Rect,
                        left_share: float) -> tuple[pygame.Rect, pygame.Rect] | None:
    """The village strip on top and two columns under it (round-end and game-over screens).

    Returns None, after drawing the generic detail, when there is no game view.
    """
    view = screen.view
    if not view:
        chrome.draw_detail(p, rect, screen.detail, palette.BACKGROUND)
        return None
    m = p.metrics
    strip = pygame.Rect(rect.left, rect.top, rect.width, village_strip_height(p))
    draw_village(p, strip, view)
    body = pygame.Rect(rect.left, strip.bottom + m.pad, rect.width, rect.bottom - strip.bottom - m.pad)
    gap = 2 * m.pad
    left, right = columns(body, share(body.width, [left_share, 1 - left_share], gap), gap)
    return left, right


def draw_board(screen: Screen, p: Painter, rect: pygame.Rect) -> None:
    view = screen.view
    if not view:
        chrome.draw_detail(p, rect, screen.detail, palette.BACKGROUND)
        return
    gap = _gap(p)
    absent = list(view.get("absent_tokens", []))
    seats = _seats_beside_village(screen, p)
    if rect.height < seats + village_strip_height(p) + gap:
        # A to-do step that needs nearly all of 480x320: the Samurai stay, the village strip gives way.
        draw_samurai_rows(p, rect, view)
        return
    strip = pygame.Rect(rect.left, rect.top, rect.width, village_strip_height(p))
    draw_village(p, strip, view, facing=facing_card(view) if p.metrics.compact else None)
    rows = pygame.Rect(rect.left, strip.bottom + gap, rect.width, rect.bottom - strip.bottom - gap)
    tokens = absent_tokens_height(p, rect.width, absent)
    if absent and rows.height - tokens - gap >= seats:
        draw_absent_tokens(p, pygame.Rect(rect.left, rect.bottom - tokens, rect.width, tokens), absent)
        rows.height -= tokens + gap
    draw_samurai_rows(p, rows, view)


def draw_facing_card(screen: Screen, p: Painter, rect: pygame.Rect) -> int:
    """The card being faced, large, above the prompt; returns the height used."""
    facing = facing_card(screen.view) if screen.view and screen.kind == "board" else None
    if facing is None:
        return 0
    height = min(rect.height, p.metrics.px(64))
    width = min(rect.width, widgets.card_in_play_width(facing, height))
    widgets.card_in_play(p, "facing", facing, pygame.Rect(rect.left, rect.top, width, height))
    return height
