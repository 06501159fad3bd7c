"""Trick Raiders' one registration (read by engine.core.registry without importing the package)."""

from engine.core.registry import register_game

register_game("trick-raiders", "engine.games.trick_raiders:TrickRaiders",
              testing="engine.games.trick_raiders.testing", advisor="engine.games.trick_raiders.advice")
