"""A small table harness for Knizia's Samurai rule tests: scripted taps, presses and captures.

A module of its own (not conftest) so test files import it by a name no other folder uses.
"""

from __future__ import annotations

from typing import Any

from engine import Choose, Event, Input, Press, Tap
from games.samurai_knizia.play import Play
from games.samurai_knizia.state import Player, State
from tests.engine.match_table import MatchTable

PRESSES = {"castle", "buddha", "rice", "pass", "ok"}


class Table(MatchTable[Play]):
    """A match plus helpers that read like the rulebook: play tiles, pass, capture."""

    game = "samurai-knizia"
    play_class = Play

    def __init__(self, players: tuple[str, ...] = ("red", "blue", "green"), first: str | None = "red",
                 seed: int = 1, open_captures: bool = False) -> None:
        setup: dict[str, Any] = {"players": list(players), "open_captures": open_captures}
        if first is not None:
            setup["first"] = first
        super().__init__(setup, seed)

    @property
    def st(self) -> State:
        return self.play.state

    def p(self, name: str) -> Player:
        return self.st.by_name(name)

    def parse(self, step: str) -> Input:
        """A tile id is a tap, a caste, 'pass' or 'ok' a press, 'choose X' a choice."""
        if step in PRESSES:
            return Press(step)
        if step.startswith("choose "):
            return Choose(step[7:])
        return Tap(step)

    def turn(self, *tiles: str) -> list[Event]:
        """The active player plays these tiles (a Move followed by the tile it replaces) and passes."""
        return self.do(*tiles, "pass")

    def capture(self, castes: list[str], tiles: list[str]) -> list[Event]:
        """Name the castes of a surrounded settlement, tap the tiles next to it, OK."""
        return self.do(*castes, *tiles, "ok")
