"""The enrolment page's script in a real headless browser: it polls the device's answer and shows it.

The page is served while the device's answer is still "waiting"; the
server writes the device's final answer the moment the browser's script
first asks for it, so what the browser's DOM holds afterwards can only come
from the script (the CSP allows no inline script). Chromium comes from
tests/companion/test_web_browser.py's fixture (`bash scripts/dev test` installs it;
without it the test is skipped).
"""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

from companion.tagmap import virtual_uid
from companion.web.enroll_files import EnrolRequest, EnrolResult, write_request, write_result
from engine.core.messages import msg
from tests.companion.test_web_browser import chromium  # noqa: F401  (the fixture)
from tests.companion.web_helpers import Served

GAME = "samurai-spirit"
TARGET = "card:3-doll-wound"


def test_the_enrolment_page_shows_the_devices_answer_and_offers_the_next_card(chromium: str,  # noqa: F811
                                                                                tmp_path: Path) -> None:
    state = tmp_path / "state"
    state.mkdir()
    write_request(state, EnrolRequest("r1", GAME, TARGET, False, time.time() + 60))
    write_result(state, EnrolResult("r1", "waiting", msg("The device now asks for {card}: tap it on the reader.",
                                                         card="x")))
    done = msg("Tag {uid} is now {name}.", uid=virtual_uid(TARGET), name="Plunderer 3")

    def answer_when_asked(path: str) -> None:
        if path.startswith("/enroll/status.json"):
            write_result(state, EnrolResult("r1", "ok", done))

    served = Served(state, on_request=answer_when_asked)
    try:
        page = f"{served.base}/enroll/result?id=r1&game={GAME}&target={TARGET}&lang=nl"
        dom = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                              "--disable-extensions", f"--user-data-dir={tmp_path / 'profile'}",
                              "--virtual-time-budget=5000", "--dump-dom", page],
                             capture_output=True, text=True, timeout=120).stdout
    finally:
        served.close()
    assert 'data-status="ok"' in dom, dom[-1500:]
    assert virtual_uid(TARGET) in dom
    assert '<p id="enroll-check" hidden=""' in dom, "the script hides the no-script link"
    assert 'class="enroll-form" data-when="next">' in dom, "the next card's form is shown once the answer is in"
