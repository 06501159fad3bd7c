"""Small pieces several Samurai Spirit screens share: counters, mini cards, token marks."""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from companion.screens import palette
from companion.screens.painter import IconDrawer, Painter
from companion.screens.palette import Colour
from companion.screens.samurai_spirit import icons
from companion.screens.samurai_spirit.cards import card_face
from companion.screens.samurai_spirit.naming import token_mark


def icon_box(rect: pygame.Rect, side: int | None = None) -> pygame.Rect:
    """A square of `side` (default: the rect's height) at the left of `rect`, centred vertically."""
    side = min(side or rect.height, rect.height, rect.width)
    return pygame.Rect(rect.left, rect.centery - side // 2, side, side)


def counter(
    p: Painter,
    role: str,
    drawer: IconDrawer,
    text: str,
    rect: pygame.Rect,
    size: int,
    value: str | int,
    background: Colour = palette.BACKGROUND,
    tags: Iterable[str] = (),
) -> int:
    """An icon followed by its number ("[fence] 3/7"); returns the width used."""
    box = icon_box(rect)
    p.icon(f"{role}:icon", drawer, box, value, tags=tags)
    text_rect = pygame.Rect(box.right + max(2, rect.height // 8), rect.top, rect.right - box.right, rect.height)
    item = p.text(role, text, text_rect, size, palette.TEXT, background, value=text, tags=tags)
    return (item.box.right if item else box.right) - rect.left


def counter_width(p: Painter, text: str, height: int, size: int) -> int:
    return height + max(2, height // 8) + p.cache.measure(text, size)[0]


def mini_card(
    p: Painter,
    role: str,
    card_id: str,
    rect: pygame.Rect,
    show_symbol: bool = False,
    tags: Iterable[str] = (),
) -> None:
    """A Raider card face, small: its value large, and its symbol when asked."""
    face = card_face(card_id)
    p.box(f"{role}:card", rect, fill=icons.CARD_FACE, edge=palette.BLACK, edge_width=1,
          radius=max(1, rect.width // 6), value=card_id, tags=tags)
    value_rect = rect
    if show_symbol and face.symbol and rect.height >= 2 * rect.width:
        symbol_rect = pygame.Rect(rect.left, rect.bottom - rect.width, rect.width, rect.width)
        p.icon(f"{role}:symbol", icons.SYMBOLS[face.symbol], symbol_rect.inflate(-2, -2), face.symbol)
        value_rect = pygame.Rect(rect.left, rect.top, rect.width, rect.height - rect.width)
    p.text(f"{role}:value", str(face.value), value_rect.inflate(-2, -2), max(12, round(value_rect.height * 1.1)),
           palette.BLACK, icons.CARD_FACE, align="center", min_size=12, value=face.value, tags=tags)


def token_pill(
    p: Painter,
    role: str,
    owner: str,
    rect: pygame.Rect,
    square: bool = False,
    background: Colour = palette.BACKGROUND,
) -> None:
    """A support token held (a rounded pill) or a talent borrowed for the round (square),
    marked with the owner's two letters."""
    radius = 0 if square else rect.height // 2
    p.box(f"{role}:chip", rect, fill=palette.SKY_BLUE, edge=palette.BLACK, edge_width=1, radius=radius, value=owner)
    p.text(role, token_mark(owner), rect.inflate(-2, -2), max(12, round(rect.height * 1.1)),
           palette.BLACK, palette.SKY_BLUE, align="center", min_size=12, value=owner)


def pill_width(p: Painter, height: int) -> int:
    return max(height + height // 2, p.cache.measure("Ks", max(12, round(height * 1.1)))[0] + height // 2)
