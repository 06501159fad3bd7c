"""A small table harness for Knizia's Samurai rule tests: scripted taps, presses and captures.

A module of its own (not conftest) so test files import it by a name no other folder uses.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine import Choose, Event, Match, Press, RuleError, Tap, get_game
from engine.games.samurai_knizia.play import Play
from engine.games.samurai_knizia.state import Player, State

PRESSES = {"castle", "buddha", "rice", "pass", "ok"}


class Table:
    """A match plus helpers that read like the rulebook: play tiles, pass, capture."""

    def __init__(self, players: tuple[str, ...] = ("red", "blue", "green"), first: str | None = "red",
                 seed: int = 1, open_captures: bool = False) -> None:
        setup: dict[str, Any] = {"players": list(players), "open_captures": open_captures}
        if first is not None:
            setup["first"] = first
        self.match = Match(get_game("samurai-knizia"), setup, seed)
        self.events: list[Event] = list(self.match.opening)

    @property
    def play(self) -> Play:
        play = self.match.play
        assert isinstance(play, Play)
        return play

    @property
    def st(self) -> State:
        return self.play.state

    @property
    def prompt(self) -> Any:
        return self.play.prompt

    def p(self, name: str) -> Player:
        return self.st.by_name(name)

    def view(self) -> dict[str, Any]:
        return self.play.public_view()

    def do(self, *steps: str) -> list[Event]:
        """Apply inputs: a tile id is a tap, a caste, 'pass' or 'ok' a press, 'choose X' a choice."""
        out: list[Event] = []
        for step in steps:
            value: Any
            if step in PRESSES:
                value = Press(step)
            elif step.startswith("choose "):
                value = Choose(step[7:])
            else:
                value = Tap(step)
            out.extend(self.match.apply(value))
        self.events.extend(out)
        return out

    def turn(self, *tiles: str) -> list[Event]:
        """The active player plays these tiles (a Move followed by the tile it replaces) and passes."""
        return self.do(*tiles, "pass")

    def capture(self, castes: list[str], tiles: list[str]) -> list[Event]:
        """Name the castes of a surrounded settlement, tap the tiles next to it, OK."""
        return self.do(*castes, *tiles, "ok")

    def refuse(self, step: str) -> str:
        """Apply an input that must be refused; check nothing changed; return the reason."""
        before = self.view()
        count = len(self.match.inputs)
        with pytest.raises(RuleError) as info:
            self.do(step)
        assert self.view() == before
        assert len(self.match.inputs) == count
        return str(info.value)

    def texts(self, events: list[Event] | None = None) -> str:
        return "\n".join(e.text for e in (self.events if events is None else events))

    def kinds(self, events: list[Event]) -> list[str]:
        return [e.kind for e in events]
