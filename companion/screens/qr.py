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
import segno

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


def address_lines(url: str) -> tuple[str, ...]:
    """The URL as a person reads it off the screen: without "http://" and the closing slash (the code has the
    whole URL), then split after the host when it must be (see `draw_phone`)."""
    short = url.removeprefix("http://").removesuffix("/")
    host, colon, port = short.rpartition(":")
    if colon and host and port.isdigit():
        return (host, f":{port}")
    return (short,)


def _words(p: Painter, screen: Screen) -> list[tuple[str, str, int, bool]]:
    """The block's lines (role, text, size, bold): the PIN under its label, the address in words under its own,
    the address broken after the host (one line each for "192.168.178.23" and ":8080")."""
    m = p.metrics
    return [("phone:pin-label", p.tr(msg("Web page PIN")), m.text_size, False),
            ("phone:pin", screen.qr_pin, m.large_size, True),
            ("phone:url-label", p.tr(msg("Scan, or open:")), m.text_size, False),
            *(("phone:url", line, m.text_size, True) for line in address_lines(screen.qr_url))]


def _width(p: Painter, lines: list[tuple[str, str, int, bool]]) -> int:
    return max(p.cache.measure(text, size, p.cache.bold() if bold else None)[0] for _, text, size, bold in lines)


def layout(p: Painter, area: pygame.Rect, screen: Screen, beside_text: bool) -> PhoneLink | None:
    """Where the code and its words go in `area`: the code as big as it can be with the words to its right;
    with other text to show (`beside_text`), the block keeps to the right part and the text takes the left.
    None when not even a code of `MIN_MODULE_PX` modules fits."""
    m = p.metrics
    count = len(qr_modules(screen.qr_url)) + 2 * QUIET
    words_width = _width(p, _words(p, screen))
    if beside_text:
        width = min(area.width // 2, area.height + m.pad + words_width)
        block = pygame.Rect(area.right - width, area.top, width, area.height)
        rest = pygame.Rect(area.left, area.top, max(0, block.left - m.pad - area.left), area.height)
    else:
        block, rest = area, pygame.Rect(area.left, area.top, 0, 0)
    side = min(block.height, block.width - words_width - m.pad)
    module = side // count
    if module < MIN_MODULE_PX:
        return None
    size = module * count
    code = pygame.Rect(block.left, block.top + (block.height - size) // 2, size, size)
    words = pygame.Rect(code.right + m.pad, block.top, block.right - code.right - m.pad, block.height)
    return PhoneLink(code, module, words, rest)


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
    lines = _words(p, screen)
    whole = "".join(text for role, text, _, _ in lines if role == "phone:url")
    if p.cache.measure(whole, m.text_size, p.cache.bold())[0] <= link.words.width:
        lines = [line for line in lines if line[0] != "phone:url"] + [("phone:url", whole, m.text_size, True)]
    heights = [m.line_height(size) for _, _, size, _ in lines]
    y = link.words.top + max(0, (link.words.height - sum(heights)) // 2)
    for (role, text, size, bold), height in zip(lines, heights, strict=True):
        p.text(role, text, pygame.Rect(link.words.left, y, link.words.width, height), size, bold=bold,
               min_size=min(size, m.min_size))
        y += height
    return link.rest
