"""No Thanks!'s screens, made in table.py: the card in the middle and the seats, then the ranking."""

from __future__ import annotations

from games.no_thanks.app.screens.table import SCREENS

__all__ = ["SCREENS"]
