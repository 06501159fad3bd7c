"""Knizia's Samurai's one registration (read by engine.core.registry without importing the package)."""

from engine.core.registry import register_game

register_game("samurai-knizia", "engine.games.samurai_knizia:KniziasSamurai",
              testing="engine.games.samurai_knizia.testing", advisor="engine.games.samurai_knizia.advice")
