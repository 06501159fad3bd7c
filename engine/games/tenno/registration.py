"""Tenno's one registration: every part the engine, the app, the screens and the web page use.

Read by engine.core.registry without importing the game (docs/developers/adding-a-game.md).
"""

from engine.core.registry import register_game

register_game("tenno", "engine.games.tenno:Tenno", title="Tenno", testing="engine.games.tenno.testing",
              advisor="engine.games.tenno.advice", app="companion.games.tenno:APP",
              screens="companion.screens.tenno:SCREENS", rules="companion.games.tenno_rules:SUMMARY")
