"""A small table harness for Trick Raiders rule tests: scripted taps and arranged positions.

A module of its own (not conftest) so test files import it by a name no other folder uses.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine import Choose, Event, Match, Press, RuleError, Tap, get_game
from engine.games.trick_raiders.play import Play
from engine.games.trick_raiders.state import Player, State

DEAL = {
    "ann": ["spades-3", "hearts-4", "clubs-5"],
    "ben": ["spades-6", "hearts-8", "diamonds-8"],
    "cy": ["clubs-2", "diamonds-3", "hearts-2"],
    "dee": ["diamonds-6", "hearts-7", "spades-1"],
}
"""Lead cards for the usual 4-player table; with no change dee leads first (her 1 is the smallest card)."""


class Raiders:
    """A match plus helpers that read like the rulebook's examples."""

    def __init__(self, players: tuple[str, ...] = ("ann", "ben", "cy", "dee"), lives: int = 2,
                 first: str | None = "ann", seed: int = 1) -> None:
        setup: dict[str, Any] = {"players": list(players), "lives": lives}
        if first is not None:
            setup["first"] = first
        self.match = Match(get_game("trick-raiders"), setup, seed)
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
        """Apply inputs: a card id is a tap, 'ok' a press of OK, 'choose X' a choice."""
        out: list[Event] = []
        for step in steps:
            value: Any
            if step == "ok":
                value = Press("ok")
            elif step.startswith("choose "):
                value = Choose(step[7:])
            else:
                value = Tap(step)
            out.extend(self.match.apply(value))
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

    def deal(self, lead: dict[str, list[str]] | None = None) -> None:
        """Tap every dealt lead card, seat by seat as the prompts ask."""
        left = {name: list(cards) for name, cards in (lead or DEAL).items()}
        while self.prompt is not None and self.prompt.kind == "deal":
            self.do(left[self.prompt.actor].pop(0))

    def declare(self, moves: dict[str, list[str]] | None = None) -> None:
        """Each player taps the cards moved (none: OK alone), then OK."""
        moves = moves or {}
        while self.prompt is not None and self.prompt.kind == "declare":
            self.do(*moves.get(self.prompt.actor, []), "ok")

    def start(self, moves: dict[str, list[str]] | None = None, lead: dict[str, list[str]] | None = None) -> None:
        self.deal(lead)
        self.declare(moves)

    def texts(self, events: list[Event] | None = None) -> str:
        return "\n".join(e.text for e in (self.events if events is None else events))

    def kinds(self, events: list[Event]) -> list[str]:
        return [e.kind for e in events]

    # --- arranging a position (white-box: not journaled, so no undo after it) --

    def arrange(self, lead: dict[str, list[str]] | None = None, hand: dict[str, int] | None = None,
                lives: dict[str, int] | None = None) -> None:
        """Set lead cards (cards taken away leave the table's knowledge), hand counts and lives."""
        st = self.st
        for name, cards in (lead or {}).items():
            player = self.p(name)
            for cid in player.lead:
                st.where.pop(cid, None)
            player.lead = list(cards)
            for cid in cards:
                st.where[cid] = ("lead", name)
        for name, count in (hand or {}).items():
            self.p(name).hand = count
        for name, count in (lives or {}).items():
            self.p(name).lives = count
