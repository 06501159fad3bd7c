"""Tenno's hooks for the property tests every registered game runs.

See `engine.core.registry.GameEntry`. The hidden identities at a Tenno table
are the face-down rows and hands: the table never taps a card until it is
turned up in a duel, so no input names a hidden card, and the twin is the
same public inputs behind another seed (with `first` given the seed decides
nothing). The stronger property of this game, that two games differing in
who captured what look the same once their duels are over, is in
tests/engine/tenno/test_tenno_secrecy.py.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.core.inputs import Input
from engine.core.prompt import Prompt
from engine.games.tenno import Tenno, simulate
from engine.games.tenno.invariants import check_invariants
from engine.games.tenno.play import Play
from engine.games.tenno.policy import SimplePolicy

SETUPS: tuple[dict[str, Any], ...] = (
    {"players": ["red", "blue"], "first": "red"},
    {"players": ["red", "blue", "green", "yellow"], "first": "green"},
    {"players": ["red", "blue", "green", "yellow", "purple", "orange", "white"], "first": "white"},
)

BENCH_TABLES: dict[str, dict[str, Any]] = {
    "4 players": {"players": ["red", "blue", "green", "yellow"]},
    "7 players": {"players": ["red", "blue", "green", "yellow", "purple", "orange", "white"]},
}
"""The tables bench/engine_speed.py times."""


def policy(seed: int) -> Callable[[Play], Input]:
    """The simple legal policy, exploring a little."""
    return SimplePolicy(random.Random(seed ^ 0x7E770), 0.2).choose


def play_inputs(setup: dict[str, Any], seed: int) -> list[Input]:
    """The inputs of one whole game by a simulated table."""
    return list(simulate.play_one(_game(), setup, seed, 0.2).inputs)


def hidden_twin(setup: dict[str, Any], seed: int, inputs: list[Input]) -> tuple[int, list[Input]]:
    """Other rows and hands (another seed) behind the same public inputs."""
    return seed + 1, list(inputs)


def bench(setup: dict[str, Any], games: int, seed: int) -> tuple[int, int]:
    """(games, inputs) of `games` whole games by the plain simple policy, for the speed bench."""
    tally = simulate.simulate(_game(), setup, games, seed)
    return tally.games, tally.inputs


def _game() -> Tenno:
    from engine.core.registry import get_game

    game = get_game("tenno")
    assert isinstance(game, Tenno)
    return game


__all__ = ["BENCH_TABLES", "SETUPS", "bench", "check_invariants", "hidden_twin", "play_inputs", "policy"]


def spends(prompt: Prompt, option: str) -> bool:
    """No choice spends a limited resource: the Monk is used by tapping it, never by an option, and the
    options (Pass, OK) only decline or finish."""
    return False
