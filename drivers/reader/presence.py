"""Pure rules that turn raw poll results into card and reader-health events.

A reader poll says "this UID is in the field now" or "nothing now"; it misses
reads now and then, and a card resting on the reader is read again on every
poll.  `PresenceTracker` turns that stream into one `CardPlaced` per
placement and one `CardRemoved` per removal.  `ReaderHealth` turns a stream
of poll failures into one `ReaderLost` / `ReaderBack` pair and a retry
backoff.  Both take the time as an argument, so tests drive them with a
fake clock.

Presence rules:
- the first read of a UID while no card is present -> CardPlaced;
- more reads of the same UID -> nothing (one placement however long it stays);
- no read of it for `removal_quiet_s` -> CardRemoved, reported once;
- a read of a different UID while one is present -> CardRemoved(old) then
  CardPlaced(new) at once;
- lifting a card and putting it back within `removal_quiet_s` is
  indistinguishable from leaving it there, and stays one placement;
- a poll that could not tell (a lost or garbled answer) is "don't know",
  never "no card": like a reader outage it restarts the quiet time, so only
  polls that answered "no card" add up to a removal.
"""

from __future__ import annotations

from drivers.config import require
from drivers.events import CardPlaced, CardRemoved, Event, ReaderBack, ReaderLost


class PresenceTracker:
    """Tracks which card (if any) rests on one reader."""

    def __init__(self, reader: str, removal_quiet_s: float) -> None:
        require(removal_quiet_s > 0, f"removal_quiet_s must be > 0, got {removal_quiet_s}")
        self._reader = reader
        self._quiet = removal_quiet_s
        self._present: str | None = None
        self._last_seen = 0.0

    @property
    def present(self) -> str | None:
        """UID of the card on the reader, or None."""
        return self._present

    def seen(self, uid: str | None, now: float) -> list[Event]:
        """Feed one successful poll: the UID read, or None when no card answered."""
        if uid is None:
            if self._present is not None and now - self._last_seen >= self._quiet:
                removed, self._present = self._present, None
                return [CardRemoved(removed, self._reader, now)]
            return []
        if uid == self._present:
            self._last_seen = now
            return []
        events: list[Event] = []
        if self._present is not None:
            events.append(CardRemoved(self._present, self._reader, now))
        self._present = uid
        self._last_seen = now
        events.append(CardPlaced(uid, self._reader, now))
        return events

    def unsure(self, now: float) -> None:
        """A poll that ended at `now` could not tell whether the card is there.

        The time it covered must not count as the card having left, so the
        quiet time starts again from its end.
        """
        if self._present is not None:
            self._last_seen = max(self._last_seen, now)

    def resume(self, now: float) -> None:
        """The reader works again after an outage: restart the quiet time from now.

        While the reader was lost nothing could be read, so the silence of the
        outage must not count as the card having left.
        """
        self.unsure(now)


class ReaderHealth:
    """Reports a reader outage once, backs off its retries, and reports recovery."""

    def __init__(self, reader: str, retry_initial_s: float, retry_max_s: float) -> None:
        require(retry_initial_s > 0, f"retry_initial_s must be > 0, got {retry_initial_s}")
        require(
            retry_max_s >= retry_initial_s,
            f"retry_max_s ({retry_max_s}) must be >= retry_initial_s ({retry_initial_s})",
        )
        self._reader = reader
        self._initial = retry_initial_s
        self._max = retry_max_s
        self._failures = 0
        self._reason: str | None = None

    @property
    def healthy(self) -> bool:
        return self._failures == 0

    @property
    def reason(self) -> str | None:
        """Why the reader is lost (the latest failure), or None when healthy."""
        return self._reason

    def failed(self, reason: str, now: float) -> ReaderLost | None:
        """Record a failed poll; the first one of an outage returns ReaderLost."""
        self._failures += 1
        self._reason = reason or "unknown reader error"
        if self._failures == 1:
            return ReaderLost(self._reader, self._reason, now)
        return None

    def succeeded(self, now: float) -> ReaderBack | None:
        """Record a working poll; the first one after an outage returns ReaderBack."""
        if self._failures == 0:
            return None
        self._failures = 0
        self._reason = None
        return ReaderBack(self._reader, now)

    def retry_delay(self) -> float | None:
        """Seconds to wait before the next attempt while lost (doubling, capped); None when healthy."""
        if self._failures == 0:
            return None
        return min(self._max, self._initial * 2.0 ** min(self._failures - 1, 30))
