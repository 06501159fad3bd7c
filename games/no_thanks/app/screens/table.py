"""The No Thanks! table as the screen shows it: the card in the middle with its chips, and every seat's cards.

The card in the middle is drawn large with the chips on it and the cards
left in the deck. Each seat, in seat order (the player to act outlined),
shows the cards it took, a run of numbers as one span ("3-5"), and what
they count (the lowest of each run). Never a player's chips: they are
hidden in the hand until the end. Where the rows do not fit (480x320 beside
the to-do panel, seven seats), the seats are the platform's compact band.
The game-over screen is the platform's ranking (companion.screens.ranking)
with each player's cards, chips and total.
"""

from __future__ import annotations

from typing import Any

import pygame

from companion.screen_model import Screen
from companion.screens import glyphs, palette, ranking, seat_band
from companion.screens.board_screens import board_screens
from companion.screens.painter import Painter
from companion.screens.registry import narrowest_board
from engine.core.messages import Message, msg, msg_n
from games.no_thanks.rules.scoring import runs

ROLE = "no-thanks"
SEAT_COLOURS = {"red": palette.VERMILLION, "blue": palette.BLUE, "green": palette.BLUISH_GREEN,
                "yellow": palette.YELLOW, "purple": palette.REDDISH_PURPLE, "orange": palette.ORANGE,
                "white": palette.WHITE}


def _line(p: Painter, size: int) -> int:
    return p.metrics.line_height(size)


def number(cid: str) -> str:
    """A card's number from its id ("n-20" -> "20")."""
    return cid.rpartition("-")[2]


def spans(cards: list[str]) -> str:
    """The cards a seat took, a run as one span: "3-5 12 20-21"."""
    return " ".join(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0])
                    for run in runs(int(number(c)) for c in cards))


# --- the card in the middle ------------------------------------------------------------------------------


def middle_height(p: Painter) -> int:
    return _line(p, p.metrics.large_size) + _line(p, p.metrics.min_size) + 8


def draw_middle(p: Painter, rect: pygame.Rect, view: dict[str, Any]) -> None:
    """The card in the middle, large, with the chips on it; or, between cards, the deck left to flip."""
    m = p.metrics
    card = view.get("card")
    p.box(f"{ROLE}:middle", rect, fill=palette.PANEL, edge=palette.HIGHLIGHT if card else palette.PANEL_EDGE,
          radius=6, value=card or "")
    inner = rect.inflate(-8, -4)
    top = pygame.Rect(inner.left, inner.top, inner.width, _line(p, m.large_size))
    bottom = pygame.Rect(inner.left, top.bottom, inner.width, inner.bottom - top.bottom)
    left = int(view.get("deck", 0))
    deck = msg_n("{n} card left in the deck", "{n} cards left in the deck", n=left)
    if card:
        p.text(f"{ROLE}:middle:card", number(str(card)), top, m.large_size, palette.TEXT, palette.PANEL,
               align="center", bold=True, value=str(card), min_size=m.min_size)
        chips = int(view.get("chips_on_card") or 0)
        words: Message = msg_n("{n} chip on it · {deck}", "{n} chips on it · {deck}", n=chips, deck=deck)
        p.text(f"{ROLE}:middle:chips", p.tr(words), bottom, m.min_size, palette.TEXT, palette.PANEL, align="center",
               value=chips, min_size=m.min_size)
    else:
        p.text(f"{ROLE}:middle:deck", p.tr(deck), top, m.text_size, palette.TEXT, palette.PANEL, align="center",
               value=left, min_size=m.min_size)


# --- the seats -------------------------------------------------------------------------------------------


def seat_chips(p: Painter, view: dict[str, Any]) -> list[seat_band.Chip]:
    """Every seat as a chip of the band: its colour and name, how many cards it took and what they count."""
    acting = (view.get("pending") or {}).get("player") or view.get("active")
    chips = []
    for n, player in enumerate(view.get("players") or []):
        name = str(player["name"])
        cards, points = len(player.get("cards") or []), int(player.get("points", 0))
        facts = (seat_band.Fact("cards", str(cards), glyphs.hand_cards, cards),
                 seat_band.Fact("points", str(points), glyphs.card_lost, points))
        chips.append(seat_band.Chip(f"{ROLE}:seat:{n}", name, p.name("player", name), facts, SEAT_COLOURS.get(name),
                                    name == acting, person=p.people.get(name, "")))
    return chips


def _row_height(p: Painter) -> int:
    return _line(p, p.metrics.min_size) + max(2, p.metrics.px(4))


def rows_height(p: Painter, view: dict[str, Any]) -> int:
    return len(view.get("players") or []) * _row_height(p)


def draw_seats(p: Painter, rect: pygame.Rect, view: dict[str, Any]) -> int:
    """One row per seat where all fit with their cards whole, else the band; returns the height used."""
    m = p.metrics
    players = list(view.get("players") or [])
    if not players:
        return 0
    size = m.min_size
    bar = max(4, m.px(6))
    labels = p.seat_labels([(pl["name"], p.name("player", str(pl["name"]))) for pl in players], rect.width // 3, size)
    name_width = max(p.cache.measure(label, size)[0] for label in labels) + bar + 2 * m.pad
    points_width = p.cache.measure("000", size)[0] + m.pad
    cards_width = rect.width - name_width - points_width - 8
    wide = all(p.cache.measure(spans(pl.get("cards") or []), size)[0] <= cards_width for pl in players)
    if not wide or rows_height(p, view) > rect.height:
        return seat_band.draw(p, rect, seat_chips(p, view))
    acting = (view.get("pending") or {}).get("player") or view.get("active")
    height = _row_height(p)
    for n, (player, label) in enumerate(zip(players, labels, strict=True)):
        name = str(player["name"])
        row = pygame.Rect(rect.left, rect.top + n * height, rect.width, height - 2)
        fill = palette.PANEL if n % 2 else palette.BACKGROUND
        p.box(f"{ROLE}:seat:{n}", row, fill=fill, edge=palette.HIGHLIGHT if name == acting else None, value=name,
              tags=["seat", "acting"] if name == acting else ["seat"])
        inner = row.inflate(-8, 0)
        pygame.draw.rect(p.surface, SEAT_COLOURS.get(name, palette.TEXT_MUTED),
                         pygame.Rect(inner.left, inner.top + 2, bar, inner.height - 4))
        p.text(f"{ROLE}:seat:{n}:name", label, pygame.Rect(inner.left + bar + m.pad, inner.top, name_width - bar - m.pad,
                                                          inner.height), size, palette.TEXT, fill, value=name,
               min_size=size, tags=["seat"])
        cards = player.get("cards") or []
        p.text(f"{ROLE}:seat:{n}:cards", spans(cards), pygame.Rect(inner.left + name_width, inner.top, cards_width,
                                                                   inner.height), size, palette.TEXT, fill,
               value=len(cards), min_size=size)
        points = int(player.get("points", 0))
        p.text(f"{ROLE}:seat:{n}:points", str(points), pygame.Rect(inner.right - points_width, inner.top,
                                                                   points_width, inner.height), size,
               palette.TEXT_MUTED, fill, align="right", value=points, min_size=size)
    return len(players) * height


def draw_board(screen: Screen, p: Painter, rect: pygame.Rect) -> None:
    """The card in the middle on top where it fits beside every seat, then the seats."""
    if screen.view:
        top = middle_height(p) + p.metrics.pad
        if rect.height >= top + seats_min_height(screen, p):
            draw_middle(p, pygame.Rect(rect.left, rect.top, rect.width, top - p.metrics.pad), screen.view)
            rect = pygame.Rect(rect.left, rect.top + top, rect.width, rect.height - top)
        draw_seats(p, rect, screen.view)


def seats_min_height(screen: Screen, p: Painter) -> int:
    """Every seat: its row, or the band where that is less (the card in the middle gives way: the question
    names it and its chips)."""
    if not screen.view or screen.kind != "board":
        return board_min_height(screen, p)
    band = seat_band.height(p, narrowest_board(p), seat_chips(p, screen.view))
    return min(rows_height(p, screen.view), band)


def board_min_height(screen: Screen, p: Painter) -> int:
    """The card in the middle and every seat; on the game-over screen, the ranking at its tightest."""
    if not screen.view or screen.kind not in ("board", "game-over"):
        return 0
    if screen.kind == "game-over":
        return ranking.least_height(p, screen.view, _place_line(screen.view))
    return middle_height(p) + p.metrics.pad + seats_min_height(screen, p)


# --- the end ---------------------------------------------------------------------------------------------


def _headline(names: list[str]) -> Message:
    """Who won; everyone level on the lowest total shares the win."""
    if len(names) > 1:
        return msg("Shared win: {name}", name=", ".join(names))
    return msg("Winner: {name}", name=names[0])


def _place_line(view: dict[str, Any]) -> ranking.Line:
    """A player's line: place, total, and the cards and chips it is made of (lowest wins)."""
    outcome = view.get("outcome") or {}
    parts = {key: (outcome.get("detail") or {}).get(key) or {} for key in ("card_points", "chips")}
    totals = {name: (n, parts["card_points"].get(name, 0), parts["chips"].get(name, 0))
              for name, n in (outcome.get("scores") or {}).items()}

    def line(place: int, who: str, name: str) -> Message:
        n, cards, chips = totals.get(name, (0, 0, 0))
        return msg_n("{place}. {name}: {n} point (cards {cards}, chips {chips})",
                     "{place}. {name}: {n} points (cards {cards}, chips {chips})",
                     place=place, name=who, n=n, cards=cards, chips=chips)

    return line


def draw_game_over(screen: Screen, p: Painter, rect: pygame.Rect) -> None:
    """The ranking, lowest total first, ties sharing a place; each line with its cards' points and chips."""
    if screen.view:
        ranking.draw_ranking(p, rect, screen.view, f"{ROLE}:game-over", _headline, _place_line(screen.view))


SCREENS = board_screens(draw_board, draw_game_over, board_min_height, seat_chips, seats_min_height)
"""What the generic renderer asks for (companion.screens.registry); the set-up questions are its generic frame."""
