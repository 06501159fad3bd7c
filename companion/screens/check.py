"""The hardware check's screen: one step, big, in the colour of the button it asks for.

A button step is a swatch of the cap's colour with the sentence over it in
large type ("Press the green button."), which button of how many and the
drivers' name for it (what the wiring table calls it), the wrong button's
name when one came, and how to skip. The reader step says to tap a card
(on a laptop, which key picks one), then the tag's UID and the games that
know it. The words arrive finished
in `Screen.view["check"]` (companion.app.check_steps); this only lays them out.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from companion.screen_model import Screen
from companion.screens import chrome, palette
from companion.screens.painter import Painter

KIND = "check"


def own_drawer(kind: str) -> Callable[[Screen, Painter, pygame.Rect], None] | None:
    """The drawer of a screen kind that belongs to no game (the check), for the generic renderer."""
    return draw if kind == KIND else None


def _ink(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    """Black or white text, whichever reads better on the cap's colour (relative luminance)."""
    r, g, b = rgb
    return palette.BLACK if 0.2126 * r + 0.7152 * g + 0.0722 * b > 140 else palette.WHITE


def draw(screen: Screen, p: Painter, rect: pygame.Rect) -> None:
    words = (screen.view or {}).get("check", {})
    m = p.metrics
    y = rect.top
    if words.get("step") == "button":
        rgb = tuple(words.get("rgb", palette.PANEL))
        colour = (int(rgb[0]), int(rgb[1]), int(rgb[2]))
        ink = _ink(colour)
        lines = [str(words.get("which", "")), str(words.get("wrong", "")), str(words.get("hint", ""))]
        below = sum(m.line_height(m.text_size) * len(p.cache.wrap(line, m.text_size, rect.width))
                    for line in lines if line)
        swatch = pygame.Rect(rect.left, y, rect.width, max(m.line_height(m.large_size) + 2 * m.pad,
                                                           rect.height - below - m.pad))
        p.box("check:swatch", swatch, fill=colour, edge=palette.TEXT, radius=m.pad, value=words.get("n"))
        p.paragraph("check:step", str(words.get("say", "")), swatch.inflate(-2 * m.pad, -2 * m.pad),
                    m.large_size, ink, colour, align="center", centred=True)
        y = swatch.bottom + m.pad
        for role, line, colour_text in (("check:which", lines[0], palette.TEXT),
                                        ("check:wrong", lines[1], palette.ERROR),
                                        ("check:hint", lines[2], palette.TEXT_MUTED)):
            if line:
                y += p.paragraph(role, line, pygame.Rect(rect.left, y, rect.width, rect.bottom - y), m.text_size,
                                 colour_text)
        return
    y += p.paragraph("check:step", str(words.get("say", "")), pygame.Rect(rect.left, y, rect.width, rect.height // 2),
                     m.large_size) + m.pad
    if words.get("wrong"):
        y += p.paragraph("check:wrong", str(words["wrong"]), pygame.Rect(rect.left, y, rect.width, rect.bottom - y),
                         m.text_size, palette.ERROR) + m.pad
    detail = [str(words[key]) for key in ("known", "laptop", "hint") if words.get(key)]
    chrome.draw_detail(p, pygame.Rect(rect.left, y, rect.width, rect.bottom - y), detail, palette.BACKGROUND,
                       screen.page)
