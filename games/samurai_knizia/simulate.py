"""Many games played by the simple policy: how they ended and who won.

Pure: the caller measures time, the games come from seeds.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from engine.core.match import Match, play_match
from games.samurai_knizia import KniziasSamurai
from games.samurai_knizia.play import Play
from games.samurai_knizia.policy import SimplePolicy


@dataclass
class Tally:
    games: int = 0
    inputs: int = 0
    captures: int = 0
    ties: int = 0
    endings: Counter[str] = field(default_factory=Counter)
    decided_by: Counter[str] = field(default_factory=Counter)
    turns: int = 0


def play_one(game: KniziasSamurai, setup: dict[str, Any], seed: int, explore: float = 0.0) -> Match:
    """One full game; the policy's own random source (and so its pretend map) comes from the seed."""
    return play_match(game, setup, seed, SimplePolicy(random.Random(seed ^ 0x5EED), explore).choose)


def simulate(game: KniziasSamurai, setup: dict[str, Any], games: int, seed: int) -> Tally:
    tally = Tally()
    for index in range(games):
        match = play_one(game, setup, seed + index)
        play = match.play
        assert isinstance(play, Play) and play.outcome is not None
        st = play.state
        tally.games += 1
        tally.inputs += len(match.inputs)
        tally.captures += len(st.captures)
        tally.ties += st.ties
        tally.turns += st.turn
        tally.endings[str(play.outcome.detail["ending"].get("reason"))] += 1
        tally.decided_by[str(play.outcome.detail["decided_by"])] += 1
    return tally
