"""What the web tests share: the real web server on a loopback port, a small HTTP client with cookies, the
page under Flask's test client as a phone on the home network opens it, the PIN, form tokens, and the fixtures
of a state folder and its configuration.

A fixture is taken into a test module by its function's name, which differs from the fixture's
(`from tests.companion.web_helpers import empty_state  # noqa: F401  (the fixture "state")`), so that
the tests' parameters do not shadow the import; an autouse one (`headless`) acts in the module that imports it.
"""

from __future__ import annotations

import contextlib
import http.cookiejar
import re
import socket
import threading
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

import pytest
import waitress  # type: ignore[import-untyped]
from flask.testing import FlaskClient

from companion.runtime.addresses import AllowedHosts
from companion.runtime.tagmap import TagMap, save_tagmap
from companion.runtime.web_pin import device_pin
from companion.web.server import SERVER_OPTIONS, create_app

TABLE = "http://table.local:8080"
"""The page as a phone on the home network opens it (Flask's test client sends this Host and SERVER_PORT)."""
TOKEN = re.compile(r'name="csrf" value="([^"]+)"')
"""A page's form token."""


@pytest.fixture(autouse=True)
def headless(monkeypatch: pytest.MonkeyPatch) -> None:
    """No display: the live picture is drawn with SDL's dummy video driver."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")


@pytest.fixture(name="state")
def empty_state(tmp_path: Path) -> Path:
    """A new device's state folder: empty."""
    folder = tmp_path / "state"
    folder.mkdir()
    return folder


@pytest.fixture(name="config")
def config_of_state(tmp_path: Path, state: Path) -> Path:
    """The device's configuration file, naming the state folder, in English."""
    return write_config(tmp_path / "companion.toml", state)


@pytest.fixture(name="server")
def served_state(state: Path) -> Iterator[Served]:
    """The page served on the state folder (no configuration file)."""
    with Served(state) as served:
        yield served


def write_config(path: Path, state: Path, comment: str = "") -> Path:
    """A configuration file at `path` naming `state`, in English (after a `comment` line, when given)."""
    path.write_text(f'{comment}[app]\nstate_dir = "{state}"\nlanguage = "en"\n', "utf-8")
    return path


def between_games(tmp_path: Path, tags: TagMap) -> Path:
    """A state folder between games: a PIN, and the tag map `tags`."""
    folder = tmp_path / "state"
    folder.mkdir()
    save_tagmap(folder, tags)
    assert device_pin(folder) is not None
    return folder


def pin_of(state: Path) -> str:
    """The PIN the device shows (made on first asking)."""
    pin = device_pin(state)
    assert pin is not None
    return pin


def wrong_pin(pin: str) -> str:
    return "000000" if pin != "000000" else "111111"


def form_token(page: str, where: str = "the page") -> str:
    """The form token in the page's text."""
    found = TOKEN.search(page)
    assert found, f"{where} has no form token"
    return found.group(1)


def table_hosts() -> AllowedHosts:
    """A machine called `table` with one LAN address, whatever machine runs the test."""
    return AllowedHosts(["table.fritz.box"], names=lambda: {"table", "table.local"},
                        addresses=lambda: {"127.0.0.1", "192.168.1.20", "fd00::20"})


def table_client(state: Path, config: Path | None = None, clock: list[float] | None = None) -> FlaskClient:
    """The page's application under Flask's test client on `table_hosts`, its clock `clock[0]` (1000 s)."""
    now = clock if clock is not None else [1000.0]
    return create_app(state, config, "en", clock=lambda: now[0], hosts=table_hosts()).test_client()


def token_of(client: FlaskClient, page: str = "/settings", base: str = TABLE) -> str:
    """The form token `page` gives `client` (which also sets the matching cookie)."""
    return form_token(client.get(page, base_url=base).get_data(as_text=True), page)


def settings_post(client: FlaskClient, pin: str, token: str | None = None, headers: dict[str, str] | None = None,
                  base: str = TABLE, remote: str | None = None) -> int:
    """The settings form sent with `pin` (German, the usual times) and `token` (the page's own when None), from
    the address `remote` (the test client's when None); the answer's status."""
    form = {"csrf": token if token is not None else token_of(client, "/settings", base), "pin": pin,
            "language": "de", "notice_s": "4", "resume_timeout_s": "20"}
    environ = {"REMOTE_ADDR": remote} if remote is not None else {}
    return client.post("/settings", data=form, headers=headers or {}, base_url=base, environ_base=environ).status_code


def connect_from(port: int, source: str = "127.0.0.1", timeout: float = 10.0) -> socket.socket:
    """A TCP connection to the loopback server from the loopback address `source` (skipped where the machine has
    no such address)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.bind((source, 0))
    except OSError:
        sock.close()
        pytest.skip(f"{source} is not a loopback address here")
    sock.settimeout(timeout)
    sock.connect(("127.0.0.1", port))
    return sock


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

    def __enter__(self) -> Served:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()

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
        return form_token(self.get(page).text, page)
