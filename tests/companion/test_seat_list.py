"""companion.games.seat_list: the set-up of a game whose players are its seats, in the game's own words."""

from __future__ import annotations

from typing import Any

from companion.games.seat_list import SEATS, Question, SeatListSetup, SeatListWords
from engine.core.messages import Message, msg

WORDS = SeatListWords(
    how_many=msg("How many?"), players=lambda n: msg("{n} at the table", n=n), who_starts=msg("Who starts?"),
    seat=lambda seat: msg("{player}", player=seat), random=msg("Draw"), lay_out=msg("Lay out"), start=msg("Go"),
    not_now=lambda name: msg("Not {card} now", card=name))
SPEED = Question("speed", msg("How fast?"), ("1", "2"), (msg("slow"), msg("fast")), value=int)


def layout(setup: dict[str, Any]) -> list[Message]:
    return [msg("{players} play", players=setup["players"])]


def answer(setup: SeatListSetup, *options: str) -> None:
    for option in options:
        setup.choose(option)


def test_count_questions_first_then_the_layout_and_start() -> None:
    setup = SeatListSetup(WORDS, (3, 5), layout, questions=(SPEED,))
    assert setup.menu().options == ("3", "4", "5") and setup.menu().title == msg("How many?")
    assert setup.menu().labels[0] == msg("{n} at the table", n=3)
    answer(setup, "4")
    assert setup.menu().title == msg("How fast?")
    answer(setup, "2")
    assert setup.menu().options == ("random", *SEATS[:4])
    assert setup.result() is None
    answer(setup, "green")
    menu = setup.menu()
    assert menu.options == ("start",) and menu.detail == (msg("{players} play", players=list(SEATS[:4])),)
    assert setup.result() == {"players": ["red", "blue", "green", "yellow"], "first": "green", "speed": 2}


def test_a_drawn_start_names_no_first_and_back_drops_the_last_answer() -> None:
    setup = SeatListSetup(WORDS, (3, 5), layout)
    answer(setup, "3", "random")
    assert setup.result() == {"players": ["red", "blue", "green"]}
    assert setup.back() and setup.menu().title == msg("Who starts?")
    assert setup.result() is None


def test_each_question_starts_on_the_last_games_answer() -> None:
    last = {"players": ["red", "blue", "green", "yellow", "purple"], "first": "yellow", "speed": 1}
    setup = SeatListSetup(WORDS, (3, 5), layout, last, (SPEED,))
    for option in ("5", "1", "yellow"):
        menu = setup.menu()
        assert menu.options[menu.selected] == option
        setup.choose(option)
    odd = SeatListSetup(WORDS, (3, 5), layout, {"players": ["blue", "red"], "speed": 9}, (SPEED,))
    assert odd.menu().selected == 0


def test_a_tap_during_the_set_up_says_no_card_is_needed() -> None:
    setup = SeatListSetup(WORDS, (3, 5), layout)
    assert setup.tap("card:n-12") == msg("Not {card} now", card="n-12")
    assert setup.answers == []
