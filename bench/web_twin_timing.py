"""Phone page: does the time an answer takes tell twin games apart?

    .venv/bin/python bench/web_twin_timing.py [--rounds 100]

For each game, two plays that differ only in hidden identities (each game's
`hidden_twin`, cut where the journals differ in length) are served as
`companion web` serves them, on loopback. Each round writes one twin's
journal, then times `GET /live.json` (the page sees a changed file and
replays it: the slow answer a poller meets right after an input), then the
same request again (from the cache: the usual poll); the twins alternate.
The bytes of both answers are the same for the twins (tests/companion/
test_web_secrecy_all_games.py); here only their time is compared: the
difference of the twins' medians against the spread of one twin's times.
"""

from __future__ import annotations

import argparse
import http.client
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from companion.games import registered_games  # noqa: E402
from companion.runtime.storage import CURRENT, JournalFile  # noqa: E402
from companion.web.server import SERVER_OPTIONS, create_app  # noqa: E402
from companion.web.serving import Limits, create_server  # noqa: E402
from engine import Match, get_game  # noqa: E402
from engine.core.registry import entry  # noqa: E402

SEED = 9


def twin_matches(game: str) -> tuple[Match, Match]:
    """The first moment, past the game's first quarter, where the twins look alike and their journals differ in
    length (or, failing that, in anything hidden)."""
    hooks = entry(game).hooks()
    setup = hooks.SETUPS[0]
    inputs = hooks.play_inputs(setup, SEED)
    twin_seed, twin_inputs = hooks.hidden_twin(setup, SEED, inputs)
    found = None
    with tempfile.TemporaryDirectory() as scratch:
        for cut in range(len(inputs) // 4, len(inputs)):
            one = Match.replay(get_game(game), setup, SEED, inputs[:cut])
            two = Match.replay(get_game(game), setup, twin_seed, twin_inputs[:cut])
            if one.play.prompt is None or hooks.shown(one.play) or hooks.shown(two.play):
                continue
            if one.play.public_view() != two.play.public_view():
                continue
            if hooks.secret(one.play) == hooks.secret(two.play) and twin_seed == SEED:
                continue
            sizes = []
            for index, match in enumerate((one, two)):
                path = Path(scratch) / f"{index}.journal"
                JournalFile(path).start(match)
                sizes.append(path.stat().st_size)
            found = found or (one, two)
            if sizes[0] != sizes[1]:
                return one, two
    if found is None:
        raise SystemExit(f"{game}: no moment where the twins differ only behind the screen")
    return found


def serve(state: Path) -> tuple[Any, threading.Thread]:
    server = create_server(create_app(state), "127.0.0.1", 0, 2,
                           Limits(body_bytes=SERVER_OPTIONS["max_request_body_size"]))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    return server, thread


def timed_get(port: int, path: str) -> tuple[float, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    start = time.perf_counter()
    conn.request("GET", path, headers={"Host": "127.0.0.1"})
    body = conn.getresponse().read()
    took = time.perf_counter() - start
    conn.close()
    return took, body


def ms(values: list[float]) -> str:
    quarters = statistics.quantiles(values, n=4)
    return f"median {statistics.median(values) * 1000:6.2f} ms (middle half {quarters[0] * 1000:.2f}-" \
           f"{quarters[2] * 1000:.2f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=100)
    args = parser.parse_args()
    print(f"command: python bench/web_twin_timing.py --rounds {args.rounds}")
    with tempfile.TemporaryDirectory() as scratch:
        state = Path(scratch)
        server, thread = serve(state)
        port = int(server.effective_port)
        try:
            for game in registered_games():
                twins = twin_matches(game)
                fresh: list[list[float]] = [[], []]
                cached: list[list[float]] = [[], []]
                bodies: list[set[bytes]] = [set(), set()]
                for round_number in range(args.rounds * 2):
                    which = round_number % 2
                    JournalFile(state / CURRENT).start(twins[which])
                    took, body = timed_get(port, "/live.json?lang=en")
                    fresh[which].append(took)
                    bodies[which].add(body)
                    cached[which].append(timed_get(port, "/live.json?lang=en")[0])
                same = bodies[0] == bodies[1] and len(bodies[0]) == 1
                sizes = [twin_size(twin) for twin in twins]
                gap = abs(statistics.median(fresh[0]) - statistics.median(fresh[1])) * 1000
                spread = statistics.quantiles(fresh[0], n=4)
                print(f"{game}: journals of {sizes[0]} and {sizes[1]} bytes, same answer bytes: {same}")
                print(f"  after a write, twin A {ms(fresh[0])}; twin B {ms(fresh[1])}; medians {gap:.2f} ms apart, "
                      f"A's middle half {(spread[2] - spread[0]) * 1000:.2f} ms wide")
                print(f"  a cached poll,  twin A {ms(cached[0])}; twin B {ms(cached[1])}")
        finally:
            from waitress import wasyncore  # type: ignore[import-untyped]

            server.trigger.pull_trigger(lambda: wasyncore.close_all(server._map))
            thread.join(timeout=10)
            server.task_dispatcher.shutdown(timeout=10)
    sys.stdout.flush()


def twin_size(match: Match) -> int:
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / CURRENT
        JournalFile(path).start(match)
        return path.stat().st_size


if __name__ == "__main__":
    main()
