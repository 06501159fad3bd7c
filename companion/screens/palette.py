"""Colours of the companion's screens.

Built on the Okabe-Ito palette, whose eight colours stay distinct for the
common colour-vision deficiencies, on a near-black ground for contrast across
a table. Colour never carries meaning alone: every coloured thing is also a
shape, an icon or a word, so a player who cannot tell two colours apart loses
nothing.
"""

from __future__ import annotations

Colour = tuple[int, int, int]

# The Okabe-Ito colours.
BLACK: Colour = (0, 0, 0)
ORANGE: Colour = (230, 159, 0)
SKY_BLUE: Colour = (86, 180, 233)
BLUISH_GREEN: Colour = (0, 158, 115)
YELLOW: Colour = (240, 228, 66)
BLUE: Colour = (0, 114, 178)
VERMILLION: Colour = (213, 94, 0)
REDDISH_PURPLE: Colour = (204, 121, 167)
WHITE: Colour = (255, 255, 255)

# What each colour means on screen.
BACKGROUND: Colour = (16, 20, 26)
PANEL: Colour = (34, 42, 54)
PANEL_EDGE: Colour = (92, 104, 120)
TEXT: Colour = WHITE
TEXT_MUTED: Colour = (170, 178, 190)
TEXT_DIM: Colour = (120, 128, 140)
TITLE_BACKGROUND: Colour = (0, 62, 98)
HIGHLIGHT: Colour = YELLOW
HIGHLIGHT_TEXT: Colour = BLACK
ERROR: Colour = VERMILLION
ERROR_TEXT: Colour = BLACK
INFO: Colour = SKY_BLUE
INFO_TEXT: Colour = BLACK
GOOD: Colour = BLUISH_GREEN
STEPS_PANEL: Colour = (44, 40, 20)
"""The to-do panel's ground: a dark yellow, so the table's steps stand apart from the board."""


def mix(a: Colour, b: Colour, amount: float) -> Colour:
    """`a` moved `amount` (0..1) of the way to `b`: dimmed or lifted colours without alpha."""
    return (
        round(a[0] + (b[0] - a[0]) * amount),
        round(a[1] + (b[1] - a[1]) * amount),
        round(a[2] + (b[2] - a[2]) * amount),
    )


def luminance(colour: Colour) -> float:
    """Relative luminance (WCAG 2)."""
    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Colour, b: Colour) -> float:
    """The WCAG contrast ratio of two colours, 1 to 21."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def ink_on(fill: Colour) -> Colour:
    """Black or white, whichever stands out more on `fill`."""
    return BLACK if contrast(BLACK, fill) >= contrast(WHITE, fill) else WHITE
