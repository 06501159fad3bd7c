"""Many games played by a policy, counted: what every game's `simulate.py` did the same way.

A game's simulation plays whole games from consecutive seeds, each by its
simple policy with a random source of its own derived from the seed (so a
game is its seed), and counts what its report says. The loop, the seeds,
the games and inputs counted and the check that each game ended are here;
the game keeps its own counts (a `Tally` subclass and a `count` function).

Pure: the caller measures time.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from engine.core.game import Game
from engine.core.inputs import Input
from engine.core.match import Match, play_match


class Policy(Protocol):
    """A policy as the games write them: chooses an input for a play's pending prompt."""

    def choose(self, play: Any) -> Input: ...


@dataclass
class Tally:
    """What every simulation counts: games played and inputs made. A game adds its own fields."""

    games: int = 0
    inputs: int = 0


T = TypeVar("T", bound=Tally)


def policy_match(game: Game, setup: Any, seed: int, policy: Callable[[random.Random, float], Policy], salt: int,
                 explore: float = 0.0) -> Match:
    """One whole game played by `policy(rng, explore)`, its random source seeded by `seed ^ salt`."""
    return play_match(game, setup, seed, policy(random.Random(seed ^ salt), explore).choose)


def simulate_games(tally: T, games: int, seed: int, play_one: Callable[[int], Match],
                   count: Callable[[T, Match], None]) -> T:
    """`games` whole games from seeds `seed`, `seed + 1`, ...; each counted into `tally` by `count`."""
    for index in range(games):
        match = play_one(seed + index)
        if match.play.outcome is None:
            raise AssertionError(f"the simulated game of seed {seed + index} did not end")
        tally.games += 1
        tally.inputs += len(match.inputs)
        count(tally, match)
    return tally


def policy_hooks(game: Callable[[], Game], policy: Callable[[random.Random, float], Policy], salt: int,
                 explore: float = 0.2) -> tuple[Callable[[int], Callable[[Any], Input]],
                                                Callable[[Any, int], list[Input]]]:
    """The testing hooks `policy(seed)` and `play_inputs(setup, seed)` (engine.core.registry.TESTING_HOOKS): the
    simple policy exploring a little (`explore`), seeded as `policy_match` seeds it, and the inputs of one whole
    game it plays."""

    def policy_hook(seed: int) -> Callable[[Any], Input]:
        return policy(random.Random(seed ^ salt), explore).choose

    def play_inputs(setup: Any, seed: int) -> list[Input]:
        return list(policy_match(game(), setup, seed, policy, salt, explore).inputs)

    return policy_hook, play_inputs
