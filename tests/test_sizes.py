"""The CI and long sizes of the property runs (tests/sizes.py) and the bench script that runs the long ones."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.engine.bench_scripts import load_bench

ROOT = Path(__file__).resolve().parents[1]


def _size_with(value: str | None) -> str:
    env = {k: v for k, v in os.environ.items() if k != "COMPANION_TEST_SIZE"}
    if value is not None:
        env["COMPANION_TEST_SIZE"] = value
    done = subprocess.run([sys.executable, "-c", "from tests.sizes import sized; print(sized(ci=1, long=2))"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_the_long_size_is_one_environment_variable_away() -> None:
    assert [_size_with(value) for value in (None, "ci", "long", " Long ")] == ["1", "1", "2", "2"]


def test_the_bench_script_runs_every_test_file_that_has_a_ci_size() -> None:
    files = load_bench("long_properties").sized_test_files()
    for expected in ("tests/companion/test_fuzz.py", "games/samurai_spirit/tests/test_random_games.py", "tests/engine/test_secrecy.py"):
        assert expected in files
    assert "tests/test_sizes.py" not in files
    for name in files:
        assert "sized(" in (ROOT / name).read_text("utf-8"), name
