"""Suite-wide: the long-running tests first, and no test may leave pygame's fonts freed.

`bash scripts/dev test` spreads the tests over the workers (one per core, and one more). A test
that takes half a minute and starts last keeps one worker busy while the
others have nothing left to do; started first, it runs beside the short
tests. So tests marked `slow` are moved to the front (keeping their order
and the order of the rest); in one process this changes nothing but the order.

A worker runs tests of many files in one process, in an order that changes
from run to run, so a test must leave the process as it found it. The one
piece of state that has crashed workers: pygame's font module. The screens
keep their fonts for the whole process (companion.screens.text.DEFAULT_CACHE);
quitting the module frees them, and the next test that draws text segfaults,
far from the test at fault. That test is named here instead.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


def _fonts_up() -> bool:
    font = sys.modules.get("pygame.font")
    return bool(font is not None and font.get_init())


@pytest.fixture(autouse=True)
def _fonts_left_up() -> Iterator[None]:
    was_up = _fonts_up()
    yield
    if was_up and not _fonts_up():
        pytest.fail("this test quit pygame's font module: every Font made before it is freed memory, and the "
                    "next test that draws text crashes the process; leave the module as the test found it",
                    pytrace=False)
