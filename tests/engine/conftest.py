"""The Samurai Spirit table fixture (the harness lives in spirit_table.py)."""

from __future__ import annotations

import pytest

from tests.engine.spirit_table import Table


@pytest.fixture
def table() -> type[Table]:
    return Table
