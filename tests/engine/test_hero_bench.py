"""engine.core.hero_bench: the score and the policy-strength bench's table every ranking game's advisor names."""

from __future__ import annotations

import random
from typing import Any

from engine.core.hero_bench import HeroBench, win_score
from engine.core.messages import msg
from engine.core.outcome import Outcome
from games.trick_raiders.heuristic import HeuristicPolicy
from games.trick_raiders.policy import SimplePolicy

SETUP = {"players": ["red", "blue", "green"], "lives": 2}


class Finished:
    def __init__(self, winners: tuple[str, ...]) -> None:
        self.outcome = Outcome(winners, (winners, ("blue",)), {}, msg("over"))


def test_the_score_is_a_share_of_the_win() -> None:
    assert win_score(Finished(("red",)), "red") == 1.0
    assert win_score(Finished(("red", "green")), "green") == 0.5
    assert win_score(Finished(("red",)), "blue") == 0.0


def test_the_hero_plays_the_heuristic_and_the_others_the_simple_policy() -> None:
    made: list[tuple[str, Any]] = []

    def heuristic(rng: random.Random, heroes: frozenset[str]) -> HeuristicPolicy:
        made.append(("heuristic", heroes))
        return HeuristicPolicy(rng, heroes)

    def simple(rng: random.Random) -> SimplePolicy:
        made.append(("simple", None))
        return SimplePolicy(rng)

    bench = HeroBench("trick-raiders", heuristic, simple)
    play, pilot, hero = bench.bench_table(SETUP, 3)
    assert hero == "red" and made == [("heuristic", frozenset({"red"}))]
    assert play.prompt is not None and callable(pilot)
    bench.bench_table(SETUP, 3, "simple")
    assert made[-1] == ("simple", None)


def test_strength_is_the_heros_share_and_a_game_is_its_seed() -> None:
    bench = HeroBench("trick-raiders", HeuristicPolicy, SimplePolicy, hero=lambda play: "green")
    shares = [bench.strength(SETUP, seed, "heuristic") for seed in range(4)]
    assert all(0.0 <= s <= 1.0 for s in shares)
    assert shares == [bench.strength(SETUP, seed, "heuristic") for seed in range(4)]
    assert bench.bench_table(SETUP, 0)[2] == "green"
