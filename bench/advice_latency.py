"""Advice latency: how long a piece of advice takes at the table, and how much it weighs.

    .venv/bin/python bench/advice_latency.py [--budget-ms 500] [--decisions 10] [--workers N]

Plays a seeded 4-Samurai Normal game with the heuristic and, at every few
decisions, asks for advice two ways: the engine protocol's
`{"advise": {"budget_ms": ...}}` (one core, wall time and play-outs), and
the companion's AdviceDesk (every core, from the long press to the pooled
answer, polled as the app loop does; the first request includes starting
the worker processes). Prints each figure and the medians.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from companion.app.advice import AdviceDesk
from engine.core.match import Match
from engine.core.registry import entry, get_game
from engine.protocol import ProtocolSession
from games.samurai_spirit.heuristic import HeuristicPolicy

SETUP = {"samurai": ["kikuchiyo", "kyuzo", "daisuke", "katsushiro"], "difficulty": "normal"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--budget-ms", type=int, default=500)
    parser.add_argument("--decisions", type=int, default=10)
    parser.add_argument("--workers", type=int, default=0, help="worker processes (default: every core)")
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    print(f"command: python bench/advice_latency.py --budget-ms {args.budget_ms} --decisions {args.decisions}"
          + (f" --workers {args.workers}" if args.workers else "") + f" --seed {args.seed}")
    game = get_game("samurai-spirit")
    hooks = entry("samurai-spirit").advice()
    assert hooks is not None
    match = Match(game, SETUP, args.seed)
    policy = HeuristicPolicy(random.Random(args.seed))
    desk = AdviceDesk(True, args.budget_ms / 1000, time.monotonic, workers=args.workers or None)
    one_core: list[tuple[float, int]] = []
    every_core: list[tuple[float, int]] = []
    seen = 0
    while match.play.prompt is not None and len(one_core) < args.decisions:
        if hooks.advisable(match):
            seen += 1
            if seen % 3 == 1:
                session = ProtocolSession(new_seed=lambda: 1, clock=time.monotonic)
                session.match = match
                start = time.perf_counter()
                answer = session.handle({"advise": {"budget_ms": args.budget_ms, "seed": seen}})
                one_core.append((time.perf_counter() - start, answer["advice"]["playouts"]))
                start = time.perf_counter()
                desk.ask(match)
                while desk.busy():
                    time.sleep(0.005)
                    desk.poll()
                assert desk.advice is not None
                every_core.append((time.perf_counter() - start, desk.advice.playouts))
                print(f"decision {seen:3d} ({match.play.prompt.kind}): protocol {one_core[-1][0] * 1000:6.0f} ms, "
                      f"{one_core[-1][1]:5d} play-outs; desk ({desk.workers} workers) "
                      f"{every_core[-1][0] * 1000:6.0f} ms, {every_core[-1][1]:5d} play-outs")
        match.apply(policy.choose(match.play))
    desk.shutdown()
    for name, rows in (("protocol, one core", one_core), ("desk, every core", every_core)):
        times = [t for t, _ in rows]
        print(f"{name}: median {statistics.median(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms, "
              f"median {statistics.median(p for _, p in rows):.0f} play-outs per advice")
    later = [t for t, _ in every_core[1:]]
    if later:
        print(f"desk without the first request (workers already started): median {statistics.median(later) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
