"""Samurai Spirit's one registration: every part the engine, the app, the screens and the web page use.

Read by engine.core.registry without importing the game (docs/developers/adding-a-game.md).
"""

from engine.core.registry import register_game

register_game("samurai-spirit", "engine.games.samurai_spirit:SamuraiSpirit", title="Samurai Spirit",
              testing="engine.games.samurai_spirit.testing", advisor="engine.games.samurai_spirit.advice",
              app="companion.games.samurai_spirit:APP", screens="companion.screens.samurai_spirit:SCREENS",
              rules="companion.games.samurai_spirit_rules:SUMMARY", default=True)
