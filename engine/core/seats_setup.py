"""The set-up of a game whose players are seats: who plays, in seat order, clockwise, and who starts.

Every game checked the same things of such a set-up, each refusal saying
what to send instead: an object, no unknown field, a list of names, as many
as the game seats, each a seat the game knows, none twice, the first
player one of them. The checks are here; the refusals are the game's
words (`SeatsWords`: its own catalogue holds them), and a game with more
set-up fields reads them after (`fields` names them). `SEATS` is the
platform's list of seats for a game whose components name no player.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from engine.core.errors import RuleError
from engine.core.messages import Message

SEATS = ("red", "blue", "green", "yellow", "purple", "orange", "white")
"""The platform's seat list, in seat order, clockwise: the players' ids of a game whose components carry no player
colour (a game of n players seats the first n). The app names them in the table's language and seats people
there (companion.games.seat_list)."""


@dataclass(frozen=True)
class SeatsWords:
    """The game's refusals of a set-up (each a msg(...) of its catalogue), from what is wrong."""

    not_an_object: Message
    """Not a JSON object: "setup must be a JSON object such as {example}"."""
    unknown: Callable[[list[str]], Message]
    """Fields the set-up does not know."""
    not_a_list: Message
    """`players` missing or not a list of names."""
    count: Callable[[int], Message]
    """Too few or too many players: "No Thanks! needs 3 to 7 players, not {n}"."""
    not_a_seat: Callable[[str], Message]
    """A name that is no seat of the game (its repr)."""
    twice: Callable[[str], Message]
    """A seat named twice."""
    first: Callable[[str, list[str]], Message]
    """A first player (its repr) who is not one of the players."""


@dataclass(frozen=True, slots=True)
class SeatsSetup:
    """A validated set-up of seats. `to_json` gives back what `read_seats` accepts."""

    players: tuple[str, ...]
    first: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"players": list(self.players)}
        if self.first is not None:
            out["first"] = self.first
        return out


def read_seats(obj: Any, seats: Sequence[str], players: tuple[int, int], words: SeatsWords,
               fields: Sequence[str] = ()) -> SeatsSetup:
    """Check the seats of a set-up object (`players`, `first`, a `seed`, and the game's own `fields`, which the
    game reads itself); RuleError in the game's words says what is wrong."""
    if not isinstance(obj, dict):
        raise RuleError(words.not_an_object)
    unknown = set(obj) - {"players", "first", "seed", *fields}
    if unknown:
        raise RuleError(words.unknown(sorted(unknown)))
    names = obj.get("players")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise RuleError(words.not_a_list)
    if not players[0] <= len(names) <= players[1]:
        raise RuleError(words.count(len(names)))
    for name in names:
        if name not in seats:
            raise RuleError(words.not_a_seat(repr(name)))
    if len(set(names)) != len(names):
        raise RuleError(words.twice(next(n for n in names if names.count(n) > 1)))
    first = obj.get("first")
    if first is not None and first not in names:
        raise RuleError(words.first(repr(first), names))
    return SeatsSetup(tuple(names), first)
