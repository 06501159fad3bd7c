"""Engine speed: full policy games per second and inputs per second, one core.

    .venv/bin/python bench/engine_speed.py [--game NAME] [--games 2000] [--seed 1]

Any registered game (all of them without `--game`), through its registered
`testing` hooks: the tables it names (`BENCH_TABLES`) played by its simple
policy (`bench`), in the games' play-out mode where they have one (the
same rules fed by the policy inside the flow, without events or journal:
`engine.core.flow.FlowPlay.play_out`). CPU time of this process only (time.process_time), so
other load on the machine barely moves it. Target: 2,000 games/s for 4
Samurai on Normal.
"""

from __future__ import annotations

import argparse
import time

from engine.core.registry import entry, game_names


def bench_game(name: str, games: int, seed: int) -> None:
    hooks = entry(name).hooks()
    for label, setup in hooks.BENCH_TABLES.items():
        hooks.bench(setup, 20, seed)
        start = time.process_time()
        played, inputs = hooks.bench(setup, games, seed)
        cpu = time.process_time() - start
        print(f"{name}, {label}: {played / cpu:8.0f} games/s  {inputs / cpu:9.0f} inputs/s  "
              f"({inputs / played:.0f} inputs/game)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", choices=game_names(), help="one registered game (default: every one)")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    chosen = f" --game {args.game}" if args.game else ""
    print(f"command: python bench/engine_speed.py{chosen} --games {args.games} --seed {args.seed}")
    for name in [args.game] if args.game else game_names():
        bench_game(name, args.games, args.seed)


if __name__ == "__main__":
    main()
