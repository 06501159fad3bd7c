"""Knizia's Samurai's hooks for the property tests every registered game runs.

See `engine.core.registry.GameEntry`. The hidden identities of this game are
the tiles behind each player's screen (which of the unplayed tiles are in
hand, which still face down beside it). The table never taps them, so no
input names one: the twin is another seed with the same public inputs. With
`first` given the seed decides nothing public, so the two plays must look
the same. The captured figures are public when they are taken (the table
watches) and then hidden by the view, which the invariants check.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.core.inputs import Input
from engine.core.prompt import Prompt
from engine.games.samurai_knizia import KniziasSamurai, simulate
from engine.games.samurai_knizia.invariants import check_invariants
from engine.games.samurai_knizia.play import Play
from engine.games.samurai_knizia.policy import SimplePolicy

SETUPS: tuple[dict[str, Any], ...] = (
    {"players": ["red", "blue"], "first": "blue"},
    {"players": ["red", "blue", "green"], "first": "red"},
    {"players": ["red", "blue", "green", "yellow"], "first": "green", "open_captures": True},
)

BENCH_TABLES: dict[str, dict[str, Any]] = {
    "3 players": {"players": ["red", "blue", "green"]},
    "4 players": {"players": ["red", "blue", "green", "yellow"]},
}
"""The tables bench/engine_speed.py times."""


def policy(seed: int) -> Callable[[Play], Input]:
    """The simple legal policy, exploring a little so odd captures and tiles are reached."""
    return SimplePolicy(random.Random(seed ^ 0x5EED), 0.1).choose


def play_inputs(setup: dict[str, Any], seed: int) -> list[Input]:
    """The inputs of one whole game by a simulated table."""
    return list(simulate.play_one(_game(), setup, seed, 0.1).inputs)


def hidden_twin(setup: dict[str, Any], seed: int, inputs: list[Input]) -> tuple[int, list[Input]]:
    """Other tiles behind the screens (another seed) behind the same public inputs."""
    return seed + 1, list(inputs)


def bench(setup: dict[str, Any], games: int, seed: int) -> tuple[int, int]:
    """(games, inputs) of `games` whole games by the plain simple policy, for the speed bench."""
    tally = simulate.simulate(_game(), setup, games, seed)
    return tally.games, tally.inputs


def _game() -> KniziasSamurai:
    from engine.core.registry import get_game

    game = get_game("samurai-knizia")
    assert isinstance(game, KniziasSamurai)
    return game


__all__ = ["BENCH_TABLES", "SETUPS", "bench", "check_invariants", "hidden_twin", "play_inputs", "policy"]


def spends(prompt: Prompt, option: str) -> bool:
    """No choice spends a limited resource: tiles, the special ones included, are played by tapping them,
    and the options only name a surrounded settlement's castes or end the turn."""
    return False
