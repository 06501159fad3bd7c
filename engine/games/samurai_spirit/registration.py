"""Samurai Spirit's one registration (read by engine.core.registry without importing the package)."""

from engine.core.registry import register_game

register_game("samurai-spirit", "engine.games.samurai_spirit:SamuraiSpirit",
              testing="engine.games.samurai_spirit.testing", default=True,
              advisor="engine.games.samurai_spirit.advice")
