"""Power-cut trial: SIGKILL the demo game at 200 random moments, restart, compare.

    .venv/bin/python bench/power_cut.py [--trials 200]

See companion/harness/power_cut.py for the method.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--trials", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", help="the registered game to play and kill (default: the first)")
    args = parser.parse_args()
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from companion.harness.power_cut import run_trials

    start = time.monotonic()
    with tempfile.TemporaryDirectory() as work:
        trials = run_trials(args.trials, Path(work), rng_seed=args.seed, game=args.game)
    resumed = trials.runs - trials.no_journal_yet
    print(f"command: python bench/power_cut.py --trials {args.trials} --seed {args.seed}")
    print(f"{trials.runs} kills in {time.monotonic() - start:.0f} s (the game runs from {trials.game_starts_s:.2f} s to {trials.duration_s:.2f} s after start): "
          f"{trials.identical + trials.finished_before_kill}/{resumed} resumed games identical to the uninterrupted run "
          f"({trials.no_journal_yet} killed before the first journal line, "
          f"{trials.finished_before_kill} finished before the kill)")
    if trials.inputs_at_kill:
        print(f"inputs on disk at the kill: min {min(trials.inputs_at_kill)}, max {max(trials.inputs_at_kill)}")
    print(f"trials counted: {trials.counted} of {trials.runs} (each in exactly one bucket)")
    print("failures: " + ("none" if not trials.failures else "; ".join(trials.failures)))


if __name__ == "__main__":
    main()
