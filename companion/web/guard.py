"""What stands between a phone on the home network and a change: a PIN from the device, and a CSRF token.

Forms carry a token that must equal the one in the browser's own cookie
(SameSite=Strict, so another site's page cannot send it), and a change
from a page whose Origin is not this server is refused. The PIN is the one
the device shows; after five wrong tries every try is refused for a minute,
so six digits cannot be guessed over the network.
"""

from __future__ import annotations

import hmac
import secrets
import threading
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

from companion.web.pin import read_pin
from engine.core.messages import Message, msg

CSRF_COOKIE = "companion_csrf"
MAX_TRIES = 5
LOCK_SECONDS = 60.0


def new_token() -> str:
    return secrets.token_urlsafe(24)


def same_origin(origin: str | None, host: str | None) -> bool:
    """A form posted from this server's own page (no Origin header: an old browser, allowed by the token)."""
    if not origin:
        return True
    return urlsplit(origin).netloc == (host or "")


def csrf_ok(cookie: str | None, form: str | None) -> bool:
    return bool(cookie) and bool(form) and hmac.compare_digest(str(cookie), str(form))


class PinGuard:
    """Checks the device's PIN, refusing every try for a while after too many wrong ones."""

    def __init__(self, state_dir: Path, clock: Callable[[], float]) -> None:
        self.state_dir = state_dir
        self.clock = clock
        self.wrong = 0
        self.locked_until = 0.0
        self._lock = threading.Lock()

    def check(self, given: str) -> Message | None:
        """None when `given` is the PIN; else why the change is refused."""
        with self._lock:
            now = self.clock()
            if now < self.locked_until:
                return msg("Too many wrong PINs: wait {seconds} seconds, then try again.",
                           seconds=int(self.locked_until - now) + 1)
            pin = read_pin(self.state_dir)
            if pin is None:
                return msg("The device has no PIN yet: start the companion and open its first menu "
                           "(New game), where the PIN is shown.")
            if hmac.compare_digest(pin, given.strip()):
                self.wrong = 0
                return None
            self.wrong += 1
            if self.wrong >= MAX_TRIES:
                self.wrong = 0
                self.locked_until = now + LOCK_SECONDS
            return msg("Wrong PIN: use the PIN shown on the device's first menu (New game).")
