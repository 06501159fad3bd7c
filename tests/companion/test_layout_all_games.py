"""Every game's demo frames at both sizes: no line half hidden by the to-do panel, chips stay whole.

The to-do panel takes what it needs on the small screen; what the game draws
must then fit the room left, never run on under the panel's edge where a
line is half hidden and half read. Run over every registered game, so a new
game's screens are held to it without an edit here.
"""

from __future__ import annotations

import tempfile
from functools import cache
from pathlib import Path

import pygame
import pytest

from companion.games import registered_games
from companion.harness.demo import DemoTable
from companion.screen_model import Screen
from companion.screens import render
from companion.screens.display_list import DisplayList

SIZES = ((800, 480), (480, 320))
FRAME_ROLES = ("todo", "title", "button:", "prompt", "panel", "option", "notice", "confirm", "line", "detail",
               "page", "unsaved", "countdown", "log")
"""Roles of the generic frame; anything else is the game's own drawing."""


@cache
def demo_frames(game: str) -> tuple[Screen, ...]:
    seen: dict[str, Screen] = {}
    state = Path(tempfile.mkdtemp(prefix="layout-")) / "state"
    table = DemoTable(Path("/nonexistent"), 3, game=game, setup={}, state=state, snapshots=False)
    table.loop.draw = lambda screen: seen.setdefault(repr(screen), screen)  # type: ignore[assignment, return-value]
    table.set_up()
    table.play()
    return tuple(seen.values())


def _overlaps(items: DisplayList) -> list[str]:
    panel = items.find("todo:panel", kind="box")
    if panel is None:
        return []
    box = pygame.Rect(panel.box)
    return [f"{item.role} {item.text!r}" for item in items.find_all(kind="text")
            if not item.role.startswith(FRAME_ROLES) and box.colliderect(item.rect) and not box.contains(item.rect)]


@pytest.fixture(scope="module", autouse=True)
def _fonts() -> None:
    pygame.font.init()


@pytest.mark.parametrize("game", registered_games())
def test_no_line_of_a_game_is_half_hidden_by_the_todo_panel(game: str) -> None:
    frames = demo_frames(game)
    assert len(frames) > 10
    for size in SIZES:
        surface = pygame.Surface(size)
        for n, screen in enumerate(frames):
            items = render(screen, surface)
            assert _overlaps(items) == [], f"{game} {size} frame {n} ({screen.title}): half under the to-do panel"
            for chip in (i for i in items.find_all(kind="text") if i.role.startswith("button:")):
                assert chip.text == chip.value, f"{game} {size} frame {n}: chip cut to {chip.text!r}"
