"""What Samurai Spirit's rules and view may ask of the game in progress.

The rules take this interface, not the Play class that runs them (and
imports them), so the package reads top-down with no import circle:
state, then rules and view, then play.
"""

from __future__ import annotations

from typing import Protocol

from engine.core.flow import Flow, FlowRules
from engine.core.messages import Message
from games.samurai_spirit.state import SamuraiState, State


class Playing(FlowRules, Protocol):
    """The game in progress as the rules see it: the shared flow and this game's state."""

    state: State

    kiai_active: set[str]

    def ask(self, actor: SamuraiState | str, kind: str, options: list[str], message: Message,
            forced: Message | None = None, subject: str | None = None) -> Flow[str]: ...

    def reveal(self, actor: SamuraiState | str, source: str, message: Message,
               face_up: Message | None = None) -> Flow[str]: ...

    def actor(self) -> SamuraiState | None: ...

    def after_track_change(self, sam: SamuraiState, added: bool) -> Flow[None]:
        """The Kiai rules' look at a Samurai whose track or Kiai just changed (kiai.after_change)."""
        ...
