"""The 80 influence tiles and the player colours, loaded from `data/components.toml` and validated.

The file is the shared component format (engine.core.components) so an
owner can correct the colours, which the rulebook does not name, without
touching code. Loading checks the whole file and names the entry at fault:
every colour must have exactly the set of 20 tiles the rulebook lists.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources
from typing import Any

from engine.core.components import Component, fail, parse_components
from engine.core.messages import msg

CASTES = ("castle", "buddha", "rice")
"""The three castes, in the order captures and the reckoning go through them."""
TYPES = ("castle", "buddha", "rice", "samurai", "ronin", "ship", "move", "switch")
FAST_TYPES = frozenset({"ronin", "ship", "switch"})
"""Fast tiles ("red Japanese icon by bottom vertex"): "1 Ronin, 1/1/2 Ship, Switch"."""
ALL_CASTES = frozenset({"samurai", "ronin", "ship"})
"""Tiles with "the indicated influence on each and all castes"."""
SET: Counter[tuple[str, int]] = Counter(
    [(caste, value) for caste in CASTES for value in (2, 3, 4)]
    + [("samurai", v) for v in (1, 1, 2, 2, 3)] + [("move", 0), ("ronin", 1)]
    + [("ship", v) for v in (1, 1, 2)] + [("switch", 0)])
"""One player's 20 tiles as (type, value): what the rulebook lists."""
TILES_PER_PLAYER = 20
DATA_FILE = "components.toml"
_ID = re.compile(r"^([a-z]+)-(castle|buddha|rice|samurai|ronin|ship|move)-([0-4])([ab]?)$|^([a-z]+)-(switch)$")


@dataclass(frozen=True, slots=True)
class Tile:
    """One influence tile as printed."""

    id: str
    colour: str
    type: str
    value: int
    fast: bool
    label: str

    def influence(self, caste: str) -> int:
        """Influence on `caste` in a capture: caste tiles on their own caste only, Samurai, Ronin and
        Ships on every caste, Move 0 (and a Switch is never on the board)."""
        if self.type == caste or self.type in ALL_CASTES:
            return self.value
        return 0

    @property
    def normal(self) -> bool:
        return not self.fast

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "kind": "tile", "label": self.label, "colour": self.colour, "type": self.type,
                "value": self.value, "fast": self.fast, "verified": True}


@dataclass(frozen=True)
class Catalogue:
    """Every tile of one copy of the game, and the colours in the file's order."""

    tiles: dict[str, Tile]
    colours: tuple[str, ...]
    unverified_colours: tuple[str, ...]

    def of(self, colour: str) -> list[Tile]:
        return [t for t in self.tiles.values() if t.colour == colour]

    def components(self) -> Iterable[Tile]:
        """What a tag can be bound to: every tile, in file order."""
        return self.tiles.values()


def _tile(entry: Component, colours: set[str]) -> Tile:
    match = _ID.match(entry.id)
    if match is None:
        raise entry.fail(msg("id {id} must be <colour>-<type>-<value> with a copy letter where needed, such as "
                             "red-castle-3, red-samurai-1b or red-switch", id=repr(entry.id)))
    attrs = entry.attributes
    if set(attrs) != {"colour", "type", "value", "fast"}:
        raise entry.fail(msg("attributes must hold exactly colour, type, value and fast"))
    colour, kind, value, fast = attrs["colour"], attrs["type"], attrs["value"], attrs["fast"]
    if colour not in colours:
        raise entry.fail(msg("colour {value} is not one of the colour entries ({known})", value=repr(colour),
                             known=", ".join(sorted(colours))))
    if kind not in TYPES:
        raise entry.fail(msg("type {value} is not one of {known}", value=repr(kind), known=", ".join(TYPES)))
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 4:
        raise entry.fail(msg("value {value} is not a whole number from 0 to 4", value=repr(value)))
    if fast is not (kind in FAST_TYPES):
        raise entry.fail(msg("fast must be true exactly for Ronin, Ships and Switch"))
    id_colour = match.group(1) or match.group(5)
    id_type = match.group(2) or match.group(6)
    id_value = int(match.group(3)) if match.group(3) else 0
    if (id_colour, id_type, id_value) != (colour, kind, value):
        raise entry.fail(msg("the id does not match colour {colour}, type {type} and value {n}", colour=colour,
                             type=kind, n=value))
    return Tile(entry.id, colour, kind, value, fast, entry.label)


def parse_catalogue(text: str, source: str = DATA_FILE) -> Catalogue:
    """Validate the text of a components file (the shared format) and build the catalogue."""
    entries = parse_components(text, source, kinds={"colour", "tile"})
    colour_entries = [e for e in entries if e.kind == "colour"]
    colours = tuple(e.id for e in colour_entries)
    if not 2 <= len(colours) <= 8:
        raise fail(source, msg("expected 2 to 8 colour entries, not {n}", n=len(colours)))
    tiles = {t.id: t for t in (_tile(e, set(colours)) for e in entries if e.kind == "tile")}
    for colour in colours:
        found = Counter((t.type, t.value) for t in tiles.values() if t.colour == colour)
        if found != SET:
            missing = sorted(f"{k} {v}" for k, v in (SET - found).elements())
            extra = sorted(f"{k} {v}" for k, v in (found - SET).elements())
            raise fail(source, msg("colour {colour} must have the 20 tiles of one set; missing: {missing}; "
                                   "extra: {extra}", colour=colour, missing=", ".join(missing) or "none",
                                   extra=", ".join(extra) or "none"))
    return Catalogue(tiles, colours, tuple(e.id for e in colour_entries if not e.verified))


def packaged_text() -> str:
    """The components file shipped with the engine."""
    return resources.files("games.samurai_knizia").joinpath("data", DATA_FILE).read_text("utf-8")


def load_catalogue(text: str | None = None, source: str = DATA_FILE) -> Catalogue:
    """The packaged catalogue, or one built from a user's edited copy."""
    return parse_catalogue(packaged_text() if text is None else text, source)
