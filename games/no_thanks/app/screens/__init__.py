"""No Thanks!'s screens: the card in the middle and the seats while playing, and the ranking at the end.

`SCREENS` is what the generic renderer asks for (see `companion.screens.registry`).
The set-up questions have no drawer: they are title, detail and options,
which the generic frame draws.
"""

from __future__ import annotations

from companion.screens.board_screens import board_screens
from games.no_thanks.app.screens.table import (
    board_min_height,
    draw_board,
    draw_game_over,
    seat_chips,
    seats_min_height,
)

SCREENS = board_screens(draw_board, draw_game_over, board_min_height, seat_chips, seats_min_height)

__all__ = ["SCREENS"]
