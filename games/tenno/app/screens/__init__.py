"""Tenno's screens: the seats and the duel on screen, and the game over with the scores.

`SCREENS` is what the generic renderer asks for (see `companion.screens.registry`).
The set-up questions have no drawer: they are title, detail and options,
which the generic frame draws.
"""

from __future__ import annotations

from companion.screens.registry import GameScreens, pending_prompt_on
from games.tenno.app.screens.table import (
    board_min_height,
    draw_board,
    draw_game_over,
    seat_chips,
    seats_min_height,
)

pending_prompt = pending_prompt_on("board")
"""The text of what the table must do next, on the screens that show it."""


SCREENS = GameScreens(
    drawers={"board": draw_board, "game-over": draw_game_over},
    prompt=pending_prompt,
    board_min_height=board_min_height,
    seats_min=seats_min_height,
    seat_chips=seat_chips,
)

__all__ = ["SCREENS", "pending_prompt"]
