"""Per-game parts of the app: setup questions, labels and table narration.

Everything else in `companion` speaks only the engine's game-independent
prompt model; a second game adds a module here and its screens.
"""

from __future__ import annotations

from companion.games.base import GameUI
from engine import RuleError


def game_ui(name: str) -> GameUI:
    if name == "samurai-spirit":
        from companion.games.samurai_spirit import SamuraiSpiritUI

        return SamuraiSpiritUI()
    raise RuleError(f"no screens for game {name!r}")
