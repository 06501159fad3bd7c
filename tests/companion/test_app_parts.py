"""companion.games.app_parts: the GameApp parts every game wrote alike, made from what is the game's own."""

from __future__ import annotations

import random

import pytest

from companion.games.app_parts import (
    lazy_policy,
    players_option,
    random_seats,
    seats_setup,
    simulate_command,
)
from engine.core.errors import RuleError
from engine.core.simulation import Tally
from games.samurai_knizia import KniziasSamurai
from games.tenno import Tenno
from games.tenno.policy import SimplePolicy

SEATS = ("red", "blue", "green", "yellow", "purple")


def test_the_policy_is_made_by_its_class_with_the_random_source_and_exploration() -> None:
    policy = lazy_policy("games.tenno.policy:SimplePolicy")(random.Random(3), 0.25)
    assert isinstance(policy, SimplePolicy) and policy.explore == 0.25


def test_the_report_frames_the_games_own_lines() -> None:
    seen: list[dict[str, object]] = []

    def simulate(game: Tenno, setup: dict[str, object], games: int, seed: int) -> Tally:
        seen.append(setup)
        return Tally(games, 10 * games)

    run = simulate_command(Tenno, {"players": ["red", "blue"]}, simulate, lambda tally, setup: ["own line"])
    lines, inputs = run(Tenno(), None, 4, 9)
    assert lines == ["4 games, 2 players (red, blue), seed 9", "own line", "10.0 inputs per game"]
    assert inputs == 40 and seen == [{"players": ["red", "blue"]}]
    with pytest.raises(RuleError):
        run(Tenno(), {"players": ["red"]}, 1, 0)
    with pytest.raises(TypeError):
        run(KniziasSamurai(), None, 1, 0)


def test_random_seats_are_a_legal_count_of_the_seats_and_a_seed() -> None:
    made = [random_seats(SEATS, (2, 4))(random.Random(n)) for n in range(40)]
    assert {len(m["players"]) for m in made} == {2, 3, 4}
    assert all(set(m["players"]) <= set(SEATS) and len(set(m["players"])) == len(m["players"]) for m in made)
    assert all(isinstance(m["seed"], int) for m in made)


def test_players_option() -> None:
    arguments = players_option("tenno", "Tenno", (2, 5), seats_setup(SEATS))
    assert arguments([]) is None
    assert arguments(["--players", "3"]) == {"players": ["red", "blue", "green"]}
    with pytest.raises(RuleError, match="Tenno knows --players 2 to 5"):
        arguments(["--players", "6"])
    with pytest.raises(RuleError, match="unknown set-up options --lives 2"):
        arguments(["--lives", "2"])
