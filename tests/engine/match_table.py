"""What every game's rule-test table shares: a match, its events, the view, scripted and refused inputs.

Each game's table (games/samurai_spirit/tests/spirit_table.py's `Table`, `Raiders`, Knizia's Samurai's `Table`)
names its game, says how a word of a test becomes an input (`parse`) and
adds the helpers that read like its rulebook.
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

import pytest

from engine import Event, Input, Match, RuleError, get_game

P = TypeVar("P")


class MatchTable(Generic[P]):
    """A match of `game` plus the helpers every rule test uses; `play` is its play as the game's own class."""

    game: str
    play_class: type[P]

    def __init__(self, setup: dict[str, Any], seed: int) -> None:
        self.match = Match(get_game(self.game), setup, seed)
        self.events: list[Event] = list(self.match.opening)

    @property
    def play(self) -> P:
        play = self.match.play
        assert isinstance(play, self.play_class)
        return play

    @property
    def prompt(self) -> Any:
        return self.match.play.prompt

    def view(self) -> dict[str, Any]:
        return self.match.play.public_view()

    def parse(self, step: str) -> Input:
        """The input a test's word stands for (each game's table reads its own words)."""
        raise TypeError(f"{type(self).__name__} reads no words")

    def do(self, *steps: str) -> list[Event]:
        """Apply inputs, one word each (see `parse`); the events are added to `events` and returned."""
        out: list[Event] = []
        for step in steps:
            out.extend(self.match.apply(self.parse(step)))
        self.events.extend(out)
        return out

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
