"""The Samurai Spirit table fixture (the harness lives in spirit_table.py)."""

from __future__ import annotations

import pytest

from games.samurai_spirit.tests.spirit_table import Table


@pytest.fixture
def table() -> type[Table]:
    return Table
