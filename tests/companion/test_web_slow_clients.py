"""Slow clients against `companion web`'s server: a request's whole time is bounded, the room for waiting
connections is bounded, and the live page is still answered while it is full.

The server runs for real on loopback, but its deadlines follow a fake clock
the test moves, and its periodic check is run by the test through the
server's own loop: nothing here waits for a deadline to pass in real time,
and no timing is asserted. (bench/web_slow_clients.py measures the live
page's answer time under 100 slow bodies and 100 slow headers.)
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import pytest

from companion.web.server import create_app
from companion.web.serving import GuardedChannel, Limits, create_server
from tests.companion.web_helpers import connect_from, headless  # noqa: F401  (the autouse headless)

T = TypeVar("T")
START = 1000.0
LIMITS = Limits(request_timeout_s=10.0, body_rate=10_000, reading=4, connections=40, per_client=8, uploads=2,
                upload_bytes=64 * 1024, cleanup_interval_s=3600)
"""A 10,000-byte body gets one second on top of the ten; four connections may wait; a body over 64 KiB is an
upload; the test runs the check."""


@dataclass
class Guarded:
    server: Any
    port: int
    now: list[float]

    def in_loop(self, call: Callable[[], T]) -> T:
        """`call`'s result, run inside the server's loop (where waitress itself reads and closes)."""
        done = threading.Event()
        out: list[T] = []

        def thunk() -> None:
            out.append(call())
            done.set()

        self.server.trigger.pull_trigger(thunk)
        assert done.wait(10), "the server's loop did not run"
        return out[0]

    def check(self) -> None:
        """The server's periodic check, now (waitress runs it every cleanup interval)."""
        self.in_loop(lambda: self.server.maintenance(time.time()))

    def open_channels(self) -> list[GuardedChannel]:
        return self.in_loop(lambda: [ch for ch in self.server.channels() if not ch.will_close])

    def wait_for(self, what: Callable[[list[GuardedChannel]], bool]) -> None:
        """Until the server's connections are as `what` wants (the bytes sent have been read)."""
        for _ in range(500):
            if what(self.open_channels()):
                return
            time.sleep(0.01)
        raise AssertionError(f"the server never got there: {self.open_channels()}")


@pytest.fixture
def guarded(tmp_path: Path) -> Iterator[Guarded]:
    from waitress import wasyncore  # type: ignore[import-untyped]

    now = [START]
    server = create_server(create_app(tmp_path), "127.0.0.1", 0, threads=2, limits=LIMITS, clock=lambda: now[0])
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    yield Guarded(server, int(server.effective_port), now)
    server.trigger.pull_trigger(lambda: wasyncore.close_all(server._map))
    thread.join(timeout=10)
    assert server.task_dispatcher.shutdown(timeout=10)


def _slow_body(port: int, source: str, length: int = 10_000, path: str = "/settings") -> socket.socket:
    sock = connect_from(port, source)
    sock.sendall(f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/x-www-form-urlencoded"
                 f"\r\nContent-Length: {length}\r\n\r\na".encode())
    return sock


def _closed(sock: socket.socket) -> bytes:
    """What the server sent before it closed `sock` (a socket timeout fails the test: it stayed open)."""
    data = b""
    with contextlib.suppress(ConnectionResetError):  # a reset after the answer still closes it
        while chunk := sock.recv(65536):
            data += chunk
    return data


def _get(port: int, source: str, path: str = "/live.json") -> bytes:
    with connect_from(port, source) as sock:
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
        return _closed(sock)


def _from(source: str) -> Callable[[list[GuardedChannel]], bool]:
    return lambda channels: any(ch.addr[0] == source and ch.request is not None and ch.request.headers_finished
                                for ch in channels)


def test_a_body_that_trickles_is_cut_at_the_requests_deadline(guarded: Guarded) -> None:
    """A byte every few seconds used to keep a request alive for ever: only its headers had a deadline."""
    with _slow_body(guarded.port, "127.0.0.2") as slow:
        guarded.wait_for(_from("127.0.0.2"))
        for _ in range(5):  # a byte every two seconds, up to ten seconds and a half after the connection
            guarded.now[0] += 2.1
            slow.sendall(b"a")
            guarded.check()
        assert any(ch.addr[0] == "127.0.0.2" for ch in guarded.open_channels()), "cut before its deadline"
        guarded.now[0] += 0.6  # ten seconds, and one for its 10,000 announced bytes
        guarded.check()
        assert _closed(slow) == b"", "a request that has not arrived gets no answer, the connection closes"
    assert _get(guarded.port, "127.0.0.2").startswith(b"HTTP/1.1 200"), "the client may try again"


def test_headers_that_trickle_and_a_quiet_kept_connection_are_cut_too(guarded: Guarded) -> None:
    with connect_from(guarded.port, "127.0.0.3") as headers, connect_from(guarded.port, "127.0.0.4") as kept:
        headers.sendall(b"GET /live.json HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        kept.sendall(f"GET /live.json HTTP/1.1\r\nHost: 127.0.0.1:{guarded.port}\r\n\r\n".encode())
        answer = kept.recv(65536)
        assert answer.startswith(b"HTTP/1.1 200")
        guarded.wait_for(lambda channels: sum(ch.reading() for ch in channels) == 2)
        guarded.now[0] += 9.0
        headers.sendall(b"User-Agent: slow\r\n")
        guarded.check()
        assert len(guarded.open_channels()) == 2
        guarded.now[0] += 1.5
        guarded.check()
        assert _closed(headers) == b""
        _closed(kept)  # the rest of the first answer, then the end: a kept connection gets the same time


def test_the_live_page_is_answered_while_slow_clients_fill_every_waiting_place(guarded: Guarded) -> None:
    """Six slow bodies from six addresses, room for four: the two that waited longest make way, and a phone's
    GET is answered at once. Before, every connection stayed until the server would take no more."""
    slow = []
    try:
        for n in range(6):
            slow.append(_slow_body(guarded.port, f"127.0.0.{10 + n}"))
            guarded.wait_for(_from(f"127.0.0.{10 + n}"))
            guarded.now[0] += 1.0
        assert _closed(slow[0]) == b"" and _closed(slow[1]) == b"", "the oldest waiting connections were closed"
        assert sorted(ch.addr[0] for ch in guarded.open_channels()) == [f"127.0.0.{10 + n}" for n in range(2, 6)]
        for _ in range(3):
            assert _get(guarded.port, "127.0.0.30").startswith(b"HTTP/1.1 200")
    finally:
        for sock in slow:
            sock.close()


def test_large_bodies_are_received_two_at_a_time_one_a_client(guarded: Guarded) -> None:
    """waitress keeps a body in a temporary file while it arrives: the third upload is refused from its headers."""
    first = _slow_body(guarded.port, "127.0.0.40", length=1_000_000, path="/restore")
    second = _slow_body(guarded.port, "127.0.0.41", length=1_000_000, path="/restore")
    try:
        guarded.wait_for(lambda channels: _from("127.0.0.40")(channels) and _from("127.0.0.41")(channels))
        with _slow_body(guarded.port, "127.0.0.42", length=1_000_000, path="/restore") as third:
            assert _closed(third).startswith(b"HTTP/1.1 503"), "a third upload at once"
        first.close()
        guarded.wait_for(lambda channels: not _from("127.0.0.40")(channels))
        with _slow_body(guarded.port, "127.0.0.41", length=1_000_000, path="/restore") as again:
            assert _closed(again).startswith(b"HTTP/1.1 503"), "a second upload from the same client"
        with connect_from(guarded.port, "127.0.0.42") as small:
            small.sendall(f"POST /settings HTTP/1.1\r\nHost: 127.0.0.1:{guarded.port}\r\nContent-Length: 3\r\n"
                          f"Connection: close\r\n\r\na=b".encode())
            assert _closed(small).startswith(b"HTTP/1.1 403"), "a form still reaches the page (and its checks)"
    finally:
        first.close()
        second.close()


def test_limits_keep_room_for_answers() -> None:
    with pytest.raises(ValueError):
        Limits(reading=100, connections=100)
