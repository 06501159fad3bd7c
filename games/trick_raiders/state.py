"""The state of one play-through: lives, lead cards, hand counts, the trick, the trump.

Hands are hidden at the table and the engine never asks for them, so a hand
is a count, plus the few cards everybody saw go into it (lead cards
collected at the declaration or given back by the 9 of Hearts). Every card
the table has seen has one place in `where`; every other card of the round's
deck is unseen: in some hand, or the unused card of a 3-player deal.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from engine.core.outcome import Outcome
from engine.core.seating import Seating
from games.trick_raiders.catalogue import Catalogue
from games.trick_raiders.setup import Setup

TRUMPS = ("spades", "hearts", "diamonds")
"""The trump suit after 0, 1 and 2 wins of a trump-changing Club in one round."""


@dataclass(frozen=True, slots=True)
class Void:
    """A follower who did not follow suit: from then on the hand held no card of `suit`."""

    suit: str
    trick: int
    step: int
    """The input number of the card played instead."""
    start: int
    """The input number of that trick's first card: undoing from it on replays the whole trick."""


@dataclass
class Player:
    """One seat: lives, declaration, lead cards and what is known of the hand."""

    name: str
    seat: int
    lives: int
    lead: list[str] = field(default_factory=list)
    hand: int = 0
    known_hand: list[str] = field(default_factory=list)
    out: bool = False
    bonus: str | None = None
    added: int = 0
    collected: int = 0
    to_tap: int = 0
    """Dealt lead cards still to be tapped."""
    played_from_hand: int = 0
    voids: list[Void] = field(default_factory=list)
    flagged: set[Void] = field(default_factory=set)
    joined_hand: dict[str, int] = field(default_factory=dict)
    """Cards seen going into the hand this round, with the input number that moved them."""

    @property
    def unknown_hand(self) -> int:
        """Hand cards nobody has seen."""
        return self.hand - len(self.known_hand)

    @property
    def cards(self) -> int:
        return self.hand + len(self.lead)


@dataclass(frozen=True, slots=True)
class Played:
    player: str
    card: str


@dataclass
class State(Seating[Player]):
    """What changes during a game; the static rules live on the game and catalogue."""

    catalogue: Catalogue
    setup: Setup
    rng: random.Random
    players: list[Player]
    first: int
    """The seat the taps of round 1 start with."""
    round: int = 1
    phase: str = "deal"
    deck: tuple[str, ...] = ()
    where: dict[str, tuple[str, str]] = field(default_factory=dict)
    """Card id -> ("lead" | "hand" | "trick" | "discard", player name or "") for every card seen this round."""
    trump_changes: int = 0
    leader: int = 0
    trick: list[Played] = field(default_factory=list)
    trick_number: int = 0
    dropouts: int = 0
    last_trick: dict[str, Any] | None = None
    discard: list[str] = field(default_factory=list)
    revokes: list[dict[str, Any]] = field(default_factory=list)
    trick_start: int = 0
    """The input number of the current (or last) trick's first card."""
    step: int = 0
    """Inputs accepted so far (the journal's record number of the latest one)."""
    result: str | None = None
    outcome: Outcome | None = None

    @property
    def trump(self) -> str:
        return TRUMPS[self.trump_changes]

    @property
    def lead_size(self) -> int:
        return 4 if self.count == 3 else 3

    @property
    def hand_size(self) -> int:
        return 9 if self.count == 3 else 10

    @property
    def round_first(self) -> int:
        """The seat the taps of this round start with: one seat further clockwise each round."""
        return (self.first + self.round - 1) % self.count

    @property
    def dropouts_to_end(self) -> int:
        """Drop-outs that end the round: two, or one with 3 players."""
        return 1 if self.count == 3 else 2

    @property
    def aggressive_needs(self) -> int:
        return 8 if self.count == 3 else 6

    def unseen(self) -> list[str]:
        """Cards of the round's deck nobody has seen: in a hand, undealt, or the unused card."""
        return [cid for cid in self.deck if cid not in self.where]

    def suit(self, cid: str) -> str:
        return self.catalogue.cards[cid].suit

    def value(self, cid: str) -> int:
        return self.catalogue.cards[cid].value

    # --- moving cards (every move keeps `where` and the hand counts together) --

    def deal_lead(self, player: Player, cid: str) -> None:
        player.lead.append(cid)
        player.to_tap -= 1
        self.where[cid] = ("lead", player.name)

    def add_to_lead(self, player: Player, cid: str) -> None:
        """A card from the hand, shown and laid with the lead cards."""
        if cid in player.known_hand:
            player.known_hand.remove(cid)
        player.hand -= 1
        player.lead.append(cid)
        self.where[cid] = ("lead", player.name)

    def lead_to_hand(self, player: Player, cid: str) -> None:
        """A lead card taken into the hand: everybody saw it go there."""
        player.lead.remove(cid)
        player.hand += 1
        player.known_hand.append(cid)
        player.joined_hand[cid] = self.step
        self.where[cid] = ("hand", player.name)

    def play_card(self, player: Player, cid: str, from_lead: bool) -> None:
        if from_lead:
            player.lead.remove(cid)
        else:
            if cid in player.known_hand:
                player.known_hand.remove(cid)
            player.hand -= 1
            player.played_from_hand += 1
        self.trick.append(Played(player.name, cid))
        self.where[cid] = ("trick", player.name)
