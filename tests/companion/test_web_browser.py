"""The live page in a real headless browser (Debian's Chromium) follows the table by itself.

Chromium is a system package: `bash scripts/dev test` installs it before
the tests when it is missing and it runs as root with apt-get (as CI does).
Without it the browser tests are skipped and say why; a test never installs.
The browser is watched through the server: after an input is saved, the
page must fetch the picture of the new version, which it does only once
its script has seen the new state and rewritten the page.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.runtime.storage import CURRENT, JournalFile
from companion.web.live import LiveTable
from tests.companion.history_helpers import played
from tests.companion.web_helpers import Served

SETUP = {"players": ["north", "east", "south"], "lives": 2}
WAIT_S = 30.0
"""Far more than the page needs (it polls every 0.4 s); only a broken page comes near it."""


@pytest.fixture(scope="module")
def chromium() -> str:
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    pytest.skip("Chromium is not installed: `bash scripts/dev test` installs it when run as root with "
                "apt-get; elsewhere run `sudo apt-get install chromium`, then the tests again")


class Requests:
    """The paths the browser asked for, with the time each arrived."""

    def __init__(self) -> None:
        self.seen: list[tuple[float, str]] = []
        self.changed = threading.Condition()

    def __call__(self, path: str) -> None:
        with self.changed:
            self.seen.append((time.monotonic(), path))
            self.changed.notify_all()

    def wait_for(self, wanted: str) -> float:
        """When a request containing `wanted` arrived (waiting for it up to WAIT_S)."""
        deadline = time.monotonic() + WAIT_S
        with self.changed:
            while True:
                for at, path in self.seen:
                    if wanted in path:
                        return at
                left = deadline - time.monotonic()
                assert left > 0, f"the browser never asked for {wanted!r}; it asked for {self.seen[-5:]}"
                self.changed.wait(left)


@pytest.fixture
def browser_on(chromium: str, tmp_path: Path) -> Iterator[tuple[Path, Requests, Served]]:
    state = tmp_path / "state"
    state.mkdir()
    JournalFile(state / CURRENT).start(played("trick-raiders", 6, SETUP, stop_after=6))
    requests = Requests()
    served = Served(state, on_request=requests)
    browser = subprocess.Popen(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions",
         "--window-size=390,844", f"--user-data-dir={tmp_path / 'profile'}", "--remote-debugging-port=0",
         f"{served.base}/?lang=en"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        start_new_session=True)
    try:
        yield state, requests, served
    finally:
        os.killpg(browser.pid, signal.SIGTERM)
        try:
            browser.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(browser.pid, signal.SIGKILL)
            browser.wait()
        served.close()


def _version(state: Path) -> str:
    """The version the page shows for the journal there now (a digest of its public frame in English)."""
    return LiveTable(state).frame("en").version


def test_the_live_page_updates_itself_after_each_input(browser_on: tuple[Path, Requests, Served],
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """Five inputs, each saved at a random moment of the page's polling; each must reach the page."""
    state, requests, _ = browser_on
    requests.wait_for(f"v={_version(state)}")
    later = [played("trick-raiders", 6, SETUP, stop_after=n) for n in range(7, 12)]
    rng = random.Random(15)
    delays = []
    for match in later:
        time.sleep(rng.uniform(0.0, 0.5))  # spread the saves over the polling period; no result depends on it
        before = _version(state)
        JournalFile(state / CURRENT).append(match)
        saved = time.monotonic()
        version = _version(state)
        assert version != before
        delays.append(requests.wait_for(f"v={version}") - saved)
    with capsys.disabled():
        print(f"\nlive page in Chromium: an input shown {sum(delays) / len(delays):.2f} s after it was saved on "
              f"average, {max(delays):.2f} s at most ({len(delays)} inputs)")
