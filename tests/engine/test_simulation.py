"""engine.core.simulation: games from consecutive seeds, counted; the same game for the same seed."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from engine.core.match import Match
from engine.core.simulation import Tally, policy_match, simulate_games
from games.tenno import Tenno
from games.tenno.policy import SimplePolicy

SETUP = {"players": ["red", "blue"], "first": "red"}


@dataclass
class Turns(Tally):
    turns: int = 0
    seeds: tuple[int, ...] = ()


def test_games_from_consecutive_seeds_each_counted() -> None:
    game = Tenno()
    played: list[int] = []

    def one(seed: int) -> Match:
        played.append(seed)
        return policy_match(game, SETUP, seed, SimplePolicy, 0x7E770)

    def count(tally: Turns, match: Match) -> None:
        tally.turns += 1

    tally = simulate_games(Turns(), 3, 40, one, count)
    assert played == [40, 41, 42]
    assert (tally.games, tally.turns) == (3, 3)
    assert tally.inputs == sum(len(one(seed).inputs) for seed in (40, 41, 42))


def test_a_game_is_its_seed() -> None:
    game = Tenno()
    first, again = (policy_match(game, SETUP, 7, SimplePolicy, 0x7E770) for _ in range(2))
    assert first.inputs == again.inputs
    assert policy_match(game, SETUP, 7, SimplePolicy, 0x1234).inputs != first.inputs


def test_a_game_that_did_not_end_is_an_error() -> None:
    game = Tenno()
    with pytest.raises(AssertionError, match="seed 5 did not end"):
        simulate_games(Tally(), 1, 5, lambda seed: Match(game, SETUP, seed), lambda tally, match: None)


def test_the_policy_hooks_play_the_game_the_policy_plays() -> None:
    from engine.core.simulation import policy_hooks

    game = Tenno()
    policy, play_inputs = policy_hooks(lambda: game, SimplePolicy, 0x7E770, 0.2)
    inputs = play_inputs(SETUP, 3)
    assert inputs == list(policy_match(game, SETUP, 3, SimplePolicy, 0x7E770, 0.2).inputs)
    match = Match(game, SETUP, 3)
    choose = policy(3)
    assert choose(match.play) == inputs[0]
