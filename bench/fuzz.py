"""Fuzz trials: random driver events against the app, or malformed lines against the engine protocol.

    .venv/bin/python bench/fuzz.py [--events 100000] [--seed 1]
    .venv/bin/python bench/fuzz.py --protocol 25000 [--seed 1]

See companion/fuzz.py for what is sent and what is checked after each event
or line. With --protocol, the lines are checked one by one in process, then
sent again in one go through a pipe to `python -m companion.cli engine`,
which must answer every line with one line of JSON and exit normally.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from companion.fuzz import fuzz, protocol_fuzz, through_pipe


def app_trial(events: int, seed: int, game: str | None = None) -> None:
    start = time.monotonic()
    with tempfile.TemporaryDirectory() as work:
        report = fuzz(events, Path(work), seed=seed, game=game)
    print(f"command: python bench/fuzz.py --events {events} --seed {seed}")
    print(f"{report.events} driver events in {time.monotonic() - start:.0f} s over {report.games} games "
          f"({report.games_ended} game endings, counting endings undone and replayed): {report.accepted_inputs} inputs accepted, {report.refused} refused, "
          f"{report.undos} undone")
    print(f"{report.random_tables} games set up as the demo script's random tables, "
          f"{report.setup_failures} random tables that could not be set up")
    print("failures: " + ("none" if not report.failures else "; ".join(report.failures)))


def protocol_trial(lines: int, seed: int, game: str | None = None) -> None:
    start = time.monotonic()
    report, sent = protocol_fuzz(lines, seed=seed, game=game)
    print(f"command: python bench/fuzz.py --protocol {lines} --seed {seed}")
    print(f"{report.lines} protocol lines in {time.monotonic() - start:.0f} s over {report.games} games: "
          f"{report.malformed} malformed, {report.accepted} accepted, {report.refused} refused")
    failures = list(report.failures)
    if not failures:
        problem = through_pipe(sent, [sys.executable, "-m", "companion.cli", "engine"])
        print(f"through a pipe to companion engine: {len(sent)} lines, "
              + ("one JSON answer each" if problem is None else problem))
        if problem:
            failures.append(problem)
    print("failures: " + ("none" if not failures else "; ".join(failures)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--protocol", type=int, metavar="LINES", help="fuzz the engine protocol with this many lines")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", help="the registered game to fuzz (default: the first)")
    args = parser.parse_args()
    if args.protocol is not None:
        protocol_trial(args.protocol, args.seed, args.game)
    else:
        app_trial(args.events, args.seed, args.game)


if __name__ == "__main__":
    main()
