"""Engine speed: full policy games per second and inputs per second, one core.

    .venv/bin/python bench/engine_speed.py [--games 2000]

CPU time of this process only (time.process_time), so other load on the
machine barely moves it. Target: 2,000 games/s for 4 Samurai on Normal.
"""

from __future__ import annotations

import argparse
import time

from engine.games.samurai_spirit import SamuraiSpirit
from engine.games.samurai_spirit.simulate import simulate

TABLES = {
    "4 Samurai": ["kikuchiyo", "kyuzo", "daisuke", "katsushiro"],
    "7 Samurai": ["kikuchiyo", "kyuzo", "daisuke", "katsushiro", "gorobei", "heihachi", "kanbei"],
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = SamuraiSpirit()
    print(f"command: python bench/engine_speed.py --games {args.games} --seed {args.seed}")
    for label, names in TABLES.items():
        setup = {"samurai": names, "difficulty": "normal"}
        simulate(game, setup, 20, args.seed)
        start = time.process_time()
        tally = simulate(game, setup, args.games, args.seed)
        cpu = time.process_time() - start
        print(f"{label}, normal: {tally.games / cpu:8.0f} games/s  {tally.inputs / cpu:9.0f} inputs/s  "
              f"({tally.inputs / tally.games:.0f} inputs/game, win rate {tally.win_rate:.1%})")


if __name__ == "__main__":
    main()
