"""The long property runs: every test that reads tests/sizes.py, at its long size.

    .venv/bin/python bench/long_properties.py [pytest options, e.g. -k fuzz or -n 0]

`bash scripts/dev test` plays these tests at their CI size (fewer games,
events, kills or seeds, with every asserted rule and ending still reached);
this runs them with COMPANION_TEST_SIZE=long, the sizes they were written
with, on every core. The files are found by their `from tests.sizes import`
line, so a test that gains a CI size is included without being listed here.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
IMPORT = re.compile(r"^from tests\.sizes import ", re.MULTILINE)


def sized_test_files() -> list[str]:
    """The test files that take their sizes from tests/sizes.py."""
    return sorted(str(path.relative_to(ROOT)) for folder in ("tests", "games") for path in (ROOT / folder).rglob("test_*.py")
                  if IMPORT.search(path.read_text("utf-8")))


def main() -> int:
    files = sized_test_files()
    env = dict(os.environ, COMPANION_TEST_SIZE="long", SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    command = [sys.executable, "-m", "pytest", "-n", "auto", "--dist", "worksteal", "-p", "no:cacheprovider",
               "--durations=15", *files, *sys.argv[1:]]
    print("command: COMPANION_TEST_SIZE=long python -m pytest -n auto " + " ".join([*files, *sys.argv[1:]]),
          flush=True)
    start = time.monotonic()
    done = subprocess.run(command, cwd=ROOT, env=env)
    print(f"{len(files)} files at their long size in {time.monotonic() - start:.0f} s, exit status {done.returncode}")
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
