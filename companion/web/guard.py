"""What stands between a phone on the home network and a change: the Host, the Origin, a form token, the PIN.

Every request must name this machine (companion.runtime.addresses), so a page on
another site cannot reach the device through a name it controls (DNS
rebinding). A change must come from one of this machine's pages: its
Origin, or its Referer when a browser sent no Origin, must be one of this
machine's names. Forms carry a token that must equal the one in the
browser's own cookie (SameSite=Strict, so another site's page cannot send
it) and must be one this server made: a random part signed with a secret
that never leaves the web process (`FormTokens`), so a token a client makes
up is refused even when it sits in both places. The PIN is the one the
device shows; each client (one address: IPv4, or IPv6, where every phone of
a home network shares one /64 but has its own address) may get it wrong five
times, then waits a minute, twice as long at each further round, up to an
hour. One client's wrong tries never lock out another. Since a host can
take many addresses of its network (an IPv6 host picks freely in its /64),
a network (an IPv4 /24, an IPv6 /64) also has a budget: fifty wrong PINs
from its addresses lock the whole network the same way, so guessing the
PIN from a crowd of addresses goes no faster than from ten phones. The waits are kept in
the state folder, so a restart does not reset them.
"""

from __future__ import annotations

import base64
import hashlib
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
from urllib.parse import urlsplit

from companion.runtime.addresses import AllowedHosts
from companion.runtime.storage import write_atomic
from companion.runtime.web_pin import read_pin
from engine.core.messages import Message, msg, msg_n

CSRF_COOKIE = "companion_csrf"
MAX_TRIES = 5
NETWORK_TRIES = 50
"""Wrong PINs from all the addresses of one network (an IPv4 /24, an IPv6 /64) before the network waits."""
LOCK_SECONDS = 60.0
MAX_LOCK_SECONDS = 3600.0
FORGET_SECONDS = 86400.0
"""A client without a wrong PIN for a day starts again from five tries and a one-minute wait."""
MAX_CLIENTS = 4096
TRIES_FILE = "web-pin-tries.json"
MISDIRECTED = b"421 Misdirected Request: this page answers only on the device's own names and addresses.\n"


class FormTokens:
    """The forms' CSRF tokens: a random part and its HMAC under a secret kept in this process only.

    A token is good only if this server made it, so a client cannot plant
    one of its own making in the cookie and the form (a cookie set by a
    neighbouring name or over the home network's plain HTTP). The secret is
    made when the page starts and never written anywhere: a restart makes
    the open forms expire (the page says to reload), and nothing in the state
    folder or a backup can sign a token.
    """

    def __init__(self, secret: bytes | None = None) -> None:
        self._secret = secret if secret is not None else secrets.token_bytes(32)

    def _signature(self, nonce: str) -> str:
        digest = hmac.new(self._secret, nonce.encode("ascii"), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(digest[:18]).decode("ascii")

    def new(self) -> str:
        nonce = secrets.token_urlsafe(18)
        return f"{nonce}.{self._signature(nonce)}"

    def made_here(self, token: str | None) -> bool:
        nonce, dot, signature = (token or "").partition(".")
        if not dot or not nonce.isascii() or not signature.isascii():
            return False
        return hmac.compare_digest(self._signature(nonce), signature)

    def matches(self, cookie: str | None, form: str | None) -> bool:
        """The form's token is the cookie's, and this server made it."""
        if not cookie or not form or not self.made_here(cookie):
            return False
        return hmac.compare_digest(cookie.encode("utf-8", "replace"), form.encode("utf-8", "replace"))


def same_origin(origin: str | None, referer: str | None, hosts: AllowedHosts, port: str | int | None) -> bool:
    """Whether a change comes from one of this machine's pages: its Origin, else its Referer's scheme and
    address, must be this page over http. Without either (a client that is not a browser: every browser
    sends an Origin with a form) the token and the PIN still guard."""
    if origin:
        return hosts.allows_origin(origin, port)
    if not referer:
        return True
    try:
        parts = urlsplit(referer)
    except ValueError:
        return False
    if not parts.scheme or not parts.netloc:
        return False
    return hosts.allows_origin(f"{parts.scheme}://{parts.netloc}", port)


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


def _address(remote: str | None) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        address = ipaddress.ip_address((remote or "").split("%", 1)[0])
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def client_key(remote: str | None) -> str:
    """Whose tries and connections these are: the address itself (an IPv4-mapped IPv6 one as IPv4).

    Not the IPv6 /64: a home network is one /64, so that would put every
    phone of the house in one client.
    """
    address = _address(remote)
    return str(address) if address is not None else (remote or "?")


def network_key(remote: str | None) -> str | None:
    """The network `remote` is in, whose addresses share a budget of wrong PINs: an IPv4 /24, an IPv6 /64."""
    address = _address(remote)
    if address is None:
        return None
    return str(ipaddress.ip_network((address, 24 if address.version == 4 else 64), strict=False))


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

    def _waiting(self, keys: tuple[str, ...], now: float) -> float:
        """Seconds left of the longest wait among `keys` (0 when none waits)."""
        left = [tries.until - now for key in keys if (tries := self.clients.get(key)) is not None]
        return max([0.0, *left])

    def _count_wrong(self, key: str, limit: int, now: float) -> None:
        tries = self.clients.get(key)
        if tries is None or now - tries.last >= FORGET_SECONDS:
            tries = Tries()
        tries.wrong += 1
        tries.last = now
        if tries.wrong >= limit:
            tries.wrong = 0
            tries.until = now + min(LOCK_SECONDS * 2 ** min(tries.rounds, 16), MAX_LOCK_SECONDS)
            tries.rounds += 1
        self.clients[key] = tries

    def check(self, given: str, client: str | None) -> Message | None:
        """None when `given` is the PIN; else why the change is refused. `client`: the remote address."""
        key = client_key(client)
        network = network_key(client)
        keys = (key, network) if network is not None else (key,)
        with self._lock:
            now = self.clock()
            left = self._waiting(keys, now)
            if left > 0:
                return msg_n("Too many wrong PINs: wait {n} second, then try again.",
                             "Too many wrong PINs: wait {n} seconds, then try again.", n=int(left) + 1)
            pin = read_pin(self.state_dir)
            if pin is None:
                return msg("The device has no PIN yet: start the companion and open its first menu "
                           "(New game), where the PIN is shown.")
            if hmac.compare_digest(pin.encode("ascii"), given.strip().encode("utf-8", "replace")):
                # The client's own count starts again; its network's fades only after a day without wrong PINs.
                if key in self.clients:
                    del self.clients[key]
                    self._save()
                return None
            self._count_wrong(key, MAX_TRIES, now)
            if network is not None:
                self._count_wrong(network, NETWORK_TRIES, now)
            self._prune(now)
            self._save()
            return msg("Wrong PIN: use the PIN shown on the device's first menu (New game).")
