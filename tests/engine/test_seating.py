"""engine.core.seating: the player questions every game's state asks, written once."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from engine.core.seating import Seating


@dataclass
class Player:
    name: str
    seat: int


@dataclass
class Table(Seating[Player]):
    players: list[Player] = field(default_factory=list)


def table(*names: str) -> Table:
    return Table([Player(name, seat) for seat, name in enumerate(names)])


def test_count_names_and_seats() -> None:
    t = table("red", "blue", "green")
    assert t.count == 3
    assert t.by_name("blue").seat == 1
    assert t.seated("green") and not t.seated("white")
    with pytest.raises(KeyError):
        t.by_name("white")


def test_clockwise_and_left_wrap_round_the_table() -> None:
    t = table("red", "blue", "green")
    assert [p.name for p in t.clockwise(1)] == ["blue", "green", "red"]
    assert t.left_of(2).name == "red"
    assert t.left_of(0).name == "blue"
