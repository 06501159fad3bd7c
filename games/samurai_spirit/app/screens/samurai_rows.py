"""One row per Samurai, in seat order: everything a player checks about a board.

A row holds the active marker, name, face (human or animal) with any Wound
token on it, battle track against the Kiai, combat line, defence symbols and
support tokens held. Up to seven rows must fit a 480x320 panel, so with
many Samurai a row is one line of columns; with few, rows are tall enough to
split in two lines (who the Samurai is and what it defends above, the fight
below), which gives the battle track and the combat line the full width.
Cells and type sizes are worked out once for all rows, so the columns line
up and the eye can run down one column to compare Samurai.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

import pygame

from companion.screens import glyphs, palette, seat_band
from companion.screens.layout import columns, share, window
from companion.screens.painter import Painter
from companion.screens.palette import Colour
from engine.core.messages import msg
from games.samurai_spirit.app.screens import icons, widgets
from games.samurai_spirit.app.screens.cards import card_face
from games.samurai_spirit.app.screens.naming import display_name

ONE_LINE = {
    "marker": 0.03,
    "name": 0.25,
    "face": 0.06,
    "track": 0.25,
    "combat": 0.175,
    "defence": 0.145,
    "tokens": 0.07,
}
TWO_LINES_TOP = {"marker": 0.04, "name": 0.36, "face": 0.1, "tokens": 0.2, "defence": 0.3}
TWO_LINES_BOTTOM = {"indent": 0.04, "track": 0.5, "combat": 0.46}
DEFENCE_ORDER = ("hat", "farm", "doll")
TOKEN_MIN_HEIGHT = 14
ONE_LINE_MAX = 58
"""One-line rows grow no taller than this (800x480 reference pixels)."""
LINE_MIN = 28
LINE_MIN_FLOOR = 21
"""A row splits in two lines once each line can be LINE_MIN tall (800x480 reference pixels), and never
below LINE_MIN_FLOOR real pixels: thinner lines would shrink the icons more than the split helps."""
LINE_MAX = 46
"""Lines of a two-line row grow no taller than this (800x480 reference pixels)."""

TRACK_BAR_LEAST = 16
"""The narrowest the battle track's bar gets beside its number ("GEPASST" whole in a narrow board)."""

ACTIVE_FILL: Colour = palette.mix(palette.PANEL, palette.HIGHLIGHT, 0.18)
PASSED_FILL: Colour = palette.mix(palette.BACKGROUND, palette.BLACK, 0.5)


@dataclass(frozen=True)
class RowGeometry:
    """Where each cell sits inside a row, and the type sizes: shared by all rows."""

    height: int
    cells: dict[str, pygame.Rect]
    """Cell rects relative to the row's top-left corner."""
    name_size: int
    number_size: int

    def cell(self, row: pygame.Rect, column: str) -> pygame.Rect:
        return self.cells[column].move(row.left, row.top)

    @cached_property
    def signature(self) -> tuple[object, ...]:
        """The geometry as a hashable value, for the key of a kept row: worked out once for all the rows."""
        cells = tuple(sorted((column, tuple(cell)) for column, cell in self.cells.items()))
        return (self.height, cells, self.name_size, self.number_size)


def _line_gap(p: Painter) -> int:
    return max(2, p.metrics.px(4))


def _inset_y(height: int, two_lines: bool) -> int:
    return max(2, height // 16) if two_lines else max(2, height // 9)


def fits_two_lines(p: Painter, height: int) -> bool:
    """Whether a row of `height` pixels splits into two lines of at least LINE_MIN each."""
    return (height - 2 * _inset_y(height, True) - _line_gap(p)) // 2 >= p.metrics.px(LINE_MIN, LINE_MIN_FLOOR)


def row_height(p: Painter, space: int, count: int, gap: int) -> int:
    """How tall each of `count` rows is in `space` pixels, capped so that few Samurai do not
    get giant rows."""
    fair = (space + gap) // count - gap
    if fits_two_lines(p, fair):
        tallest = 2 * p.metrics.px(LINE_MAX) + _line_gap(p)
        return min(fair, tallest + 2 * _inset_y(tallest, True))
    return min(fair, p.metrics.px(ONE_LINE_MAX))


def row_geometry(p: Painter, width: int, height: int, names: list[str]) -> RowGeometry:
    """Cells and type sizes for rows `width` by `height` showing the Samurai named `names` (as the rows write
    them, with the people seated there: `labels`)."""
    gap = max(2, p.metrics.px(5))
    two_lines = fits_two_lines(p, height)
    inset_x = max(2, height // 10, p.metrics.px(6))
    inset_y = _inset_y(height, two_lines)
    inner = pygame.Rect(inset_x, inset_y, width - 2 * inset_x, height - 2 * inset_y)
    cells: dict[str, pygame.Rect] = {}
    if not two_lines:
        layout = [(inner, ONE_LINE)]
    else:
        line = (inner.height - _line_gap(p)) // 2
        top = pygame.Rect(inner.left, inner.top, inner.width, line)
        bottom = pygame.Rect(inner.left, top.bottom + _line_gap(p), inner.width, line)
        layout = [(top, TWO_LINES_TOP), (bottom, TWO_LINES_BOTTOM)]
    floor = p.metrics.min_size
    needs = {"name": max((p.cache.measure(n, floor)[0] + 2 for n in names), default=0),
             "track": max(p.cache.measure(t, floor)[0] for t in ("13/13", p.tr(msg("PASS")))) + TRACK_BAR_LEAST}
    for band, shares in layout:
        rects = columns(band, _widths(band.width, shares, needs, gap), gap)
        cells.update(zip(shares, rects, strict=True))
    line_height = cells["name"].height
    ceiling = max(p.metrics.min_size, round(line_height * 0.85))
    name_size = p.cache.common_size(list(names), ceiling, cells["name"].width,
                                    p.metrics.min_size)
    number_size = min(ceiling, max(p.metrics.small_size, p.metrics.text_size, round(line_height * 0.85)))
    return RowGeometry(height, cells, name_size, number_size)


def _widths(total: int, shares: dict[str, float], needs: dict[str, int], gap: int) -> list[int]:
    """The cells' widths across `total`, in their shares, but each named in `needs` at least that wide (a name
    or "GEPASST" whole in a board narrowed by a wide side panel): the other cells give the room, each in its
    share. Where the needs take more than two thirds, the shares stand."""
    widths = share(total, list(shares.values()), gap)
    short = {key: need for key, need in needs.items() if key in shares and widths[list(shares).index(key)] < need}
    if not short or sum(short.values()) > total * 2 // 3:
        return widths
    others = {key: weight for key, weight in shares.items() if key not in short}
    rest = iter(share(total - sum(short.values()) - gap * len(short), list(others.values()), gap))
    return [short[key] if key in short else next(rest) for key in shares]


def min_row_height(p: Painter) -> int:
    """The thinnest row whose name still reads at the smallest allowed type."""
    return p.cache.font(p.metrics.min_size).get_height() + 4


def draw_samurai_rows(p: Painter, rect: pygame.Rect, view: dict[str, Any]) -> None:
    """All Samurai rows inside `rect`, top-aligned; none when they would not be readable there (on a
    small panel while the to-do panel needs the room): fewer things rather than smaller ones."""
    samurai = view.get("samurai", [])
    if not samurai:
        return
    gap = max(1, p.metrics.px(4))
    height = row_height(p, rect.height, len(samurai), gap)
    if height < min_row_height(p):
        chips = samurai_chips(p, view)
        if seat_band.fits(p, rect, chips):
            # Too little room for every row (seven Samurai on 480x320, or beside the to-do panel): every
            # Samurai as a chip, and the one who decides now in a full row above them when it fits.
            _draw_focus_and_band(p, rect, view, chips, gap)
            return
        focus = (view.get("pending") or {}).get("samurai")
        if focus not in {s["name"] for s in samurai}:
            focus = view.get("active")
        samurai = _around(samurai, focus, (rect.height + gap) // (min_row_height(p) + gap))
        if not samurai:
            return
        height = row_height(p, rect.height, len(samurai), gap)
    names = labels(p, view, rect.width)
    geometry = row_geometry(p, rect.width, height, list(names.values()))
    pending = view.get("pending") or {}
    for n, sam in enumerate(samurai):
        row = pygame.Rect(rect.left, rect.top + n * (height + gap), rect.width, height)
        draw_row(p, row, geometry, sam, names[sam["name"]], active=sam["name"] == view.get("active"),
                 deciding=sam["name"] == pending.get("samurai"), zebra=n % 2 == 1)


def _draw_focus_and_band(p: Painter, rect: pygame.Rect, view: dict[str, Any], chips: list[seat_band.Chip],
                         gap: int) -> None:
    """The Samurai who decides now (else the active one) in a full row, with its combat line and defences,
    over the others as chips; only the chips when the row does not fit too."""
    samurai = view.get("samurai", [])
    focus = (view.get("pending") or {}).get("samurai")
    if focus not in {s["name"] for s in samurai}:
        focus = view.get("active")
    others = [chip for chip in chips if chip.seat != focus]
    tall = min(p.metrics.px(ONE_LINE_MAX), rect.height - seat_band.height(p, rect.width, others) - gap)
    sam = next((s for s in samurai if s["name"] == focus), None)
    if sam is None or tall < min_row_height(p):
        seat_band.draw(p, rect, chips)
        return
    row = pygame.Rect(rect.left, rect.top, rect.width, tall)
    names = labels(p, view, rect.width)
    geometry = row_geometry(p, rect.width, tall, list(names.values()))
    pending = view.get("pending") or {}
    draw_row(p, row, geometry, sam, names[sam["name"]], active=focus == view.get("active"), deciding=focus == pending.get("samurai"),
             zebra=False)
    seat_band.draw(p, pygame.Rect(rect.left, row.bottom + gap, rect.width, rect.bottom - row.bottom - gap), others)


def samurai_chips(p: Painter, view: dict[str, Any]) -> list[seat_band.Chip]:
    """Every Samurai as a chip for the band: the active or deciding mark, name, face with any Wound token, and
    the battle track against the Kiai (flames when past it, PASS once passed)."""
    pending = (view.get("pending") or {}).get("samurai")
    chips = []
    for sam in view.get("samurai", []):
        name = str(sam["name"])
        face = str(sam.get("face", "human"))
        track, kiai = int(sam.get("track", 0)), max(1, int(sam.get("kiai", 1)))
        passed = bool(sam.get("passed"))
        burning = track > kiai
        label = p.tr(msg("PASS")) if passed else f"{track}/{kiai}"
        facts = (seat_band.Fact("face", "", icons.FACES.get(face, icons.human_face), face,
                                badge=icons.wound if sam.get("wound_token") else None, badge_key="wound",
                                badge_value=int(sam.get("wounds", 0))),
                 seat_band.Fact("track", label, icons.flames if burning else None, label,
                                tags=("passed",) if passed else ("burning",) if burning else ()))
        active = name == view.get("active")
        marker = ("active", glyphs.pointer(palette.HIGHLIGHT)) if active else \
            ("deciding", glyphs.question_badge) if name == pending else None
        tags = tuple(t for t, on in (("active", active), ("deciding", name == pending), ("passed", passed)) if on)
        chips.append(seat_band.Chip(f"samurai:{name}", name, display_name(name), facts, None, active, muted=passed,
                                    person=p.people.get(name, ""),
                                    tags=("chip", *tags), marker=marker))
    return chips


def _around(samurai: list[dict[str, Any]], focus: Any, capacity: int) -> list[dict[str, Any]]:
    """The rows that fit, centred on the Samurai who decides now (else the active one) and so showing
    its neighbours, whom the arrow penalties and talents touch."""
    names = [s["name"] for s in samurai]
    start, end = window(len(samurai), names.index(focus) if focus in names else 0, capacity)
    return samurai[start:end]


def labels(p: Painter, view: dict[str, Any], width: int) -> dict[str, str]:
    """Each Samurai's name as its row writes it: with the person seated there ("Kyuzo · Ann") where every one
    fits two fifths of the row at the smallest type, else the Samurai's name alone."""
    samurai = [str(s["name"]) for s in view.get("samurai", [])]
    shown = p.seat_labels([(name, display_name(name)) for name in samurai], width * 2 // 5, p.metrics.min_size)
    return dict(zip(samurai, shown, strict=True))


def draw_row(
    p: Painter, row: pygame.Rect, g: RowGeometry, sam: dict[str, Any], label: str, active: bool, deciding: bool,
    zebra: bool
) -> None:
    """One Samurai's row. Kept between frames (`Painter.kept`) by everything it shows: a tap changes one
    Samurai's row, and the others are put back as they were instead of drawn again, icon by icon."""
    key = ("samurai-row", p.tr.lang, g.signature, repr(sorted(sam.items())), label, active, deciding, zebra)
    p.kept(key, row, lambda: _draw_row(p, row, g, sam, label, active, deciding, zebra))


def _draw_row(
    p: Painter, row: pygame.Rect, g: RowGeometry, sam: dict[str, Any], label: str, active: bool, deciding: bool,
    zebra: bool
) -> None:
    name = sam["name"]
    role = f"samurai:{name}"
    passed = bool(sam.get("passed"))
    tags = [t for t, on in (("active", active), ("deciding", deciding), ("passed", passed)) if on]
    fill = ACTIVE_FILL if active else PASSED_FILL if passed else palette.PANEL if zebra else palette.BACKGROUND
    edge = palette.HIGHLIGHT if active else palette.SKY_BLUE if deciding else None
    p.box(role, row, fill=fill, edge=edge, edge_width=max(2, row.height // 14), value=name, tags=["seat", *tags])
    if active:
        p.icon(f"{role}:active", glyphs.pointer(palette.HIGHLIGHT), widgets.icon_box(g.cell(row, "marker")), name,
               tags=["active"])
    elif deciding:
        p.icon(f"{role}:deciding", glyphs.question_badge, widgets.icon_box(g.cell(row, "marker")), name,
               tags=["deciding"])
    p.text(f"{role}:name", label, g.cell(row, "name"), g.name_size,
           palette.TEXT_MUTED if passed else palette.TEXT, fill, min_size=g.name_size, value=name, tags=tags)
    widgets.face_with_wound(p, g.cell(row, "face"), role, sam)
    _draw_track(p, g.cell(row, "track"), role, sam, fill, g.number_size)
    _draw_combat(p, g.cell(row, "combat"), role, sam.get("combat", []), fill)
    _draw_defence(p, g.cell(row, "defence"), role, set(sam.get("defends", [])))
    _draw_tokens(p, g.cell(row, "tokens"), role, sam, fill)


def _draw_track(p: Painter, rect: pygame.Rect, role: str, sam: dict[str, Any], fill: Colour, size: int) -> None:
    """The battle track: a bar from 0 to the Kiai (a diamond), a flame space past it, and the number."""
    track, kiai = int(sam.get("track", 0)), max(1, int(sam.get("kiai", 1)))
    passed = bool(sam.get("passed"))
    burning = track > kiai
    passed_word = p.tr(msg("PASS"))
    label = passed_word if passed else f"{track}/{kiai}"
    widest = ("13/13", passed_word)
    # The number whole: smaller down to the floor where half the cell is too narrow, then wider than half.
    while size > p.metrics.min_size and max(p.cache.measure(t, size)[0] for t in widest) > rect.width // 2:
        size -= 1
    text_width = min(max(p.cache.measure(t, size)[0] for t in widest), rect.width - TRACK_BAR_LEAST)
    bar_area = pygame.Rect(rect.left, rect.top, rect.width - text_width - max(3, rect.height // 4), rect.height)
    bar = pygame.Rect(0, 0, bar_area.width, max(4, min(rect.height * 2 // 3, p.metrics.px(22))))
    bar.midleft = bar_area.midleft
    flame_width = min(bar_area.height, bar.width // 3)
    span = pygame.Rect(bar.left, bar.top, bar.width - flame_width, bar.height)
    filled = span.width if burning else round(span.width * min(track, kiai) / kiai)
    pygame.draw.rect(p.surface, palette.BLACK, bar)
    if filled:
        pygame.draw.rect(p.surface, palette.TEXT_DIM if passed else palette.SKY_BLUE,
                         pygame.Rect(span.left, span.top, filled, span.height))
    zone = pygame.Rect(span.right, bar_area.top, flame_width, bar_area.height)
    if burning:
        pygame.draw.rect(p.surface, palette.VERMILLION, pygame.Rect(zone.left, bar.top, zone.width, bar.height))
        pygame.draw.rect(p.surface, palette.WHITE, pygame.Rect(zone.left, bar.top, zone.width, bar.height), 2)
    pygame.draw.rect(p.surface, palette.TEXT_MUTED, bar, 1)
    p.record("bar", f"{role}:track-bar", track, bar, tags=["passed"] if passed else [])
    p.icon(f"{role}:flames", icons.flames, zone.inflate(-2, -2), "burning" if burning else "clear",
           tags=["burning"] if burning else [])
    mark = pygame.Rect(0, 0, max(5, bar.height // 2), min(bar_area.height, bar.height * 3 // 2))
    mark.center = (span.right, bar_area.centery)
    p.icon(f"{role}:kiai", icons.kiai_mark, mark.clip(bar_area), kiai, tags=["reached"] if track == kiai else [])
    if passed:
        lying = pygame.Rect(0, 0, bar_area.height, bar_area.height)
        where = span.left + min(filled, span.width)
        lying.center = (min(max(where, bar_area.left + lying.width // 2), bar_area.right - lying.width // 2),
                        bar_area.centery)
        p.icon(f"{role}:passed", icons.meeple_lying, lying, "passed", tags=["passed"])
    text_rect = pygame.Rect(rect.right - text_width, rect.top, text_width, rect.height)
    p.text(f"{role}:track", label, text_rect, size, palette.TEXT_MUTED if passed else palette.TEXT, fill,
           align="right", min_size=min(size, p.metrics.min_size), value=label,
           tags=["passed"] if passed else ["burning"] if burning else [])


def _draw_combat(p: Painter, rect: pygame.Rect, role: str, combat: list[str], fill: Colour) -> None:
    """The combat line as overlapping cards, oldest first, each value visible as on the table;
    then the last card's penalty, which this Samurai suffers at the start of the turn.
    When the line is too long, the oldest cards give way to a "+n"."""
    if not combat:
        return
    card_h = rect.height
    card_w = max(10, card_h * 5 // 8)
    value_size = max(12, round(card_h * 0.95))
    step = max(card_w // 2, p.cache.measure("6", value_size)[0] + 3)
    last = card_face(combat[-1])
    penalties = [(name, icons.PENALTIES[name]) for name in last.penalties if name in icons.PENALTIES]
    more_room = step if len(combat) > 1 else 0
    icon_side = min(card_h * 4 // 5, (rect.width - card_w - 2 - more_room) // max(1, len(penalties)) - 1)
    icons_width = len(penalties) * (icon_side + 1) if icon_side >= 4 else 0

    def width(shown: int) -> int:
        return (step if shown < len(combat) else 0) + (shown - 1) * step + card_w + 2 + icons_width

    shown = len(combat)
    while shown > 1 and width(shown) > rect.width:
        shown -= 1
    hidden = len(combat) - shown
    x = rect.left
    if hidden:
        more = pygame.Rect(x, rect.top, step, card_h)
        p.text(f"{role}:combat:more", f"+{hidden}", more, value_size, palette.TEXT_MUTED, fill, align="center",
               min_size=12, value=hidden)
        x += step
    for n, card in enumerate(combat[hidden:]):
        is_last = n == shown - 1
        widgets.mini_card(p, f"{role}:combat:{hidden + n}", card, pygame.Rect(x, rect.top, card_w, card_h),
                          visible_width=card_w if is_last else step, value_size=value_size)
        x += card_w + 2 if is_last else step
    if not icons_width:
        return
    for name, drawer in penalties:
        p.icon(f"{role}:penalty", drawer, pygame.Rect(x, rect.centery - icon_side // 2, icon_side, icon_side), name)
        x += icon_side + 1


def _draw_defence(p: Painter, rect: pygame.Rect, role: str, defends: set[str]) -> None:
    """Hat, farm and doll in fixed places: drawn full when defended, as a faint outline when not."""
    step = rect.width // 3
    side = min(rect.height, step)
    for n, symbol in enumerate(DEFENCE_ORDER):
        box = pygame.Rect(rect.left + n * step + (step - side) // 2, rect.centery - side // 2, side, side)
        held = symbol in defends
        p.icon(f"{role}:defence:{symbol}", icons.SYMBOLS[symbol], box, "yes" if held else "no", dim=not held,
               tags=["defended"] if held else ["missing"])


def _draw_tokens(p: Painter, rect: pygame.Rect, role: str, sam: dict[str, Any], fill: Colour) -> None:
    """Support tokens held from others (round pills) and talents borrowed for the round (square ones),
    in one or two lanes as the row's height allows; what does not fit is counted as "+n"."""
    held = [name for name in sam.get("tokens_held", []) if name != sam["name"]]
    borrowed = list(sam.get("round_talents", []))
    marks = [(name, False) for name in held] + [(name, True) for name in borrowed]
    if not marks:
        return
    lanes = 2 if len(marks) > 1 and rect.height >= 2 * TOKEN_MIN_HEIGHT + 2 else 1
    height = min(rect.height, max(TOKEN_MIN_HEIGHT, (rect.height - 2 * (lanes - 1)) // lanes))
    width = min(rect.width, widgets.pill_width(p, height))
    per_lane = max(1, (rect.width + 2) // (width + 2))
    capacity = per_lane * lanes
    top = rect.centery - (lanes * height + 2 * (lanes - 1)) // 2
    for n, (name, square) in enumerate(marks[:capacity]):
        slot = pygame.Rect(rect.left + (n % per_lane) * (width + 2), top + (n // per_lane) * (height + 2),
                           width, height)
        if n == capacity - 1 and len(marks) > capacity:
            p.text(f"{role}:tokens:more", f"+{len(marks) - n}", slot, height, palette.TEXT, fill, align="center",
                   min_size=12, value=len(marks) - n)
            break
        kind = "talent" if square else "token"
        widgets.token_pill(p, f"{role}:{kind}:{name}", name, slot, square=square, background=fill)
