"""Replay: time to rebuild the state from a 3-round, 7-Samurai journal.

    .venv/bin/python bench/replay.py

Finds the first seeded policy game with 7 Samurai that reaches round 3,
writes its journal text, then times parse + replay (the work of a resume and
of every undo). Target: under 50 ms.
"""

from __future__ import annotations

import statistics
import time

from engine import Match, get_game
from engine.core.journal import header_line, parse_journal, record_line
from games.samurai_spirit import SamuraiSpirit
from games.samurai_spirit.simulate import play_one

SEVEN = ["kikuchiyo", "kyuzo", "daisuke", "katsushiro", "gorobei", "heihachi", "kanbei"]


def main() -> None:
    game = SamuraiSpirit()
    for seed in range(1, 10_000):
        match = play_one(game, {"samurai": SEVEN, "difficulty": "easy"}, seed)
        if match.play.public_view()["round"] == 3:
            break
    text = header_line(match.header()) + "".join(record_line(n, v) for n, v in enumerate(match.inputs, 1))
    times = []
    for _ in range(30):
        start = time.perf_counter()
        journal = parse_journal(text)
        rebuilt = Match.replay(get_game(journal.header["game"]), journal.header["setup"], journal.header["seed"],
                               journal.inputs)
        times.append(time.perf_counter() - start)
    assert rebuilt.play.public_view() == match.play.public_view()
    print("command: python bench/replay.py")
    print(f"journal: seed {seed}, 7 Samurai, easy, reached round 3, {len(match.inputs)} inputs, "
          f"{len(text)} bytes")
    print(f"parse + replay: median {statistics.median(times) * 1000:.1f} ms, max {max(times) * 1000:.1f} ms "
          f"over {len(times)} runs")


if __name__ == "__main__":
    main()
