"""The Tenno table as the screen shows it: the duel on screen, the seats, and the game over with the scores.

Each seat, in seat order (the ring unrolled, the player to act outlined):
its colour, the row of three places (a filled box per face-down card, an
empty one per gap), the hand count, the prisoner pile's size and how many
cards it lost. Never which cards: the prisoner piles may not be looked at
and the screen must not remember for the players. The duel shows both
cards named as players say them ("Samurai 8"), their strengths, the Monk
and who wins, until the table presses OK after the turn.
"""

from __future__ import annotations

from typing import Any

import pygame

from companion.screen_model import Screen
from companion.screens import glyphs, palette, ranking, seat_band
from companion.screens.layout import columns, share
from companion.screens.painter import Painter
from engine.core.messages import Message, msg, msg_n
from games.tenno.app.ui import ROLE_NAMES

SEAT_COLOURS = {"red": palette.VERMILLION, "blue": palette.BLUE, "green": palette.BLUISH_GREEN,
                "yellow": palette.YELLOW, "purple": palette.REDDISH_PURPLE, "orange": palette.ORANGE,
                "white": palette.WHITE}
LAYOUT = 3


def role_name(p: Painter, cid: str) -> str:
    """A card as its face shows it ("Samurai 8", "Ninja"), from its id; an unknown id is "?" rather than an id."""
    parts = cid.split("-")
    if len(parts) == 3 and parts[1] == "farmer":
        return p.tr(msg("Farmer {n}", n=parts[2]))
    if len(parts) == 3 and parts[1] == "samurai":
        return p.tr(msg("Samurai {n}", n=parts[2]))
    word = ROLE_NAMES.get(parts[1]) if len(parts) == 2 else None
    return p.tr(word) if word is not None else "?"


def _line(p: Painter, size: int) -> int:
    return p.metrics.line_height(size)


def duel_height(p: Painter, width: int | None = None, duel: dict[str, Any] | None = None) -> int:
    """Two card boxes `width` wide together: the player's name over the card's name, the strength and result
    under it, on two lines where one is too narrow ("8 with the Monk: wins" beside a wide side panel)."""
    lines = 1
    if width is not None and duel:
        inner = _duel_inner_width(p, width)
        lines = max([1, *(len(p.cache.wrap(words, p.metrics.min_size, inner)) for words in _all_strength_words(p, duel))])
    return (1 + lines) * _line(p, p.metrics.min_size) + _line(p, p.metrics.text_size) + 6


def _duel_inner_width(p: Painter, width: int) -> int:
    """The room for words inside one of the duel's two boxes, `width` being both boxes'."""
    return share(width, [1.0, 1.0], p.metrics.pad)[0] - 8


def _all_strength_words(p: Painter, duel: dict[str, Any]) -> list[str]:
    """The strength and result lines of both sides of `duel`, in words (none before the cards are turned)."""
    out = []
    for side in ("attacker", "defender"):
        info = duel.get(side) or {}
        if info.get("strength") is not None:
            out.append(p.tr(_strength_words(side, int(info["strength"]), bool(duel.get("monk")),
                                            duel.get("result") == side, duel.get("result"))))
    return out


def draw_duel(p: Painter, rect: pygame.Rect, duel: dict[str, Any]) -> None:
    """Attacker and defender side by side, each with its strength once resolved; the winner outlined."""
    m = p.metrics
    result = duel.get("result")
    left, right = columns(rect, share(rect.width, [1.0, 1.0], m.pad), m.pad)
    sides = (("attacker", duel.get("attacker"), left), ("defender", duel.get("defender"), right))
    for side, info, cell in sides:
        won = result == side
        p.box(f"tenno:duel:{side}", cell, fill=palette.PANEL, edge=palette.GOOD if won else palette.PANEL_EDGE,
              radius=4, value=side, tags=["winner"] if won else [])
        inner = cell.inflate(-8, -4)
        top = pygame.Rect(inner.left, inner.top, inner.width, _line(p, m.min_size))
        middle = pygame.Rect(inner.left, top.bottom, inner.width, _line(p, m.text_size))
        bottom = pygame.Rect(inner.left, middle.bottom, inner.width, inner.bottom - middle.bottom)
        if not info:
            # Whole, on as many of the box's lines as it needs (half the box is narrow on 480x320).
            waiting = p.tr(msg("Defender: waiting for the tap"))
            lines = p.cache.wrap(waiting, m.min_size, inner.width)
            step = _line(p, m.min_size)
            y = inner.centery - len(lines) * step // 2
            for n, line in enumerate(lines):
                p.text(f"tenno:duel:{side}:waiting", line, pygame.Rect(inner.left, y + n * step, inner.width, step),
                       m.min_size, palette.TEXT_MUTED, palette.PANEL, align="center", min_size=m.min_size,
                       value=waiting)
            continue
        player = str(info.get("player", ""))
        heading = msg("{name} attacks", name=p.name("player", player)) if side == "attacker" else \
            msg("{name} defends", name=p.name("player", player))
        p.text(f"tenno:duel:{side}:player", p.tr(heading), top, m.min_size, palette.TEXT_MUTED, palette.PANEL,
               align="center", value=player, min_size=m.min_size)
        p.text(f"tenno:duel:{side}:card", role_name(p, str(info.get("card", ""))), middle, m.text_size,
               palette.TEXT, palette.PANEL, align="center", value=player, bold=True, min_size=m.min_size)
        strength = info.get("strength")
        if strength is None:
            continue
        words = p.tr(_strength_words(side, int(strength), bool(duel.get("monk")), won, result))
        step = _line(p, m.min_size)
        for n, line in enumerate(p.cache.wrap(words, m.min_size, bottom.width)):
            p.text(f"tenno:duel:{side}:strength", line, pygame.Rect(bottom.left, bottom.top + n * step, bottom.width,
                                                                   step), m.min_size,
                   palette.GOOD if won else palette.TEXT, palette.PANEL, align="center", value=int(strength),
                   min_size=m.min_size)


def _strength_words(side: str, strength: int, monk: bool, won: bool, result: Any) -> Message:
    if side == "defender" and monk:
        return msg("{n} with the Monk: wins", n=strength) if won else msg("{n} with the Monk", n=strength)
    if won:
        return msg("{n}: wins", n=strength)
    if result == "tie":
        return msg("{n}: tie", n=strength)
    return msg("{n}", n=strength)


HEADINGS = (msg("Player"), msg("Row"), msg("Hand"), msg("Prisoners"), msg("Lost"))


def _widths(p: Painter, total: int, names: list[str]) -> list[int]:
    """Columns as wide as their words at the smallest type; the name takes what is left."""
    m = p.metrics
    font = p.cache.font(m.min_size)
    headings = [p.tr(h) for h in HEADINGS]
    bar = max(4, m.px(6)) + m.pad
    slots = max(font.size(headings[1])[0], 3 * _slot(p) + 2 * max(2, m.px(3))) + m.pad
    numbers = [max(font.size(h)[0], font.size("11")[0]) + m.pad for h in headings[2:]]
    name = max(font.size(t)[0] for t in [headings[0], *names]) + bar + m.pad
    rest = total - slots - sum(numbers) - 4 * m.pad
    return [max(0, min(name, rest)), slots, *numbers]


def _slot(p: Painter) -> int:
    return max(8, p.metrics.px(14))


def draw_seats(p: Painter, rect: pygame.Rect, view: dict[str, Any]) -> int:
    """One row per seat; where not all fit (480x320), the player to act first and the next ones clockwise.

    Returns the bottom of the last row drawn.
    """
    m = p.metrics
    players = list(view.get("players") or [])
    if not players:
        return rect.top
    size = m.min_size
    head = _line(p, size)
    heading = pygame.Rect(rect.left, rect.top, rect.width, head)
    bar = max(4, m.px(6)) + 2 * m.pad
    names = p.seat_labels([(pl["name"], p.name("player", str(pl["name"]))) for pl in players],
                          rect.width // 2 - bar, m.min_size)
    widths = _widths(p, rect.width, names)
    body = pygame.Rect(rect.left, heading.bottom, rect.width, rect.bottom - heading.bottom)
    gap = max(1, m.px(3))
    least = _line(p, size)
    fit = max(0, min(len(players), (body.height + gap) // (least + gap)))
    chips = seat_chips(p, view)
    font = p.cache.font(m.min_size)
    narrow = widths[0] < max(font.size(t)[0] for t in [p.tr(HEADINGS[0]), *names]) + max(4, m.px(6)) + 2 * m.pad
    if (fit < len(players) or narrow) and seat_band.fits(p, rect, chips):
        # Not every row fits (480x320 beside the to-do panel), or not every name whole beside the columns (a
        # side panel widened for a long prompt): every seat as a chip instead.
        return rect.top + seat_band.draw(p, rect, chips)
    if fit == 0:
        return rect.top
    for n, (cell, label) in enumerate(zip(columns(heading, widths, m.pad), HEADINGS, strict=True)):
        p.text(f"tenno:seats:heading:{n}", p.tr(label), cell, size, palette.TEXT_MUTED, min_size=size)
    height = min((body.height + gap) // fit - gap, _line(p, m.text_size) + m.pad)
    acting = (view.get("pending") or {}).get("player") or view.get("active")
    order = list(range(len(players)))
    if fit < len(players):
        start = next((i for i, pl in enumerate(players) if pl["name"] == acting), 0)
        order = [(start + k) % len(players) for k in range(fit)]
    ceiling = max(m.min_size, min(m.text_size, height - 4))
    size = p.cache.common_size(names, ceiling, widths[0] - max(4, m.px(6)) - 2 * m.pad, m.min_size)
    for place, n in enumerate(order[:fit]):
        row = pygame.Rect(body.left, body.top + place * (height + gap), body.width, height)
        _draw_seat(p, row, widths, players[n], players[n]["name"] == acting, n, size, names[n])
    return body.top + fit * (height + gap)


def seat_chips(p: Painter, view: dict[str, Any]) -> list[seat_band.Chip]:
    """Every seat as a chip for the band: its colour and name, cards in its row (of three), in hand, prisoners
    and cards lost."""
    acting = (view.get("pending") or {}).get("player") or view.get("active")
    chips = []
    for n, player in enumerate(view.get("players") or []):
        name = str(player["name"])
        row, hand = int(player.get("row", LAYOUT)), int(player.get("hand", 0))
        prisoners, lost = int(player.get("prisoners", 0)), int(player.get("lost", 0))
        facts = (seat_band.Fact("row", str(row), glyphs.card_row, row),
                 seat_band.Fact("hand", str(hand), glyphs.hand_cards, hand),
                 seat_band.Fact("prisoners", str(prisoners), glyphs.figure, prisoners),
                 seat_band.Fact("lost", str(lost), glyphs.card_lost, lost))
        chips.append(seat_band.Chip(f"tenno:seat:{n}", name, p.name("player", name), facts, SEAT_COLOURS.get(name),
                                    name == acting, person=p.people.get(name, "")))
    return chips


def _draw_seat(p: Painter, row: pygame.Rect, widths: list[int], player: dict[str, Any], acting: bool, n: int,
               size: int, word: str) -> None:
    m = p.metrics
    name = str(player["name"])
    fill = palette.PANEL if n % 2 else palette.BACKGROUND
    p.box(f"tenno:seat:{n}", row, fill=fill, edge=palette.HIGHLIGHT if acting else None, value=name,
          tags=["seat", "acting"] if acting else ["seat"])
    inner = row.inflate(-4, -2)
    name_cell, row_cell, hand_cell, prisoners_cell, lost_cell = columns(inner, widths, m.pad)
    bar = max(4, m.px(6))
    pygame.draw.rect(p.surface, SEAT_COLOURS.get(name, palette.TEXT_MUTED),
                     pygame.Rect(name_cell.left, name_cell.top + 2, bar, name_cell.height - 4))
    label = pygame.Rect(name_cell.left + bar + m.pad, name_cell.top, name_cell.width - bar - m.pad, name_cell.height)
    p.text(f"tenno:seat:{n}:name", word, label, size, palette.TEXT, fill, value=name,
           min_size=m.min_size)
    _draw_row(p, row_cell, int(player.get("row", LAYOUT)), n)
    for role, cell, key in ((f"tenno:seat:{n}:hand", hand_cell, "hand"),
                            (f"tenno:seat:{n}:prisoners", prisoners_cell, "prisoners"),
                            (f"tenno:seat:{n}:lost", lost_cell, "lost")):
        p.text(role, str(player.get(key, 0)), cell, size, palette.TEXT, fill, value=int(player.get(key, 0)),
               min_size=m.min_size)


def _draw_row(p: Painter, cell: pygame.Rect, cards: int, n: int) -> None:
    """Three places: a filled box for each face-down card, an outline for each gap."""
    side = min(_slot(p), cell.height - 4)
    gap = max(2, p.metrics.px(3))
    top = cell.centery - side // 2
    for k in range(LAYOUT):
        place = pygame.Rect(cell.left + k * (side + gap), top, max(4, side * 3 // 4), side)
        filled = k < cards
        p.box(f"tenno:seat:{n}:place:{k}", place, fill=palette.PANEL_EDGE if filled else None,
              edge=palette.TEXT_MUTED, radius=2, value="card" if filled else "gap", tags=["gap"] if not filled else [])


def draw_board(screen: Screen, p: Painter, rect: pygame.Rect) -> None:
    view = screen.view
    if not view:
        return
    m = p.metrics
    duel = view.get("duel")
    if not duel:
        draw_seats(p, rect, view)
        return
    height = duel_height(p, rect.width, duel)
    least = min(_line(p, m.min_size) + len(view.get("players") or []) * (_line(p, m.min_size) + max(1, m.px(3))),
                seat_band.height(p, rect.width, seat_chips(p, view)))
    if rect.height < height + m.pad + least:
        # Too little room for both beside the to-do panel: every seat stays, the duel gives way (its cards are
        # in the prompt and the steps).
        draw_seats(p, rect, view)
        return
    if m.compact:
        # 480x320: the duel first, then the seats.
        draw_duel(p, pygame.Rect(rect.left, rect.top, rect.width, height), duel)
        draw_seats(p, pygame.Rect(rect.left, rect.top + height + m.pad, rect.width, rect.height - height - m.pad),
                   view)
        return
    seats = pygame.Rect(rect.left, rect.top, rect.width, max(0, rect.height - height - m.pad))
    bottom = draw_seats(p, seats, view)
    if bottom + m.pad + height <= rect.bottom:
        draw_duel(p, pygame.Rect(rect.left, bottom + m.pad, rect.width, height), duel)


def _headline(names: list[str]) -> Message:
    return msg("Winner: {name}", name=names[0]) if len(names) == 1 else msg("Shared win: {name}", name=", ".join(names))


def _place_line(view: dict[str, Any]) -> ranking.Line:
    """A player's line: place, points, and where the tie-break decided, the prisoners and the hand and row."""
    outcome = view.get("outcome") or {}
    detail = outcome.get("detail") or {}
    scores = outcome.get("scores") or {}
    prisoners = detail.get("prisoner_points") or {}
    extra = detail.get("tie_break") or {}

    def line(place: int, who: str, name: str) -> Message:
        if name in extra:
            return msg_n("{place}. {name}: {n} point ({prisoners} prisoners + {rest} hand and row)",
                         "{place}. {name}: {n} points ({prisoners} prisoners + {rest} hand and row)",
                         place=place, name=who, n=scores.get(name, 0), prisoners=prisoners.get(name, 0),
                         rest=extra[name])
        return msg_n("{place}. {name}: {n} point",
                     "{place}. {name}: {n} points",
                     place=place, name=who, n=scores.get(name, 0))

    return line


def draw_game_over(screen: Screen, p: Painter, rect: pygame.Rect) -> None:
    """The ranking by points, ties sharing a place; the tie-break shown where it decided (companion.screens.ranking:
    every player's line whole, wrapped or in two columns where it must)."""
    if screen.view:
        ranking.draw_ranking(p, rect, screen.view, "tenno:game-over", _headline, _place_line(screen.view))


def board_min_height(screen: Screen, p: Painter) -> int:
    """The seat headings and every seat's row at the smallest readable type, and the duel when there is one.

    The game-over screen lists every player too, so the to-do panel under it leaves them the same room.
    """
    if not screen.view or screen.kind not in ("board", "game-over"):
        return 0
    m = p.metrics
    if screen.kind == "game-over":
        # The ranking at its tightest (two columns at the smallest readable type, long lines wrapped).
        return ranking.least_height(p, screen.view, _place_line(screen.view))
    width = p.surface.get_width()
    narrowest = width - 2 * m.pad if m.compact else width - round(width * 0.48) - 2 * m.pad
    duel = duel_height(p, narrowest, screen.view["duel"]) + m.pad if screen.view.get("duel") else 0
    return seats_min_height(screen, p) + duel


def seats_min_height(screen: Screen, p: Painter) -> int:
    """Every seat: the headings and a row each at the smallest readable type, or on 480x320, where that is
    less, the compact band; the duel gives way to a long step (its cards are in the prompt and the steps)."""
    if not screen.view or screen.kind not in ("board", "game-over"):
        return 0
    if screen.kind == "game-over":
        return board_min_height(screen, p)
    m = p.metrics
    seats = len(screen.view.get("players", []))
    rows = _line(p, m.min_size) + seats * (_line(p, m.min_size) + max(1, m.px(3)))
    if m.compact:
        rows = min(rows, seat_band.height(p, p.surface.get_width() - 2 * m.pad, seat_chips(p, screen.view)))
    return rows
