"""waitress with limits that keep the page up when clients misbehave.

Out of the box waitress serves 100 connections and closes one only after
two minutes of silence, a silence every byte ends: 100 connections that
each send a request one byte every few seconds hold the page down for
everybody. Here:

- a request must arrive whole, headers and body, within `request_timeout_s`
  of the connection's start or of the previous answer on it, however
  steadily its bytes trickle (plus a second for every `body_rate` bytes its
  Content-Length announces, so a large restore over a slow Wi-Fi arrives);
- at most `reading` connections wait for a request at once: a connection
  beyond that closes the one that has waited longest, so slow clients are
  pushed out by new ones, and a phone's request, which arrives in one
  piece as soon as it connects, is always read;
- one client (one address) holds at most `per_client` connections; one
  more is answered 503 and closed, so the others keep room;
- at most `uploads` requests with a body over `upload_bytes` (a restore;
  every other form is a few hundred bytes) are received at once, one a
  client: waitress keeps such a body in a temporary file while it arrives,
  so this bounds the disk a crowd of large bodies takes. One more is
  answered 503 from its headers alone, before its body is read.

waitress has no hook for these, so its server, channel and request parser
are small subclasses (waitress 3's `BaseWSGIServer.handle_accept` and
`maintenance`, `HTTPChannel.service`, `HTTPRequestParser.received` and
`parse_header`). The deadlines follow an injected clock, for tests.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from waitress.adjustments import Adjustments  # type: ignore[import-untyped]
from waitress.channel import HTTPChannel  # type: ignore[import-untyped]
from waitress.parser import HTTPRequestParser  # type: ignore[import-untyped]
from waitress.server import MultiSocketServer, TcpWSGIServer  # type: ignore[import-untyped]
from waitress.task import ThreadedTaskDispatcher  # type: ignore[import-untyped]
from waitress.utilities import Error  # type: ignore[import-untyped]

from companion.web.guard import client_key

BUSY = b"HTTP/1.1 503 Service Unavailable\r\nRetry-After: 5\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"


@dataclass(frozen=True)
class Limits:
    """How long a request may take to arrive, and how many connections may wait, per client and in all."""

    request_timeout_s: float = 10.0
    """Headers and body of one request, from the connection's start or the previous answer on it."""
    body_rate: int = 128 * 1024
    """Bytes a second a declared body is given on top of `request_timeout_s` (16 MiB: two minutes more)."""
    idle_timeout_s: int = 30
    """waitress's own timeout: closes a connection whose answer nobody reads."""
    per_client: int = 8
    connections: int = 100
    """Open connections in all (waitress stops accepting beyond)."""
    reading: int = 64
    """Connections waiting for a request at once: fewer than `connections`, so answers always have room."""
    uploads: int = 2
    upload_bytes: int = 64 * 1024
    """A body longer than this (or chunked) is an upload."""
    cleanup_interval_s: int = 1
    body_bytes: int = 1024 * 1024
    """The largest request body waitress takes; a bigger one is answered 413 before it is buffered (waitress
    otherwise keeps up to 1 GiB of it in a temporary file, on the journals' disk)."""

    def __post_init__(self) -> None:
        if not 0 < self.reading < self.connections:
            raise ValueError("reading must be at least 1 and fewer than connections")


class Busy(Error):  # type: ignore[misc]
    code = 503
    reason = "Service Unavailable"

    def to_response(self, ident: str | None = None) -> tuple[str, list[tuple[str, str]], bytes]:
        status, headers, body = super().to_response(ident)
        return status, [*headers, ("Retry-After", "30")], body


class GuardedParser(HTTPRequestParser):  # type: ignore[misc]
    """waitress's request parser, asking its channel whether a request may send its body, once its headers are in.

    A request refused is answered 503 at once (waitress's own error answer)
    and the connection closes; whatever else it sends is dropped unread.
    """

    upload = False
    error: Any = None

    def __init__(self, adj: Any, channel: GuardedChannel) -> None:
        super().__init__(adj)
        self.channel = channel

    def received(self, data: bytes) -> int:
        if self.channel.refused:
            self.empty = self.completed = True
            return len(data)
        consumed: int = super().received(data)
        return consumed

    def parse_header(self, header_plus: bytes) -> None:
        super().parse_header(header_plus)
        if self.error is None and not self.channel.admit(self):
            self.error = Busy("Another upload is being received; try again in a minute.")
            self.body_rcv = None
            self.content_length = 0
            self.channel.refused = True


class GuardedChannel(HTTPChannel):  # type: ignore[misc]
    """A connection that knows its client and since when it waits for its request."""

    server: GuardedServer

    def __init__(self, server: GuardedServer, sock: Any, addr: Any, adj: Any, map: Any = None) -> None:
        super().__init__(server, sock, addr, adj, map=map)
        self.key = client_key(str(addr[0]))
        self.since = server.clock()
        self.refused = False
        self.parser_class = lambda adj: GuardedParser(adj, self)

    def service(self) -> None:
        # The next request's time starts with this answer: set before it is served, so the connection is
        # never seen waiting (no request left) with the time of the request just answered.
        self.since = self.server.clock()
        super().service()

    def reading(self) -> bool:
        """Waiting for (the rest of) a request: nothing being served or written, not closing."""
        return bool(self.connected and not self.requests and not self.total_outbufs_len
                    and not self.will_close and not self.close_when_flushed)

    def deadline(self) -> float:
        limits = self.server.limits
        pending = self.request
        body = pending.content_length if pending is not None and pending.headers_finished else 0
        return self.since + limits.request_timeout_s + body / limits.body_rate

    def uploading(self) -> bool:
        """Holds an upload slot: an upload's body is arriving or waits to be answered."""
        return bool(getattr(self.request, "upload", False) or any(r.upload for r in list(self.requests)
                                                                  if isinstance(r, GuardedParser)))

    def admit(self, request: GuardedParser) -> bool:
        """Whether `request`, whose headers just arrived, may send its body (a check on uploads only)."""
        limits = self.server.limits
        if not (request.chunked or request.content_length > limits.upload_bytes):
            return True
        others = [ch for ch in self.server.channels() if ch is not self and ch.uploading()]
        if len(others) >= limits.uploads or any(ch.key == self.key for ch in others):
            return False
        request.upload = True
        return True


class GuardedServer(TcpWSGIServer):  # type: ignore[misc]
    """waitress's TCP server, with deadlines for requests and bounded room for clients waiting to send one."""

    channel_class = GuardedChannel

    def __init__(self, *args: Any, limits: Limits, clock: Callable[[], float] = time.monotonic,
                 **kwargs: Any) -> None:
        self.limits = limits
        self.clock = clock
        super().__init__(*args, **kwargs)

    def channels(self) -> list[GuardedChannel]:
        """Every open connection, of every address this page listens on (they share one map)."""
        return [channel for channel in list(self._map.values()) if isinstance(channel, GuardedChannel)]

    def handle_accept(self) -> None:
        try:
            accepted = self.accept()
            if accepted is None:
                return
            conn, addr = accepted
            self.set_socket_options(conn)
        except OSError:
            return
        addr = self.fix_addr(addr)
        channels = self.channels()
        key = client_key(str(addr[0]))
        if sum(1 for channel in channels if channel.key == key) >= self.limits.per_client:
            with contextlib.suppress(OSError):  # a client already gone needs no answer
                conn.setblocking(False)
                conn.send(BUSY)
            conn.close()
            return
        waiting = sorted((channel for channel in channels if channel.reading()), key=lambda channel: channel.since)
        for oldest in waiting[:max(0, len(waiting) + 1 - self.limits.reading)]:
            oldest.handle_close()  # waited longest for its request: the newcomer's is more likely to come
        self.channel_class(self, conn, addr, self.adj, map=self._map)

    def maintenance(self, now: float) -> None:
        """waitress closes idle connections; this also closes those whose request did not arrive in time."""
        super().maintenance(now)
        clock = self.clock()
        for channel in list(self.active_channels.values()):
            if isinstance(channel, GuardedChannel) and channel.reading() and clock >= channel.deadline():
                channel.will_close = True


def create_server(app: Any, host: str, port: int, threads: int, limits: Limits = Limits(),
                  clock: Callable[[], float] = time.monotonic) -> Any:
    """A server for `app` on every address `host` names (waitress's `create_server`, with the guarded class)."""
    adj = Adjustments(host=host, port=port, threads=threads, ident="table-companion",
                      connection_limit=limits.connections, channel_timeout=limits.idle_timeout_s,
                      cleanup_interval=limits.cleanup_interval_s, max_request_body_size=limits.body_bytes)
    socket_map: dict[int, Any] = {}
    dispatcher = ThreadedTaskDispatcher()
    dispatcher.set_thread_count(adj.threads)
    servers = [GuardedServer(app, socket_map, dispatcher=dispatcher, adj=adj, sockinfo=info, limits=limits,
                             clock=clock)
               for info in adj.listen]
    if len(servers) == 1:
        return servers[0]
    return MultiSocketServer(socket_map, adj, [(s.effective_host, s.effective_port) for s in servers], dispatcher,
                             servers[-1].log_info)
