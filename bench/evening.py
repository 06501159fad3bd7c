"""The evening trial, longer than the suite's: several evenings of the four games with many power cuts.

    .venv/bin/python bench/evening.py [--evenings 3] [--kills 60] [--seed 1] [--fixed-game]

Each evening runs `companion run --mock --script -` on the configuration
systemd/install.sh writes (the game menu first), the phone page beside it,
and kills the companion with SIGKILL at random moments of every game (see
companion/harness/evening.py). It prints the counts and exits 1 if anything
was lost or a promise broke.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--evenings", type=int, default=3)
    parser.add_argument("--kills", type=int, default=60, help="SIGKILLs per game (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--fixed-game", action="store_true", help="app.game set in the configuration (no menu)")
    args = parser.parse_args()
    from companion.harness.evening import Counts, Evening, TrialFailure

    total = Counts()
    kills: Counter[str] = Counter()
    failures: list[str] = []
    start = time.monotonic()
    for number in range(args.evenings):
        with tempfile.TemporaryDirectory() as work:
            evening = Evening(Path(work), seed=args.seed + number, kills_per_game=args.kills,
                              langs=(("en", "de"), ("fr", "nl"))[number % 2], fixed_game=args.fixed_game,
                              out=sys.stdout)
            print(f"evening {number + 1} (seed {args.seed + number}):", flush=True)
            try:
                counts = evening.run()
            except TrialFailure as exc:
                failures.append(f"evening {number + 1}: {exc}")
                counts = evening.counts
        for name in ("games", "kills", "restarts", "resumed", "actions", "inputs_on_disk", "lost",
                     "undos_after_restart", "enrolled_taps", "web_checks"):
            setattr(total, name, getattr(total, name) + getattr(counts, name))
        kills.update(counts.per_game_kills)
    total.per_game_kills = kills
    print(f"command: python bench/evening.py --evenings {args.evenings} --kills {args.kills} --seed {args.seed}"
          + (" --fixed-game" if args.fixed_game else ""))
    print(f"{args.evenings} evenings in {time.monotonic() - start:.0f} s: {total.line()}")
    print("kills per game: " + ", ".join(f"{game} {n}" for game, n in sorted(kills.items())))
    print("failures: " + ("none" if not failures else "; ".join(failures)))
    return 1 if failures or total.lost else 0


if __name__ == "__main__":
    sys.exit(main())
