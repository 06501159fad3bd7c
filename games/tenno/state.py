"""The state of one play-through: hand counts, gaps, prisoner piles, what left the game, the duel.

Layouts and hands are face down and the engine never asks for them: a hand
is a count, a layout is three places less its gaps. What the engine knows
card by card is what left the game (`out`: the discard pile and each
prisoner pile), because every such card was turned up in a duel; it keeps
that to itself until the end (see view.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from engine.core.outcome import Outcome
from engine.core.seating import Seating
from games.tenno.catalogue import SET_SIZE, Catalogue
from games.tenno.setup import Setup

LAYOUT = 3
"""Cards in each player's row: "die drei vor ihm ausliegenden Karten"."""
HAND = SET_SIZE - LAYOUT


@dataclass
class Player:
    """One seat, named by the colour of its set."""

    name: str
    seat: int
    hand: int = HAND
    gaps: int = 0
    """Places of the row emptied in this turn, filled from the hand when the turn's duels are over."""
    prisoners: list[str] = field(default_factory=list)
    """Cards captured, face down: never shown before the game is over."""
    lost: int = 0
    """Own cards that left the game (captured by others or discarded)."""


@dataclass
class Duel:
    """One attack: the two cards turned up, the Monk, and once resolved the strengths and where each card went."""

    number: int
    attacker: str
    attack_card: str
    defender: str | None = None
    defend_card: str | None = None
    monk: bool = False
    attack: int | None = None
    defend: int | None = None
    result: str | None = None
    """"attacker", "defender" or "tie" once resolved."""
    captured: str | None = None
    captor: str | None = None
    discarded: list[str] = field(default_factory=list)

    def lost_by(self, player: str, colour: Callable[[str], str]) -> int:
        """How many cards `player` lost in this duel (`colour`: a card's colour)."""
        gone = [c for c in (self.captured, *self.discarded) if c is not None]
        return sum(1 for c in gone if colour(c) == player)


@dataclass
class State(Seating[Player]):
    """What changes during a game; the static rules live on the game and catalogue."""

    catalogue: Catalogue
    setup: Setup
    players: list[Player]
    first: int
    active: int
    turn: int = 1
    phase: str = "attack"
    duel: Duel | None = None
    """The duel on screen: from the attacking tap until the table presses OK after the turn."""
    duels: list[Duel] = field(default_factory=list)
    """This turn's duels (two after a Ronin's second attack)."""
    out: dict[str, str] = field(default_factory=dict)
    """Card -> where it went: "discard" or the captor's name (their prisoner pile)."""
    discard: list[str] = field(default_factory=list)
    step: int = 0
    ended_by: tuple[str, ...] = ()
    """The players who had to fill a gap with an empty hand."""
    result: str | None = None
    outcome: Outcome | None = None

    def colour(self, cid: str) -> str:
        return self.catalogue.cards[cid].colour

    def role(self, cid: str) -> str:
        return self.catalogue.cards[cid].role

    def in_play(self, name: str) -> list[str]:
        """`name`'s cards still in the game (hand and row), as the tie-break counts them."""
        return [cid for cid in self.catalogue.by_colour[name] if cid not in self.out]

    # --- moving cards (every move keeps `out`, the piles and the counts together) --

    def capture(self, cid: str, captor: Player) -> None:
        captor.prisoners.append(cid)
        self.out[cid] = captor.name
        self._lose(cid)

    def throw_out(self, cid: str) -> None:
        self.discard.append(cid)
        self.out[cid] = "discard"
        self._lose(cid)

    def _lose(self, cid: str) -> None:
        owner = self.by_name(self.colour(cid))
        owner.lost += 1
        owner.gaps += 1
