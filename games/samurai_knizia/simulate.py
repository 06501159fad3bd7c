"""Many games played by the simple policy: how they ended and who won.

Pure: the caller measures time, the games come from seeds.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from engine.core import simulation
from engine.core.match import Match
from engine.core.simulation import policy_match, simulate_games
from games.samurai_knizia import KniziasSamurai
from games.samurai_knizia.play import Play
from games.samurai_knizia.policy import SimplePolicy


@dataclass
class Tally(simulation.Tally):
    captures: int = 0
    ties: int = 0
    endings: Counter[str] = field(default_factory=Counter)
    decided_by: Counter[str] = field(default_factory=Counter)
    turns: int = 0


def play_one(game: KniziasSamurai, setup: dict[str, Any], seed: int, explore: float = 0.0) -> Match:
    """One full game; the policy's own random source (and so its pretend map) comes from the seed."""
    return policy_match(game, setup, seed, SimplePolicy, 0x5EED, explore)


def _count(tally: Tally, match: Match) -> None:
    play = match.play
    assert isinstance(play, Play) and play.outcome is not None
    st = play.state
    tally.captures += len(st.captures)
    tally.ties += st.ties
    tally.turns += st.turn
    tally.endings[str(play.outcome.detail["ending"].get("reason"))] += 1
    tally.decided_by[str(play.outcome.detail["decided_by"])] += 1


def simulate(game: KniziasSamurai, setup: dict[str, Any], games: int, seed: int) -> Tally:
    return simulate_games(Tally(), games, seed, lambda s: play_one(game, setup, s), _count)
