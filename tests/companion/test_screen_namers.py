"""The screens name seats and suits with the game's own namers (its GameUI's), as the narration does.

Each game's screens used to keep their own colour words next to the game's
(three copies of "Red", "Blue", ...); a seat named differently by the game
would be named one way in the sentences and another on the board. Here a
game's player namer is replaced and the board must show its names.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from companion.harness.demo import DemoTable
from companion.screens import TextCache, render
from companion.screens import registry as screens_registry


@pytest.fixture(autouse=True)
def _fonts() -> Iterator[None]:
    pygame.font.init()
    yield


@pytest.mark.parametrize("game", ["tenno", "trick-raiders", "samurai-knizia"])
def test_the_board_names_seats_with_the_games_namer(game: str, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    table = DemoTable(tmp_path / "out", 3, game=game, snapshots=False)
    table.set_up()
    screen = table.app.screen()
    namers = dict(screens_registry.namers_for(game))
    namers["player"] = lambda name, tr: f"Seat<{name}>"
    monkeypatch.setattr(sys.modules["companion.screens.render"], "namers_for", lambda name: namers)
    texts = [str(item.text) for item in render(screen, pygame.Surface((800, 480)), TextCache()).find_all(kind="text")
             if item.text]
    assert any(text.startswith("Seat<") for text in texts), texts


def test_a_game_not_registered_has_no_namers() -> None:
    assert screens_registry.namers_for("chess") == {}
