"""Random games keep every invariant, for every registered game: one property, each game's hooks.

Each game registers a simple legal policy and an invariants checker
(`testing` hooks, see `engine.core.registry.GameEntry`). Here every game is
played to its end from several setups and seeds; after every input the
game's invariants must hold, and the finished game must have an outcome.
"""

from __future__ import annotations

import pytest

from engine.core.match import Match
from engine.core.registry import entry, game_names, get_game

SEEDS = range(15)
MAX_INPUTS = 5_000
"""Far above any real game's length: a game that runs longer is stuck in a loop."""


@pytest.mark.parametrize("name", game_names())
def test_random_games_keep_every_invariant_and_end_with_an_outcome(name: str) -> None:
    game, hooks = get_game(name), entry(name).hooks()
    for setup in hooks.SETUPS:
        for seed in SEEDS:
            match = Match(game, setup, seed)
            choose, play = hooks.policy(seed), match.play
            hooks.check_invariants(play)
            for _ in range(MAX_INPUTS):
                if play.prompt is None:
                    break
                match.apply(choose(play))
                hooks.check_invariants(play)
            where = f"{name} {setup} seed {seed}"
            assert play.prompt is None, f"{where}: not over after {MAX_INPUTS} inputs"
            assert play.result is not None and play.outcome is not None, f"{where}: over without an outcome"
