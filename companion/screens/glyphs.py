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
