"""Knizia's Samurai's one registration: every part the engine, the app, the screens and the web page use.

Read by engine.core.registry without importing the game (docs/developers/adding-a-game.md).
"""

from engine.core.registry import register_game

register_game("samurai-knizia", "engine.games.samurai_knizia:KniziasSamurai", title="Knizia's Samurai",
              testing="engine.games.samurai_knizia.testing", advisor="engine.games.samurai_knizia.advice",
              app="companion.games.samurai_knizia:APP", screens="companion.screens.samurai_knizia:SCREENS",
              rules="companion.games.samurai_knizia_rules:SUMMARY")
