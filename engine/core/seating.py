"""The seats of a game's state: players in seat order, clockwise, each with a name and a seat number.

Every game's state keeps a list of players and asks the same questions of
it: how many, the player called so-and-so, whether a name is seated, who
sits next (to the left, clockwise) and everyone from a seat on. Written
once here, a game's state subclasses `Seating` beside its own fields
(a dataclass with a `players` field) and writes none of them again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, Protocol, TypeVar


class Seat(Protocol):
    """What `Seating` reads of a player: the name the rules and the view call them by, and the seat number."""

    name: str
    seat: int


P = TypeVar("P", bound=Seat)


class Seating(Generic[P]):
    """The player questions every state asks of its `players` (seat order, clockwise; `seat` is the index)."""

    players: Sequence[P]

    @property
    def count(self) -> int:
        """How many players sit at the table."""
        return len(self.players)

    def by_name(self, name: str) -> P:
        """The player called `name`; KeyError for a name not seated (a rule's own mistake, not the table's)."""
        for player in self.players:
            if player.name == name:
                return player
        raise KeyError(name)

    def seated(self, name: str) -> bool:
        """Whether a player called `name` sits at the table."""
        return any(player.name == name for player in self.players)

    def clockwise(self, seat: int) -> list[P]:
        """Every player from `seat` on, clockwise (the player at `seat` first)."""
        return [self.players[(seat + step) % self.count] for step in range(self.count)]

    def left_of(self, seat: int) -> P:
        """The player to the left of `seat`: who plays next, clockwise."""
        return self.players[(seat + 1) % self.count]
