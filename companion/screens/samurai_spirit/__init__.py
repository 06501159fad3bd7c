"""Samurai Spirit's screens: board, setup, round end and game over.

`SCREENS` is what the generic renderer asks for (see `registry`): a drawer
per screen kind, and the pending decision's text for the panel. Enroll,
resume and message screens have no drawer here: they are all title, detail
and options, which the generic frame draws.
"""

from __future__ import annotations

from companion.screen_model import Screen
from companion.screens.registry import GameScreens
from companion.screens.samurai_spirit.board import board_min_height, draw_board, draw_facing_card
from companion.screens.samurai_spirit.game_over import draw_game_over
from companion.screens.samurai_spirit.round_end import draw_round_end
from companion.screens.samurai_spirit.setup_screen import draw_setup

PROMPTED_KINDS = ("board", "round-end")
"""Screens on which the game waits for a decision; others show no prompt."""


def pending_prompt(screen: Screen) -> str | None:
    """The text of the decision the engine waits for, when this screen shows one."""
    if screen.kind not in PROMPTED_KINDS or not screen.view:
        return None
    pending = screen.view.get("pending") or {}
    text = pending.get("text")
    return str(text) if text else None


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
)

__all__ = ["SCREENS", "pending_prompt"]
