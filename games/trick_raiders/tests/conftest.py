"""The Trick Raiders table fixture (the harness lives in raiders_table.py)."""

from __future__ import annotations

import pytest
from raiders_table import Raiders


@pytest.fixture
def table() -> type[Raiders]:
    return Raiders
