"""The names and addresses the web page answers to, and the addresses a phone can open it on.

A page on another site can make a player's browser send requests to the
device under that site's own name (DNS rebinding): the browser then treats
the answers as same-origin. The page therefore answers only when the
request names this machine: loopback, its host name (and `<name>.local`),
one of its own addresses, or a name given with `--allow-host`.

The machine's addresses come from the standard library and the kernel's
own tables, never from traffic: `getaddrinfo` on the host name, the
kernel's local routes (`/proc/self/net/fib_trie` and `if_inet6`; under
systemd's ProcSubset=pid only `/proc/self` is there), and the source
address the kernel would pick for a UDP socket "connected" to a
documentation address (connecting a UDP socket sends nothing).
No web library: the device imports this to show the page's address.
"""

from __future__ import annotations

import contextlib
import ipaddress
import json
import re
import socket
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from urllib.parse import urlsplit

from companion.storage import write_atomic

LOOPBACK_NAMES = frozenset({"localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback"})
REFRESH_S = 30.0
"""At most this often a request under an unknown name looks again at the machine's addresses (DHCP moves them)."""
_ROUTE_PROBES = (("192.0.2.1", socket.AF_INET), ("2001:db8::1", socket.AF_INET6))
"""Documentation addresses (RFC 5737, RFC 3849), never routed: a UDP connect to them only asks the kernel which
source address it would use."""
_PORT = re.compile(r"[0-9]{1,5}")
_WILDCARDS = ("", "0.0.0.0", "::")


def _address(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        found = ipaddress.ip_address(text.split("%", 1)[0])
    except ValueError:
        return None
    if isinstance(found, ipaddress.IPv6Address) and found.ipv4_mapped is not None:
        return found.ipv4_mapped
    return found


def _from_hostname() -> set[str]:
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None)
    except (OSError, UnicodeError):
        return set()
    return {str(info[4][0]) for info in infos}


def _from_routes(fib_trie: Path = Path("/proc/self/net/fib_trie"),
                 if_inet6: Path = Path("/proc/self/net/if_inet6")) -> set[str]:
    """The kernel's local addresses: IPv4 `/32 host LOCAL` routes, and IPv6 addresses that are not link-local."""
    found: set[str] = set()
    # Either file may be missing or unreadable (another kernel, a sandbox): the other sources still name us.
    with contextlib.suppress(OSError, UnicodeDecodeError):
        last = ""
        for line in fib_trie.read_text("ascii").splitlines():
            words = line.split()
            if len(words) == 2 and words[0] == "|--":
                last = words[1]
            elif words[:3] == ["/32", "host", "LOCAL"] and last:
                found.add(last)
    with contextlib.suppress(OSError, UnicodeDecodeError, ValueError):
        for line in if_inet6.read_text("ascii").splitlines():
            words = line.split()
            if len(words) >= 4 and len(words[0]) == 32 and int(words[3], 16) & 0xF0 != 0x20:
                found.add(str(ipaddress.IPv6Address(int(words[0], 16))))
    return found


def _from_route_probe() -> set[str]:
    found: set[str] = set()
    for target, family in _ROUTE_PROBES:
        try:
            with socket.socket(family, socket.SOCK_DGRAM) as probe:
                probe.connect((target, 9))
                found.add(str(probe.getsockname()[0]))
        except OSError:
            continue
    return found


def own_addresses(resolve: bool = True) -> set[str]:
    """Every address of this machine the kernel (and, with `resolve`, the host name) knows, without a zone.

    Resolving the host name may ask a DNS server and wait for it: the device, which must not stall its
    screen, reads only the kernel's tables.
    """
    found = set()
    for text in (_from_hostname() if resolve else set()) | _from_routes() | _from_route_probe():
        address = _address(text)
        if address is not None and not address.is_unspecified:
            found.add(str(address))
    return found


def lan_addresses(addresses: Iterable[str]) -> list[str]:
    """The IPv4 addresses a phone on the home network can open: not loopback, not link-local, sorted."""
    chosen = []
    for text in addresses:
        address = _address(text)
        if isinstance(address, ipaddress.IPv4Address) and not (address.is_loopback or address.is_link_local
                                                                or address.is_unspecified):
            chosen.append(address)
    return [str(a) for a in sorted(set(chosen))]


def _url_host(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def page_urls(listen_host: str, port: int, addresses: Iterable[str] | None = None) -> list[str]:
    """The addresses a phone can open the page on, listening on `listen_host`: every LAN address for a wildcard.

    Listening on loopback only (or without a LAN address), the loopback URL is all there is.
    """
    suffix = "" if port == 80 else f":{port}"
    if listen_host not in _WILDCARDS:
        return [f"http://{_url_host(listen_host)}{suffix}/"]
    lan = lan_addresses(own_addresses(resolve=False) if addresses is None else addresses)
    return [f"http://{a}{suffix}/" for a in lan] or [f"http://127.0.0.1{suffix}/"]


def host_names() -> set[str]:
    """This machine's names: the host name, its first label, each also under `.local` (mDNS)."""
    name = socket.gethostname().strip().rstrip(".").lower()
    if not name:
        return set()
    names = {name, name.split(".", 1)[0]}
    return names | {f"{n}.local" for n in names}


def split_host(header: str) -> tuple[str, int | None] | None:
    """A Host header (or an Origin's netloc) as (name, port); None when it is not a host at all."""
    text = header.strip().lower()
    port: int | None = None
    if text.startswith("["):
        end = text.find("]")
        if end < 0:
            return None
        name, rest = text[1:end], text[end + 1:]
        if rest:
            if not rest.startswith(":") or not _PORT.fullmatch(rest[1:]):
                return None
            port = int(rest[1:])
        return (name, port) if _address(name) is not None else None
    if text.count(":") == 1:
        text, _, given = text.partition(":")
        if not _PORT.fullmatch(given):
            return None
        port = int(given)
    elif ":" in text:
        return None
    name = text.rstrip(".")
    if not name or any(c.isspace() or c in "/\\@?#" for c in name):
        return None
    return name, port


class AllowedHosts:
    """The names and addresses the page answers to; asks the machine again (at most every 30 s) for a miss."""

    def __init__(self, extra: Iterable[str] = (), names: Callable[[], set[str]] = host_names,
                 addresses: Callable[[], set[str]] = own_addresses,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.extra = {n.strip().lower().rstrip(".") for n in extra if n.strip()}
        self._names = names
        self._addresses = addresses
        self._clock = clock
        self._lock = threading.Lock()
        self._known: set[str] = set()
        self._looked = -REFRESH_S
        self._look()

    def _look(self) -> None:
        self._looked = self._clock()
        known = set(LOOPBACK_NAMES) | self.extra
        with contextlib.suppress(OSError):  # no hostname to be had: loopback and the addresses still count
            known |= self._names()
        known |= {str(a) for a in (_address(t) for t in self._addresses()) if a is not None}
        self._known = known

    def _is_known(self, name: str) -> bool:
        address = _address(name)
        if address is not None:
            if address.is_loopback:
                return True
            name = str(address)
        with self._lock:
            if name in self._known:
                return True
            if self._clock() - self._looked < REFRESH_S:
                return False
            self._look()
            return name in self._known

    def allows_host(self, header: str | None, port: str | int | None) -> bool:
        """True when a request's Host names this machine, with no port or the server's own `port`."""
        found = split_host(header or "")
        if found is None:
            return False
        name, given = found
        if given is not None and str(given) != str(port):
            return False
        return self._is_known(name)

    def allows_origin(self, origin: str | None, port: str | int | None) -> bool:
        """A change's Origin: absent (an old browser; the form token still guards), or this page over http."""
        if not origin:
            return True
        try:
            parts = urlsplit(origin)
        except ValueError:
            return False
        if parts.scheme != "http" or parts.path or parts.query or parts.fragment:
            return False
        found = split_host(parts.netloc)
        if found is None:
            return False
        name, given = found
        if str(given if given is not None else 80) != str(port):
            return False
        return self._is_known(name)

    def known(self) -> set[str]:
        with self._lock:
            return set(self._known)


LISTEN_FILE = "web-listen.json"
"""Where `companion web` listens, kept in the state folder while it runs, so the device can show its address."""


def record_listen(state_dir: Path, host: str, port: int) -> bool:
    """Tell the device where the page listens; False when the state folder refuses (the device then shows none)."""
    try:
        write_atomic(state_dir / LISTEN_FILE, json.dumps({"host": host, "port": port}) + "\n")
    except OSError:
        return False
    return True


def forget_listen(state_dir: Path) -> None:
    with contextlib.suppress(OSError):  # a folder gone read-only: the device then shows a stale address
        (state_dir / LISTEN_FILE).unlink(missing_ok=True)


def device_urls(state_dir: Path) -> list[str]:
    """The page's addresses for the device to show: this machine's LAN addresses on the port the page recorded.

    Empty when the page is not running (no record) or the record is not one.
    """
    try:
        data = json.loads((state_dir / LISTEN_FILE).read_text("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return []
    if not isinstance(data, dict):
        return []
    host, port = data.get("host"), data.get("port")
    if not isinstance(host, str) or not isinstance(port, int) or isinstance(port, bool) or not 0 < port < 65536:
        return []
    return page_urls(host, port)
