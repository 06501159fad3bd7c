"""companion.games.seat_list_demo: the scripted people of a seat-list table answer the set-up and play moves."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from companion.games.seat_list_demo import SeatListDemo
from engine import Choose, Press, Tap
from engine.core.inputs import Input
from games.trick_raiders.app.ui import TrickRaidersSetup


class Scripted:
    """A policy that answers with the inputs it is given, in turn."""

    def __init__(self, inputs: list[Input]) -> None:
        self.inputs = inputs

    def choose(self, play: Any) -> Input:
        return self.inputs.pop(0)


class Demo(SeatListDemo):
    players_range = (3, 4)
    buttons = {"ok": "pass"}

    def policy(self, rng: random.Random) -> Any:
        return Scripted([Tap("hearts-9a"), Press("ok"), Choose("b")])


@dataclass
class Table:
    """What the script drives: the app's set-up, and the taps, presses and picks it makes."""

    seed: int = 5
    done: list[str] = field(default_factory=list)
    app: Any = None

    def __post_init__(self) -> None:
        self.app = type("App", (), {"setup": TrickRaidersSetup(), "match": None})()

    def snap(self, name: str) -> None:
        self.done.append(f"snap {name}")

    def pick(self, index: int, count: int) -> None:
        setup = self.app.setup
        setup.choose(setup.menu().options[index])
        self.done.append(f"pick {index}/{count}")

    def tap(self, target: str) -> None:
        self.done.append(f"tap {target}")

    def press(self, name: str) -> None:
        self.done.append(f"press {name}")


def test_the_set_up_is_answered_question_by_question_then_started() -> None:
    table = Table()
    Demo.from_setup(table, {"players": 3, "lives": 3, "first": "blue"}).set_up()
    assert table.app.setup.result() == {"players": ["red", "blue", "green"], "first": "blue", "lives": 3}
    assert table.done[-1] == "press ok" and "snap setup-players" in table.done


def test_a_question_not_answered_takes_the_highlighted_option_and_a_drawn_start() -> None:
    table = Table()
    Demo(table, 9).set_up()
    assert table.app.setup.result() == {"players": ["red", "blue", "green", "yellow"], "lives": 2}


def test_each_move_is_made_as_the_table_makes_it() -> None:
    table = Table()
    demo = Demo(table, 3)
    prompt = type("Prompt", (), {"options": ("a", "b")})()
    table.app.match = type("Match", (), {"play": type("Play", (), {"prompt": prompt})()})()
    for _ in range(3):
        demo.one_move(None)
    assert table.done == ["tap card:hearts-9a", "press pass", "pick 1/2"]
