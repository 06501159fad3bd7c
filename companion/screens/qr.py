"""The phone page's address as a QR code, with the PIN beside it, so nobody at the table types an IP.

The code comes from `segno` (pure Python, no dependencies, a maintained
implementation of ISO/IEC 18004 whose encoder is tested by decoding): byte
mode, error correction M, the smallest version that holds the URL (a LAN
address with its port is version 3, 29 modules). It is drawn black on white
with the quiet zone of four modules the standard asks for, every module a
whole number of pixels (a blurred edge is what makes a phone give up), as
large as the room allows. Beside it (or under it, when the screen has other
text to show) the PIN in large type and the address in words, never cut: an
address too wide for its line is broken after the host, before the port.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from companion.screen_model import Screen
from companion.screens import palette
from companion.screens.painter import Painter
from engine.core.messages import msg

QUIET = 4
"""Light modules around the code on every side (ISO/IEC 18004: at least four)."""
MIN_MODULE_PX = 3
"""Below this a module is a smudge on a 3.5-inch panel; with less room the code is not drawn."""


@lru_cache(maxsize=8)
def qr_modules(text: str) -> tuple[tuple[bool, ...], ...]:
    """The dark (True) and light modules of `text`'s QR code, row by row, without the quiet zone."""
    import segno  # here, not at the top: its writers pull in urllib and http, a tenth of the start-up

    code = segno.make_qr(text, error="m", boost_error=False)
    return tuple(tuple(bool(cell) for cell in row) for row in code.matrix)


@dataclass(frozen=True)
class PhoneLink:
    """The rects of one phone block: the code with its quiet zone, the PIN and the address lines."""

    code: pygame.Rect
    module: int
    words: pygame.Rect
    rest: pygame.Rect
    """What is left of the area for the screen's other text."""
    lines: list[tuple[str, str, int, bool]]
    """The words beside (or under) the code: role, text, type size, bold."""


def address_lines(url: str) -> tuple[str, ...]:
    """The URL as a person reads it off the screen: without "http://" and the closing slash (the code has the
    whole URL), then split after the host when it must be (see `draw_phone`)."""
    short = url.removeprefix("http://").removesuffix("/")
    host, colon, port = short.rpartition(":")
    if colon and host and port.isdigit():
        return (host, f":{port}")
    return (short,)


Line = tuple[str, str, int, bool]
"""One line of words beside the code: role, text, type size, bold."""


def _words(p: Painter, screen: Screen, labelled: bool) -> list[Line]:
    """The block's lines: the PIN (under its label, or "PIN: 123456" where room is short) and the address in
    words, broken after the host (one line each for "192.168.178.23" and ":8080")."""
    m = p.metrics
    address = [("phone:url", line, m.text_size, True) for line in address_lines(screen.qr_url)]
    if not labelled:
        return [("phone:pin", p.tr(msg("PIN: {pin}", pin=screen.qr_pin)), m.large_size, True), *address]
    return [("phone:pin-label", p.tr(msg("Web page PIN")), m.small_size, False),
            ("phone:pin", screen.qr_pin, m.large_size, True),
            ("phone:url-label", p.tr(msg("Scan, or open:")), m.small_size, False), *address]


def _join_address(p: Painter, lines: list[Line], width: int) -> list[Line]:
    """The address on one line when it fits `width` (it was split after the host to measure the narrowest)."""
    parts = [line for line in lines if line[0] == "phone:url"]
    whole = "".join(text for _, text, _, _ in parts)
    if len(parts) < 2 or p.cache.measure(whole, parts[0][2], p.cache.bold())[0] > width:
        return lines
    return [line for line in lines if line[0] != "phone:url"] + [("phone:url", whole, parts[0][2], True)]


def _width(p: Painter, lines: list[Line]) -> int:
    """The widest bold line (the PIN, the address): the labels wrap inside it."""
    return max(p.cache.measure(text, size, p.cache.bold())[0] for _, text, size, bold in lines if bold)


def _heights(p: Painter, lines: list[Line], width: int) -> list[int]:
    m = p.metrics
    return [m.line_height(size) * (1 if bold else max(1, len(p.cache.wrap(text, size, width))))
            for _, text, size, bold in lines]


def layout(p: Painter, area: pygame.Rect, screen: Screen, beside_text: bool) -> PhoneLink | None:
    """Where the code and its words go in `area`: the code as big as it can be with the words to its right;
    with other text to show (`beside_text`), a column at the right, the code over the PIN and the address, and
    the text takes the left. None when not even a code of `MIN_MODULE_PX` pixels a module fits."""
    m = p.metrics
    count = len(qr_modules(screen.qr_url)) + 2 * QUIET
    if beside_text:
        width = min(area.width // 2, area.height)
        column = pygame.Rect(area.right - width, area.top, width, area.height)
        lines = _join_address(p, _words(p, screen, labelled=False), width)
        below = sum(_heights(p, lines, width))
        module = min(width, area.height - below - m.pad) // count
        if module < MIN_MODULE_PX:
            return None
        size = module * count
        code = pygame.Rect(column.right - size, column.top, size, size)
        words = pygame.Rect(column.left, code.bottom + m.pad, width, column.bottom - code.bottom - m.pad)
        rest = pygame.Rect(area.left, area.top, max(0, column.left - m.pad - area.left), area.height)
        return PhoneLink(code, module, words, rest, lines)
    lines = _words(p, screen, labelled=True)
    words_width = _width(p, lines)
    module = min(area.height, area.width - words_width - m.pad) // count
    if module < MIN_MODULE_PX:
        return None
    size = module * count
    code = pygame.Rect(area.left, area.top + (area.height - size) // 2, size, size)
    words = pygame.Rect(code.right + m.pad, area.top, area.right - code.right - m.pad, area.height)
    return PhoneLink(code, module, words, pygame.Rect(area.left, area.top, 0, 0), lines)


def draw_code(p: Painter, rect: pygame.Rect, module: int, url: str) -> None:
    """The code in `rect` (its quiet zone included), recorded in the display list with the URL as its value."""
    pygame.draw.rect(p.surface, palette.WHITE, rect)
    left, top = rect.left + QUIET * module, rect.top + QUIET * module
    for y, row in enumerate(qr_modules(url)):
        for x, dark in enumerate(row):
            if dark:
                pygame.draw.rect(p.surface, palette.BLACK, (left + x * module, top + y * module, module, module))
    p.record("qr", "phone:qr", url, rect)


def draw_phone(p: Painter, area: pygame.Rect, screen: Screen, beside_text: bool) -> pygame.Rect:
    """The phone block for `screen.qr_url` and `screen.qr_pin` in `area`; returns the rect left for other text
    (all of `area` when the code cannot be drawn: the detail then still has the address and PIN in words)."""
    link = layout(p, area, screen, beside_text)
    if link is None:
        return area
    m = p.metrics
    draw_code(p, link.code, link.module, screen.qr_url)
    lines = _join_address(p, link.lines, link.words.width)
    heights = _heights(p, lines, link.words.width)
    y = link.words.top if beside_text else link.words.top + max(0, (link.words.height - sum(heights)) // 2)
    for (role, text, size, bold), height in zip(lines, heights, strict=True):
        room = pygame.Rect(link.words.left, y, link.words.width, height)
        if bold:
            p.text(role, text, room, size, bold=True, min_size=min(size, m.min_size))
        else:
            p.paragraph(role, text, room, size, palette.TEXT_MUTED)
        y += height
    return link.rest
