"""A player's name: text someone typed on a phone, made safe to keep and to show everywhere.

A name is shown on the device's screen in the shipped DejaVu fonts, on the
web page and in spreadsheets. So a name is cleaned once, when it is typed
(`clean_name`): Unicode NFC normalisation (an "é" typed as e + accent is the
same name as the one typed as one character), whitespace collapsed to
single spaces, control and invisible formatting characters refused, at most
`MAX_NAME` characters and `MAX_WIDTH` wide (so the screen never cuts it),
and every character one the screen's fonts can draw:
a name the screen would show as empty boxes is refused with the character
named, rather than drawn with a fallback font the device does not ship.
A name that reads like one of the device's own choices is refused too: the
seat question lists "Nobody (unnamed)" first, and the BG Stats file has its
"Anonymous player", so a player called "Nobody (unnamed)", "niemand",
"(sans nom)" or "Anonymous player" would pass for nobody (in any of the
four languages, whatever the case, spaces or brackets) when it is typed
(`special_refusal`).
Accents stacked two or more on one letter (what NFC could not compose
into one character) are refused, since they would be drawn over the line
above. Right-to-left letters (Hebrew, Arabic) are refused too: the screen draws
text left to right without shaping, so they would come out reversed and
unjoined, which is worse than asking for another spelling.
What is refused comes back as a Message that says what to change.

A name is data, never markup: the web page escapes it (Jinja autoescape)
and a spreadsheet cell gets it through `spreadsheet_cell`, which keeps a
name such as "=cmd()" or "@Anna" from being read as a formula.
"""

from __future__ import annotations

import struct
import unicodedata
from functools import cache
from pathlib import Path

from engine.core.messages import Message, msg

MAX_NAME = 24
"""Characters, after normalisation."""
MAX_WIDTH = 14.0
"""Ems (`name_width`): the seat question's list at 800x480 drew every one of 400 random names up to 15.4
ems whole and cut some from 15.5 on, so this leaves a margin and no accepted name is ever cut
(tests/companion/test_players_seating.py renders the widest at both sizes in every language). About 20
letters of an ordinary name, 12 capital Ws."""
FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"
FACES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuSansCondensed.ttf", "DejaVuSansCondensed-Bold.ttf")
"""Every face the screens draw text in (companion.screens.text): a name must be drawable in all of them."""
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""What makes a spreadsheet read a cell as a formula (OWASP's CSV injection list)."""


def _tables(data: bytes) -> dict[bytes, int]:
    count = struct.unpack_from(">H", data, 4)[0]
    out = {}
    for index in range(count):
        tag, _, offset, _ = struct.unpack_from(">4sIII", data, 12 + 16 * index)
        out[tag] = offset
    return out


def _cmap(data: bytes) -> dict[int, int]:
    """Code point -> glyph of a TrueType font, from its cmap table (formats 4 and 12).

    Read with the standard library only, once per face: the web process
    checks names too and must not need pygame for it.
    """
    cmap = _tables(data).get(b"cmap")
    if cmap is None:
        return {}
    points: dict[int, int] = {}
    count = struct.unpack_from(">H", data, cmap + 2)[0]
    for index in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * index)
        if (platform, encoding) not in ((3, 1), (3, 10), (0, 3), (0, 4)):
            continue
        sub = cmap + offset
        form = struct.unpack_from(">H", data, sub)[0]
        if form == 4:
            points.update(_format4(data, sub))
        elif form == 12:
            groups = struct.unpack_from(">I", data, sub + 12)[0]
            for group in range(groups):
                start, end, glyph = struct.unpack_from(">III", data, sub + 16 + 12 * group)
                points.update((start + k, glyph + k) for k in range(end - start + 1) if glyph + k)
    return points


def _format4(data: bytes, sub: int) -> dict[int, int]:
    segments = struct.unpack_from(">H", data, sub + 6)[0] // 2
    ends = struct.unpack_from(f">{segments}H", data, sub + 14)
    starts = struct.unpack_from(f">{segments}H", data, sub + 16 + 2 * segments)
    deltas = struct.unpack_from(f">{segments}h", data, sub + 16 + 4 * segments)
    range_at = sub + 16 + 6 * segments
    offsets = struct.unpack_from(f">{segments}H", data, range_at)
    points: dict[int, int] = {}
    for seg in range(segments):
        for point in range(starts[seg], ends[seg] + 1):
            if point == 0xFFFF:
                continue
            if offsets[seg] == 0:
                glyph = (point + deltas[seg]) & 0xFFFF
            else:
                at = range_at + 2 * seg + offsets[seg] + 2 * (point - starts[seg])
                glyph = struct.unpack_from(">H", data, at)[0]
                glyph = (glyph + deltas[seg]) & 0xFFFF if glyph else 0
            if glyph:
                points[point] = glyph
    return points


def _advances(data: bytes, glyphs: dict[int, int]) -> dict[int, float]:
    """Code point -> advance width in ems (hhea, hmtx and head tables)."""
    tables = _tables(data)
    per_em = struct.unpack_from(">H", data, tables[b"head"] + 18)[0]
    metrics = struct.unpack_from(">H", data, tables[b"hhea"] + 34)[0]
    hmtx = tables[b"hmtx"]
    last = struct.unpack_from(">H", data, hmtx + 4 * (metrics - 1))[0]
    out = {}
    for point, glyph in glyphs.items():
        advance = struct.unpack_from(">H", data, hmtx + 4 * glyph)[0] if glyph < metrics else last
        out[point] = advance / per_em
    return out


@cache
def _widths() -> dict[int, float]:
    """Code point -> its widest advance (ems) among the screen faces, for the points all of them draw."""
    widest: dict[int, float] | None = None
    for face in FACES:
        data = (FONT_DIR / face).read_bytes()
        advances = _advances(data, _cmap(data))
        widest = advances if widest is None else {p: max(w, advances[p]) for p, w in widest.items() if p in advances}
    return widest or {}


def drawable() -> frozenset[int]:
    """The code points every screen face can draw."""
    return frozenset(_widths())


GRID = 0.06
"""Ems added per character: the screen draws each letter on whole pixels, so at the list's small type (about
17 px to the em) a line comes out up to a pixel a letter wider than its outline."""


def name_width(name: str) -> float:
    """How wide `name` is drawn, in ems of the widest screen face (0 for a character no face draws)."""
    widths = _widths()
    return sum(widths.get(ord(char), 0.0) + GRID for char in name)


def clean_name(typed: str) -> str | Message:
    """The name to keep for what someone typed, or a Message saying why it cannot be one."""
    text = unicodedata.normalize("NFC", typed)
    for char in text:
        if char.isspace():
            continue
        category = unicodedata.category(char)
        if category in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"):
            return msg("A name cannot hold the invisible or control character {code}: type it without.",
                       code=f"U+{ord(char):04X}")
    name = " ".join(text.split())
    if not name:
        return msg("Type a name: it cannot be empty.")
    if len(name) > MAX_NAME:
        return msg("A name has at most {limit} characters; this one has {count}.", limit=MAX_NAME, count=len(name))
    stacked = [b for a, b in zip(name, name[1:], strict=False)
               if unicodedata.combining(a) and unicodedata.combining(b)]
    if stacked:
        return msg("A name cannot stack accents on one letter ({code}): the screen would draw them over the line "
                   "above.", code=f"U+{ord(stacked[0]):04X}")
    backwards = [char for char in name if unicodedata.bidirectional(char) in ("R", "AL")]
    if backwards:
        return msg("The screen writes left to right and cannot join letters, so {char} would be shown wrongly: "
                   "write the name in Latin, Greek or Cyrillic letters.", char=backwards[0])
    missing = [char for char in name if char != " " and ord(char) not in _widths()]
    if missing:
        return msg("The screen's font cannot draw {char} ({code}): write the name in other letters.",
                   char=missing[0], code=f"U+{ord(missing[0]):04X}")
    if name_width(name) > MAX_WIDTH:
        return msg("{name} is too wide for the screen's lists: shorten it (a first name and an initial, say).",
                   name=name)
    return name


def special_refusal(name: str) -> Message | None:
    """Why a cleaned name cannot be a new player's (or a new name): it reads like a special choice; None if not.

    Checked when a name is typed (companion.players.book), not when a book is read: a book that already
    holds such a player stays readable, and the player can be renamed.
    """
    if not looks_special(name):
        return None
    return msg("{name} reads like one of the device's own choices, such as \"{nobody}\": choose a name nobody could "
               "take for it.", name=name, nobody=NOBODY)


NOBODY = msg("Nobody (unnamed)")
"""The seat question's first choice (companion.players.seating), and the phone page's."""
ANONYMOUS = ("Anonymous player", "Anonymous", "Anonymer Spieler", "Anonym", "Joueur anonyme", "Anonyme",
             "Anonieme speler", "Anoniem")
"""BG Stats' own player for a seat nobody was named for (companion.history.export), and its words."""


def _key(text: str) -> str:
    """What a name reads as, for telling it from a special choice: its letters and digits, case folded."""
    return "".join(char for char in unicodedata.normalize("NFKC", text).casefold() if char.isalnum())


@cache
def special_keys() -> frozenset[str]:
    """The keys of every special choice in every language: "Nobody (unnamed)", its "Nobody" and its
    "unnamed", and the anonymous player."""
    from companion.i18n import LANGUAGES, Translator

    keys = {_key(word) for word in ANONYMOUS}
    for lang in LANGUAGES:
        text = Translator(lang)(NOBODY)
        before, _, inside = text.partition("(")
        keys.update({_key(text), _key(before), _key(inside)})
    keys.discard("")
    return frozenset(keys)


def looks_special(name: str) -> bool:
    """True when `name` reads like "Nobody (unnamed)" or the anonymous player, in any language."""
    return _key(name) in special_keys()


def same_name(one: str, other: str) -> bool:
    """Two names a table would take for one person: equal ignoring case (after cleaning)."""
    return one.casefold() == other.casefold()


def spreadsheet_cell(text: str) -> str:
    """`text` for a CSV cell a spreadsheet opens: a leading = + - @ (or tab, CR) gets a ' before it, so the
    cell is shown as the text it is and never run as a formula."""
    return "'" + text if text.startswith(FORMULA_START) else text
