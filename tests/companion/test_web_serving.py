"""`companion web` under real waitress: slow headers are cut, one client cannot take every connection, and the
start-up line names addresses a phone can open."""

from __future__ import annotations

import json
import os
import re
import select
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.runtime.addresses import LISTEN_FILE, device_urls, page_urls
from companion.web.server import create_app
from companion.web.serving import Limits, create_server
from tests.companion.web_helpers import connect_from, headless  # noqa: F401  (the autouse headless)

HALF = b"GET /live.json HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow"


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[int, Limits]]:
    """The page on 127.0.0.1 with short limits: 1 s for headers, 2 connections per client."""
    from waitress import wasyncore  # type: ignore[import-untyped]

    limits = Limits(request_timeout_s=1.0, idle_timeout_s=30, per_client=2, cleanup_interval_s=1)
    server = create_server(create_app(tmp_path), "127.0.0.1", 0, threads=2, limits=limits)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    yield int(server.effective_port), limits
    server.trigger.pull_trigger(lambda: wasyncore.close_all(server._map))
    thread.join(timeout=10)


def _connect(port: int, source: str = "127.0.0.1") -> socket.socket:
    return connect_from(port, source, timeout=5)


def _get(port: int, source: str = "127.0.0.1") -> bytes:
    with _connect(port, source) as sock:
        sock.sendall(b"GET /live.json HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nConnection: close\r\n\r\n" % port)
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    return data


def _closed_within(sock: socket.socket, seconds: float) -> float | None:
    """Seconds until the server closed `sock` (reading whatever it sent), None if it stayed open."""
    start = time.monotonic()
    sock.settimeout(seconds)
    try:
        while sock.recv(4096):
            pass
    except TimeoutError:
        return None
    except ConnectionResetError:
        pass
    return time.monotonic() - start


def test_a_client_that_sends_half_a_request_is_cut_after_the_header_timeout(served: tuple[int, Limits]) -> None:
    port, limits = served
    with _connect(port) as slow:
        slow.sendall(HALF)
        took = _closed_within(slow, 5.0)
    assert took is not None, "waitress alone keeps a half request for two minutes"
    assert limits.request_timeout_s * 0.5 <= took <= limits.request_timeout_s + 2.5
    assert _get(port).startswith(b"HTTP/1.1 200"), "a whole request is served as before"


def test_one_client_cannot_take_every_connection(served: tuple[int, Limits]) -> None:
    port, limits = served
    held = [_connect(port) for _ in range(limits.per_client)]
    try:
        for sock in held:
            sock.sendall(HALF)
        with _connect(port) as extra:
            assert _closed_within(extra, 3.0) is not None, "a connection beyond the client's share is closed"
        assert _get(port, "127.0.0.2").startswith(b"HTTP/1.1 200"), "another client still gets the page"
    finally:
        for sock in held:
            sock.close()
    time.sleep(0.2)
    assert _get(port).startswith(b"HTTP/1.1 200"), "the client's share is back once it closed its connections"


def test_the_start_up_line_names_addresses_a_phone_can_open(tmp_path: Path) -> None:
    state = tmp_path / "state"
    state.mkdir()
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "COMPANION_CONFIG": ""}
    process = subprocess.Popen([sys.executable, "-c", "import sys; from companion.cli import main; sys.exit(main())",
                                "web", "--state-dir", str(state), "--host", "0.0.0.0", "--port", "0"],
                               stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, env=env, text=True)
    try:
        assert process.stderr is not None
        ready, _, _ = select.select([process.stderr], [], [], 30)
        assert ready, "companion web said nothing within 30 s"
        line = process.stderr.readline()
        found = re.search(r":(\d+)/", line)
        assert found, line
        port = int(found.group(1))
        assert port > 0 and "0.0.0.0" not in line, line
        expected = page_urls("0.0.0.0", port)
        assert line.strip().endswith(" ".join(expected)), line
        assert json.loads((state / LISTEN_FILE).read_text("utf-8")) == {"host": "0.0.0.0", "port": port}
        assert device_urls(state) == expected
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=10) == 0
        assert not (state / LISTEN_FILE).exists(), "a stopped page leaves no address for the device to show"
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        if process.stderr is not None:
            process.stderr.close()
