"""Setting up a game: 3 to 7 players, named by their seats clockwise (engine.core.seats_setup), who starts.

Chips: 11 each with 3 to 5 players, 9 with 6, 7 with 7 (the newer
editions' numbers; README.md, reading 1). `first` is the start player; without
it the seed draws, so a replay is exact.
"""

from __future__ import annotations

from typing import Any

from engine.core.messages import Items, msg
from engine.core.seats_setup import SEATS, SeatsSetup, SeatsWords, read_seats

PLAYERS = (3, 7)
CHIPS = {3: 11, 4: 11, 5: 11, 6: 9, 7: 7}
"""Chips each player gets, by the number of players (55 in the box)."""
Setup = SeatsSetup

WORDS = SeatsWords(
    not_an_object=msg("setup must be a JSON object such as {example}",
                      example='{"players": ["red", "blue", "green"], "first": "red"}'),
    unknown=lambda names: msg("unknown setup field(s): {fields}", fields=Items(names)),
    not_a_list=msg("players must be a list of 3 to 7 seats in seat order, clockwise, from {players}",
                   players=Items(SEATS)),
    count=lambda n: msg("No Thanks! needs 3 to 7 players, not {n}", n=n),
    not_a_seat=lambda name: msg("{value} is not a seat: the players are named by their seats, {players}",
                                value=name, players=Items(SEATS)),
    twice=lambda name: msg("{name} is named twice: each seat plays once", name=name),
    first=lambda name, names: msg("first player {value} is not one of the players ({players})", value=name,
                                  players=Items(names)),
)


def parse_setup(obj: Any) -> Setup:
    """Check a set-up object; every refusal says what is wrong and what to send."""
    return read_seats(obj, SEATS, PLAYERS, WORDS)
