"""Idle CPU: the companion waiting for input with the mock reader polling.

    .venv/bin/python bench/idle.py [--seconds 30]

Starts `companion run --mock` headless (the mock reader polls every 0.1 s, as
a real one would), lets it settle, then measures the CPU time the process
uses over the window. Target: under 1% of one core.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=30.0)
    args = parser.parse_args()
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    with tempfile.TemporaryDirectory() as state:
        proc = subprocess.Popen([sys.executable, "-m", "companion.cli", "run", "--mock", "--state-dir", state,
                                 "--exit-after", str(args.seconds + 10)], env=env,
                                stderr=subprocess.DEVNULL)
        try:
            time.sleep(5)
            before, start = cpu_seconds(proc.pid), time.monotonic()
            time.sleep(args.seconds)
            used, wall = cpu_seconds(proc.pid) - before, time.monotonic() - start
        finally:
            proc.terminate()
            proc.wait(timeout=20)
    print(f"command: python bench/idle.py --seconds {args.seconds:g}")
    print(f"idle: {used:.2f} s CPU over {wall:.1f} s = {100 * used / wall:.2f}% of one core (target < 1%)")


if __name__ == "__main__":
    main()
