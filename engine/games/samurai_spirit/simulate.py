"""Many games played by the simple policy: win rate and average score.

Pure: the caller measures time, the games come from seeds.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine.core.match import Match
from engine.games.samurai_spirit import SamuraiSpirit
from engine.games.samurai_spirit.play import Play
from engine.games.samurai_spirit.policy import SimplePolicy


@dataclass
class Tally:
    games: int = 0
    won: int = 0
    inputs: int = 0
    score_total: int = 0
    rounds: dict[int, int] = field(default_factory=dict)

    @property
    def win_rate(self) -> float:
        return self.won / self.games if self.games else 0.0

    @property
    def average_score(self) -> float:
        return self.score_total / self.won if self.won else 0.0


def play_one(game: SamuraiSpirit, setup: dict[str, object], seed: int, explore: float = 0.0) -> Match:
    """One full game; the policy's own random source is derived from the seed."""
    match = Match(game, setup, seed)
    policy = SimplePolicy(random.Random(seed ^ 0x5EED), explore)
    play = match.play
    assert isinstance(play, Play)
    apply, choose = match.apply, policy.choose
    while play.prompt is not None:
        apply(choose(play))
    return match


def simulate(game: SamuraiSpirit, setup: dict[str, object], games: int, seed: int) -> Tally:
    tally = Tally()
    for index in range(games):
        match = play_one(game, setup, seed + index)
        play = match.play
        assert isinstance(play, Play)
        st = play.state
        tally.games += 1
        tally.inputs += len(match.inputs)
        tally.rounds[st.round] = tally.rounds.get(st.round, 0) + 1
        if st.result == "won":
            tally.won += 1
            tally.score_total += st.score or 0
    return tally
