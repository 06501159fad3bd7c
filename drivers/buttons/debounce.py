"""Pure press / long-press logic for one button, driven by edges and a clock.

GPIO contacts bounce, and gpiozero's MockPin cannot simulate that, so the
debouncing lives here where a fake clock can test it.

Exact semantics (times in seconds from the raw edges):
- The debounced level changes only after the raw level has stayed put for
  `bounce_s`; a glitch shorter than that (press-release or release-press)
  leaves no trace.
- A press "starts" at the raw edge after which the contact stayed closed
  (its last bounce); it is "held" once it has stayed pressed for `hold_s`
  from that start.
- Default (`press_on_release=False`): ButtonPressed as soon as the press is
  stable (bounce_s after it started); ButtonHeld once if it is still down at
  hold_s; the release reports nothing.  A long press therefore gives
  Pressed then Held.  Fast feedback.
- `press_on_release=True`: ButtonHeld once at hold_s, or ButtonPressed at the
  stable release when it was let go before hold_s.  Every physical press
  gives exactly one of the two.  Use it when a long press must not also do
  the short-press action.
- Events are stamped with the time the decision was made (`now`).
"""

from __future__ import annotations

from dataclasses import dataclass

from drivers.config import require
from drivers.events import ButtonHeld, ButtonPressed, Event


@dataclass(frozen=True)
class ButtonTiming:
    """bounce_s: contact bounce to ignore; hold_s: long-press time; press_on_release: see module doc."""

    bounce_s: float = 0.03
    hold_s: float = 0.8
    press_on_release: bool = False

    def __post_init__(self) -> None:
        require(0 <= self.bounce_s <= 0.5, f"bounce_s must be 0-0.5 seconds, got {self.bounce_s}")
        require(
            self.bounce_s < self.hold_s <= 10,
            f"hold_s must be longer than bounce_s ({self.bounce_s}) and at most 10 s, got {self.hold_s}",
        )


class Debouncer:
    """Turns raw edges of one button into ButtonPressed / ButtonHeld events."""

    def __init__(self, name: str, timing: ButtonTiming, *, pressed: bool = False, now: float = 0.0) -> None:
        self._name = name
        self._timing = timing
        self._raw = pressed
        self._raw_since = now
        self._stable = pressed
        self._press_start = now
        self._held = pressed  # a button already down at start-up reports nothing until released

    @property
    def name(self) -> str:
        return self._name

    @property
    def pressed(self) -> bool:
        """The debounced level."""
        return self._stable

    def edge(self, pressed: bool, now: float) -> list[Event]:
        """A raw level change seen at `now`; returns events that became due before it."""
        events = self.update(now)
        if pressed != self._raw:
            self._raw = pressed
            self._raw_since = now
        return events + self.update(now)

    def update(self, now: float) -> list[Event]:
        """Report whatever became due by `now` (call at `next_deadline()`)."""
        events: list[Event] = []
        if self._stable and not self._held:
            pressed_until = self._raw_since if self._raw != self._stable else now
            if pressed_until >= self._press_start + self._timing.hold_s:
                self._held = True
                events.append(ButtonHeld(self._name, now))
        if self._raw != self._stable and now >= self._raw_since + self._timing.bounce_s:
            self._stable = self._raw
            if self._stable:
                self._press_start = self._raw_since
                self._held = False
                if not self._timing.press_on_release:
                    events.append(ButtonPressed(self._name, now))
                if now >= self._press_start + self._timing.hold_s:
                    self._held = True
                    events.append(ButtonHeld(self._name, now))
            elif self._timing.press_on_release and not self._held:
                events.append(ButtonPressed(self._name, now))
        return events

    def next_deadline(self) -> float | None:
        """When `update` will next have something to report; None if nothing is pending.

        `update` compares against these very sums, so calling it at the
        deadline always makes progress (no float rounding can stall a timer).
        """
        if self._raw != self._stable:
            return self._raw_since + self._timing.bounce_s
        if self._stable and not self._held:
            return self._press_start + self._timing.hold_s
        return None
