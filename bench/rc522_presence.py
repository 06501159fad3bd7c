"""SPI transfers per RC522 poll: no card, the first read of a card, and a card left resting.

    .venv/bin/python bench/rc522_presence.py [--polls 50] [--uid 04A1B2C3D4E5F6]

Runs the real RC522 backend (our register-level transceive over the
library's Read_MFRC522 / Write_MFRC522) against the register-level fake
(`FakeMFRC522`), opened the way the Pi opens the chip, and counts register
reads and writes: each one is one SPI transfer on the bus.  Time is a fake
clock, so the figures do not depend on the machine.
"""

from __future__ import annotations

import argparse
from types import SimpleNamespace
from typing import Any

from drivers.clock import FakeClock
from drivers.reader.rc522 import RC522Backend, RC522Options, _open_mfrc522
from drivers.reader.simulated.mfrc522 import FakeMFRC522
from drivers.reader.simulated.rc522_chip import FakeRC522Chip


class Bench:
    """One fake chip and field, and the backend that opens it."""

    def __init__(self) -> None:
        self.clock = FakeClock()
        self.field = FakeRC522Chip()
        self.made: list[FakeMFRC522] = []
        gpio = SimpleNamespace(BCM=11, getmode=lambda: None, cleanup=lambda pin: None)
        vendor = SimpleNamespace(MFRC522=self._construct)
        self.backend = RC522Backend(
            lambda: _open_mfrc522(RC522Options(), vendor, gpio, clock=self.clock, sleep=self.clock.advance)
        )

    def _construct(self, **kwargs: Any) -> FakeMFRC522:
        self.made.append(FakeMFRC522(self.field, clock=self.clock, **kwargs))
        return self.made[-1]

    def transfers(self) -> int:
        return sum(fake.transfer_count for fake in self.made)

    def poll(self) -> tuple[str | None, int]:
        """One poll: the UID read and the SPI transfers it cost."""
        before = self.transfers()
        uid = self.backend.poll()
        return uid, self.transfers() - before


def measure(polls: int, uid: str) -> dict[str, float]:
    bench = Bench()
    bench.poll()  # opens and configures the chip
    empty = [bench.poll()[1] for _ in range(polls)]
    bench.field.place(uid)
    read, first = bench.poll()
    if read != uid:
        raise SystemExit(f"the first read gave {read!r}, not {uid}")
    resting = []
    for _ in range(polls):
        read, cost = bench.poll()
        if read != uid:
            raise SystemExit(f"a resting poll gave {read!r}, not {uid}")
        resting.append(cost)
    bench.backend.close()
    return {"empty": sum(empty) / polls, "first read": first, "resting": sum(resting) / polls}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--polls", type=int, default=50, help="polls to average (default 50)")
    parser.add_argument("--uid", default="04A1B2C3D4E5F6", help="UID of the card (4, 7 or 10 bytes, hex)")
    args = parser.parse_args()
    for name, value in measure(args.polls, args.uid.upper()).items():
        print(f"{name:>10}: {value:6.1f} SPI transfers per poll")


if __name__ == "__main__":
    main()
