"""How many games, events or trials the long property runs play.

`bash scripts/dev test` runs each at its CI size, chosen so that every rule,
ending and refusal the test asserts is still reached and the whole suite stays
within minutes on two cores. The long size (the number the test was written
with, or more) is one environment variable away:

    COMPANION_TEST_SIZE=long .venv/bin/python -m pytest tests/...

and `bench/long_properties.py` runs every test that reads this module at its
long size. A test imports `sized` and writes `sized(ci=..., long=...)` where
its number used to be, so both sizes stand side by side in the test.
"""

from __future__ import annotations

import os
from typing import TypeVar

T = TypeVar("T")

LONG = os.environ.get("COMPANION_TEST_SIZE", "ci").strip().lower() == "long"


def sized(ci: T, long: T) -> T:
    """`long` under COMPANION_TEST_SIZE=long, else `ci`."""
    return long if LONG else ci
