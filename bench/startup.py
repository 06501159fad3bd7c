"""Start-up: process start to the first frame, beside `python -c "import pygame"`.

    .venv/bin/python bench/startup.py [--runs 10]

The companion tells systemd READY=1 right after its first frame; this script
plays systemd: it listens on a NOTIFY_SOCKET and times from process start to
that message. Target: within 1.2x the bare pygame import, measured in the
same run.

The project's byte code is compiled first, as an install does (the service
cannot write `__pycache__` under its read-only /opt, so an install without
compiled byte code would compile some 140 modules at every start: about
0.2 s here, several times that on a Pi). pygame's own byte code was written
by pip when it was installed, so both sides are measured as deployed.
"""

from __future__ import annotations

import argparse
import compileall
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def time_to_ready(env: dict[str, str], state: str) -> float:
    with tempfile.TemporaryDirectory() as tmp:
        address = str(Path(tmp) / "notify")
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
            sock.bind(address)
            sock.settimeout(30)
            start = time.perf_counter()
            proc = subprocess.Popen([sys.executable, "-m", "companion.cli", "run", "--mock", "--state-dir", state,
                                     "--exit-after", "20"], env=dict(env, NOTIFY_SOCKET=address),
                                    stderr=subprocess.DEVNULL)
            try:
                while True:
                    message = sock.recv(4096).decode()
                    if "READY=1" in message:
                        return time.perf_counter() - start
            finally:
                proc.terminate()
                proc.wait(timeout=20)


def time_import(env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import pygame"], env=env, check=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    root = Path(__file__).resolve().parent.parent
    for package in ("companion", "drivers", "engine"):
        compileall.compile_dir(root / package, quiet=1)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    ready, bare = [], []
    with tempfile.TemporaryDirectory() as state:
        for _ in range(args.runs):
            bare.append(time_import(env))
            ready.append(time_to_ready(env, state))
    r, b = statistics.median(ready), statistics.median(bare)
    print(f"command: python bench/startup.py --runs {args.runs}")
    print(f"process start to first frame: median {r * 1000:.0f} ms; python -c 'import pygame': median "
          f"{b * 1000:.0f} ms; ratio {r / b:.2f}x (target <= 1.2x)")


if __name__ == "__main__":
    main()
