"""What No Thanks!'s rules and view may ask of the game in progress (the rules take this, not the Play class)."""

from __future__ import annotations

from typing import Protocol

from engine.core.flow import FlowRules
from games.no_thanks.state import State


class Playing(FlowRules, Protocol):
    """The game in progress as the rules see it: the shared flow and this game's state."""

    state: State
