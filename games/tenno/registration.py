"""Tenno's one registration: every part the engine, the app, the screens and the web page use.

Read by engine.core.registry without importing the game (docs/developers/adding-a-game.md).
"""

from engine.core.registry import register_game

register_game("tenno", "games.tenno:Tenno", title="Tenno", testing="games.tenno.testing",
              advisor="games.tenno.advice", app="games.tenno.app.ui:APP",
              screens="games.tenno.app.screens:SCREENS", rules="games.tenno.app.summary:SUMMARY")
