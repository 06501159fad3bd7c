"""The parts of a game's testing hooks (engine.core.registry.GameEntry) that every game writes the same way.

A game's `testing.py` keeps what is its own (the sample set-ups, the twin
that differs only in what is hidden, the secret, when it is on show) and
takes the rest from here:

    _game = registered_game("tenno", Tenno)
    hidden_content = hidden_along(_game, secret)
    bench = bench_by(_game, simulate.simulate)

The hooks every game must define are engine.core.registry.TESTING_HOOKS; the
few most games leave out are `OPTIONAL_HOOKS`, each with what a game that
leaves it out gets (`GameEntry.hook(name)` reads either kind).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from engine.core.game import Game
from engine.core.inputs import Input
from engine.core.match import secrets_along
from engine.core.prompt import Prompt

G = TypeVar("G", bound=Game)

OPTIONAL_HOOKS: dict[str, Any] = {
    "BOTH_KINDS": frozenset(),
    "UNDIGESTED": None,
}
"""The testing hooks a game may leave out, and what it gets then:

BOTH_KINDS  event kinds that sometimes ask the table to move something and sometimes only report (tiles drawn,
            or none left to draw), checked both ways by tests/engine/test_physical_steps.py; none by default.
UNDIGESTED  the digest (engine.core.components.digest of the entries rendered, comments aside) of the component
            data the game's journals without a component digest were played on, checked by
            tests/engine/test_component_defaults.py so that data never changes under them. None (the default):
            the game came after journals named their data, so none of its journals lacks a digest, and it keeps
            no components-before-digests.toml.
"""


class Tally(Protocol):
    """What a game's `simulate` counts, as far as the speed bench reads it."""

    games: int
    inputs: int


def registered_game(name: str, kind: type[G]) -> Callable[[], G]:
    """The registered game `name` (loaded once by the registry), typed as the game's own class."""

    def game() -> G:
        from engine.core.registry import get_game

        found = get_game(name)
        assert isinstance(found, kind), f"{name} is registered as {type(found).__name__}, not {kind.__name__}"
        return found

    return game


def hidden_along(game: Callable[[], Game], secret: Callable[[Any], Any]) -> Callable[[Any, int, list[Input]],
                                                                                  list[Any]]:
    """The `hidden_content` hook: `secret` after the set-up and after each input of a game."""

    def hidden_content(setup: Any, seed: int, inputs: list[Input]) -> list[Any]:
        return secrets_along(game(), setup, seed, inputs, secret)

    return hidden_content


def bench_by(game: Callable[[], G], simulate: Callable[[G, Any, int, int], Tally]) -> Callable[[Any, int, int],
                                                                                           tuple[int, int]]:
    """The `bench` hook: (games, inputs) of `games` whole games by the plain simple policy, for the speed bench."""

    def bench(setup: Any, games: int, seed: int) -> tuple[int, int]:
        tally = simulate(game(), setup, games, seed)
        return tally.games, tally.inputs

    return bench


def nothing_gone(play: Any) -> frozenset[str]:
    """The `gone` hook of a game where every card may be probed at every moment."""
    return frozenset()


def spends_nothing(prompt: Prompt, option: str) -> bool:
    """The `spends` hook of a game none of whose options spends what the table has only so much of."""
    return False
