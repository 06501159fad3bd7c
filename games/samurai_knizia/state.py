"""The state of one play-through: tiles played, figures on the board, captures, ties, whose turn.

The map is not kept: which space a tile went to is the table's business.
What the referee needs is which tiles are on the board (so a capture can
only count tiles that were played), the figures left per caste, what each
player captured (hidden behind the screens, kept here so nobody recounts)
and the ties, for the two end conditions.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from engine.core.outcome import Outcome
from engine.core.seating import Seating
from games.samurai_knizia.catalogue import CASTES, TILES_PER_PLAYER, Catalogue, Tile
from games.samurai_knizia.setup import FIGURES, Setup

TIES_TO_END = 4
"""The game ends after the turn in which "a fourth figure is removed from the board by a tie"."""
MAX_NEIGHBOURS = 6
"""A settlement is one hexagon: at most six spaces touch it."""


@dataclass
class Player:
    """One seat: its tiles played (board or discarded) and its captured figures."""

    name: str
    seat: int
    played: list[str] = field(default_factory=list)
    captured: dict[str, int] = field(default_factory=lambda: dict.fromkeys(CASTES, 0))

    @property
    def tiles_left(self) -> int:
        """Tiles behind the screen or still to be drawn."""
        return TILES_PER_PLAYER - len(self.played)

    @property
    def figures(self) -> int:
        return sum(self.captured.values())


@dataclass
class Capture:
    """A capture being entered: the castes of the surrounded settlement and the tiles next to it."""

    castes: list[str]
    tiles: list[str] = field(default_factory=list)


@dataclass
class State(Seating[Player]):
    """What changes during a game; the static tiles live on the catalogue."""

    catalogue: Catalogue
    setup: Setup
    rng: random.Random
    players: list[Player]
    first: int
    active: int = 0
    turn: int = 0
    phase: str = "play"
    board: list[str] = field(default_factory=list)
    """Tiles on the board, in the order they came there."""
    discarded: list[str] = field(default_factory=list)
    """Switch tiles, "played by discarding it"."""
    moved: dict[str, str] = field(default_factory=dict)
    """A Move tile -> the tile it replaced (which went to another space)."""
    this_turn: list[str] = field(default_factory=list)
    figures_left: dict[str, int] = field(default_factory=dict)
    removed: dict[str, int] = field(default_factory=lambda: dict.fromkeys(CASTES, 0))
    """Figures removed by a tie, per caste."""
    capture: Capture | None = None
    captures: list[dict[str, Any]] = field(default_factory=list)
    """Every capture resolved: castes, tiles, influence and who took each figure (public as it happened)."""
    ending: dict[str, Any] | None = None
    """Set when an end condition is met: the game ends after this turn."""
    step: int = 0
    result: str | None = None
    outcome: Outcome | None = None

    @property
    def figures_start(self) -> int:
        return FIGURES[self.count]

    @property
    def ties(self) -> int:
        return sum(self.removed.values())

    def tile(self, tid: str) -> Tile:
        return self.catalogue.tiles[tid]

    def owner(self, tid: str) -> Player | None:
        colour = self.catalogue.tiles[tid].colour
        return next((pl for pl in self.players if pl.name == colour), None)

    def normal_this_turn(self) -> str | None:
        """The turn's one normal tile, if it was played."""
        return next((t for t in self.this_turn if self.tile(t).normal), None)

    def own_normal_on_board(self, player: Player) -> list[str]:
        """The player's normal tiles on the board that a Move may replace (not the Move itself)."""
        return [t for t in self.board if self.tile(t).colour == player.name and self.tile(t).normal
                and self.tile(t).type != "move"]

    def unplayed(self, player: Player) -> list[str]:
        played = set(player.played)
        return [t.id for t in self.catalogue.of(player.name) if t.id not in played]

    def influence(self, tiles: list[str], caste: str) -> dict[str, int]:
        """Each player's influence on `caste` from `tiles` (every player listed, 0 without a tile)."""
        out = {pl.name: 0 for pl in self.players}
        for tid in tiles:
            tile = self.tile(tid)
            out[tile.colour] += tile.influence(caste)
        return out
