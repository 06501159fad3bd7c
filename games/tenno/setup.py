"""Setting up a game: 2 to 7 players in seat order (clockwise), each named by the colour of their set; who starts.

"The eldest player begins": the table says who that is (`first`); without
it the seed draws, so a replay is exact.
"""

from __future__ import annotations

from typing import Any

from engine.core.messages import Items, msg
from engine.core.seats_setup import SeatsSetup, SeatsWords, read_seats

PLAYERS = (2, 7)
Setup = SeatsSetup
"""A validated set-up: the players (set colours, clockwise) and who starts; `to_json` gives back what
`parse_setup` accepts."""


def _words(colours: tuple[str, ...]) -> SeatsWords:
    """Tenno's refusals of a set-up: a player is named by the colour of their set."""
    return SeatsWords(
        not_an_object=msg("setup must be a JSON object such as {example}",
                          example='{"players": ["red", "blue", "green"], "first": "red"}'),
        unknown=lambda names: msg("unknown setup field(s): {fields}", fields=Items(names)),
        not_a_list=msg("players must be a list of 2 to 7 set colours in seat order, clockwise, such as "
                       "{example}", example='["red", "blue", "green"]'),
        count=lambda n: msg("Tenno needs 2 to 7 players, not {n}", n=n),
        not_a_seat=lambda name: msg("{value} is not a set colour: each player is named by the colour of their "
                                    "cards ({known})", value=name, known=Items(colours)),
        twice=lambda name: msg("{name} is named twice: each player has a set of a different colour", name=name),
        first=lambda name, names: msg("first player {value} is not one of the players ({players})", value=name,
                                      players=Items(names)),
    )


def parse_setup(obj: Any, colours: tuple[str, ...]) -> Setup:
    """Check a setup object; every refusal says what is wrong and what to send."""
    return read_seats(obj, colours, PLAYERS, _words(colours))
