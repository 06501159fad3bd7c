"""The parts of a game's `GameApp` (companion.games.registry) that every game wrote the same way.

Besides its UI and demo script, a game's app part names four functions:
its simple policy, `companion simulate`'s report, a random legal set-up
for the protocol fuzzer and its own `companion simulate` options. Each game
wrote the same lazy import of its policy, the same report frame (the
games, players and seed; the game's own lines; inputs per game), the same
random seats and the same `--players N` parser. They are made here from
what is the game's own:

    APP = GameApp(ui=..., demo_script=...,
                  policy=lazy_policy("games.tenno.policy:SimplePolicy"),
                  simulate=simulate_command(Tenno, DEFAULT, "games.tenno.simulate:simulate", report),
                  random_setup=random_seats(COLOURS, PLAYERS),
                  setup_arguments=players_option("tenno", "Tenno", PLAYERS, seats_setup(COLOURS)))
"""

from __future__ import annotations

import argparse
import importlib
import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from engine.core.errors import RuleError
from engine.core.game import Game


class Counted(Protocol):
    """What the report frame reads of a game's simulation tally (engine.core.simulation.Tally)."""

    games: int
    inputs: int


G = TypeVar("G", bound=Game)
T = TypeVar("T", bound=Counted)


def _resolve(path: str) -> Any:
    module, _, attribute = path.partition(":")
    return getattr(importlib.import_module(module), attribute)


def lazy_policy(path: str) -> Callable[[random.Random, float], Any]:
    """`GameApp.policy`: the policy class at "module:Class", imported when a policy is first made (the app
    part stays light to import), made as `Class(rng, explore=explore)`."""

    def policy(rng: random.Random, explore: float = 0.0) -> Any:
        return _resolve(path)(rng, explore=explore)

    return policy


def simulate_command(kind: type[G], default: dict[str, Any], simulate: str | Callable[[G, dict[str, Any], int, int], T],
                     report: Callable[[T, dict[str, Any]], list[str]]
                     ) -> Callable[[Game, dict[str, Any] | None, int, int], tuple[list[str], int]]:
    """`GameApp.simulate`: `games` games of `setup` (`default` when none) by the game's simulation ("module:function"
    or the function), reported as the games, players and seed, the game's own lines (`report(tally, setup)`) and
    the inputs per game."""

    def run(game: Game, setup: dict[str, Any] | None, games: int, seed: int) -> tuple[list[str], int]:
        chosen = dict(setup or default)
        if not isinstance(game, kind):
            raise TypeError(f"simulate for {kind.__name__} was given a {type(game).__name__}")
        game.parse_setup(chosen)
        play = _resolve(simulate) if isinstance(simulate, str) else simulate
        tally = play(game, chosen, games, seed)
        players = [str(p) for p in chosen.get("players") or []]
        head = f"{tally.games} games, {len(players)} players ({', '.join(players)}), seed {seed}"
        return [head, *report(tally, chosen), f"{tally.inputs / max(tally.games, 1):.1f} inputs per game"], tally.inputs

    return run


def random_seats(seats: Sequence[str], players: tuple[int, int]) -> Callable[[random.Random], dict[str, Any]]:
    """`GameApp.random_setup` of a game set up by its seats alone: `players` (least, most) of `seats`, in any order,
    and a seed."""

    def setup(rng: random.Random) -> dict[str, Any]:
        return {"players": rng.sample(list(seats), rng.randint(*players)), "seed": rng.randrange(2**31)}

    return setup


def seats_setup(seats: Sequence[str]) -> Callable[[int], dict[str, Any]]:
    """The set-up of the first `n` of `seats`: what `--players n` means for a game set up by its seats alone."""
    return lambda n: {"players": list(seats[:n])}


def players_option(name: str, title: str, players: tuple[int, int], setup: Callable[[int], dict[str, Any]],
                   default: int = 4) -> Callable[[list[str]], dict[str, Any] | None]:
    """`GameApp.setup_arguments` of a game whose only `companion simulate` option is `--players N`: None when no
    option is given, else `setup(N)`; anything else is a RuleError saying what the game knows."""

    def arguments(words: list[str]) -> dict[str, Any] | None:
        parser = argparse.ArgumentParser(prog=f"companion simulate --game {name}", add_help=False)
        parser.add_argument("--players", type=int, choices=range(players[0], players[1] + 1))
        try:
            args = parser.parse_args(words)
        except SystemExit:
            raise RuleError(f"unknown set-up options {' '.join(words)}; {title} knows --players "
                            f"{players[0]} to {players[1]}") from None
        if not words:
            return None
        return setup(args.players or default)

    return arguments
