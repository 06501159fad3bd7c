"""The real web server on a loopback port, and a small HTTP client with cookies, for the web tests."""

from __future__ import annotations

import contextlib
import http.cookiejar
import re
import threading
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import waitress  # type: ignore[import-untyped]

from companion.web.server import SERVER_OPTIONS, create_app


class Served:
    """`companion web`'s application under waitress on 127.0.0.1, on a free port, in a thread."""

    def __init__(self, state_dir: Path, config: Path | None = None, clock: Callable[[], float] | None = None,
                 lang: str = "en", on_request: Callable[[str], None] | None = None) -> None:
        app = create_app(state_dir, config, lang, **({"clock": clock} if clock else {}))
        if on_request is not None:
            from flask import request

            app.before_request(lambda: on_request(request.full_path))
        self.server = waitress.create_server(app, host="127.0.0.1", port=0, threads=4, **SERVER_OPTIONS)
        self.port = self.server.effective_port
        self.base = f"http://127.0.0.1:{self.port}"
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()

    def close(self) -> None:
        """Stop from inside the server's own loop (closing its sockets from here would race its select)."""
        from waitress import wasyncore  # type: ignore[import-untyped]

        try:
            self.server.trigger.pull_trigger(lambda: wasyncore.close_all(self.server._map))
        except OSError:
            # The trigger's pipe is gone (seen in full runs under two workers, never alone): an emptied
            # map ends the loop at its next poll, and what it held is closed once the loop has stopped.
            held = list(self.server._map.values())
            self.server._map.clear()
            self.thread.join(timeout=10)
            for channel in held:
                with contextlib.suppress(OSError):
                    channel.close()
        self.thread.join(timeout=10)
        assert not self.thread.is_alive(), "the web server did not stop"
        # Its worker threads outlive the loop unless told to stop: left running, every server of a
        # test run kept four, over a hundred in one process by the end.
        assert self.server.task_dispatcher.shutdown(timeout=10), "the web server's threads did not stop"


@dataclass
class Reply:
    status: int
    body: bytes
    headers: dict[str, str]

    @property
    def text(self) -> str:
        return self.body.decode("utf-8")


class Client:
    """An HTTP client that keeps cookies, as a phone's browser does."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def _send(self, request: urllib.request.Request) -> Reply:
        try:
            with self.opener.open(request, timeout=30) as response:
                return Reply(response.status, response.read(), dict(response.headers))
        except urllib.error.HTTPError as err:
            return Reply(err.code, err.read(), dict(err.headers))

    def get(self, path: str) -> Reply:
        return self._send(urllib.request.Request(self.base + path))

    def post(self, path: str, fields: dict[str, str], files: dict[str, bytes] | None = None,
             origin: str | None = None) -> Reply:
        headers = {"Origin": origin} if origin else {}
        if files:
            boundary = uuid.uuid4().hex
            parts = []
            for name, value in fields.items():
                parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'
                             .encode())
            for name, data in files.items():
                parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; '
                             f'filename="{name}.tar.gz"\r\nContent-Type: application/gzip\r\n\r\n'.encode()
                             + data + b"\r\n")
            body = b"".join(parts) + f"--{boundary}--\r\n".encode()
            headers["Content-Type"] = f"multipart/form-data; boundary={boundary}"
        else:
            body = urllib.parse.urlencode(fields).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        return self._send(urllib.request.Request(self.base + path, data=body, headers=headers, method="POST"))

    def csrf(self, page: str) -> str:
        """The form token of `page` (which also sets the matching cookie)."""
        found = re.search(r'name="csrf" value="([^"]+)"', self.get(page).text)
        assert found, f"{page} has no form token"
        return found.group(1)
