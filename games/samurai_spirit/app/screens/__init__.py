"""Samurai Spirit's screens: board, setup, round end and game over.

`SCREENS` is what the generic renderer asks for (see `registry`): a drawer
per screen kind, and the pending decision's text for the panel. Enroll,
resume and message screens have no drawer here: they are all title, detail
and options, which the generic frame draws.
"""

from __future__ import annotations

from companion.screens.registry import GameScreens, pending_prompt_on
from games.samurai_spirit.app.screens.board import (
    board_min_height,
    draw_board,
    draw_facing_card,
    seats_min_height,
)
from games.samurai_spirit.app.screens.game_over import draw_game_over
from games.samurai_spirit.app.screens.round_end import draw_round_end
from games.samurai_spirit.app.screens.samurai_rows import samurai_chips
from games.samurai_spirit.app.screens.setup_screen import draw_setup

pending_prompt = pending_prompt_on("board", "round-end")
"""The text of what the table must do next, on the screens that show it."""


SCREENS = GameScreens(
    drawers={
        "board": draw_board,
        "setup": draw_setup,
        "round-end": draw_round_end,
        "game-over": draw_game_over,
    },
    prompt=pending_prompt,
    panel_top=draw_facing_card,
    board_min_height=board_min_height,
    seats_min=seats_min_height,
    seat_chips=samurai_chips,
)

__all__ = ["SCREENS", "pending_prompt"]
