"""Samurai Spirit's one registration: every part the engine, the app, the screens and the web page use.

Read by engine.core.registry without importing the game (docs/developers/adding-a-game.md).
"""

from engine.core.registry import register_game

register_game("samurai-spirit", "games.samurai_spirit:SamuraiSpirit", title="Samurai Spirit",
              testing="games.samurai_spirit.testing", advisor="games.samurai_spirit.advice",
              app="games.samurai_spirit.app.ui:APP", screens="games.samurai_spirit.app.screens:SCREENS",
              rules="games.samurai_spirit.app.summary:SUMMARY", default=True)
