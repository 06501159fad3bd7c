"""companion.screens.ranking and board_screens: the game-over ranking and the screens every board game names.

Drawn through Tenno, whose screens are made of them: seven players on
480x320, ties sharing a place, every player's line whole, the winners said.
"""

from __future__ import annotations

import pygame
import pytest

from companion.screen_model import Screen
from companion.screens import DisplayList, TextCache, render
from companion.screens.registry import GameScreens
from games.tenno.app.screens import SCREENS
from tests.companion.frame_checks import check_type_floors

PLAYERS = ["red", "blue", "green", "yellow", "purple", "orange", "white"]
SCORES = {"red": 24, "blue": 24, "green": 17, "yellow": 9, "purple": 9, "orange": 3, "white": 0}
RANKING = [["red", "blue"], ["green"], ["yellow", "purple"], ["orange"], ["white"]]
VIEW = {
    "game": "tenno", "turn": 30, "phase": "over", "active": None, "first": "red",
    "players": [{"name": n, "seat": i, "hand": 0, "row": 3, "gaps": 0, "prisoners": 2, "lost": 1}
                for i, n in enumerate(PLAYERS)],
    "discard_pile": 3, "duel": None, "result": "over", "winners": ["red", "blue"], "scores": SCORES,
    "outcome": {"winners": ["red", "blue"], "ranking": RANKING, "scores": SCORES,
                "summary": {"template": "Game over.", "params": {}},
                "detail": {"prisoner_points": SCORES, "tie_break": {}, "ended_by": [], "turns": 30}},
    "pending": None,
}


@pytest.fixture(scope="module", autouse=True)
def _fonts() -> None:
    pygame.font.init()


@pytest.mark.parametrize("size", [(800, 480), (480, 320)])
def test_seven_players_each_on_their_place_with_ties_shared(size: tuple[int, int]) -> None:
    screen = Screen(kind="game-over", game="tenno", view=VIEW, title="Game over")
    items = render(screen, pygame.Surface(size), TextCache())
    check_type_floors(items, size, "game over")
    assert not items.outside(size)
    winners = items.find("tenno:game-over:winners", kind="text")
    assert winners is not None and "Shared win" in str(winners.text)
    firsts = {i.role.rpartition(":")[2]: i for i in items.find_all(kind="text")
              if i.role.startswith("tenno:game-over:") and "first-line" in i.tags}
    assert set(firsts) == set(PLAYERS)
    assert str(firsts["red"].text).startswith("1.") and str(firsts["blue"].text).startswith("1.")
    assert str(firsts["purple"].text).startswith("3.") and str(firsts["white"].text).startswith("5.")


def test_the_board_screens_show_the_pending_decision_on_the_board_only() -> None:
    assert isinstance(SCREENS, GameScreens) and set(SCREENS.drawers) == {"board", "game-over"}
    view = {**VIEW, "result": None, "pending": {"player": "red", "text": "Red attacks"}}
    assert SCREENS.prompt(Screen(kind="board", game="tenno", view=view)) == "Red attacks"
    assert SCREENS.prompt(Screen(kind="game-over", game="tenno", view=view)) is None
    assert SCREENS.seat_chips is not None and SCREENS.seats_min is not None


def test_the_least_height_keeps_every_line_of_two_columns_under_the_headline() -> None:
    from companion.screens.board_screens import board_screens
    from companion.screens.painter import Painter
    from companion.screens.ranking import least_height
    from engine.core.messages import msg

    made = board_screens(SCREENS.drawers["board"], SCREENS.drawers["game-over"], SCREENS.board_min_height,
                         SCREENS.seat_chips or (lambda p, v: []))
    assert made.prompt(Screen(kind="board", game="tenno", view={**VIEW, "pending": {"text": "Go"}})) == "Go"
    surface = pygame.Surface((480, 320))
    painter = Painter(surface, TextCache(), DisplayList(), "en", "tenno")
    one = least_height(painter, VIEW, lambda place, who, name: msg("{place}. {name}", place=place, name=who))
    long = least_height(painter, VIEW, lambda place, who, name: msg(
        "{place}. {name}: a line long enough to wrap in a narrow column of the small screen", place=place, name=who))
    assert 0 < one < long
