"""The advisor hooks every ranking game wrote alike: its score, and the policy-strength bench's table.

`engine.core.advisor.AdvisorHooks` asks a game's advisor module for
`score` (a seat's share of the win), `bench_table` (a fresh play where
one seat, the hero, plays the policy measured and every other seat the
simple policy) and the bench's `strength` (the hero's share of one such
game). A game whose heuristic policy plays the seats it is told
(`heroes`) and the simple policy the others writes them as:

    _bench = HeroBench("trick-raiders", HeuristicPolicy, SimplePolicy)
    score, bench_table, strength = win_score, _bench.bench_table, _bench.strength
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.core.flow import FlowPlay, Pilot
from engine.core.outcome import win_share
from engine.core.simulation import Policy


def win_score(play: Any, actor: str) -> float:
    """A share of the win: 1 for a sole winner, 1/n for each of n winners, 0 otherwise."""
    return win_share(play.outcome, actor)


def first_seat(play: Any) -> str:
    """The hero of most games: the player in the first seat."""
    return str(play.state.players[0].name)


@dataclass(frozen=True)
class HeroBench:
    """`bench_table` and `strength` for game `game`: the hero (`hero(play)`, the first seat by default) plays
    `heuristic(rng, heroes)` or the simple policy, the others `simple(rng)`; the random source is the seed's
    (`seed ^ salt`)."""

    game: str
    heuristic: Callable[[random.Random, frozenset[str]], Policy]
    simple: Callable[[random.Random], Policy]
    hero: Callable[[Any], str] = first_seat
    salt: int = 0x5EED

    def bench_table(self, setup: dict[str, Any], seed: int, policy: str = "heuristic") -> tuple[FlowPlay, Pilot, str]:
        """The bench's table for one seed: the fresh play, the pilot answering every seat, and the hero's name."""
        from engine.core.registry import get_game

        game = get_game(self.game)
        play, _ = game.new_play(game.parse_setup(setup), seed)
        assert isinstance(play, FlowPlay)
        hero = self.hero(play)
        rng = random.Random(seed ^ self.salt)
        pilot = self.heuristic(rng, frozenset({hero})) if policy == "heuristic" else self.simple(rng)
        return play, pilot.choose, hero

    def strength(self, setup: dict[str, Any], seed: int, policy: str) -> float:
        """One seeded game: the hero plays `policy`, the others the simple policy; the hero's share of the win."""
        play, pilot, hero = self.bench_table(setup, seed, policy)
        play.play_out(pilot)
        return win_score(play, hero)
