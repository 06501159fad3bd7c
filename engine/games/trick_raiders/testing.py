"""Trick Raiders' hooks for the property tests every registered game runs.

See `engine.core.registry.GameEntry`. The hidden identities of this game are
the cards in each hand until played and the unused card of a 3-player deal.
The table never taps them, so no input names one: the twin is another seed
(another physical shuffle) with the same public inputs. With `first` given
the seed decides nothing public, so the two plays must look the same.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.core.inputs import Input
from engine.core.prompt import Prompt
from engine.games.trick_raiders import TrickRaiders, simulate
from engine.games.trick_raiders.invariants import check_invariants
from engine.games.trick_raiders.play import Play
from engine.games.trick_raiders.policy import SimplePolicy

SETUPS: tuple[dict[str, Any], ...] = (
    {"players": ["ann", "ben", "cy"], "lives": 2, "first": "ann"},
    {"players": ["ann", "ben", "cy", "dee"], "lives": 2, "first": "cy"},
    {"players": ["ann", "ben", "cy", "dee"], "lives": 3, "first": "dee"},
)

BENCH_TABLES: dict[str, dict[str, Any]] = {
    "3 players, 2 lives": {"players": ["ann", "ben", "cy"], "lives": 2},
    "4 players, 3 lives": {"players": ["ann", "ben", "cy", "dee"], "lives": 3},
}
"""The tables bench/engine_speed.py times."""


def policy(seed: int) -> Callable[[Play], Input]:
    """The simple legal policy, exploring a little and sometimes revoking, so the flags are reached."""
    return SimplePolicy(random.Random(seed ^ 0x5EED), 0.1, 0.05).choose


def play_inputs(setup: dict[str, Any], seed: int) -> list[Input]:
    """The inputs of one whole game by a simulated table that deals, declares and plays."""
    return list(simulate.play_one(_game(), setup, seed, 0.1, 0.05).inputs)


def hidden_twin(setup: dict[str, Any], seed: int, inputs: list[Input]) -> tuple[int, list[Input]]:
    """Another shuffle (seed) behind the same public inputs."""
    return seed + 1, list(inputs)


def bench(setup: dict[str, Any], games: int, seed: int) -> tuple[int, int]:
    """(games, inputs) of `games` whole games by the plain simple policy, for the speed bench."""
    tally = simulate.simulate(_game(), setup, games, seed)
    return tally.games, tally.inputs


def _game() -> TrickRaiders:
    from engine.core.registry import get_game

    game = get_game("trick-raiders")
    assert isinstance(game, TrickRaiders)
    return game


__all__ = ["BENCH_TABLES", "SETUPS", "bench", "check_invariants", "hidden_twin", "play_inputs", "policy"]


def spends(prompt: Prompt, option: str) -> bool:
    """No choice spends a limited resource: life chips and bonus tokens move by the rules alone (a lost
    trick, a dropped-out player, a bonus), and the undo a revoke offers takes back inputs, not lives."""
    return False
