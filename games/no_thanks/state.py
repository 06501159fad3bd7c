"""The state of one play-through: each player's cards and chips, the card in the middle and its chips.

The deck is face down and nine cards lie in the box unseen: the engine
knows a card once it is flipped and tapped, never before (which cards are
out and the deck's order are nobody's to know). Each player's chips are
counted here from every No thanks and every take, and kept secret until
the end (see view.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core.outcome import Outcome
from engine.core.seating import Seating
from games.no_thanks.catalogue import HIGHEST, LOWEST, Catalogue
from games.no_thanks.setup import Setup

OUT = 9
"""Cards put back in the box unseen at the start."""
DECK = HIGHEST - LOWEST + 1 - OUT
"""The cards played: 24; the game ends when the last of them is taken."""


@dataclass
class Player:
    """One seat: its chips (secret until the end) and the cards it took (face up in front of it)."""

    name: str
    seat: int
    chips: int
    cards: list[str] = field(default_factory=list)


@dataclass
class State(Seating[Player]):
    """What changes during a game; the cards' numbers live on the catalogue."""

    players: list[Player]
    """In seat order, clockwise."""
    catalogue: Catalogue
    setup: Setup
    first: int
    """The start player's seat."""
    active: int
    """The seat whose turn it is: who flips, or who decides on the card in the middle."""
    phase: str = "flip"
    """"flip" (the active player flips the top card), "decide" (No thanks or Take) or "over"."""
    card: str | None = None
    """The card in the middle, from its tap until it is taken."""
    pot: int = 0
    """Chips on the card in the middle."""
    flipped: list[str] = field(default_factory=list)
    """Every card tapped, in the order it came up."""
    step: int = 0
    result: str | None = None
    outcome: Outcome | None = None

    @property
    def chips(self) -> dict[str, int]:
        """Each player's chips: the engine's secret until the end."""
        return {pl.name: pl.chips for pl in self.players}

    def value(self, cid: str) -> int:
        return self.catalogue.value(cid)

    def holder(self, cid: str) -> Player | None:
        """Who took `cid`, if anyone."""
        return next((pl for pl in self.players if cid in pl.cards), None)
