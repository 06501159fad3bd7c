"""What stands between a phone on the home network and a change: the Host, a CSRF token, and the device's PIN.

Every request must name this machine (companion.runtime.addresses), so a page on
another site cannot reach the device through a name it controls (DNS
rebinding). Forms carry a token that must equal the one in the browser's
own cookie (SameSite=Strict, so another site's page cannot send it), and a
change from a page whose Origin is not one of this machine's names is
refused. The PIN is the one the device shows; each client (an IPv4
address, or an IPv6 /64 network) may get it wrong five times, then waits a
minute, twice as long at each further round, up to an hour. The waits are
kept in the state folder, so a restart does not reset them, and one
client's wrong tries never lock out another.
"""

from __future__ import annotations

import hmac
import ipaddress
import json
import secrets
import sys
import threading
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from companion.runtime.addresses import AllowedHosts
from companion.runtime.storage import write_atomic
from companion.runtime.web_pin import read_pin
from engine.core.messages import Message, msg, msg_n

CSRF_COOKIE = "companion_csrf"
MAX_TRIES = 5
LOCK_SECONDS = 60.0
MAX_LOCK_SECONDS = 3600.0
FORGET_SECONDS = 86400.0
"""A client without a wrong PIN for a day starts again from five tries and a one-minute wait."""
MAX_CLIENTS = 4096
TRIES_FILE = "web-pin-tries.json"
MISDIRECTED = b"421 Misdirected Request: this page answers only on the device's own names and addresses.\n"


def new_token() -> str:
    return secrets.token_urlsafe(24)


def csrf_ok(cookie: str | None, form: str | None) -> bool:
    return bool(cookie) and bool(form) and hmac.compare_digest(str(cookie), str(form))


class HostCheck:
    """WSGI middleware: a request whose Host is not one of this machine's names gets 421 and nothing else."""

    def __init__(self, app: Callable[..., Iterable[bytes]], hosts: AllowedHosts) -> None:
        self.app = app
        self.hosts = hosts

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        if self.hosts.allows_host(environ.get("HTTP_HOST"), environ.get("SERVER_PORT")):
            return self.app(environ, start_response)
        start_response("421 Misdirected Request", [("Content-Type", "text/plain; charset=utf-8"),
                                                   ("Content-Length", str(len(MISDIRECTED))),
                                                   ("Cache-Control", "no-store")])
        return [MISDIRECTED]


def client_key(remote: str | None) -> str:
    """Whose tries these are: the IPv4 address, or the /64 network of an IPv6 one (a host picks freely in it)."""
    try:
        address = ipaddress.ip_address((remote or "").split("%", 1)[0])
    except ValueError:
        return remote or "?"
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


@dataclass
class Tries:
    """One client's wrong PINs since its last wait, its waits so far, until when it waits, its last wrong try."""

    wrong: int = 0
    rounds: int = 0
    until: float = 0.0
    last: float = 0.0


def _load(path: Path) -> dict[str, Tries]:
    try:
        data = json.loads(path.read_text("utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        print(f"companion web: {path} cannot be read ({exc}); the PIN tries start afresh", file=sys.stderr)
        return {}
    found: dict[str, Tries] = {}
    clients = data.get("clients") if isinstance(data, dict) else None
    for key, entry in (clients.items() if isinstance(clients, dict) else ()):
        if not isinstance(entry, dict):
            continue
        try:
            found[str(key)] = Tries(int(entry["wrong"]), int(entry["rounds"]), float(entry["until"]),
                                    float(entry["last"]))
        except (KeyError, TypeError, ValueError):
            continue
    return found


class PinGuard:
    """Checks the device's PIN, refusing a client for a while after too many wrong ones (kept across restarts)."""

    def __init__(self, state_dir: Path, clock: Callable[[], float]) -> None:
        self.state_dir = state_dir
        self.clock = clock
        self.path = state_dir / TRIES_FILE
        self._lock = threading.Lock()
        self.clients = _load(self.path)

    def _save(self) -> None:
        """Keep the tries; a disk that refuses leaves them in memory only (said on stderr)."""
        data = {"clients": {key: asdict(tries) for key, tries in self.clients.items()}}
        try:
            write_atomic(self.path, json.dumps(data, sort_keys=True) + "\n")
        except OSError as exc:
            print(f"companion web: {self.path} cannot be written ({exc.strerror or exc})", file=sys.stderr)

    def _prune(self, now: float) -> None:
        self.clients = {key: tries for key, tries in self.clients.items()
                        if tries.until > now or now - tries.last < FORGET_SECONDS}
        if len(self.clients) > MAX_CLIENTS:
            newest = sorted(self.clients.items(), key=lambda item: item[1].last)[-MAX_CLIENTS:]
            self.clients = dict(newest)

    def check(self, given: str, client: str | None) -> Message | None:
        """None when `given` is the PIN; else why the change is refused. `client`: the remote address."""
        key = client_key(client)
        with self._lock:
            now = self.clock()
            tries = self.clients.get(key)
            if tries is not None and now < tries.until:
                return msg_n("Too many wrong PINs: wait {n} second, then try again.",
                             "Too many wrong PINs: wait {n} seconds, then try again.",
                             n=int(tries.until - now) + 1)
            pin = read_pin(self.state_dir)
            if pin is None:
                return msg("The device has no PIN yet: start the companion and open its first menu "
                           "(New game), where the PIN is shown.")
            if hmac.compare_digest(pin.encode("ascii"), given.strip().encode("utf-8", "replace")):
                if tries is not None:
                    del self.clients[key]
                    self._save()
                return None
            if tries is None or now - tries.last >= FORGET_SECONDS:
                tries = Tries()
            tries.wrong += 1
            tries.last = now
            if tries.wrong >= MAX_TRIES:
                tries.wrong = 0
                tries.until = now + min(LOCK_SECONDS * 2 ** min(tries.rounds, 16), MAX_LOCK_SECONDS)
                tries.rounds += 1
            self.clients[key] = tries
            self._prune(now)
            self._save()
            return msg("Wrong PIN: use the PIN shown on the device's first menu (New game).")
