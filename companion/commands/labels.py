"""`companion labels`: a printable label sheet per game, the button caps saying what the screen's strip says.

Each sheet (SVG, A4 landscape, to print at 100 %) holds one row of discs to
cut out for the tops of the seven buttons, and a strip to lie under the row
of buttons, both in the order the buttons sit on the box and in each
button's cap colour. The words are the screen's own: the game's labels
(`companion.buttons_layout.screen_labels`) completed with the generic words
exactly as the strip does (`companion.screens.strip.slot_words`), so a cap
and its slot cannot disagree; a button the game never uses gets a blank cap
in its colour. Each game's English sheet is in its own folder,
`games/<package>/pictures/labels.svg`, made with its pictures by

    SDL_VIDEODRIVER=dummy .venv/bin/python scripts/pictures.py

(companion.commands.pictures), and a test makes every registered game's again
and compares. An owner makes sheets in any folder, in another language or for
the buttons' order of their build, with

    companion labels --out DIR --lang de --config /etc/table-companion/companion.toml

The output is the same on every machine: words are measured with the shipped
DejaVu font's own advance widths, and sizes are rounded to tenths of a
millimetre.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

from companion.buttons_layout import COLOUR_WORDS, DEFAULT_ORDER, Cap, in_order, screen_labels
from companion.i18n import LANGUAGES, Translator
from engine.core.messages import Message, msg

PAGE = (297.0, 210.0)
"""A4 landscape, in millimetres (the SVG's user unit)."""
PITCH = 38.0
"""From one button's centre to the next on the box, in mm: 30 mm arcade buttons with a finger's room between."""
DISC = 24.0
"""A cap disc's diameter in mm."""
RING = 2.5
"""The width of the cap colour's ring round a disc, in mm."""
STRIP_HEIGHT = 18.0
BAR = 4.0
"""The cap colour's bar along the top of each strip cell, in mm."""
WORD_MAX = 6.0
"""The largest word on a cap or the strip, in mm of font size."""
WORD_MIN = 2.5
"""The smallest: about 7 pt, read at arm's length; a word that would need less does not fit (the tests
check every game's words in every language)."""
FONT_FILE = "DejaVuSansCondensed-Bold.ttf"
FONT_FAMILY = "'DejaVu Sans Condensed', 'DejaVu Sans', sans-serif"
INK = "#000"
CUT = "#999"

SHEET_HOW = msg("Print at 100% on A4 landscape and cut along the grey lines. The buttons from left to right "
                "as on the box.")
SHEET_CAPS = msg("Caps: a disc for the top of each button (24 mm; scale the print for other caps).")
SHEET_STRIP = msg("Strip: lies under the row of buttons, 38 mm from one button's centre to the next.")


@cache
def _advances() -> tuple[dict[str, float], float]:
    """The bold condensed face's advance widths in em, and the fallback width for a character it lacks."""
    import pygame.freetype

    from companion.screens.text import FONT_DIR

    pygame.freetype.init()
    size = 1000
    face = pygame.freetype.Font(str(FONT_DIR / FONT_FILE), size)
    widths: dict[str, float] = {}
    for code in range(32, 0x250):
        metrics = face.get_metrics(chr(code))
        if metrics and metrics[0] is not None:
            widths[chr(code)] = metrics[0][4] / size
    return widths, widths["M"]


def text_em(text: str) -> float:
    """The width of `text` in em of the label face (the sum of its characters' advances)."""
    widths, fallback = _advances()
    return sum(widths.get(char, fallback) for char in text)


def word_size(word: str, room: float) -> float:
    """The font size in mm at which `word` fills at most `room` mm, WORD_MAX at most, in tenths of a mm (0 for
    no word)."""
    if not word:
        return 0.0
    return min(WORD_MAX, math.floor(room / text_em(word) * 10) / 10)


DISC_ROOM = DISC - 2 * RING - 2.0
"""The width a word may take across a disc's middle, inside the ring, in mm."""
CELL_ROOM = PITCH - 4.0


@dataclass(frozen=True)
class Label:
    """One button on the sheet: its cap, the word and the sizes it is set at on the disc and on the strip."""

    cap: Cap
    word: str
    disc_size: float
    cell_size: float


def sheet_labels(game: str, lang: str = "en", order: Sequence[str] = DEFAULT_ORDER) -> tuple[Label, ...]:
    """The buttons of `game` left to right with the words the screen's strip shows in `lang`."""
    from companion.games import game_ui
    from companion.screens.strip import slot_words

    ui = game_ui(game)
    labels = dict(screen_labels(ui, Translator(lang, ui.namers())))
    words = slot_words(labels, order, Translator(lang))
    return tuple(Label(cap, words[cap.name], word_size(words[cap.name], DISC_ROOM),
                       word_size(words[cap.name], CELL_ROOM)) for cap in in_order(order))


def _hex(rgb: tuple[int, int, int]) -> str:
    return "#{:02x}{:02x}{:02x}".format(*rgb)


def _n(value: float) -> str:
    """A length for the SVG: at most two decimals, no trailing zeros."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _text(x: float, y: float, size: float, words: str, *, anchor: str = "start", bold: bool = False,
          extra: str = "") -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" text-anchor="{anchor}"{weight}{extra}>'
            f"{escape(words)}</text>")


def label_sheet(game: str, lang: str = "en", order: Sequence[str] = DEFAULT_ORDER) -> str:
    """The SVG text of `game`'s label sheet in `lang` for buttons in `order`."""
    from companion.games.registry import game_title

    tr = Translator(lang)
    title = game_title(game)
    heading = tr(msg("{game}: button labels", game=tr(title) if isinstance(title, Message) else title))
    labels = sheet_labels(game, lang, order)
    width, height = PAGE
    left = (width - PITCH * len(labels)) / 2
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{_n(width)}mm" height="{_n(height)}mm" '
           f'viewBox="0 0 {_n(width)} {_n(height)}" font-family="{FONT_FAMILY}" fill="{INK}">',
           f"<title>{escape(heading)}</title>",
           f'<rect width="{_n(width)}" height="{_n(height)}" fill="#fff"/>',
           _text(left, 18, 7, heading, bold=True),
           _text(left, 26, 3.5, tr(SHEET_HOW)),
           _text(left, 42, 3.5, tr(SHEET_CAPS), bold=True)]
    disc_y = 62.0
    for n, label in enumerate(labels):
        x = left + PITCH * (n + 0.5)
        colour = _hex(label.cap.rgb)
        out.append(f'<circle cx="{_n(x)}" cy="{_n(disc_y)}" r="{_n(DISC / 2)}" fill="#fff" stroke="{CUT}" '
                   'stroke-width="0.2"/>')
        out.append(f'<circle class="ring" data-button={quoteattr(label.cap.name)} cx="{_n(x)}" cy="{_n(disc_y)}" '
                   f'r="{_n(DISC / 2 - RING / 2)}" fill="none" stroke="{colour}" stroke-width="{_n(RING)}"/>')
        if label.cap.colour == "white":
            out.append(f'<circle cx="{_n(x)}" cy="{_n(disc_y)}" r="{_n(DISC / 2 - RING)}" fill="none" '
                       f'stroke="{CUT}" stroke-width="0.2"/>')
        if label.word:
            out.append(_text(x, disc_y + label.disc_size * 0.36, label.disc_size, label.word, anchor="middle",
                             bold=True, extra=f' class="word" data-button={quoteattr(label.cap.name)}'))
        out.append(_text(x, disc_y + DISC / 2 + 5, 2.8, f"{tr(COLOUR_WORDS[label.cap.colour])} · {label.cap.name}",
                         anchor="middle"))
    strip_top = 112.0
    out.append(_text(left, strip_top - 8, 3.5, tr(SHEET_STRIP), bold=True))
    out.append(f'<rect x="{_n(left)}" y="{_n(strip_top)}" width="{_n(PITCH * len(labels))}" '
               f'height="{_n(STRIP_HEIGHT)}" fill="#fff" stroke="{CUT}" stroke-width="0.2"/>')
    for n, label in enumerate(labels):
        x = left + PITCH * n
        out.append(f'<rect x="{_n(x)}" y="{_n(strip_top)}" width="{_n(PITCH)}" height="{_n(BAR)}" '
                   f'fill="{_hex(label.cap.rgb)}" stroke="{CUT}" stroke-width="0.2"/>')
        centre = x + PITCH / 2
        out.append(f'<line x1="{_n(centre)}" y1="{_n(strip_top + BAR)}" x2="{_n(centre)}" y2="{_n(strip_top + BAR + 2)}" '
                   f'stroke="{CUT}" stroke-width="0.3"/>')
        if n:
            out.append(f'<line x1="{_n(x)}" y1="{_n(strip_top)}" x2="{_n(x)}" y2="{_n(strip_top + STRIP_HEIGHT)}" '
                       f'stroke="{CUT}" stroke-width="0.1" stroke-dasharray="1 1"/>')
        if label.word:
            baseline = strip_top + BAR + (STRIP_HEIGHT - BAR) / 2 + label.cell_size * 0.36
            out.append(_text(centre, baseline, label.cell_size, label.word, anchor="middle", bold=True,
                             extra=f' class="strip-word" data-button={quoteattr(label.cap.name)}'))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def sheet_name(game: str, lang: str) -> str:
    """`samurai-spirit.svg` in English, `samurai-spirit.de.svg` in German."""
    return f"{game}.svg" if lang == "en" else f"{game}.{lang}.svg"


def write_sheets(out: Path, games: Sequence[str], lang: str, order: Sequence[str]) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for game in games:
        path = out / sheet_name(game, lang)
        path.write_text(label_sheet(game, lang, order), encoding="utf-8")
        written.append(path)
    return written


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--out", default="labels", help="folder for the sheets (default: labels; each game's "
                                                         "English sheet is shipped in its folder, "
                                                         "games/<package>/pictures/labels.svg)")
    parser.add_argument("--game", action="append", help="only this game (repeatable; default: every game)")
    parser.add_argument("--lang", default="en", choices=LANGUAGES, help="the words' language (default: en)")
    parser.add_argument("--config", help="take the buttons' order from this configuration's [buttons] order "
                                         "(default: the wiring order)")


def run(args: argparse.Namespace) -> int:
    from companion.games import registered_games
    from companion.runtime.config import ConfigError, load_config

    games = args.game or registered_games()
    unknown = [game for game in games if game not in registered_games()]
    if unknown:
        print(f"companion labels: unknown game {unknown[0]!r}; known games: {', '.join(registered_games())}",
              file=sys.stderr)
        return 2
    order: Sequence[str] = DEFAULT_ORDER
    if args.config:
        try:
            order = load_config(args.config).button_order
        except ConfigError as exc:
            print(f"companion labels: {exc}", file=sys.stderr)
            return 2
    try:
        written = write_sheets(Path(args.out), games, args.lang, order)
    except OSError as exc:
        print(f"companion labels: cannot write in {args.out}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    for path in written:
        print(path)
    return 0
