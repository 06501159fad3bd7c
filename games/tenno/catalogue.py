"""The 77 character cards, loaded from `data/components.toml` and validated.

The file is the shared component format (engine.core.components) so an
owner can correct the strengths the rulebook does not print, or the colour
names, without touching code. Loading checks the whole file and names the
entry at fault, because a person editing it deserves better than a
traceback.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from importlib import resources
from typing import Any

from engine.core.components import Component, fail, parse_components
from engine.core.messages import msg

ROLES = {"farmer": 3, "ninja": 1, "monk": 1, "ronin": 1, "samurai": 2, "daimyo": 1, "shogun": 1, "geisha": 1}
"""Each role and how many cards of it a set holds (11 in all)."""
SET_SIZE = 11
COLOURS = 7
MONK_BONUS = 2
"""The Monk: "Diese Karte erhält dadurch +2 in der Verteidigung" (printed, so not data)."""
DATA_FILE = "components.toml"
_ID = re.compile(r"^([a-z]+)-(farmer|ninja|monk|ronin|samurai|daimyo|shogun|geisha)(?:-(\d+))?$")
_SUFFIXED = ("farmer", "samurai")
"""Roles held more than once per set: their ids end in the card's value (red-farmer-2, red-samurai-7)."""


@dataclass(frozen=True, slots=True)
class Card:
    """One character card as printed."""

    id: str
    colour: str
    role: str
    value: int
    attack: int
    defend: int
    label: str
    verified: bool

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "kind": "card", "label": self.label, "colour": self.colour, "role": self.role,
                "value": self.value, "attack": self.attack, "defend": self.defend, "verified": self.verified}


@dataclass(frozen=True)
class Catalogue:
    """Every card of one copy of the game, and the set colours in file order."""

    cards: dict[str, Card]
    colours: tuple[str, ...]

    @cached_property
    def by_colour(self) -> dict[str, tuple[str, ...]]:
        """Each colour's 11 card ids, in file order."""
        return {colour: tuple(c.id for c in self.cards.values() if c.colour == colour) for colour in self.colours}

    @cached_property
    def monk(self) -> dict[str, str]:
        """Each colour's Monk."""
        return {c.colour: c.id for c in self.cards.values() if c.role == "monk"}

    def components(self) -> Iterable[Card]:
        """What a tag can be bound to: every card, in file order."""
        return self.cards.values()

    def unverified(self) -> list[str]:
        return [c.id for c in self.cards.values() if not c.verified]


def _whole(entry: Component, name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 20:
        raise entry.fail(msg("{name} {value} is not a whole number from 0 to 20", name=name, value=repr(value)))
    return value


def _card(entry: Component) -> Card:
    match = _ID.match(entry.id)
    if match is None:
        raise entry.fail(msg("id {id} must be <colour>-<role>, such as red-ninja, red-farmer-2 or red-samurai-7",
                             id=repr(entry.id)))
    attrs = entry.attributes
    if set(attrs) != {"colour", "role", "value", "attack", "defend"}:
        raise entry.fail(msg("attributes must hold exactly colour, role, value, attack and defend"))
    colour, role = attrs["colour"], attrs["role"]
    if role not in ROLES:
        raise entry.fail(msg("role {value} is not one of {known}", value=repr(role), known=", ".join(ROLES)))
    value, attack, defend = (_whole(entry, name, attrs[name]) for name in ("value", "attack", "defend"))
    suffix = match.group(3)
    if (match.group(1), match.group(2)) != (colour, role) or (suffix is None) == (role in _SUFFIXED):
        raise entry.fail(msg("the id does not match colour {colour} and role {role}", colour=repr(colour),
                             role=repr(role)))
    if role == "farmer" and int(suffix) != value:
        raise entry.fail(msg("a Farmer's id ends in its value: {value} here", value=value))
    if role == "geisha" and (attack, defend) != (0, 0):
        raise entry.fail(msg("the Geisha's attack and defend must be 0: her strength is one more than her opponent's"))
    return Card(entry.id, colour, role, value, attack, defend, entry.label, entry.verified)


def parse_catalogue(text: str, source: str = DATA_FILE) -> Catalogue:
    """Validate the text of a components file (the shared format) and build the catalogue."""
    cards = {card.id: card for card in map(_card, parse_components(text, source, kinds={"card"}))}
    colours = tuple(dict.fromkeys(c.colour for c in cards.values()))
    if len(colours) != COLOURS:
        raise fail(source, msg("expected {n} colours, one set each; found {found}", n=COLOURS,
                               found=", ".join(colours) or "none"))
    for colour in colours:
        roles = Counter(c.role for c in cards.values() if c.colour == colour)
        if roles != Counter(ROLES):
            raise fail(source, msg("the {colour} set must hold {expected}, not {found}", colour=colour,
                                   expected=_roles(ROLES), found=_roles(dict(roles))))
    strongest = max(c.attack for c in cards.values() if c.role not in ("geisha", "shogun"))
    for card in cards.values():
        if card.role == "shogun" and card.defend <= strongest:
            raise fail(source, msg("{id}: the Shogun must defend stronger than any attack ({n}): only the Geisha "
                                   "beats him", id=card.id, n=strongest))
    return Catalogue(cards, colours)


def _roles(counts: dict[str, int]) -> str:
    return ", ".join(f"{n} {role}" for role, n in counts.items())


def packaged_text() -> str:
    """The components file shipped with the engine."""
    return resources.files("games.tenno").joinpath("data", DATA_FILE).read_text("utf-8")


def load_catalogue(text: str | None = None, source: str = DATA_FILE) -> Catalogue:
    """The packaged catalogue, or one built from a user's edited copy."""
    return parse_catalogue(packaged_text() if text is None else text, source)
