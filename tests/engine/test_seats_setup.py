"""engine.core.seats_setup: a set-up of seats checked once for every game, refused in the game's words."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.errors import RuleError
from engine.core.messages import msg
from engine.core.seats_setup import SeatsSetup, SeatsWords, read_seats

SEATS = ("red", "blue", "green", "yellow")
WORDS = SeatsWords(
    not_an_object=msg("an object, please"), unknown=lambda names: msg("unknown {fields}", fields=names),
    not_a_list=msg("a list, please"), count=lambda n: msg("3 or 4, not {n}", n=n),
    not_a_seat=lambda name: msg("no seat {value}", value=name), twice=lambda name: msg("{name} twice", name=name),
    first=lambda name, names: msg("{value} plays not", value=name))


def refusal(obj: Any) -> str:
    with pytest.raises(RuleError) as caught:
        read_seats(obj, SEATS, (3, 4), WORDS, fields=("lives",))
    return caught.value.message.text


def test_a_good_set_up_round_trips() -> None:
    setup = read_seats({"players": ["red", "blue", "green"], "first": "blue", "lives": 2, "seed": 4}, SEATS, (3, 4),
                       WORDS, fields=("lives",))
    assert setup == SeatsSetup(("red", "blue", "green"), "blue")
    assert read_seats(setup.to_json(), SEATS, (3, 4), WORDS) == setup
    assert SeatsSetup(("red", "blue", "green")).to_json() == {"players": ["red", "blue", "green"]}


def test_every_refusal_is_the_games_words() -> None:
    assert refusal([]) == "an object, please"
    assert refusal({"players": ["red"], "speed": 1}) == "unknown ['speed']"
    assert refusal({"players": "red"}) == "a list, please"
    assert refusal({"players": ["red", "blue"]}) == "3 or 4, not 2"
    assert refusal({"players": ["red", "blue", "pink"]}) == "no seat 'pink'"
    assert refusal({"players": ["red", "blue", "red"]}) == "red twice"
    assert refusal({"players": ["red", "blue", "green"], "first": "yellow"}) == "'yellow' plays not"
