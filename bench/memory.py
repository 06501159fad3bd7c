"""Memory: peak resident set size of a full demo game.

    .venv/bin/python bench/memory.py

Runs `companion demo` (a whole seeded game through the app loop, snapshots
included) as a child process and reads its peak RSS from the kernel's
accounting. Target: under 60 MB.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile


def main() -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    with tempfile.TemporaryDirectory() as out:
        proc = subprocess.Popen([sys.executable, "-m", "companion.cli", "demo", "--out", out], env=env,
                                stdout=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
    peak_mb = usage.ru_maxrss / 1024
    print("command: python bench/memory.py")
    print(f"demo game peak RSS: {peak_mb:.1f} MB (exit status {os.waitstatus_to_exitcode(status)}; target < 60 MB)")


if __name__ == "__main__":
    main()
