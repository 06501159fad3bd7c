"""Knizia's Samurai's one registration: every part the engine, the app, the screens and the web page use.

Read by engine.core.registry without importing the game (docs/developers/adding-a-game.md).
"""

from engine.core.registry import register_game

register_game("samurai-knizia", "games.samurai_knizia:KniziasSamurai", title="Knizia's Samurai",
              testing="games.samurai_knizia.testing", advisor="games.samurai_knizia.advice",
              app="games.samurai_knizia.app.ui:APP", screens="games.samurai_knizia.app.screens:SCREENS",
              rules="games.samurai_knizia.app.summary:SUMMARY")
