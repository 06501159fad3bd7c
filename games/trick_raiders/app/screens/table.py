"""The Trick Raiders table as the screen shows it: trump, one row per seat, the trick; round summary; game over.

A card is drawn short, as printed on its corner ("9♥"): the value and the
suit's symbol, the same in every language and never the card's id. Players
are named by the game's seat words. A cancelled card is struck out, the
trick's winner outlined; a seat that dropped out is struck out with "out".
"""

from __future__ import annotations

import re
from functools import partial
from typing import Any

import pygame

from companion.screen_model import Screen
from companion.screens import glyphs, palette, seat_band
from companion.screens.layout import columns, share
from companion.screens.painter import Painter
from companion.screens.registry import band_of_names
from engine.core.messages import msg

SYMBOLS = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}
SUIT_COLOURS = {"spades": palette.TEXT, "clubs": palette.TEXT, "hearts": palette.ORANGE, "diamonds": palette.ORANGE}
SEAT_COLOURS = {"red": palette.VERMILLION, "blue": palette.SKY_BLUE, "green": palette.BLUISH_GREEN,
                "yellow": palette.YELLOW}
_ID = re.compile(r"^(spades|hearts|diamonds|clubs)-(10|[1-9])[abc]?$")


def short_card(cid: str) -> str:
    """A card as its corner shows it: "9♥"; an unknown id is shown as "?" rather than as an id."""
    match = _ID.match(cid)
    return f"{match.group(2)}{SYMBOLS[match.group(1)]}" if match else "?"


def _line(p: Painter, size: int) -> int:
    return p.metrics.line_height(size)


def _strike(p: Painter, role: str, rect: tuple[int, int, int, int], colour: palette.Colour) -> None:
    x, y, w, h = rect
    pygame.draw.line(p.surface, colour, (x, y + h // 2), (x + w, y + h // 2), max(2, h // 10))
    p.record("box", role, None, pygame.Rect(x, y + h // 2 - 1, w, 2))


def draw_header(p: Painter, rect: pygame.Rect, view: dict[str, Any]) -> pygame.Rect:
    """Trump and where the round stands; returns the space left below."""
    m = p.metrics
    height = _line(p, m.text_size)
    row = pygame.Rect(rect.left, rect.top, rect.width, height)
    trump = str(view.get("trump") or "spades")
    left, right = columns(row, share(row.width, [0.62, 0.38], m.pad), m.pad)
    p.text("tr:trump", p.tr(msg("Trump: {suit} {symbol}", suit=p.name("suit", trump),
                                symbol=SYMBOLS.get(trump, ""))),
           left, m.text_size, palette.HIGHLIGHT, value=trump, bold=True)
    if view.get("phase") == "tricks":
        p.text("tr:trick-number", p.tr(msg("Trick {n}", n=view.get("trick_number", 1))), right, m.text_size,
               palette.TEXT_MUTED, align="right", value=view.get("trick_number"))
    return pygame.Rect(rect.left, row.bottom + m.pad, rect.width, rect.bottom - row.bottom - m.pad)


def draw_seats(p: Painter, rect: pygame.Rect, view: dict[str, Any], lead_cards: bool = True) -> int:
    """One row per seat: name (the player to act outlined), lives, hand count, lead cards or "out".

    Where not every row fits (480x320), the player to act comes first and the next ones clockwise follow.
    Returns the bottom of the last row.
    """
    m = p.metrics
    players = view.get("players", [])
    if not players:
        return rect.top
    size = m.min_size
    head = _line(p, size)
    heading = pygame.Rect(rect.left, rect.top, rect.width, head)
    labels = (msg("Player"), msg("Lives"), msg("Hand"), msg("Lead cards") if lead_cards else msg("Bonus"))
    bar = max(4, m.px(6)) + m.pad
    names = p.seat_labels([(pl["name"], p.name("player", str(pl["name"]))) for pl in players],
                          rect.width * 3 // 10 - bar - m.pad, m.min_size)
    widths = _seat_widths(p, rect.width, [p.tr(label) for label in labels], names)
    body = pygame.Rect(rect.left, heading.bottom, rect.width, rect.bottom - heading.bottom)
    gap = max(1, m.px(3))
    least = _line(p, m.min_size)
    fit = max(0, min(len(players), (body.height + gap) // (least + gap)))
    chips = seat_chips(p, view)
    if fit < len(players) and seat_band.fits(p, rect, chips):
        # Not every row fits (480x320 beside the to-do panel): every seat as a chip instead.
        return rect.top + seat_band.draw(p, rect, chips)
    headless = fit == 0 and m.compact
    if headless:
        # 480x320 with a long to-do panel: rows without their headings, which the table has seen before.
        body = rect
        fit = max(0, min(len(players), (body.height + gap) // (least + gap)))
    if fit == 0:
        return rect.top
    for n, (cell, label) in enumerate(zip(columns(heading, widths, m.pad), labels, strict=True)):
        if not headless:
            p.text(f"tr:seats:heading:{n}", p.tr(label), cell, size, palette.TEXT_MUTED, min_size=size)
    height = min((body.height + gap) // fit - gap, _line(p, m.text_size) + m.pad)
    acting = (view.get("pending") or {}).get("player")
    order = list(range(len(players)))
    if fit < len(players):
        start = next((i for i, pl in enumerate(players) if pl["name"] == acting), 0)
        order = [(start + k) % len(players) for k in range(fit)]
    ceiling = max(m.min_size, min(m.text_size, height - 4))
    leads = [" ".join(short_card(str(c)) for c in pl.get("lead", [])) for pl in players]
    size = min(p.cache.common_size(names, ceiling, widths[0] - m.px(6) - 2 * m.pad, m.min_size),
               p.cache.common_size([t for t in leads if t] or ["-"], ceiling, widths[3] - m.pad, m.min_size))
    for place, n in enumerate(order[:fit]):
        player = players[n]
        row = pygame.Rect(body.left, body.top + place * (height + gap), body.width, height)
        _draw_seat(p, row, widths, player, player["name"] == acting, n, lead_cards, size, names[n])
    return body.top + fit * (height + gap)


def seat_chips(p: Painter, view: dict[str, Any]) -> list[seat_band.Chip]:
    """Every seat as a chip for the band: its colour and name, lives and cards in hand, or "out"."""
    acting = (view.get("pending") or {}).get("player")
    chips = []
    for n, player in enumerate(view.get("players", [])):
        name = str(player["name"])
        lives, hand = int(player.get("lives", 0)), int(player.get("hand", 0))
        facts = (seat_band.Fact("lives", str(lives), glyphs.heart, lives),
                 seat_band.Fact("hand", str(hand), glyphs.hand_cards, hand))
        if player.get("out"):
            facts = (*facts[:1], seat_band.Fact("out", p.tr(msg("out")), None, "out", tags=("out",)))
        chips.append(seat_band.Chip(f"tr:seat:{n}", name, p.name("player", name), facts, SEAT_COLOURS.get(name),
                                    name == acting, muted=bool(player.get("out")), person=p.people.get(name, "")))
    return chips


def _seat_widths(p: Painter, total: int, headings: list[str], names: list[str]) -> list[int]:
    """Name, lives and hand columns as wide as their words at the smallest type; the lead cards get the rest."""
    m = p.metrics
    font = p.cache.font(m.min_size)
    bar = max(4, m.px(6)) + m.pad
    name = min(total * 3 // 10, max(font.size(t)[0] for t in [headings[0], *names]) + bar + m.pad)
    lives = max(font.size(headings[1])[0], font.size("10")[0]) + m.pad
    hand = max(font.size(headings[2])[0], font.size("10")[0]) + m.pad
    return [name, lives, hand, max(0, total - name - lives - hand - 3 * m.pad)]


def _draw_seat(p: Painter, row: pygame.Rect, widths: list[int], player: dict[str, Any], acting: bool, n: int,
               lead_cards: bool, size: int, word: str) -> None:
    m = p.metrics
    name = str(player["name"])
    fill = palette.PANEL if n % 2 else palette.BACKGROUND
    p.box(f"tr:seat:{n}", row, fill=fill, edge=palette.HIGHLIGHT if acting else None, value=name,
          tags=["seat", "acting"] if acting else ["seat"])
    inner = row.inflate(-4, -2)
    name_cell, lives_cell, hand_cell, lead_cell = columns(inner, widths, m.pad)
    pygame.draw.rect(p.surface, SEAT_COLOURS.get(name, palette.TEXT_MUTED),
                     pygame.Rect(name_cell.left, name_cell.top + 2, max(4, m.px(6)), name_cell.height - 4))
    label = pygame.Rect(name_cell.left + max(4, m.px(6)) + m.pad, name_cell.top,
                        name_cell.width - max(4, m.px(6)) - m.pad, name_cell.height)
    drawn = p.text(f"tr:seat:{n}:name", word, label, size, palette.TEXT, fill, value=name,
                   min_size=m.min_size)
    out = bool(player.get("out"))
    if out and drawn is not None:
        _strike(p, f"tr:seat:{n}:struck", drawn.rect, palette.ERROR)
    p.text(f"tr:seat:{n}:lives", str(player.get("lives", 0)), lives_cell, size, palette.TEXT, fill,
           value=player.get("lives"), min_size=m.min_size)
    p.text(f"tr:seat:{n}:hand", str(player.get("hand", 0)), hand_cell, size, palette.TEXT, fill,
           value=player.get("hand"), min_size=m.min_size)
    if out:
        p.text(f"tr:seat:{n}:out", p.tr(msg("out")), lead_cell, size, palette.ERROR, fill, value="out",
               tags=["out"], min_size=m.min_size)
        return
    bonus = str(player.get("bonus") or "")
    if bonus:
        words = {"aggressive": msg("Bonus: aggressive"), "passive": msg("Bonus: passive")}
        token = p.tr(words.get(bonus, msg("Bonus")))
        if not lead_cards:
            p.text(f"tr:seat:{n}:bonus", token, lead_cell, size, palette.HIGHLIGHT, fill, value=bonus,
                   min_size=m.min_size)
            return
        width = min(lead_cell.width // 2, p.cache.font(m.min_size).size("B")[0] * 2 + m.pad)
        mark = pygame.Rect(lead_cell.right - width, lead_cell.top, width, lead_cell.height)
        p.box(f"tr:seat:{n}:bonus-token", mark, fill=palette.HIGHLIGHT, value=bonus, tags=[bonus])
        p.text(f"tr:seat:{n}:bonus", "B", mark, m.min_size, palette.HIGHLIGHT_TEXT, palette.HIGHLIGHT, align="center",
               value=bonus, min_size=m.min_size)
        lead_cell = pygame.Rect(lead_cell.left, lead_cell.top, lead_cell.width - width - m.pad, lead_cell.height)
    if lead_cards:
        lead = [short_card(str(c)) for c in player.get("lead", [])]
        p.text(f"tr:seat:{n}:lead", " ".join(lead) or "-", lead_cell, size, palette.TEXT, fill,
               value=len(lead), min_size=m.min_size)


def draw_trick(p: Painter, rect: pygame.Rect, view: dict[str, Any]) -> None:
    """The trick in play order, one box per card; cancelled ones struck out; after the trick, its winner outlined."""
    m = p.metrics
    trick = list(view.get("trick") or [])
    winner = None
    title = p.tr(msg("This trick"))
    if not trick and view.get("last_trick"):
        last = view["last_trick"]
        trick, winner = list(last.get("cards") or []), last.get("winner")
        title = p.tr(msg("{name} won", name=p.name("player", str(winner)))) if winner else p.tr(msg("Last trick"))
    size = m.min_size
    label_width = min(rect.width // 4, p.cache.font(size).size(title)[0] + m.pad)
    # Whole, on the box's two lines when a quarter of the width is too narrow for one ("Remporté par Vert").
    lines = p.cache.wrap(title, size, label_width - m.pad // 2)
    if len(lines) > 2:
        label_width = min(rect.width // 3, max(p.cache.measure(word, size)[0] for word in title.split()) * 2)
        lines = p.cache.wrap(title, size, label_width - m.pad // 2)
    step = min(_line(p, size), rect.height // max(1, len(lines)))
    first = rect.centery - step * len(lines) // 2
    for n, line in enumerate(lines):
        p.text("tr:trick:title", line, pygame.Rect(rect.left, first + n * step, label_width, step), size,
               palette.TEXT_MUTED, min_size=size, value=title)
    if not trick:
        return
    room = pygame.Rect(rect.left + label_width + m.pad, rect.top, rect.width - label_width - m.pad, rect.height)
    cells = columns(room, share(room.width, [1.0] * len(trick), m.pad), m.pad)
    names = [p.name("player", str(pl.get("player", ""))) for pl in trick]
    name_size = p.cache.common_size(names, m.min_size, min(c.width for c in cells) - 8, m.min_size)
    name_height = _line(p, m.min_size)
    for n, (played, cell, name) in enumerate(zip(trick, cells, names, strict=True)):
        card = str(played.get("card", ""))
        who = str(played.get("player", ""))
        won = winner is not None and who == winner
        p.box(f"tr:trick:{n}:card", cell, fill=palette.PANEL, edge=palette.GOOD if won else None, radius=4,
              value=who, tags=["winner"] if won else [])
        top = pygame.Rect(cell.left + 4, cell.top + 2, cell.width - 8, name_height)
        p.text(f"tr:trick:{n}:player", name, top, name_size, palette.TEXT_MUTED, palette.PANEL, align="center",
               value=who, min_size=m.min_size)
        below = pygame.Rect(cell.left + 4, top.bottom, cell.width - 8, cell.bottom - top.bottom - 2)
        colour = SUIT_COLOURS.get(card.split("-")[0], palette.TEXT)
        drawn = p.text(f"tr:trick:{n}", short_card(card), below, m.text_size, colour, palette.PANEL, align="center",
                       value=who, tags=["cancelled"] if played.get("cancelled") else [], min_size=m.min_size)
        if played.get("cancelled") and drawn is not None:
            _strike(p, f"tr:trick:{n}:struck", drawn.rect, palette.ERROR)


def draw_board(screen: Screen, p: Painter, rect: pygame.Rect) -> None:
    view = screen.view
    if not view:
        return
    m = p.metrics
    trick_height = _trick_height(p)
    shows_trick = view.get("phase") == "tricks" and bool(view.get("trick") or view.get("last_trick"))
    if m.compact:
        # The trump line stays over the seats (their names only, if it must be), and gives way only to a notice
        # that leaves not even that.
        fits = rect.height >= names_min_height(screen, p)
        _draw_compact_board(p, draw_header(p, rect, view) if fits else rect, view, shows_trick)
        return
    least = min(_seats_min_height(p, view), seat_band.height(p, rect.width, seat_chips(p, view)))
    # The trump line gives way only where a step too tall leaves the seats no other room.
    body = draw_header(p, rect, view) if rect.height >= _line(p, m.text_size) + m.pad + least else rect
    if not shows_trick or body.height < _seats_min_height(p, view) + m.pad + trick_height:
        # The trick gives way to the to-do panel (its cards are in the steps); every seat stays.
        draw_seats(p, body, view)
        return
    seats = pygame.Rect(body.left, body.top, body.width, max(0, body.height - trick_height - m.pad))
    bottom = draw_seats(p, seats, view)
    top = min(bottom + m.pad, body.bottom - trick_height)
    if top >= bottom:
        draw_trick(p, pygame.Rect(body.left, top, body.width, trick_height), view)


def _draw_compact_board(p: Painter, body: pygame.Rect, view: dict[str, Any], shows_trick: bool) -> None:
    """480x320 shows fewer things, not smaller ones, in what the to-do panel leaves: every seat (as rows, or
    as the compact band when the rows do not fit), and the trick above them when both fit (its cards are in
    the steps and the narration too)."""
    m = p.metrics
    trick_height = _trick_height(p)
    seats = min(_seats_min_height(p, view), seat_band.height(p, body.width, seat_chips(p, view)))
    if shows_trick and body.height >= trick_height + m.pad + seats:
        draw_trick(p, pygame.Rect(body.left, body.top, body.width, trick_height), view)
        body = pygame.Rect(body.left, body.top + trick_height + m.pad, body.width,
                           max(0, body.height - trick_height - m.pad))
    draw_seats(p, body, view)


def draw_round_end(screen: Screen, p: Painter, rect: pygame.Rect) -> None:
    """Between rounds: lives after the round, before the new deal."""
    view = screen.view
    if not view:
        return
    m = p.metrics
    line = _line(p, m.text_size)
    below = pygame.Rect(rect.left, rect.top + line + m.pad, rect.width, rect.height - line - m.pad)
    if below.height < _seats_min_height(p, view) and not seat_band.fits(p, below, seat_chips(p, view)):
        # 480x320 with the question and a long step: every seat stays, the heading gives way.
        draw_seats(p, rect, view, lead_cards=False)
        return
    p.text("tr:round-end:title", p.tr(msg("Round {n} is over: lives now", n=int(view.get("round", 2)) - 1)),
           pygame.Rect(rect.left, rect.top, rect.width, line), m.text_size, palette.HIGHLIGHT, bold=True)
    draw_seats(p, below, view, lead_cards=False)


def draw_game_over(screen: Screen, p: Painter, rect: pygame.Rect) -> None:
    """The ranking by lives, ties sharing a place; the winners first."""
    view = screen.view
    if not view:
        return
    m = p.metrics
    outcome = view.get("outcome") or {}
    ranking = [list(group) for group in outcome.get("ranking", [])]
    scores = outcome.get("scores", {})
    line = _line(p, m.text_size)
    headline = p.said_with_people(view.get("winners", []), lambda names: p.tr(
        msg("Winner: {name}", name=names[0]) if len(names) == 1 else msg("Shared win: {name}", name=", ".join(names))),
        rect.width, m.min_size, bold=True)
    p.text("tr:game-over:winners", headline,
           pygame.Rect(rect.left, rect.top, rect.width, _line(p, m.large_size)), m.large_size, palette.HIGHLIGHT,
           bold=True, min_size=m.min_size)
    top = rect.top + _line(p, m.large_size) + m.pad
    for place, group in enumerate(ranking, start=1):
        row = pygame.Rect(rect.left, top, rect.width, line)
        if row.bottom > rect.bottom:
            break
        lives = scores.get(group[0], 0) if group else 0
        words = p.said_with_people(group, partial(_place_line, p, place, lives), row.width, m.min_size)
        p.text(f"tr:game-over:place:{place}", words, row, m.text_size, palette.TEXT if place > 1 else palette.GOOD,
               value=place, min_size=m.min_size)
        top = row.bottom + m.pad


def _place_line(p: Painter, place: int, lives: int, names: list[str]) -> str:
    """A line of the game over's ranking: "2. Red · Ann, Blue - lives: 1"."""
    return p.tr(msg("{place}. {name} - lives: {n}", place=place, name=", ".join(names), n=lives))


def _trick_height(p: Painter) -> int:
    """A played card's box: the player's name over the card."""
    return _line(p, p.metrics.min_size) + _line(p, p.metrics.text_size) + 4


def _seat_row_height(p: Painter) -> int:
    return _line(p, p.metrics.min_size) + max(1, p.metrics.px(3))


def _seats_min_height(p: Painter, view: dict[str, Any]) -> int:
    """The seat headings and every seat's row at the smallest readable type."""
    return _line(p, p.metrics.min_size) + len(view.get("players", [])) * _seat_row_height(p)


def board_min_height(screen: Screen, p: Painter) -> int:
    """The header, the seat headings and every seat's row at the smallest readable type; the trick's row too
    while there are no steps to do (with steps, the to-do panel comes first and the trick shows if room is left).

    The game-over screen lists every player too, so the to-do panel under it leaves them the same room.
    """
    if not screen.view or screen.kind not in ("board", "round-end", "game-over"):
        return 0
    m = p.metrics
    seats = len(screen.view.get("players", []))
    if screen.kind == "game-over":
        return _line(p, m.large_size) + m.pad + seats * (_line(p, m.text_size) + m.pad)
    trick = _trick_height(p) + m.pad if screen.kind == "board" and not screen.todo else 0
    return seats_min_height(screen, p) + trick


def seats_min_height(screen: Screen, p: Painter) -> int:
    """Every seat: the headings and a row each at the smallest readable type, or on 480x320, where that is
    less, the compact band; the trump line and the trick give way to a long step on 480x320."""
    if not screen.view or screen.kind not in ("board", "round-end", "game-over"):
        return 0
    if screen.kind == "game-over":
        return board_min_height(screen, p)
    m = p.metrics
    seats = _seats_min_height(p, screen.view)
    if m.compact:
        seats = min(seats, seat_band.height(p, p.surface.get_width() - 2 * m.pad, seat_chips(p, screen.view)))
    # The trump line over the seats (the round's title between rounds): which suit is trump is part of
    # every seat's next play.
    return _line(p, m.text_size) + m.pad + seats


def names_min_height(screen: Screen, p: Painter) -> int:
    """The trump line over every seat's name (the band's last resort, see companion.screens.registry)."""
    if not screen.view:
        return 0
    m = p.metrics
    return _line(p, m.text_size) + m.pad + band_of_names(p, seat_chips(p, screen.view))
