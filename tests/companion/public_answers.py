"""Every byte a phone gets from the page, headers included: the page as `companion web` serves it, read raw.

The server is the one `companion web` runs (companion.web.serving, with its
limits) on a free loopback port, and each answer is read from the socket as
sent: status line, every header, body. Two state folders are then compared
byte for byte. What follows the wall clock alone is frozen by
`freeze_wall_time` (waitress's Date header, the language cookie's Expires),
so it is compared too. Set aside: a form's CSRF token, random by design (it
reads as T; its length still counts in Content-Length), and the state
folder's own path, which the settings page names (it reads as STATE; the
twins' folders have names of the same length).
"""

from __future__ import annotations

import contextlib
import re
import socket
import threading
import urllib.parse
from dataclasses import dataclass
from datetime import datetime, tzinfo
from pathlib import Path
from typing import Any

import pytest

from companion.web.guard import CSRF_COOKIE
from companion.web.server import SERVER_OPTIONS, create_app
from companion.web.serving import Limits, create_server

FROZEN = 1_800_000_000.0
"""The wall time every answer is made at, once frozen."""
HOST = b"127.0.0.1"
"""The Host every request names: no port, so the two servers get the same request bytes."""
TOKEN = re.compile(rb'(name="csrf" value=")[^"]*(")|(' + re.escape(CSRF_COOKIE.encode()) + rb"=)[^;\r\n]*")


def freeze_wall_time(monkeypatch: pytest.MonkeyPatch, now: float = FROZEN) -> None:
    """waitress's Date and werkzeug's cookie Expires, the page's only uses of the wall clock, read `now`."""
    import waitress.task  # type: ignore[import-untyped]
    import werkzeug.http

    real = waitress.task.build_http_date
    monkeypatch.setattr(waitress.task, "build_http_date", lambda _when: real(now))

    class Frozen(datetime):
        @classmethod
        def now(cls, tz: tzinfo | None = None) -> Frozen:
            moment = datetime.fromtimestamp(now, tz)
            return cls(*moment.timetuple()[:6], tzinfo=moment.tzinfo)

    monkeypatch.setattr(werkzeug.http, "datetime", Frozen)


@dataclass(frozen=True)
class Answer:
    """One answer as it came off the socket."""

    raw: bytes

    @property
    def head(self) -> bytes:
        return self.raw.partition(b"\r\n\r\n")[0]

    @property
    def body(self) -> bytes:
        return self.raw.partition(b"\r\n\r\n")[2]

    @property
    def status(self) -> int:
        return int(self.raw.split(b" ", 2)[1])

    def header(self, name: str) -> list[str]:
        """Every value of header `name` (none: an empty list)."""
        wanted = name.lower().encode()
        found = []
        for line in self.head.split(b"\r\n")[1:]:
            key, _, value = line.partition(b":")
            if key.strip().lower() == wanted:
                found.append(value.strip().decode("latin-1"))
        return found

    def cookie(self, name: str) -> str | None:
        for value in self.header("Set-Cookie"):
            key, _, rest = value.partition("=")
            if key == name:
                return rest.split(";", 1)[0]
        return None

    def masked(self, state: Path) -> bytes:
        """The answer with its CSRF tokens as T and the state folder's path as STATE."""
        return TOKEN.sub(lambda m: (m.group(1) + b"T" + m.group(2)) if m.group(1) else m.group(3) + b"T",
                         self.raw).replace(str(state).encode(), b"STATE")


class Page:
    """`companion web` for `state` on 127.0.0.1, in a thread, asked raw."""

    def __init__(self, state: Path, **app_options: Any) -> None:
        self.state = state
        self.app = create_app(state, None, "en", **app_options)
        self.server = create_server(self.app, "127.0.0.1", 0, 2,
                                    Limits(body_bytes=SERVER_OPTIONS["max_request_body_size"]))
        self.port = int(self.server.effective_port)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()

    def close(self) -> None:
        from waitress import wasyncore

        with contextlib.suppress(OSError):
            self.server.trigger.pull_trigger(lambda: wasyncore.close_all(self.server._map))
        self.thread.join(timeout=10)
        assert not self.thread.is_alive(), "the web server did not stop"
        assert self.server.task_dispatcher.shutdown(timeout=10), "the web server's threads did not stop"

    def ask(self, method: str, path: str, headers: dict[str, str] | None = None, body: bytes = b"") -> Answer:
        lines = [f"{method} {path} HTTP/1.1".encode(), b"Host: " + HOST, b"Connection: close"]
        lines += [f"{key}: {value}".encode() for key, value in (headers or {}).items()]
        if body or method == "POST":
            lines.append(f"Content-Length: {len(body)}".encode())
        with socket.create_connection(("127.0.0.1", self.port), timeout=30) as conn:
            conn.sendall(b"\r\n".join(lines) + b"\r\n\r\n" + body)
            chunks = []
            while chunk := conn.recv(65536):
                chunks.append(chunk)
        return Answer(b"".join(chunks))

    def get(self, path: str) -> Answer:
        return self.ask("GET", path)

    def post(self, path: str, fields: dict[str, str], form_page: str | None = None) -> Answer:
        """POST `fields` as a browser would after opening `form_page` (its CSRF cookie and token, this Origin)."""
        headers = {"Origin": f"http://127.0.0.1:{self.port}",
                   "Content-Type": "application/x-www-form-urlencoded"}
        if form_page is not None:
            opened = self.get(form_page)
            token = re.search(rb'name="csrf" value="([^"]+)"', opened.body)
            cookie = opened.cookie(CSRF_COOKIE)
            assert token is not None and cookie is not None, f"{form_page} has no form token"
            fields = {"csrf": token.group(1).decode(), **fields}
            headers["Cookie"] = f"{CSRF_COOKIE}={cookie}"
        return self.ask("POST", path, headers, urllib.parse.urlencode(fields).encode())
