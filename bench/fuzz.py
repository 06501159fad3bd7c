"""Fuzz trial: 100,000 random driver events (or more) against the app.

    .venv/bin/python bench/fuzz.py [--events 100000] [--seed 1]

See companion/fuzz.py for what is sent and what is checked after each event.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from companion.fuzz import fuzz


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    start = time.monotonic()
    with tempfile.TemporaryDirectory() as work:
        report = fuzz(args.events, Path(work), seed=args.seed)
    print(f"command: python bench/fuzz.py --events {args.events} --seed {args.seed}")
    print(f"{report.events} driver events in {time.monotonic() - start:.0f} s over {report.games} games "
          f"({report.games_ended} game endings, counting endings undone and replayed): {report.accepted_inputs} inputs accepted, {report.refused} refused, "
          f"{report.undos} undone")
    print("failures: " + ("none" if not report.failures else "; ".join(report.failures)))


if __name__ == "__main__":
    main()
