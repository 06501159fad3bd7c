"""Tenno's one registration (read by engine.core.registry without importing the package)."""

from engine.core.registry import register_game

register_game("tenno", "engine.games.tenno:Tenno", testing="engine.games.tenno.testing",
              advisor="engine.games.tenno.advice")
