"""The Tenno table fixture (the harness lives in tenno_table.py)."""

from __future__ import annotations

import pytest
from tenno_table import TennoTable


@pytest.fixture
def table() -> type[TennoTable]:
    return TennoTable
