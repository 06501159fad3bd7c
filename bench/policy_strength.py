"""Policy strength: win rates of each game's heuristic policy against its simple policy.

    .venv/bin/python bench/policy_strength.py [--game NAME] [--games 2000] [--seed 1] [--tables TEXT]
    .venv/bin/python bench/policy_strength.py --advisor --games 200 --playouts 64 [--tables "4 Samurai, easy"]

Every registered game with advisor hooks (engine.core.registry, `advisor`)
and the tables it names (`STRENGTH_TABLES`): the same seeded games played
by the simple policy and by the heuristic (`strength(setup, seed, policy)`),
with 95% Wilson intervals. The games are paired by seed, so the difference
is measured on the same deals.

`--advisor` measures the advice itself: the advisor decides every decision of the hero (the whole table in a cooperative game; the first player, against simple players, in a competitive one)
(`--playouts` play-outs each, its own seed per decision) against the
heuristic alone, over the same seeded games, and prints the win-rate
difference with its 95% interval (paired by seed), and how many of the
advised decisions departed from the heuristic's own choice. The hero's own
heuristic answers every prompt first (its choice is what the advisor departs
from), so the two games of a seed are the same game until a departure. A
game whose advised options hang on the hero's private cards says which are
open to him (`open_options(match, own)` in its advice module: Tenno's Monk
only when his row holds it). `--tables` keeps the
tables whose name contains the text. Uses every core (multiprocessing).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import time
from typing import Any

from engine.core.advisor import Budget, advise
from engine.core.match import Match
from engine.core.registry import entry, game_names, get_game

Z = 1.96


def wilson(wins: float, n: int) -> tuple[float, float]:
    if not n:
        return 0.0, 1.0
    p = wins / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _strength(job: tuple[str, dict[str, Any], int, str]) -> float:
    name, setup, seed, policy = job
    hooks = entry(name).advice()
    assert hooks is not None
    return float(hooks.strength(setup, seed, policy))


def _advised(job: tuple[str, dict[str, Any], int, int]) -> tuple[float, float, int, int]:
    """(heuristic alone, advisor deciding, decisions advised, departures from the heuristic) for one seed, on
    the same table: the game's `bench_table`, where the hero (the whole table in a cooperative game) plays the
    heuristic and the others the simple policy; with the advisor, the hero's advisable decisions are the
    advisor's instead."""
    name, setup, seed, playouts = job
    hooks = entry(name).advice()
    assert hooks is not None
    alone = float(hooks.strength(setup, seed, "heuristic"))
    game = get_game(name)
    match = Match(game, setup, seed)
    _, table, hero = hooks.bench_table(setup, seed)
    rng = random.Random(seed)
    decisions = departures = 0
    while (prompt := match.play.prompt) is not None:
        # The table's own answer first, at every prompt as in the game alone, so its random source stays in
        # step: until the advisor departs from the hero's own choice, both games are the same game.
        own = table(match.play)
        if hooks.advisable(match) and (not hero or prompt.actor == hero):
            choices = hooks.choices(match)
            open_to = getattr(hooks, "open_options", None)
            allowed = open_to(match, own) if open_to is not None else list(choices)
            if len(allowed) > 1:
                advice = advise(hooks, match, rng.getrandbits(32), Budget(playouts=playouts), own=own)
                if advice.best in allowed and choices[advice.best] != own:
                    own = choices[advice.best]
                    departures += 1
                decisions += 1
        match.apply(own)
    return alone, float(hooks.score(match.play, hero)), decisions, departures


def strength_table(pool: Any, name: str, label: str, setup: dict[str, Any], games: int, seed: int) -> None:
    start = time.perf_counter()
    rates = {}
    for policy in ("simple", "heuristic"):
        wins = sum(pool.map(_strength, [(name, setup, seed + i, policy) for i in range(games)], chunksize=50))
        low, high = wilson(wins, games)
        rates[policy] = f"{wins / games:6.1%} [{low:.1%}, {high:.1%}]"
    print(f"| {name} | {label} | {games} | {rates['simple']} | {rates['heuristic']} | "
          f"{time.perf_counter() - start:.0f} s |", flush=True)


def advisor_table(pool: Any, name: str, label: str, setup: dict[str, Any], games: int, seed: int,
                  playouts: int) -> None:
    pairs = pool.map(_advised, [(name, setup, seed + i, playouts) for i in range(games)], chunksize=1)
    diffs = [b - a for a, b, _, _ in pairs]
    mean = sum(diffs) / games
    var = sum((d - mean) ** 2 for d in diffs) / max(1, games - 1)
    half = Z * math.sqrt(var / games)
    alone = sum(pair[0] for pair in pairs) / games
    advised = sum(pair[1] for pair in pairs) / games
    decisions = sum(pair[2] for pair in pairs)
    departures = sum(pair[3] for pair in pairs)
    print(f"| {name} | {label} | {games} | {playouts} | {alone:.1%} | {advised:.1%} | "
          f"{mean:+.1%} [{mean - half:+.1%}, {mean + half:+.1%}] | {departures:,} of {decisions:,} |", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", choices=game_names(), help="one registered game (default: every one with advice)")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tables", default="", help="only the tables whose name contains this text")
    parser.add_argument("--advisor", action="store_true", help="advisor deciding vs the heuristic alone")
    parser.add_argument("--playouts", type=int, default=64, help="play-outs per advised decision (--advisor)")
    args = parser.parse_args()
    extra = f" --game {args.game}" if args.game else ""
    extra += f' --tables "{args.tables}"' if args.tables else ""
    extra += f" --advisor --playouts {args.playouts}" if args.advisor else ""
    print(f"command: python bench/policy_strength.py{extra} --games {args.games} --seed {args.seed}")
    if args.advisor:
        print("| game | table | games | play-outs/decision | heuristic | advisor | gain [95% CI] | departures |")
        print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    else:
        print("| game | table | games | simple policy [95% CI] | heuristic [95% CI] | time |")
        print("| --- | --- | --- | --- | --- | --- |")
    with multiprocessing.Pool() as pool:
        for name in [args.game] if args.game else game_names():
            hooks = entry(name).advice()
            if hooks is None:
                continue
            for label, setup in hooks.STRENGTH_TABLES.items():
                if args.tables not in label:
                    continue
                if args.advisor:
                    advisor_table(pool, name, label, setup, args.games, args.seed, args.playouts)
                else:
                    strength_table(pool, name, label, setup, args.games, args.seed)


if __name__ == "__main__":
    main()
