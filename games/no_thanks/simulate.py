"""Many games played by the simple policy: scores, shared wins, how often a card went round.

Pure: the caller measures time, the games come from seeds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core import simulation
from engine.core.flow import option_of
from engine.core.match import Match
from engine.core.simulation import policy_match, simulate_games
from games.no_thanks import NoThanks
from games.no_thanks.policy import SimplePolicy
from games.no_thanks.rules.turns import NO_THANKS

SALT = 0x70A
"""Mixed into the seed for the policy's own random source (its deck)."""


@dataclass
class Tally(simulation.Tally):
    winning: int = 0
    """The winners' totals added up (a total is card points less chips)."""
    shared_wins: int = 0
    refusals: int = 0
    """No thanks said, over all games."""


def play_one(game: NoThanks, setup: dict[str, Any], seed: int, explore: float = 0.0) -> Match:
    """One full game; the policy's random source (and so the deck) comes from the seed."""
    return policy_match(game, setup, seed, SimplePolicy, SALT, explore)


def _count(tally: Tally, match: Match) -> None:
    outcome = match.play.outcome
    assert outcome is not None
    tally.winning += outcome.scores[outcome.winners[0]]
    tally.shared_wins += len(outcome.winners) > 1
    tally.refusals += sum(1 for value in match.inputs if option_of(value) == NO_THANKS)


def simulate(game: NoThanks, setup: dict[str, Any], games: int, seed: int) -> Tally:
    return simulate_games(Tally(), games, seed, lambda s: play_one(game, setup, s), _count)
