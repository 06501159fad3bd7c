"""Shared vocabulary of the rule modules (the generator type is engine.core.flow's)."""

from engine.core.flow import Flow

__all__ = ["Flow", "GameOver"]


class GameOver(Exception):
    """Raised inside the rules when the game is decided; ends the flow."""
