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

The tests' scratch folders go to memory (/dev/shm) where it has room: the tests
write and fsync the journals of thousands of inputs, and what they check (what
is on disk after a kill, a replay, a damaged file) does not depend on the disk
under it, while each fsync on a real disk costs a worker a third of a
millisecond. COMPANION_TEST_TMP names another folder; the product's own state
folder and fsyncs are not touched by this.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
from collections.abc import Iterator

import pytest

MEMORY = "/dev/shm"
MEMORY_ROOM = 4 << 30
"""The free room /dev/shm must have to hold the scratch folders (the install-script test alone makes a
venv of a few hundred MB); a container's small /dev/shm is left alone."""


def _scratch_in_memory() -> None:
    chosen = os.environ.get("COMPANION_TEST_TMP")
    if chosen is None:
        if not os.path.isdir(MEMORY) or not os.access(MEMORY, os.W_OK) or shutil.disk_usage(MEMORY).free < MEMORY_ROOM:
            return
        chosen = os.path.join(MEMORY, "table-companion-tests")
        os.makedirs(chosen, exist_ok=True)
        # Exported, so the companions and commands the tests start use it too; the xdist workers find it set.
        os.environ["COMPANION_TEST_TMP"] = chosen
    os.environ["TMPDIR"] = chosen
    tempfile.tempdir = None


_scratch_in_memory()


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


HIGHER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tests", "fixtures", "games", "higher")
"""The test game's folder, laid out as a game under games/ is."""


@pytest.fixture
def higher() -> Iterator[str]:
    """The test game Higher (tests/fixtures/games/higher/) registered for one test by the registry's own
    `register_folder`, as the scan registers every game of games/, and gone after it."""
    from companion.games.registry import forget
    from engine.core.registry import register_folder, unregister_game

    made = register_folder(HIGHER)
    try:
        yield made.name
    finally:
        unregister_game(made.name)
        forget(made.name)
