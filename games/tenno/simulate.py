"""Many games played by the simple policy: turns, ties broken, shared wins.

Pure: the caller measures time, the games come from seeds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core import simulation
from engine.core.match import Match
from engine.core.simulation import policy_match, simulate_games
from games.tenno import Tenno
from games.tenno.play import Play
from games.tenno.policy import SimplePolicy


@dataclass
class Tally(simulation.Tally):
    turns: int = 0
    tie_breaks: int = 0
    shared_wins: int = 0
    second_attacks: int = 0


def play_one(game: Tenno, setup: dict[str, Any], seed: int, explore: float = 0.0) -> Match:
    """One full game; the policy's own random source (and so the table's rows) comes from the seed."""
    return policy_match(game, setup, seed, SimplePolicy, 0x7E770, explore)


def _count(tally: Tally, match: Match) -> None:
    play = match.play
    assert isinstance(play, Play) and play.outcome is not None
    tally.turns += play.state.turn
    tally.tie_breaks += bool(play.outcome.detail["tie_break"])
    tally.shared_wins += len(play.outcome.winners) > 1
    tally.second_attacks += sum(1 for events in match.history for e in events
                                if e.kind == "attack" and e.data.get("duel") == 2)


def simulate(game: Tenno, setup: dict[str, Any], games: int, seed: int) -> Tally:
    return simulate_games(Tally(), games, seed, lambda s: play_one(game, setup, s), _count)
