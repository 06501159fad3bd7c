"""The Knizia's Samurai table as the screen shows it: the figures, the ties, the seats or the capture; the reckoning.

During the game the screen shows what lies open on the table: the figures
left on the board per caste, the ties towards the end, each player's tiles
played, and during a capture the influence each player has on each caste
named. It never shows what a player captured (behind the screens) unless
the table chose open captures. The game-over screen lifts the screens: every
player's figures per caste, each caste's leader outlined, castes led, and
the sentence that says which tie-break decided.
"""

from __future__ import annotations

from typing import Any

import pygame

from companion.screen_model import Screen
from companion.screens import glyphs, palette, seat_band
from companion.screens.layout import columns, share
from companion.screens.painter import Painter
from engine.core.messages import Message, msg, msg_n

CASTES = ("castle", "buddha", "rice")
CASTE_WORDS: dict[str, Message] = {"castle": msg("Castle"), "buddha": msg("Buddha"), "rice": msg("Rice")}
SEAT_COLOURS = {"red": palette.VERMILLION, "blue": palette.SKY_BLUE, "green": palette.BLUISH_GREEN,
                "yellow": palette.YELLOW}


def _line(p: Painter, size: int) -> int:
    return p.metrics.line_height(size)


def draw_figures(p: Painter, rect: pygame.Rect, view: dict[str, Any]) -> pygame.Rect:
    """One cell per caste: its word and the figures left on the board of the set-up's count."""
    m = p.metrics
    height = _line(p, m.min_size) + _line(p, m.text_size)
    if rect.height < height:
        return _draw_figures_in_one_line(p, rect, view)
    row = pygame.Rect(rect.left, rect.top, rect.width, height)
    cells = columns(row, share(row.width, [1.0, 1.0, 1.0], m.pad), m.pad)
    left = view.get("figures_left") or {}
    start = view.get("figures_start", 0)
    for caste, cell in zip(CASTES, cells, strict=True):
        n = int(left.get(caste, 0))
        p.box(f"ks:figures:{caste}", cell, fill=palette.PANEL, edge=palette.ERROR if n == 0 else None, radius=4,
              value=n, tags=["empty"] if n == 0 else [])
        top = pygame.Rect(cell.left + 4, cell.top + 2, cell.width - 8, _line(p, m.min_size))
        p.text(f"ks:figures:{caste}:name", p.tr(CASTE_WORDS[caste]), top, m.min_size, palette.TEXT_MUTED, palette.PANEL,
               align="center", value=caste, min_size=m.min_size)
        below = pygame.Rect(cell.left + 4, top.bottom, cell.width - 8, cell.bottom - top.bottom - 2)
        p.text(f"ks:figures:{caste}:left", f"{n}/{start}", below, m.text_size, palette.TEXT, palette.PANEL,
               align="center", value=n, min_size=m.min_size, bold=True)
    return pygame.Rect(rect.left, row.bottom + m.pad, rect.width, max(0, rect.bottom - row.bottom - m.pad))


def _draw_figures_in_one_line(p: Painter, rect: pygame.Rect, view: dict[str, Any]) -> pygame.Rect:
    """When the to-do panel leaves one line (480x320 with steps to do): "Castle 10/10" per caste, side by side."""
    m = p.metrics
    row = pygame.Rect(rect.left, rect.top, rect.width, min(rect.height, _line(p, m.min_size)))
    if row.height < _line(p, m.min_size):
        return pygame.Rect(rect.left, rect.top, rect.width, 0)
    left = view.get("figures_left") or {}
    start = view.get("figures_start", 0)
    for caste, cell in zip(CASTES, columns(row, share(row.width, [1.0, 1.0, 1.0], m.pad), m.pad), strict=True):
        n = int(left.get(caste, 0))
        p.text(f"ks:figures:{caste}:left", f"{p.tr(CASTE_WORDS[caste])} {n}/{start}", cell, m.min_size,
               palette.ERROR if n == 0 else palette.TEXT, align="center", value=n, min_size=m.min_size,
               tags=["empty"] if n == 0 else [])
    return pygame.Rect(rect.left, row.bottom + m.pad, rect.width, max(0, rect.bottom - row.bottom - m.pad))


def _status(p: Painter, view: dict[str, Any]) -> tuple[str, palette.Colour, str]:
    ending = view.get("ending")
    ties, most = int(view.get("ties", 0)), int(view.get("ties_to_end", 4))
    if ending:
        player = p.name("player", str(ending.get("player", "")))
        return p.tr(msg("Last turn: the game ends after {name}'s turn.", name=player)), palette.HIGHLIGHT, "ending"
    if ties == most - 1:
        return p.tr(msg("Ties: {n} of {most}. One more ends the game.", n=ties, most=most)), palette.HIGHLIGHT, "warning"
    return p.tr(msg("Ties: {n} of {most}", n=ties, most=most)), palette.TEXT_MUTED, "ties"


def draw_status(p: Painter, rect: pygame.Rect, view: dict[str, Any]) -> pygame.Rect:
    """The ties towards the end, or that this is the last turn."""
    m = p.metrics
    text, colour, tag = _status(p, view)
    # Whole: the warning that one more tie ends the game takes a second line on 480x320 rather than an ellipsis.
    lines = p.cache.wrap(text, m.min_size, rect.width)
    row = pygame.Rect(rect.left, rect.top, rect.width, len(lines) * _line(p, m.min_size))
    if row.bottom > rect.bottom:
        return pygame.Rect(rect.left, rect.top, rect.width, 0)
    for n, line in enumerate(lines):
        p.text("ks:status", line, pygame.Rect(row.left, row.top + n * _line(p, m.min_size), row.width,
                                              _line(p, m.min_size)),
               m.min_size, colour, value=int(view.get("ties", 0)), tags=[tag], min_size=m.min_size)
    return pygame.Rect(rect.left, row.bottom + m.pad, rect.width, max(0, rect.bottom - row.bottom - m.pad))


def _name_width(p: Painter, total: int, names: list[str], heading: str) -> int:
    m = p.metrics
    font = p.cache.font(m.min_size)
    bar = max(4, m.px(6)) + m.pad
    return min(total * 4 // 10, max(font.size(t)[0] for t in [heading, *names]) + bar + m.pad)


def _table(p: Painter, rect: pygame.Rect, role: str, headings: list[str], rows: list[tuple[str, list[str]]],
           acting: str | None, marked: set[tuple[int, int]] | None = None) -> int:
    """A heading line and one row per player (colour bar, name, numbers); the player to act outlined.

    Where not every row fits (480x320), the player to act comes first. Returns the bottom of the last row.
    """
    m = p.metrics
    size = m.min_size
    head = _line(p, size)
    bar = max(4, m.px(6)) + m.pad
    names = p.seat_labels([(name, p.name("player", name)) for name, _ in rows], rect.width * 4 // 10 - bar - m.pad,
                          m.min_size)
    first = _name_width(p, rect.width, names, headings[0])
    widths = [first, *_number_widths(p, max(0, rect.width - first - m.pad), headings[1:], rows)]
    heading = pygame.Rect(rect.left, rect.top, rect.width, head)
    body = pygame.Rect(rect.left, heading.bottom, rect.width, rect.bottom - heading.bottom)
    gap = max(1, m.px(3))
    fit = max(0, min(len(rows), (body.height + gap) // (_line(p, size) + gap)))
    if fit == 0:
        return rect.top
    for n, (cell, label) in enumerate(zip(columns(heading, widths, m.pad), headings, strict=True)):
        p.text(f"{role}:heading:{n}", label, cell, size, palette.TEXT_MUTED, align="left" if n == 0 else "center",
               min_size=size)
    height = min((body.height + gap) // fit - gap, _line(p, m.text_size) + m.pad)
    order = list(range(len(rows)))
    if fit < len(rows):
        start = next((i for i, (name, _) in enumerate(rows) if name == acting), 0)
        order = [(start + k) % len(rows) for k in range(fit)]
    ceiling = max(m.min_size, min(m.text_size, height - 4))
    text_size = p.cache.common_size(names, ceiling, widths[0] - m.px(6) - 2 * m.pad, m.min_size)
    for place, n in enumerate(order[:fit]):
        name, values = rows[n]
        row = pygame.Rect(body.left, body.top + place * (height + gap), body.width, height)
        fill = palette.PANEL if n % 2 else palette.BACKGROUND
        is_acting = name == acting
        p.box(f"{role}:row:{n}", row, fill=fill, edge=palette.HIGHLIGHT if is_acting else None, value=name,
              tags=["seat", "acting"] if is_acting else ["seat"])
        cells = columns(row.inflate(-4, -2), widths, m.pad)
        bar = max(4, m.px(6))
        pygame.draw.rect(p.surface, SEAT_COLOURS.get(name, palette.TEXT_MUTED),
                         pygame.Rect(cells[0].left, cells[0].top + 2, bar, cells[0].height - 4))
        name_cell = pygame.Rect(cells[0].left + bar + m.pad, cells[0].top, cells[0].width - bar - m.pad,
                                cells[0].height)
        p.text(f"{role}:row:{n}:name", names[n], name_cell, text_size, palette.TEXT, fill, value=name, min_size=m.min_size)
        for k, (cell, value) in enumerate(zip(cells[1:], values, strict=True), start=1):
            lead = marked is not None and (n, k) in marked
            if lead:
                p.box(f"{role}:row:{n}:lead:{k}", cell, edge=palette.GOOD, radius=4, value=name, tags=["leader"])
            p.text(f"{role}:row:{n}:{k}", value, cell, text_size, palette.GOOD if lead else palette.TEXT, fill,
                   align="center", value=value, min_size=m.min_size, bold=lead)
    return body.top + fit * (height + gap)


def _number_widths(p: Painter, total: int, headings: list[str], rows: list[tuple[str, list[str]]]) -> list[int]:
    """The number columns across `total`: each as wide as its heading and numbers need at the smallest type
    ("Restantes", "Bouddha" whole), the spare shared out evenly; evenly shared when even that does not fit."""
    if not headings:
        return []
    m = p.metrics
    needs = [max([p.cache.measure(heading, m.min_size)[0], *(p.cache.measure(values[k], m.min_size)[0]
                                                            for _, values in rows)]) + 2
             for k, heading in enumerate(headings)]
    room = total - m.pad * (len(headings) - 1)
    if sum(needs) > room:
        return share(total, [1.0] * len(headings), m.pad)
    spare = room - sum(needs)
    return [need + spare // len(needs) + (1 if k < spare % len(needs) else 0) for k, need in enumerate(needs)]


def _table_height(p: Painter, rows: int) -> int:
    """A table's heading line and `rows` rows at the smallest readable type."""
    return _line(p, p.metrics.min_size) + rows * (_line(p, p.metrics.min_size) + max(1, p.metrics.px(3)))


def seat_chips(p: Painter, view: dict[str, Any]) -> list[seat_band.Chip]:
    """Every player as a chip for the band: colour and name, tiles played on the board and tiles left."""
    chips = []
    for n, player in enumerate(view.get("players", [])):
        name = str(player["name"])
        played, left = int(player.get("tiles_played", 0)), int(player.get("tiles_left", 0))
        facts = (seat_band.Fact("played", str(played), glyphs.tile(True), played),
                 seat_band.Fact("left", str(left), glyphs.tile(False), left))
        chips.append(seat_band.Chip(f"ks:seat:row:{n}", name, p.name("player", name), facts, SEAT_COLOURS.get(name),
                                    name == view.get("active"), person=p.people.get(name, "")))
    return chips


def draw_seats(p: Painter, rect: pygame.Rect, view: dict[str, Any]) -> int:
    """Each player's tiles played and left; with open captures, the figures captured per caste too. Where the
    rows do not all fit (480x320 beside the to-do panel), every player as a chip instead."""
    players = view.get("players", [])
    chips = seat_chips(p, view)
    if rect.height < _table_height(p, len(players)) and seat_band.fits(p, rect, chips):
        return rect.top + seat_band.draw(p, rect, chips)
    captures = view.get("captures")
    headings = [p.tr(msg("Player")), p.tr(msg("Played")), p.tr(msg("Left"))]
    if captures is not None:
        headings += [p.tr(CASTE_WORDS[c]) for c in CASTES]
    rows = []
    for pl in players:
        values = [str(pl.get("tiles_played", 0)), str(pl.get("tiles_left", 0))]
        if captures is not None:
            values += [str((captures.get(pl["name"]) or {}).get(c, 0)) for c in CASTES]
        rows.append((str(pl["name"]), values))
    return _table(p, rect, "ks:seat", headings, rows, view.get("active"))


def draw_capture(p: Painter, rect: pygame.Rect, view: dict[str, Any]) -> int:
    """The capture being entered: the castes named and each player's influence on each so far."""
    m = p.metrics
    capture = view.get("capture") or {}
    castes = [c for c in CASTES if c in capture.get("castes", [])]
    title = pygame.Rect(rect.left, rect.top, rect.width, _line(p, m.min_size))
    if title.bottom > rect.bottom:
        return 0  # the to-do panel takes the room on 480x320: nothing half hidden under it
    p.text("ks:capture:title", p.tr(msg_n("Capture: {n} tile counted",
                                          "Capture: {n} tiles counted",
                                          n=len(capture.get("tiles", [])))), title,
           m.min_size, palette.HIGHLIGHT, value=len(capture.get("tiles", [])), min_size=m.min_size, bold=True)
    influence = capture.get("influence") or {}
    headings = [p.tr(msg("Influence")), *(p.tr(CASTE_WORDS[c]) for c in castes)]
    names = [str(pl["name"]) for pl in view.get("players", [])]
    rows = [(name, [str((influence.get(c) or {}).get(name, 0)) for c in castes]) for name in names]
    best: set[tuple[int, int]] = set()
    for k, caste in enumerate(castes, start=1):
        scores = [int((influence.get(caste) or {}).get(name, 0)) for name in names]
        top = max(scores, default=0)
        if scores.count(top) == 1 and top > 0:
            best.add((scores.index(top), k))
    below = pygame.Rect(rect.left, title.bottom + m.pad, rect.width, max(0, rect.bottom - title.bottom - m.pad))
    return _table(p, below, "ks:capture", headings, rows, None, best)


def draw_board(screen: Screen, p: Painter, rect: pygame.Rect) -> None:
    view = screen.view
    if not view:
        return
    m = p.metrics
    players = len(view.get("players", []))
    seats = min(_table_height(p, players), seat_band.height(p, rect.width, seat_chips(p, view)))
    # Every player stays: the figures and the status line take only what the seats leave.
    above = draw_status(p, draw_figures(p, pygame.Rect(rect.left, rect.top, rect.width,
                                                       max(0, rect.height - seats - m.pad)), view), view)
    body = pygame.Rect(rect.left, above.top, rect.width, rect.bottom - above.top)
    capture = _line(p, m.min_size) + m.pad + _table_height(p, players)
    if view.get("capture") is not None and body.height >= capture:
        draw_capture(p, body, view)
    else:
        draw_seats(p, body, view)


def draw_game_over(screen: Screen, p: Painter, rect: pygame.Rect) -> None:
    """Every screen lifted: figures per caste (leaders outlined), castes led; the winner and what decided."""
    view = screen.view
    if not view:
        return
    m = p.metrics
    outcome = view.get("outcome") or {}
    detail = outcome.get("detail") or {}
    headline = p.said_with_people(view.get("winners", []), lambda names: p.tr(
        msg("Winner: {name}", name=names[0]) if len(names) == 1 else msg("Shared win: {name}", name=", ".join(names))),
        rect.width, m.min_size, bold=True)
    # The headline shrinks to the room the to-do panel leaves (480x320), rather than run on under it.
    size = next((s for s in (m.large_size, m.text_size) if _line(p, s) <= rect.height), m.min_size)
    top = pygame.Rect(rect.left, rect.top, rect.width, _line(p, size))
    p.text("ks:game-over:winners", headline, top, size, palette.HIGHLIGHT, bold=True, min_size=m.min_size)
    y = top.bottom + m.pad
    why = _decided(p, view, detail)
    if why:
        used = p.paragraph("ks:game-over:why", why,
                           pygame.Rect(rect.left, y, rect.width, _line(p, m.min_size) * 2), m.min_size,
                           palette.TEXT, max_lines=2)
        y += used + m.pad
    captured = detail.get("captured") or view.get("captures") or {}
    leaders = detail.get("leaders") or {}
    led = detail.get("led") or {}
    headings = [p.tr(msg("Player")), *(p.tr(CASTE_WORDS[c]) for c in CASTES), p.tr(msg("Led"))]
    order = [str(name) for group in view.get("ranking", []) for name in group]
    rows = [(name, [*(str((captured.get(name) or {}).get(c, 0)) for c in CASTES), str(led.get(name, 0))])
            for name in order]
    marked = {(n, k) for n, (name, _) in enumerate(rows) for k, c in enumerate(CASTES, start=1) if leaders.get(c) == name}
    _table(p, pygame.Rect(rect.left, y, rect.width, max(0, rect.bottom - y)), "ks:game-over", headings, rows,
           None, marked)


def _decided(p: Painter, view: dict[str, Any], detail: dict[str, Any]) -> str:
    """Which of the rulebook's steps decided the winner, in words (the names said by the screen itself)."""
    winners = [str(w) for w in view.get("winners", [])]
    if not winners:
        return ""
    first = winners[0]
    name = p.name("player", first)
    led, count = (detail.get("led") or {}).get(first, 0), (detail.get("not_led") or {}).get(first, 0)
    total = (detail.get("figures") or {}).get(first, 0)
    words = {
        "castes": msg("{name} leads the most castes ({n}).", name=name, n=led),
        "not-led": msg("Tied on castes led ({n}): {name} has the most figures in castes not led ({count}).",
                       name=name, n=led, count=count),
        "figures": msg("Tied on castes led and on figures in castes not led: {name} has the most figures ({total}).",
                       name=name, total=total),
        "shared": msg("Tied on castes led, on figures in castes not led and on figures: the victory is shared."),
    }
    said = words.get(str(detail.get("decided_by")))
    return p.tr(said) if said is not None else ""


def board_min_height(screen: Screen, p: Painter) -> int:
    """The figures, the status line, the headings and every player's row at the smallest readable type."""
    if not screen.view or screen.kind not in ("board", "game-over"):
        return 0
    m = p.metrics
    seats = len(screen.view.get("players", []))
    row = _line(p, m.min_size) + max(1, m.px(3))
    if screen.kind == "game-over":
        return _line(p, m.large_size) + 2 * m.pad + 2 * _line(p, m.min_size) + _line(p, m.min_size) + seats * row
    extra = _line(p, m.min_size) + m.pad if screen.view.get("capture") is not None else 0
    if m.compact:
        # 480x320: the figures on one line and every player, compact if the rows do not fit.
        return _line(p, m.min_size) + m.pad + seats_min_height(screen, p)
    return (_line(p, m.min_size) + _line(p, m.text_size) + m.pad + _line(p, m.min_size) + m.pad + extra
            + _line(p, m.min_size) + seats * row)


def seats_min_height(screen: Screen, p: Painter) -> int:
    """Every player: the table's heading and a row each at the smallest readable type, or where that is less
    (480x320), the compact band; the figures and the ties give way to a long step."""
    if not screen.view or screen.kind not in ("board", "game-over"):
        return 0
    if screen.kind == "game-over":
        return board_min_height(screen, p)
    seats = len(screen.view.get("players", []))
    band = seat_band.height(p, p.surface.get_width() - 2 * p.metrics.pad, seat_chips(p, screen.view))
    return min(_table_height(p, seats), band)
