"""Tenno's screens: the seats and the duel on screen, and the game over with the scores.

`SCREENS` is what the generic renderer asks for (see `companion.screens.registry`).
The set-up questions have no drawer: they are title, detail and options,
which the generic frame draws.
"""

from __future__ import annotations

from companion.screen_model import Screen
from companion.screens.registry import GameScreens
from companion.screens.tenno.table import board_min_height, draw_board, draw_game_over


def pending_prompt(screen: Screen) -> str | None:
    """The text of what the table must do next, on the board."""
    if screen.kind != "board" or not screen.view:
        return None
    pending = screen.view.get("pending") or {}
    text = pending.get("text")
    return str(text) if text else None


SCREENS = GameScreens(
    drawers={"board": draw_board, "game-over": draw_game_over},
    prompt=pending_prompt,
    board_min_height=board_min_height,
)

__all__ = ["SCREENS", "pending_prompt"]
