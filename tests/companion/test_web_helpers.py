"""The web tests' own server (web_helpers.Served) cleans up after itself: the suite runs many in one process."""

from __future__ import annotations

import threading
from pathlib import Path

from tests.companion.web_helpers import Served


def test_a_closed_server_leaves_no_thread_behind(tmp_path: Path) -> None:
    before = set(threading.enumerate())
    for n in range(3):
        state = tmp_path / f"state-{n}"
        state.mkdir()
        Served(state).close()
    assert set(threading.enumerate()) - before == set()
