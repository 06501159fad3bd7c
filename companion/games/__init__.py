"""Per-game parts of the app: setup questions, labels, table narration and how table events become inputs.

Everything else in `companion` speaks only the engine's game-independent
prompt model and reaches a game through `companion.games.registry`; a game
adds its modules here (its `APP`, a GameApp, and its rules summary) and its
screens package, all named by its one registration
(games/<package>/registration.py; docs/developers/adding-a-game.md).
"""

from __future__ import annotations

from companion.games.registry import game_ui, registered_games, registration, ui_on

__all__ = ["game_ui", "registered_games", "registration", "ui_on"]
