"""Tap to screen: from a mock reader event to the finished frame, beside a bare render.

    .venv/bin/python bench/tap_to_screen.py [--taps 1000] [--size 800x480]

The demo table plays seeded games through the real app loop; for every card
tap it times from the reader's poll that produces the CardPlaced event to the
end of the redraw of the frame that shows it (engine, journal append with
fsync, screen build and render included). In the same run it times a bare
full-screen render of the last board frame with nothing cached, the cost of
drawing a frame from scratch (and, for reference, the same frame with its
text cached). Target: p99 of the tap within 2x the bare render.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

import pygame

from companion.harness.demo import DemoTable
from companion.screens import render
from companion.screens.text import TextCache
from games.samurai_spirit.app.demo import DEMO_SAMURAI


class TimedTable(DemoTable):
    """The demo table, timing each card tap through to the drawn frame."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.samples: list[float] = []

    def tap(self, target: str) -> None:
        uid = self.tags.uid_for(target) if ":" in target else target
        assert uid is not None
        self.reader.backend.place(uid)
        start = time.perf_counter()
        for event in self.reader.step():
            self.queue.put(event)
        while len(self.queue):
            self.loop.step()
        self.samples.append(time.perf_counter() - start)
        self.reader.backend.remove()
        self.clock.advance(0.4)
        for event in self.reader.step():
            self.queue.put(event)
        self.count["taps"] += 1
        self._drain()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--taps", type=int, default=1000)
    parser.add_argument("--size", default="800x480")
    args = parser.parse_args()
    width, height = (int(x) for x in args.size.split("x"))
    pygame.font.init()
    samples: list[float] = []
    bare: list[float] = []
    warm: list[float] = []
    seed = 1
    with tempfile.TemporaryDirectory() as work:
        while len(samples) < args.taps:
            table = TimedTable(Path(work), seed, "easy", DEMO_SAMURAI, snapshots=False)
            table.surface = pygame.Surface((width, height))
            table.set_up()
            table.play()
            samples.extend(table.samples)
            screen = table.app.screen()
            warm_cache = TextCache()
            render(screen, table.surface, warm_cache)
            for _ in range(50):
                start = time.perf_counter()
                render(screen, table.surface, TextCache())
                bare.append(time.perf_counter() - start)
                start = time.perf_counter()
                render(screen, table.surface, warm_cache)
                warm.append(time.perf_counter() - start)
            seed += 1
    ms = 1000
    print(f"command: python bench/tap_to_screen.py --taps {args.taps} --size {args.size}")
    print(f"{len(samples)} taps over {seed - 1} games at {width}x{height}")
    print(f"tap to finished frame: p50 {percentile(samples, 0.5) * ms:.2f} ms, "
          f"p99 {percentile(samples, 0.99) * ms:.2f} ms, max {max(samples) * ms:.2f} ms")
    print(f"bare full-screen render (every text drawn afresh): p50 {statistics.median(bare) * ms:.2f} ms, "
          f"p99 {percentile(bare, 0.99) * ms:.2f} ms")
    print(f"same frame again with its text cached: p50 {statistics.median(warm) * ms:.2f} ms")
    ratio = percentile(samples, 0.99) / statistics.median(bare)
    print(f"p99 tap / median bare render: {ratio:.2f}x (target <= 2x)")


if __name__ == "__main__":
    main()
