"""waitress with limits that keep the page up when one client misbehaves.

Out of the box waitress serves 100 connections and closes one only after
two minutes of silence: 99 connections that each send half a request hold
the page down for everybody. Here a connection must finish its request's
headers within `header_timeout_s` of starting them (or of connecting), an
idle connection closes after `idle_timeout_s`, and one client (an IPv4
address, or an IPv6 /64 network) holds at most `per_client` connections at
once; a connection beyond that is answered 503 and closed, so the others
keep room. waitress has no hook for either check, so the server and its
channel are small subclasses (waitress 3's `BaseWSGIServer.handle_accept`
and `maintenance`, `HTTPChannel.received`).
"""

from __future__ import annotations

import contextlib
import time
from dataclasses import dataclass
from typing import Any

from waitress.adjustments import Adjustments  # type: ignore[import-untyped]
from waitress.channel import HTTPChannel  # type: ignore[import-untyped]
from waitress.server import MultiSocketServer, TcpWSGIServer  # type: ignore[import-untyped]
from waitress.task import ThreadedTaskDispatcher  # type: ignore[import-untyped]

from companion.web.guard import client_key

BUSY = b"HTTP/1.1 503 Service Unavailable\r\nRetry-After: 5\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"


@dataclass(frozen=True)
class Limits:
    """How long a request's headers may take, how long an idle connection stays, connections per client and all."""

    header_timeout_s: float = 10.0
    idle_timeout_s: int = 30
    per_client: int = 8
    connections: int = 100
    cleanup_interval_s: int = 1
    body_bytes: int = 1024 * 1024
    """The largest request body waitress takes; a bigger one is answered 413 before it is buffered (waitress
    otherwise keeps up to 1 GiB of it in a temporary file, on the journals' disk)."""


class GuardedChannel(HTTPChannel):  # type: ignore[misc]
    """A connection that remembers since when it waits for a request's headers (None: not waiting for them)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.header_since: float | None = self.creation_time

    def received(self, data: bytes) -> bool:
        result: bool = super().received(data)
        pending = self.request
        if pending is None or pending.headers_finished:
            self.header_since = None
        elif self.header_since is None:
            self.header_since = time.time()
        return result


class GuardedServer(TcpWSGIServer):  # type: ignore[misc]
    """waitress's TCP server, cutting slow headers and refusing a client's connections beyond its share."""

    channel_class = GuardedChannel

    def __init__(self, *args: Any, limits: Limits, **kwargs: Any) -> None:
        self.limits = limits
        super().__init__(*args, **kwargs)

    def _held_by(self, key: str) -> int:
        return sum(1 for channel in list(self._map.values())
                   if isinstance(channel, HTTPChannel) and client_key(str(channel.addr[0])) == key)

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
        if self._held_by(client_key(str(addr[0]))) >= self.limits.per_client:
            with contextlib.suppress(OSError):  # a client already gone needs no answer
                conn.setblocking(False)
                conn.send(BUSY)
            conn.close()
            return
        self.channel_class(self, conn, addr, self.adj, map=self._map)

    def maintenance(self, now: float) -> None:
        """waitress closes idle connections; this also closes those whose headers take too long."""
        super().maintenance(now)
        cutoff = now - self.limits.header_timeout_s
        for channel in list(self.active_channels.values()):
            since = getattr(channel, "header_since", None)
            if since is not None and since < cutoff and not channel.requests:
                channel.will_close = True


def create_server(app: Any, host: str, port: int, threads: int, limits: Limits = Limits()) -> Any:
    """A server for `app` on every address `host` names (waitress's `create_server`, with the guarded class)."""
    adj = Adjustments(host=host, port=port, threads=threads, ident="table-companion",
                      connection_limit=limits.connections, channel_timeout=limits.idle_timeout_s,
                      cleanup_interval=limits.cleanup_interval_s, max_request_body_size=limits.body_bytes)
    socket_map: dict[int, Any] = {}
    dispatcher = ThreadedTaskDispatcher()
    dispatcher.set_thread_count(adj.threads)
    servers = [GuardedServer(app, socket_map, dispatcher=dispatcher, adj=adj, sockinfo=info, limits=limits)
               for info in adj.listen]
    if len(servers) == 1:
        return servers[0]
    return MultiSocketServer(socket_map, adj, [(s.effective_host, s.effective_port) for s in servers], dispatcher,
                             servers[-1].log_info)
