"""The census form in a real headless browser at a phone's width: its picture, and its script following the device.

The form is the answer to a POST with the PIN and the form's token; a
browser run from the command line can only open an address. So the test
puts a small shim in front of the application: GET /posted/census?<fields>
reaches it as the POST a phone sends after opening the census page (its
token in the form and the cookie, the PIN, this Origin). Everything after
that is the page as served. Chromium comes from
tests/companion/test_web_browser.py's fixture (skipped without it).
"""

from __future__ import annotations

import io
import struct
import subprocess
import threading
import urllib.parse
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import waitress  # type: ignore[import-untyped]
from flask import request

from companion.runtime.enrol_requests import EnrolResult, read_request, request_path, write_result
from companion.runtime.tagmap import TagMap, save_tagmap
from companion.runtime.web_pin import device_pin
from companion.web.guard import CSRF_COOKIE
from companion.web.server import SERVER_OPTIONS, SITE, create_app
from engine.core.messages import msg
from tests.companion.test_web_browser import chromium  # noqa: F401  (the fixture)
from tests.companion.web_helpers import Served

GAME = "samurai-spirit"
PHONE = (412, 2400)
"""A phone's width in CSS pixels (a common Android size), tall enough for the whole form."""


class AsPosted:
    """GET /posted/census?<fields> as the census form's POST, with a token this server made and the PIN."""

    def __init__(self, app: Any, pin: str, port: int) -> None:
        self.app = app
        self.pin = pin
        self.port = port

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        if environ.get("PATH_INFO") == "/posted/census":
            token = self.app.extensions[SITE].tokens.new()
            fields = urllib.parse.parse_qsl(environ.get("QUERY_STRING", ""))
            body = urllib.parse.urlencode([*fields, ("csrf", token), ("pin", self.pin)]).encode()
            environ = dict(environ, REQUEST_METHOD="POST", PATH_INFO="/census", QUERY_STRING="",
                           CONTENT_TYPE="application/x-www-form-urlencoded", CONTENT_LENGTH=str(len(body)),
                           HTTP_COOKIE=f"{CSRF_COOKIE}={token}", HTTP_ORIGIN=f"http://127.0.0.1:{self.port}")
            environ["wsgi.input"] = io.BytesIO(body)
        return self.app(environ, start_response)


def _serve(state: Path, on_request: Callable[[str], None] | None = None) -> Served:
    """`companion web`'s application with the shim in front, under waitress as Served runs it."""
    app = create_app(state, None, "en")
    if on_request is not None:
        app.before_request(lambda: on_request(request.full_path))
    shim = AsPosted(app, str(device_pin(state)), 0)
    served = Served.__new__(Served)
    served.server = waitress.create_server(shim, host="127.0.0.1", port=0, threads=4, **SERVER_OPTIONS)
    served.port = shim.port = served.server.effective_port
    served.base = f"http://127.0.0.1:{served.port}"
    served.thread = threading.Thread(target=served.server.run, daemon=True)
    served.thread.start()
    return served


def _chromium(binary: str, profile: Path, url: str, *args: str) -> str:
    return subprocess.run([binary, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                           "--disable-extensions", f"--user-data-dir={profile}", "--hide-scrollbars", *args, url],
                          capture_output=True, text=True, timeout=120).stdout


def _state(tmp_path: Path) -> Path:
    state = tmp_path / "state"
    state.mkdir()
    save_tagmap(state, TagMap(GAME, {}))
    return state


def test_the_census_form_at_a_phones_width(chromium: str, tmp_path: Path) -> None:  # noqa: F811
    """The picture is kept in the test's folder (`census-form.png`) for a look."""
    state = _state(tmp_path)
    served = _serve(state)
    shot = tmp_path / "census-form.png"
    fields = [("game", GAME), ("kind", "card"), ("a:value", "3"), ("a:symbol", "doll"), ("do", "find")]
    try:
        dom = _chromium(chromium, tmp_path / "profile", f"{served.base}/posted/census?{urllib.parse.urlencode(fields)}",
                        "--dump-dom")
        _chromium(chromium, tmp_path / "profile", f"{served.base}/posted/census?{urllib.parse.urlencode(fields)}",
                  f"--window-size={PHONE[0]},{PHONE[1]}", f"--screenshot={shot}")
    finally:
        served.close()
    assert 'name="put" value="3-doll-barricade"' in dom and "What is printed on it?" in dom, dom[-1500:]
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert width == PHONE[0] and height == PHONE[1]


def test_the_form_follows_the_devices_answer(chromium: str, tmp_path: Path) -> None:  # noqa: F811
    state = _state(tmp_path)

    def answer_when_asked(path: str) -> None:
        if path.startswith("/census/status.json"):
            asked = read_request(request_path(state))
            if asked is not None:
                write_result(state, EnrolResult(asked.id, "ok", msg("{component}: checked, it is what the companion "
                                                                    "believed.", component="Plunderer 3")))

    served = _serve(state, answer_when_asked)
    fields = [("game", GAME), ("kind", "card"), ("a:value", "3"), ("a:symbol", "doll"), ("put", "3-doll-wound")]
    try:
        dom = _chromium(chromium, tmp_path / "profile", f"{served.base}/posted/census?{urllib.parse.urlencode(fields)}",
                        "--virtual-time-budget=5000", "--dump-dom")
    finally:
        served.close()
    assert 'data-status="ok"' in dom and "Plunderer 3: checked, it is what the companion believed." in dom, dom[-2000:]
    assert '<p id="census-check" hidden=""' in dom, "the script hides the no-script button"
