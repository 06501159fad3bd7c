"""The screens of a game drawn as a board while it is played and a game-over screen at the end.

Every game's screens package said the same: a board drawer and a game-over
drawer, the pending decision's text shown on the board, the least heights
and the seats as chips. `board_screens` makes that GameScreens from the
game's own drawers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from companion.screen_model import Screen
from companion.screens.painter import Painter
from companion.screens.registry import BoardDrawer, GameScreens, pending_prompt_on
from companion.screens.seat_band import Chip


def board_screens(board: BoardDrawer, game_over: BoardDrawer, board_min_height: Callable[[Screen, Painter], int],
                  seat_chips: Callable[[Painter, dict[str, Any]], Sequence[Chip]],
                  seats_min: Callable[[Screen, Painter], int] | None = None) -> GameScreens:
    """"board" and "game-over" drawn by the game, the pending decision's text on the board (see GameScreens)."""
    return GameScreens(drawers={"board": board, "game-over": game_over}, prompt=pending_prompt_on("board"),
                       board_min_height=board_min_height, seats_min=seats_min, seat_chips=seat_chips)
