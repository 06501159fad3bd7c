"""Suite-wide order: the long-running tests first.

`bash scripts/dev test` spreads the tests over one worker per core. A test
that takes half a minute and starts last keeps one worker busy while the
others have nothing left to do; started first, it runs beside the short
tests. So tests marked `slow` are moved to the front (keeping their order
and the order of the rest); in one process this changes nothing but the order.
"""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
