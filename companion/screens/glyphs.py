"""Game-independent glyphs: pointers, badges and arrows, drawn with primitives.

Each takes (surface, rect, dim) like every icon, so the painter can record
it. They pair with colour wherever colour means something: the selected
option has a pointer, an error has a cross, a note has an "i".
"""

from __future__ import annotations

import pygame

from companion.screens import palette
from companion.screens.painter import IconDrawer
from companion.screens.palette import Colour


def _square(rect: pygame.Rect) -> pygame.Rect:
    side = min(rect.width, rect.height)
    square = pygame.Rect(0, 0, side, side)
    square.center = rect.center
    return square


def pointer(colour: Colour) -> IconDrawer:
    """A right-pointing triangle in `colour`: "this one"."""

    def draw(surface: pygame.Surface, rect: pygame.Rect, dim: bool) -> None:
        box = _square(rect).inflate(-max(2, rect.height // 6), -max(2, rect.height // 6))
        fill = palette.TEXT_DIM if dim else colour
        pygame.draw.polygon(surface, fill, [box.topleft, (box.right, box.centery), box.bottomleft])

    return draw


def error_badge(surface: pygame.Surface, rect: pygame.Rect, dim: bool) -> None:
    """A black disc with a cross: a refusal."""
    box = _square(rect)
    pygame.draw.circle(surface, palette.BLACK, box.center, box.width // 2)
    inner = box.inflate(-box.width // 2, -box.height // 2)
    width = max(2, box.width // 8)
    pygame.draw.line(surface, palette.ERROR, inner.topleft, inner.bottomright, width)
    pygame.draw.line(surface, palette.ERROR, inner.bottomleft, inner.topright, width)


def info_badge(surface: pygame.Surface, rect: pygame.Rect, dim: bool) -> None:
    """A black disc with an "i": a note."""
    box = _square(rect)
    pygame.draw.circle(surface, palette.BLACK, box.center, box.width // 2)
    width = max(2, box.width // 7)
    top = box.top + box.height // 4
    pygame.draw.circle(surface, palette.INFO, (box.centerx, top), max(1, width // 2 + 1))
    pygame.draw.line(surface, palette.INFO, (box.centerx, top + width + 1),
                     (box.centerx, box.bottom - box.height // 5), width)


def question_badge(surface: pygame.Surface, rect: pygame.Rect, dim: bool) -> None:
    """A yellow disc with a black "?" drawn as strokes: a question waiting for OK."""
    box = _square(rect)
    pygame.draw.circle(surface, palette.HIGHLIGHT, box.center, box.width // 2)
    width = max(2, box.width // 8)
    arc = pygame.Rect(0, 0, box.width // 2, box.height // 2)
    arc.midtop = (box.centerx, box.top + box.height // 7)
    pygame.draw.arc(surface, palette.BLACK, arc, -1.6, 3.1416, width)
    pygame.draw.line(surface, palette.BLACK, (box.centerx, arc.bottom - width),
                     (box.centerx, box.bottom - box.height // 3), width)
    pygame.draw.circle(surface, palette.BLACK, (box.centerx, box.bottom - box.height // 5), max(1, width // 2 + 1))


def more_arrow(up: bool) -> IconDrawer:
    """A small up or down chevron: there are more entries that way."""

    def draw(surface: pygame.Surface, rect: pygame.Rect, dim: bool) -> None:
        box = _square(rect).inflate(-rect.height // 4, -rect.height // 3)
        colour = palette.TEXT_DIM if dim else palette.TEXT_MUTED
        if up:
            points = [box.bottomleft, box.midtop, box.bottomright]
        else:
            points = [box.topleft, box.midbottom, box.topright]
        pygame.draw.polygon(surface, colour, points)

    return draw


# --- marks for the seat band (companion.screens.seat_band): what a number next to them counts ----------


def heart(surface: pygame.Surface, rect: pygame.Rect, dim: bool) -> None:
    """A red heart: lives."""
    box = _square(rect).inflate(-max(2, rect.height // 8), -max(2, rect.height // 8))
    fill = palette.TEXT_DIM if dim else palette.VERMILLION
    r = box.width // 4
    pygame.draw.circle(surface, fill, (box.left + r, box.top + r + 1), r)
    pygame.draw.circle(surface, fill, (box.right - r, box.top + r + 1), r)
    pygame.draw.polygon(surface, fill, [(box.left, box.top + r + 2), (box.right, box.top + r + 2),
                                        (box.centerx, box.bottom)])


def _card(surface: pygame.Surface, card: pygame.Rect, fill: Colour) -> None:
    pygame.draw.rect(surface, fill, card, 0, max(1, card.width // 5))
    pygame.draw.rect(surface, palette.BLACK, card, 1, max(1, card.width // 5))


def hand_cards(surface: pygame.Surface, rect: pygame.Rect, dim: bool) -> None:
    """Two cards, one behind the other: cards in hand."""
    box = _square(rect)
    fill = palette.TEXT_DIM if dim else palette.TEXT
    w, h = box.width * 3 // 5, box.height * 4 // 5
    _card(surface, pygame.Rect(box.left, box.top, w, h), palette.TEXT_MUTED)
    _card(surface, pygame.Rect(box.right - w, box.bottom - h, w, h), fill)


def card_row(surface: pygame.Surface, rect: pygame.Rect, dim: bool) -> None:
    """Three small cards side by side: the cards laid out in a row."""
    box = _square(rect)
    fill = palette.TEXT_DIM if dim else palette.TEXT_MUTED
    w = box.width // 3
    for k in range(3):
        _card(surface, pygame.Rect(box.left + k * w, box.top + box.height // 5, w - 1, box.height * 3 // 5), fill)


def figure(surface: pygame.Surface, rect: pygame.Rect, dim: bool) -> None:
    """A standing figure: prisoners, figures captured."""
    box = _square(rect)
    fill = palette.TEXT_DIM if dim else palette.SKY_BLUE
    pygame.draw.circle(surface, fill, (box.centerx, box.top + box.height // 4), max(2, box.width // 5))
    body = pygame.Rect(0, 0, box.width * 3 // 5, box.height // 2)
    body.midbottom = box.midbottom
    pygame.draw.rect(surface, fill, body, 0, max(1, body.width // 3))


def card_lost(surface: pygame.Surface, rect: pygame.Rect, dim: bool) -> None:
    """A card struck through: cards lost."""
    box = _square(rect)
    card = pygame.Rect(0, 0, box.width * 3 // 5, box.height * 4 // 5)
    card.center = box.center
    _card(surface, card, palette.TEXT_DIM if dim else palette.TEXT_MUTED)
    pygame.draw.line(surface, palette.ERROR, box.bottomleft, box.topright, max(2, box.width // 8))


def tile(filled: bool) -> IconDrawer:
    """A hexagonal tile: filled, tiles played on the board; hollow, tiles left to play."""

    def draw(surface: pygame.Surface, rect: pygame.Rect, dim: bool) -> None:
        box = _square(rect).inflate(-2, -2)
        q = box.width // 4
        points = [(box.left, box.centery), (box.left + q, box.top), (box.right - q, box.top), (box.right, box.centery),
                  (box.right - q, box.bottom), (box.left + q, box.bottom)]
        colour = palette.TEXT_DIM if dim else palette.TEXT
        pygame.draw.polygon(surface, colour, points, 0 if filled else max(2, box.width // 8))

    return draw
