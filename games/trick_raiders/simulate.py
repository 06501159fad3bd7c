"""Many games played by the simple policy: rounds, revokes and who won.

Pure: the caller measures time, the games come from seeds.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from engine.core.match import Match, play_match
from games.trick_raiders import TrickRaiders
from games.trick_raiders.play import Play
from games.trick_raiders.policy import SimplePolicy


@dataclass
class Tally:
    games: int = 0
    inputs: int = 0
    revokes: int = 0
    shared_wins: int = 0
    rounds: dict[int, int] = field(default_factory=dict)


def play_one(game: TrickRaiders, setup: dict[str, Any], seed: int, explore: float = 0.0,
             revoke: float = 0.0) -> Match:
    """One full game; the policy's own random source (and so the table's shuffles) comes from the seed."""
    return play_match(game, setup, seed, SimplePolicy(random.Random(seed ^ 0x5EED), explore, revoke).choose)


def simulate(game: TrickRaiders, setup: dict[str, Any], games: int, seed: int) -> Tally:
    tally = Tally()
    for index in range(games):
        match = play_one(game, setup, seed + index)
        play = match.play
        assert isinstance(play, Play)
        st = play.state
        tally.games += 1
        tally.inputs += len(match.inputs)
        tally.revokes += len(st.revokes)
        tally.rounds[st.round] = tally.rounds.get(st.round, 0) + 1
        if st.outcome is not None and len(st.outcome.winners) > 1:
            tally.shared_wins += 1
    return tally
