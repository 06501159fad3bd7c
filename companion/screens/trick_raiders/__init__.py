"""Trick Raiders' screens: the table (trump, seats, trick), the round summary and the game over.

`SCREENS` is what the generic renderer asks for (see `companion.screens.registry`).
The set-up questions have no drawer: they are title, detail and options,
which the generic frame draws.
"""

from __future__ import annotations

from companion.screen_model import Screen
from companion.screens.registry import GameScreens
from companion.screens.trick_raiders.table import (
    board_min_height,
    draw_board,
    draw_game_over,
    draw_round_end,
)

PROMPTED_KINDS = ("board", "round-end")
"""Screens on which the game waits for something; others show no prompt."""


def pending_prompt(screen: Screen) -> str | None:
    """The text of what the table must do next, when this screen shows it."""
    if screen.kind not in PROMPTED_KINDS or not screen.view:
        return None
    pending = screen.view.get("pending") or {}
    text = pending.get("text")
    return str(text) if text else None


SCREENS = GameScreens(
    drawers={"board": draw_board, "round-end": draw_round_end, "game-over": draw_game_over},
    prompt=pending_prompt,
    board_min_height=board_min_height,
)

__all__ = ["SCREENS", "pending_prompt"]
