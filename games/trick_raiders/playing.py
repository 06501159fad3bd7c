"""What Trick Raiders's rules and view may ask of the game in progress.

The rules take this interface, not the Play class that runs them (and
imports them), so the package reads top-down with no import circle:
state, then rules and view, then play.
"""

from __future__ import annotations

from typing import Protocol

from engine.core.flow import Flow, FlowRules
from engine.core.messages import Message
from games.trick_raiders.state import State


class Playing(FlowRules, Protocol):
    """The game in progress as the rules see it: the shared flow and this game's state."""

    state: State

    def ask(self, actor: str, kind: str, options: list[str], message: Message) -> Flow[str]: ...
