"""Engine speed: full policy games per second and inputs per second, one core.

    .venv/bin/python bench/engine_speed.py [--game NAME] [--games 2000] [--seed 1] [--engine-alone]

Any registered game (all of them without `--game`), through its registered
`testing` hooks: the tables it names (`BENCH_TABLES`) played by its simple
policy (`bench`), in the games' play-out mode where they have one (the
same rules fed by the policy inside the flow, without events or journal:
`engine.core.flow.FlowPlay.play_out`). CPU time of this process only (time.process_time), so
other load on the machine barely moves it. Target: 2,000 games/s for 4
Samurai on Normal.

`--engine-alone` also times the rules without any policy: each game is
first played by the game's test policy (`policy(seed)`) while its answers
are recorded, then the recorded answers are fed back in play-out mode and
only that replay is timed. The difference from the first figure is what
choosing the inputs costs.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from engine.core.inputs import Input
from engine.core.registry import entry, game_names, get_game


def bench_game(name: str, games: int, seed: int, alone: bool) -> None:
    hooks = entry(name).hooks()
    for label, setup in hooks.BENCH_TABLES.items():
        hooks.bench(setup, 20, seed)
        start = time.process_time()
        played, inputs = hooks.bench(setup, games, seed)
        cpu = time.process_time() - start
        print(f"{name}, {label}: {played / cpu:8.0f} games/s  {inputs / cpu:9.0f} inputs/s  "
              f"({inputs / played:.0f} inputs/game)")
        if alone:
            engine_alone(name, hooks, label, setup, games, seed)


def engine_alone(name: str, hooks: Any, label: str, setup: dict[str, Any], games: int, seed: int) -> None:
    """The rules alone: recorded games replayed in play-out mode, no policy deciding anything."""
    game = get_game(name)
    parsed = game.parse_setup(setup)
    recorded: list[list[Input]] = []
    for index in range(games):
        answers: list[Input] = []
        policy = hooks.policy(seed + index)

        def recording(play: Any, policy: Any = policy, answers: list[Input] = answers) -> Input:
            value: Input = policy(play)
            answers.append(value)
            return value

        play, _ = game.new_play(parsed, seed + index)
        play.play_out(recording)
        recorded.append(answers)
    start = time.process_time()
    for index, answers in enumerate(recorded):
        play, _ = game.new_play(parsed, seed + index)
        play.play_out(_replaying(answers))
    cpu = time.process_time() - start
    inputs = sum(len(answers) for answers in recorded)
    print(f"{name}, {label}, engine alone: {games / cpu:8.0f} games/s  {inputs / cpu:9.0f} inputs/s  "
          f"({inputs / games:.0f} inputs/game, recorded from the test policy)")


def _replaying(answers: list[Input]) -> Any:
    """A pilot that gives back recorded answers in order (the same game, since the seed is the same)."""
    following = iter(answers).__next__
    return lambda play: following()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=game_names(), help="one registered game (default: every one)")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--engine-alone", action="store_true", help="also time recorded games replayed without a policy")
    args = parser.parse_args()
    chosen = f" --game {args.game}" if args.game else ""
    chosen += " --engine-alone" if args.engine_alone else ""
    print(f"command: python bench/engine_speed.py{chosen} --games {args.games} --seed {args.seed}")
    for name in [args.game] if args.game else game_names():
        bench_game(name, args.games, args.seed, args.engine_alone)


if __name__ == "__main__":
    main()
