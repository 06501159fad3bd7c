"""Talking to systemd: READY=1 once the first frame is up, WATCHDOG=1 from the loop.

A notify-type unit starts the companion and restarts it if the loop stops
pinging. The protocol is one datagram on $NOTIFY_SOCKET, so no library is
needed; outside systemd every call does nothing.
"""

from __future__ import annotations

import os
import socket


class Notifier:
    def __init__(self, env: dict[str, str] | None = None) -> None:
        env = dict(os.environ) if env is None else env
        self.address = env.get("NOTIFY_SOCKET") or None
        usec = env.get("WATCHDOG_USEC", "")
        pid = env.get("WATCHDOG_PID", "")
        valid_pid = not pid or pid == str(os.getpid())
        self.watchdog_s = int(usec) / 1e6 if usec.isdigit() and int(usec) > 0 and valid_pid else None

    @property
    def active(self) -> bool:
        return self.address is not None

    def send(self, message: str) -> bool:
        if self.address is None:
            return False
        address = "\0" + self.address[1:] if self.address.startswith("@") else self.address
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
            try:
                sock.sendto(message.encode(), address)
            except OSError:
                return False
        return True

    def ready(self) -> bool:
        return self.send("READY=1")

    def ping(self) -> bool:
        return self.send("WATCHDOG=1")

    def status(self, text: str) -> bool:
        return self.send(f"STATUS={text}")

    def heartbeat_interval(self) -> float | None:
        """Ping at half the watchdog time, so one slow frame never trips it."""
        return self.watchdog_s / 2 if self.watchdog_s else None
