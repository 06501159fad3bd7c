"""A small Tenno table for rule tests: scripted inputs, arranged losses, and the views they give."""

from __future__ import annotations

from typing import Any

from engine import Choose, Event, Match, RuleError, Tap, get_game
from engine.core.inputs import Input
from games.tenno.play import Play
from games.tenno.state import State

OPTIONS = ("pass", "ok")


def as_input(word: str) -> Input:
    """"pass" and "ok" are option ids; anything else is a card tapped face up."""
    return Choose(word) if word in OPTIONS else Tap(word)


class TennoTable:
    """A match plus helpers that read like the rulebook: `do("red-ninja", "blue-farmer-2")`."""

    def __init__(self, players: tuple[str, ...] = ("red", "blue", "green"), first: str | None = "red",
                 seed: int = 1) -> None:
        setup: dict[str, Any] = {"players": list(players)}
        if first is not None:
            setup["first"] = first
        self.match = Match(get_game("tenno"), setup, seed)
        self.events: list[Event] = list(self.match.opening)

    @property
    def play(self) -> Play:
        play = self.match.play
        assert isinstance(play, Play)
        return play

    @property
    def state(self) -> State:
        return self.play.state

    @property
    def prompt(self) -> Any:
        return self.play.prompt

    def do(self, *words: str) -> list[Event]:
        events: list[Event] = []
        for word in words:
            events += self.match.apply(as_input(word))
        self.events = events
        return events

    def refuse(self, word: str, hidden: bool = False) -> str:
        value = Tap(word, hidden) if hidden else as_input(word)
        before = self.view()
        try:
            self.match.apply(value)
        except RuleError as exc:
            assert self.view() == before, "a refused input changed the state"
            return exc.message.text
        raise AssertionError(f"{word} was accepted")

    def view(self) -> dict[str, Any]:
        return self.play.public_view()

    def player(self, name: str) -> dict[str, Any]:
        return next(p for p in self.view()["players"] if p["name"] == name)

    @staticmethod
    def kinds(events: list[Event]) -> list[str]:
        return [e.kind for e in events]

    @staticmethod
    def texts(events: list[Event]) -> list[str]:
        return [e.text for e in events]

    def lose(self, colour: str, *cards: str) -> None:
        """Arrange a position: these cards left the game earlier (discarded) and their gaps were filled."""
        st = self.state
        player = st.by_name(colour)
        for cid in cards:
            st.throw_out(cid)
        player.gaps = 0
        player.hand -= len(cards)
        assert player.hand >= 0
