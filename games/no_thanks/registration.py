"""No Thanks!'s one registration: every part the engine, the app, the screens and the web page use.

Read by engine.core.registry without importing the game (docs/developers/adding-a-game.md).
"""

from engine.core.registry import register_game

register_game("no-thanks", "games.no_thanks:NoThanks", title="No Thanks!", testing="games.no_thanks.testing",
              advisor="games.no_thanks.advice", app="games.no_thanks.app.ui:APP",
              screens="games.no_thanks.app.screens:SCREENS", rules="games.no_thanks.app.summary:SUMMARY")
