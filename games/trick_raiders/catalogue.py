"""The 52 game cards, loaded from `data/components.toml` and validated.

The file is the shared component format (engine.core.components: `id`,
`kind`, `label`, `attributes`, `verified`) so an owner can correct which copy of a 9 is the
special one without touching code. Loading checks the whole file and names
the entry at fault, because a person editing it deserves better than a
traceback.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from importlib import resources
from typing import Any

from engine.core.components import Component, parse_components
from engine.core.errors import RuleError
from engine.core.messages import Message, msg

SUITS = ("spades", "hearts", "diamonds", "clubs")
COPIES = {9: "ab", 10: "abc"}
"""Values printed more than once per suit, and the copy letters of their ids."""
SPECIALS = {"trump-change": 2, "life-steal": 1, "lead-return": 1}
"""Each special effect and how many cards carry it."""
DATA_FILE = "components.toml"
_ID = re.compile(r"^(spades|hearts|diamonds|clubs)-(10|[1-9])([abc]?)$")


@dataclass(frozen=True, slots=True)
class Card:
    """One game card as printed."""

    id: str
    suit: str
    value: int
    copy: str
    special: str
    label: str
    verified: bool

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "kind": "card", "label": self.label, "suit": self.suit, "value": self.value,
                "special": self.special, "verified": self.verified}


@dataclass(frozen=True)
class Catalogue:
    """Every card of one copy of the game."""

    cards: dict[str, Card]

    @cached_property
    def three_player_deck(self) -> tuple[str, ...]:
        """The 40 cards of a 3-player game: no 1s, no 2s, and one 10 of each suit (copy c) left out.

        "Remove 1, 2, and 10s" with "the remaining 40 cards": 52 - 4 - 4 - 4 =
        40, so one 10 per suit goes, not all three (the only reading that
        gives 40). The 10s are all alike, so which copy is arbitrary.
        """
        return tuple(c.id for c in self.cards.values()
                     if c.value > 2 and not (c.value == 10 and c.copy == "c"))

    def deck(self, players: int) -> tuple[str, ...]:
        return self.three_player_deck if players == 3 else tuple(self.cards)

    def unverified(self) -> list[str]:
        return [c.id for c in self.cards.values() if not c.verified]


def _fail(where: str, message: Message) -> RuleError:
    return RuleError(msg('{where}: {message}', where=where, message=message))


def _card(entry: Component) -> Card:
    match = _ID.match(entry.id)
    if match is None:
        raise entry.fail(msg("id {id} must be <suit>-<value> with a copy letter for a 9 or a 10, "
                             "such as clubs-7 or hearts-9a", id=repr(entry.id)))
    attrs = entry.attributes
    if set(attrs) != {"suit", "value", "special"}:
        raise entry.fail(msg('attributes must hold exactly suit, value and special'))
    suit, value, special = attrs["suit"], attrs["value"], attrs["special"]
    if suit not in SUITS:
        raise entry.fail(msg('suit {value} is not one of spades, hearts, diamonds, clubs', value=repr(suit)))
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 10:
        raise entry.fail(msg('value {value} is not a whole number from 1 to 10', value=repr(value)))
    if special != "" and special not in SPECIALS:
        raise entry.fail(msg('special {value} is not one of trump-change, life-steal, lead-return or ""',
                             value=repr(special)))
    copy = match.group(3)
    if (match.group(1), int(match.group(2))) != (suit, value) or (copy != "") != (value in COPIES):
        raise entry.fail(msg("the id does not match suit {suit} and value {n}", suit=suit, n=value))
    return Card(entry.id, suit, value, copy, special, entry.label, entry.verified)


def parse_catalogue(text: str, source: str = DATA_FILE) -> Catalogue:
    """Validate the text of a components file (the shared format) and build the catalogue."""
    cards = {card.id: card for card in map(_card, parse_components(text, source, kinds={"card"}))}
    expected = {f"{s}-{v}{c}" for s in SUITS for v in range(1, 11) for c in COPIES.get(v, "") or [""]}
    missing = sorted(expected - set(cards))
    if missing:
        raise _fail(source, msg('expected 52 cards; missing {value}', value=', '.join(missing)))
    for special, count in SPECIALS.items():
        found = [c.id for c in cards.values() if c.special == special]
        if len(found) != count:
            raise _fail(source, msg("{count} card(s) must be special {value}, not {found}", count=count,
                                    value=special, found=', '.join(found) or 'none'))
    return Catalogue(cards)


def packaged_text() -> str:
    """The components file shipped with the engine."""
    return resources.files("games.trick_raiders").joinpath("data", DATA_FILE).read_text("utf-8")


def load_catalogue(text: str | None = None, source: str = DATA_FILE) -> Catalogue:
    """The packaged catalogue, or one built from a user's edited copy."""
    return parse_catalogue(packaged_text() if text is None else text, source)
