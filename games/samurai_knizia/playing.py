"""What Knizia's Samurai's rules and view may ask of the game in progress.

The rules take this interface, not the Play class that runs them (and
imports them), so the package reads top-down with no import circle:
state, then rules and view, then play.
"""

from __future__ import annotations

from typing import Protocol

from engine.core.flow import FlowRules
from games.samurai_knizia.state import State


class Playing(FlowRules, Protocol):
    """The game in progress as the rules see it: the shared flow and this game's state."""

    state: State
