"""Torn journal ends: every cut a power cut can leave, restarted, played on, SIGKILLed, restarted.

    .venv/bin/python bench/torn_end.py [--game tenno] [--seed 1] [--inputs 12] [--every 1] [--in-process]

A game of 12 inputs is saved, then cut at every byte offset inside its last
two records, right after the header (with and without its newline), and
given half of its next record. For each cut `companion run --mock --script -`
starts on the configuration systemd/install.sh writes, resumes, plays four
inputs, is killed with SIGKILL and starts again; nothing acknowledged may be
lost. See companion/harness/torn_end.py for the method; the tests play every
cut in process and a few through children.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time
from pathlib import Path


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="tenno", help="the registered game to save and cut (default: tenno)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--inputs", type=int, default=12, help="inputs saved before the cut")
    parser.add_argument("--every", type=int, default=1, help="try one byte offset in this many")
    parser.add_argument("--in-process", action="store_true", help="the App in this process instead of children")
    args = parser.parse_args()
    for name, value in (("SDL_VIDEODRIVER", "dummy"), ("SDL_AUDIODRIVER", "dummy"), ("PYGAME_HIDE_SUPPORT_PROMPT", "1")):
        os.environ.setdefault(name, value)
    from companion.harness.torn_end import cuts, saved_game, sweep, try_children, try_in_process

    start = time.monotonic()
    cpu = time.process_time()
    with tempfile.TemporaryDirectory() as work:
        saved = saved_game(Path(work) / "saved", args.game, seed=args.seed, inputs=args.inputs)
        chosen = cuts(saved, args.every)
        failures = sweep(Path(work), saved, chosen, try_in_process if args.in_process else try_children)
    took = time.monotonic() - start
    where = "in process" if args.in_process else "through companion run --mock --script - children"
    print(f"command: python bench/torn_end.py --game {args.game} --seed {args.seed} --inputs {args.inputs} "
          f"--every {args.every}" + (" --in-process" if args.in_process else ""))
    print(f"{len(chosen)} cuts of a {len(saved.data)}-byte journal ({sum(cut.torn for cut in chosen)} end in part "
          f"of a record, {sum(cut.open_end and not cut.torn for cut in chosen)} in a whole line without its newline), "
          f"{where}: {took:.1f} s ({took / len(chosen) * 1000:.0f} ms a cut; this process {time.process_time() - cpu:.1f} s CPU)")
    print("failures: " + ("none" if not failures else f"{len(failures)}\n  " + "\n  ".join(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
