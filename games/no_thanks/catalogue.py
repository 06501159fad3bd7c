"""The 33 cards, numbered 3 to 35, loaded from `data/components.toml` and checked.

The file is the shared component format (engine.core.components), so an
owner's census can bind each card's tag and correct a label without
touching code. Loading checks the whole file and names the entry at fault.
The chips carry no tag: the companion counts them from the presses.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, NamedTuple

from engine.core.components import Component, fail, parse_components
from engine.core.messages import msg

LOWEST, HIGHEST = 3, 35
"""The numbers printed on the cards: 3 to 35, each once (33 cards)."""
_ID = re.compile(r"^n-(\d+)$")


class Card(NamedTuple):
    """One card as printed: its number (`value`), the points it counts against whoever takes it; `verified` when
    checked against the real card (every number is printed, so the shipped data is)."""

    id: str
    value: int
    label: str
    verified: bool

    def to_json(self) -> dict[str, Any]:
        """The card as `cards_json` lists it: a "card" with its id, label, number and whether it was checked."""
        return {"kind": "card", **self._asdict()}


@dataclass(frozen=True)
class Catalogue:
    """Every card of the box, by id, in file order."""

    cards: dict[str, Card]

    def components(self) -> Iterable[Card]:
        """What a tag can be bound to: every card."""
        return self.cards.values()

    def value(self, cid: str) -> int:
        return self.cards[cid].value


def _card(entry: Component) -> Card:
    match = _ID.match(entry.id)
    if match is None:
        raise entry.fail(msg("id {id} must be n-<number>, such as n-3 or n-35", id=repr(entry.id)))
    if set(entry.attributes) != {"value"}:
        raise entry.fail(msg("attributes must hold exactly value"))
    value = entry.attributes["value"]
    if isinstance(value, bool) or not isinstance(value, int) or not LOWEST <= value <= HIGHEST:
        raise entry.fail(msg("value {value} is not a whole number from 3 to 35", value=repr(value)))
    if int(match.group(1)) != value:
        raise entry.fail(msg("the id ends in the card's number: n-{n} here", n=value))
    return Card(entry.id, value, entry.label, entry.verified)


def parse_catalogue(text: str, source: str) -> Catalogue:
    """Check the text of a components file and build the catalogue: every number from 3 to 35 once."""
    cards = {card.id: card for card in map(_card, parse_components(text, source, kinds={"card"}))}
    missing = [n for n in range(LOWEST, HIGHEST + 1) if f"n-{n}" not in cards]
    if missing:
        raise fail(source, msg("the box holds a card of every number from 3 to 35; missing: {numbers}",
                               numbers=", ".join(map(str, missing))))
    return Catalogue(cards)
