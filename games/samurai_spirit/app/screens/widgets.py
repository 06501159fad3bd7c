"""Small pieces several Samurai Spirit screens share: counters, mini cards, token marks."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pygame

from companion.screens import palette
from companion.screens.layout import columns, share
from companion.screens.painter import IconDrawer, Painter
from companion.screens.palette import Colour
from games.samurai_spirit.app.screens import icons
from games.samurai_spirit.app.screens.cards import card_face
from games.samurai_spirit.app.screens.naming import display_name, token_mark


def icon_box(rect: pygame.Rect, side: int | None = None) -> pygame.Rect:
    """A square of `side` (default: the rect's height) at the left of `rect`, centred vertically."""
    side = min(side or rect.height, rect.height, rect.width)
    return pygame.Rect(rect.left, rect.centery - side // 2, side, side)


def face_with_wound(p: Painter, rect: pygame.Rect, role: str, sam: dict[str, Any]) -> None:
    """A Samurai board's face, human or animal, with the Wound token laid on its corner as on the
    table: together they tell the wound count (human 0-1, animal 2-3)."""
    face = sam.get("face", "human")
    box = icon_box(rect, min(rect.height, rect.width * 4 // 5))
    p.icon(f"{role}:face", icons.FACES.get(face, icons.human_face), box, face)
    if sam.get("wound_token"):
        side = max(8, box.height * 4 // 5)
        token = pygame.Rect(min(rect.right, box.right + side // 2) - side, box.bottom - side, side, side)
        p.icon(f"{role}:wound", icons.wound, token, int(sam.get("wounds", 0)))


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
    left = box.right + max(2, rect.height // 8)
    text_rect = pygame.Rect(left, rect.top, rect.right - left, rect.height)
    item = p.text(role, text, text_rect, size, palette.TEXT, background, value=text, tags=tags)
    return (item.box.right if item else box.right) - rect.left


def counter_width(p: Painter, text: str, height: int, size: int) -> int:
    return height + max(2, height // 8) + p.cache.measure(text, size)[0]


def mini_card(
    p: Painter,
    role: str,
    card_id: str,
    rect: pygame.Rect,
    visible_width: int | None = None,
    value_size: int | None = None,
    tags: Iterable[str] = (),
) -> None:
    """A Raider card face, small, with its value large.

    In a combat line the next card covers all but `visible_width` of this
    one, as on the table, so the value sits in the part left showing.
    """
    face = card_face(card_id)
    p.box(f"{role}:card", rect, fill=icons.CARD_FACE, edge=palette.BLACK, edge_width=1,
          radius=max(1, rect.width // 6), value=card_id, tags=tags)
    shown = pygame.Rect(rect.left, rect.top, min(rect.width, visible_width or rect.width), rect.height)
    size = value_size or max(12, round(rect.height * 0.95))
    p.text(f"{role}:value", str(face.value), shown.inflate(-2, -2), size, palette.BLACK, icons.CARD_FACE,
           align="center", min_size=12, value=face.value, tags=tags)


def card_in_play_width(card_id: str, height: int) -> int:
    face = card_face(card_id)
    cells = 2 + len(face.penalties) + (1 if face.flames else 0)
    return cells * (height - 4) + 8


def card_in_play(p: Painter, role: str, card_id: str, rect: pygame.Rect) -> None:
    """The card being faced, laid out wide so all of it reads at once: value, symbol, penalties, flames."""
    face = card_face(card_id)
    p.box(role, rect, fill=icons.CARD_FACE, edge=palette.HIGHLIGHT, edge_width=3, radius=max(2, rect.height // 6),
          value=card_id, tags=["facing"])
    cells = 2 + len(face.penalties) + (1 if face.flames else 0)
    side = min(rect.height - 4, (rect.width - 8) // cells)
    x = rect.left + 4
    top = rect.centery - side // 2
    p.text(f"{role}:value", str(face.value), pygame.Rect(x, top, side, side), round(side * 1.2),
           palette.BLACK, icons.CARD_FACE, align="center", min_size=12, value=face.value)
    x += side
    if face.symbol:
        p.icon(f"{role}:symbol", icons.SYMBOLS[face.symbol], pygame.Rect(x, top, side, side), face.symbol)
    x += side
    for penalty in face.penalties:
        drawer = icons.PENALTIES.get(penalty)
        if drawer is not None:
            p.icon(f"{role}:penalty", _on_card(drawer), pygame.Rect(x, top, side, side), penalty)
        x += side
    if face.flames:
        p.icon(f"{role}:flames", icons.flames, pygame.Rect(x, top, side, side), "flames")


def _on_card(drawer: IconDrawer) -> IconDrawer:
    """A penalty glyph on a dark tile, so white strokes read on the light card."""

    def draw(surface: pygame.Surface, rect: pygame.Rect, dim: bool) -> None:
        pygame.draw.rect(surface, palette.PANEL, rect, 0, max(1, rect.width // 6))
        drawer(surface, rect, dim)

    return draw


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


def samurai_name_rows(p: Painter, rect: pygame.Rect, samurai: list[dict[str, Any]], weights: list[float],
                      max_height: int) -> list[tuple[dict[str, Any], list[pygame.Rect]]]:
    """One striped row per Samurai with its name drawn in the first column.

    Returns each Samurai with the rectangles of the remaining columns, for the
    caller to fill (a face, defence symbols). The names share one text size so
    the list reads evenly.
    """
    if not samurai:
        return []
    gap = max(1, p.metrics.px(3))
    height = min((rect.height + gap) // len(samurai) - gap, p.metrics.px(max_height))
    widths = share(rect.width - 4, weights, 2)
    # The people's names where they fit beside a square cell each for the other columns (a face, symbols).
    labels = p.seat_labels([(s["name"], display_name(s["name"])) for s in samurai],
                           rect.width - 8 - p.metrics.line_height(p.metrics.min_size) * (len(weights) - 1),
                           p.metrics.min_size)
    need = max(p.cache.measure(label, p.metrics.min_size)[0] for label in labels) + 2
    if widths[0] < need < rect.width - 4:
        # The names whole ("Kikuchiyo" beside a narrow column): the other cells share what is left.
        widths = [need, *share(rect.width - 4 - need - 2, weights[1:], 2)]
    size = p.cache.common_size(labels, max(p.metrics.small_size, round(height * 0.8)),
                               widths[0], p.metrics.min_size)
    out = []
    for n, sam in enumerate(samurai):
        name = sam["name"]
        row = pygame.Rect(rect.left, rect.top + n * (height + gap), rect.width, height)
        fill = palette.PANEL if n % 2 else palette.BACKGROUND
        p.box(f"samurai:{name}", row, fill=fill, value=name, tags=["seat"])
        inset = max(2, height // 8)
        if height - inset < p.cache.cap_height(size):
            inset = 0  # seven rows on 480x320: the name keeps its capitals rather than its margin
        label, *cells = columns(row.inflate(-4, -inset), widths, 2)
        p.text(f"samurai:{name}:name", labels[n], label, size, palette.TEXT, fill, value=name)
        out.append((sam, cells))
    return out
