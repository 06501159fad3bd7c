"""Phone page under slow clients: how long the live page takes to answer while 100 slow bodies and 100 slow headers
are held.

    .venv/bin/python bench/web_slow_clients.py [--seconds 60] [--length 100000] [--reconnect-after 1]

`companion web` runs as installed (its own limits, a process of its own) on
127.0.0.1, with a Trick Raiders game in progress in a scratch state folder.
Then, on loopback only:

- 100 slow bodies: 20 addresses (127.0.0.1 to .20), 5 connections each (under
  the page's 8 a client), each sends `POST /settings` with `Content-Length:
  LENGTH` and then one byte of the body every 3 s;
- 100 slow headers: 20 more addresses (.21 to .40), 5 each, each sends a
  request line and then one byte of a header every 3 s;
- an attacker the page closes (or answers 503) connects again after
  `--reconnect-after` seconds, so the 200 are held as long as the page lets
  them be;
- a phone (127.0.0.100) asks `GET /live.json` every half second on a new
  connection, from 5 s after the attackers started to the end, and gives up
  on an answer after 10 s.

It prints the median and the worst answer time of the phone's tries, the
tries that got no answer, and what the page did with the attackers. It
stops by itself after `--seconds` (at most 600) and opens no more than 200
attacking connections at once. With the issue's Content-Length of 100,000
the page takes each body over 64 KiB as an upload (two at a time) and
answers the others 503 from their headers; `--length 60000` makes the
bodies ordinary forms that wait in the page's room of 64, pushed out by
newcomers and cut at their deadline.
"""

from __future__ import annotations

import argparse
import os
import select
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from companion.runtime.storage import CURRENT, JournalFile  # noqa: E402
from engine import Match, get_game  # noqa: E402
from engine.core.registry import entry  # noqa: E402

BYTE_EVERY_S = 3.0
PHONE = "127.0.0.100"
PHONE_EVERY_S = 0.5
PHONE_TIMEOUT_S = 10.0
WARM_UP_S = 5.0


def game_in_progress(state: Path) -> None:
    """A Trick Raiders game half played, so the live page has a table to show."""
    hooks = entry("trick-raiders").hooks()
    setup = hooks.SETUPS[0]
    inputs = hooks.play_inputs(setup, 1)
    JournalFile(state / CURRENT).start(Match.replay(get_game("trick-raiders"), setup, 1, inputs[:len(inputs) // 2]))


def start_page(state: Path) -> tuple[subprocess.Popen[str], int]:
    env = {**os.environ, "COMPANION_CONFIG": "", "SDL_VIDEODRIVER": "dummy"}
    page = subprocess.Popen([sys.executable, "-m", "companion.cli", "web", "--state-dir", str(state), "--host",
                             "127.0.0.1", "--port", "0"], stderr=subprocess.PIPE, stdout=subprocess.DEVNULL,
                            env=env, text=True)
    assert page.stderr is not None
    ready, _, _ = select.select([page.stderr], [], [], 60)
    if not ready:
        page.kill()
        raise SystemExit("companion web said nothing within a minute")
    line = page.stderr.readline()
    port = int(line.rsplit(":", 1)[1].strip(" /\n"))
    # Keep reading what it says (waitress's warnings), so its pipe never fills.
    threading.Thread(target=lambda: [None for _ in page.stderr or ()], daemon=True).start()
    return page, port


@dataclass
class Slow:
    """One attacking connection, opened again after the page closes it."""

    kind: str
    source: str
    sock: socket.socket | None = None
    next_byte: float = 0.0
    reopen_at: float = 0.0
    answer: bytes = b""


@dataclass
class Tally:
    opened: int = 0
    cut: int = 0
    """Closed by the page without an answer: the request's deadline, or pushed out of the waiting room."""
    refused: int = 0
    """Answered 503 (a client's share, or a third upload) and closed."""
    other: int = 0
    held: list[int] = field(default_factory=list)


class Attack:
    def __init__(self, port: int, length: int, reconnect_after: float) -> None:
        self.port = port
        self.length = length
        self.reconnect_after = reconnect_after
        self.slots = [Slow("body", f"127.0.0.{1 + n // 5}") for n in range(100)]
        self.slots += [Slow("headers", f"127.0.0.{21 + n // 5}") for n in range(100)]
        self.tally = Tally()
        self.stop = threading.Event()

    def _open(self, slot: Slow, now: float) -> None:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        try:
            sock.bind((slot.source, 0))
            sock.settimeout(2)
            sock.connect(("127.0.0.1", self.port))
            host = f"Host: 127.0.0.1:{self.port}\r\n"
            if slot.kind == "body":
                sock.sendall(f"POST /settings HTTP/1.1\r\n{host}Content-Type: application/x-www-form-urlencoded\r\n"
                             f"Content-Length: {self.length}\r\n\r\n".encode())
            else:
                sock.sendall(f"GET /live.json HTTP/1.1\r\n{host}X-Slow: ".encode())
            sock.setblocking(False)
        except OSError:
            sock.close()
            slot.reopen_at = now + self.reconnect_after
            return
        slot.sock, slot.next_byte, slot.answer = sock, now + BYTE_EVERY_S, b""
        self.tally.opened += 1

    def _closed(self, slot: Slow, now: float) -> None:
        if slot.sock is not None:
            slot.sock.close()
        slot.sock = None
        slot.reopen_at = now + self.reconnect_after
        if slot.answer.startswith(b"HTTP/1.1 503"):
            self.tally.refused += 1
        elif not slot.answer:
            self.tally.cut += 1
        else:
            self.tally.other += 1

    def run(self) -> None:
        while not self.stop.is_set():
            now = time.monotonic()
            for slot in self.slots:
                if slot.sock is None and now >= slot.reopen_at:
                    self._open(slot, now)
            live = [slot for slot in self.slots if slot.sock is not None]
            readable, _, _ = select.select([slot.sock for slot in live], [], [], 0.1) if live else ([], [], [])
            now = time.monotonic()
            for slot in live:
                assert slot.sock is not None
                try:
                    if slot.sock in readable:
                        data = slot.sock.recv(4096)
                        if not data:
                            self._closed(slot, now)
                            continue
                        slot.answer += data
                    if now >= slot.next_byte:
                        slot.sock.send(b"a")
                        slot.next_byte = now + BYTE_EVERY_S
                except OSError:
                    self._closed(slot, now)
        for slot in self.slots:
            if slot.sock is not None:
                slot.sock.close()

    def held(self) -> int:
        return sum(1 for slot in self.slots if slot.sock is not None)


def phone_get(port: int) -> float | None:
    """Seconds until the whole answer to GET /live.json arrived, None without one (or not a 200)."""
    start = time.monotonic()
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
            sock.bind((PHONE, 0))
            sock.settimeout(PHONE_TIMEOUT_S)
            sock.connect(("127.0.0.1", port))
            sock.sendall(f"GET /live.json HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
            data = b""
            while chunk := sock.recv(65536):
                data += chunk
    except OSError:
        return None
    return time.monotonic() - start if data.startswith(b"HTTP/1.1 200") else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--length", type=int, default=100_000, help="the slow bodies' Content-Length")
    parser.add_argument("--reconnect-after", type=float, default=1.0)
    args = parser.parse_args()
    seconds = min(max(args.seconds, WARM_UP_S + 5), 600.0)
    print(f"command: python bench/web_slow_clients.py --seconds {seconds:g} --length {args.length} "
          f"--reconnect-after {args.reconnect_after:g}")
    with tempfile.TemporaryDirectory() as scratch:
        state = Path(scratch)
        game_in_progress(state)
        page, port = start_page(state)
        attack = Attack(port, args.length, max(args.reconnect_after, 0.05))
        attacker = threading.Thread(target=attack.run, daemon=True)
        try:
            if phone_get(port) is None:
                raise SystemExit("the live page does not answer even before the attack")
            began = time.monotonic()
            attacker.start()
            time.sleep(WARM_UP_S)
            times: list[float] = []
            missed = 0
            while time.monotonic() - began < seconds:
                attack.tally.held.append(attack.held())
                took = phone_get(port)
                if took is None:
                    missed += 1
                else:
                    times.append(took)
                time.sleep(PHONE_EVERY_S)
        finally:
            attack.stop.set()
            attacker.join(timeout=10)
            page.terminate()
            page.wait(timeout=10)
    tries = len(times) + missed
    tally = attack.tally
    print(f"attackers: 100 slow bodies (Content-Length {args.length}) and 100 slow headers, one byte every "
          f"{BYTE_EVERY_S:g} s; {tally.opened} connections opened in {seconds:g} s, {tally.cut} closed by the page "
          f"without an answer, {tally.refused} answered 503, {tally.other} answered otherwise; open at a try: "
          f"median {statistics.median(tally.held):.0f} of 200")
    if times:
        print(f"GET /live.json during the attack: {tries} tries, {missed} without an answer; median "
              f"{statistics.median(times) * 1000:.1f} ms, worst {max(times) * 1000:.1f} ms"
              + ("" if not missed else f" (of those answered; {missed} gave no answer within {PHONE_TIMEOUT_S:g} s)"))
    else:
        print(f"GET /live.json during the attack: {tries} tries, none answered within {PHONE_TIMEOUT_S:g} s")


if __name__ == "__main__":
    main()
