"""A small table harness for Trick Raiders rule tests: scripted taps and arranged positions.

A module of its own (not conftest) so test files import it by a name no other folder uses.
"""

from __future__ import annotations

from typing import Any

from engine import Choose, Input, Press, Tap
from games.trick_raiders.play import Play
from games.trick_raiders.state import Player, State
from tests.engine.match_table import MatchTable

DEAL = {
    "ann": ["spades-3", "hearts-4", "clubs-5"],
    "ben": ["spades-6", "hearts-8", "diamonds-8"],
    "cy": ["clubs-2", "diamonds-3", "hearts-2"],
    "dee": ["diamonds-6", "hearts-7", "spades-1"],
}
"""Lead cards for the usual 4-player table; with no change dee leads first (her 1 is the smallest card)."""


class Raiders(MatchTable[Play]):
    """A match plus helpers that read like the rulebook's examples."""

    game = "trick-raiders"
    play_class = Play

    def __init__(self, players: tuple[str, ...] = ("ann", "ben", "cy", "dee"), lives: int = 2,
                 first: str | None = "ann", seed: int = 1) -> None:
        setup: dict[str, Any] = {"players": list(players), "lives": lives}
        if first is not None:
            setup["first"] = first
        super().__init__(setup, seed)

    @property
    def st(self) -> State:
        return self.play.state

    def p(self, name: str) -> Player:
        return self.st.by_name(name)

    def parse(self, step: str) -> Input:
        """A card id is a tap, 'ok' a press of OK, 'choose X' a choice."""
        if step == "ok":
            return Press("ok")
        if step.startswith("choose "):
            return Choose(step[7:])
        return Tap(step)

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
