"""Knizia's Samurai's hooks for the property tests every registered game runs.

See `engine.core.registry.GameEntry`. The engine never holds the tiles
behind each player's screen (any unplayed tile may be played), so what it
keeps hidden is who took each captured figure: the table watches each
capture, but unless it chose open captures the figures go behind the
screens and the view keeps no tally until the end. The twin therefore
enters some captures with other tiles next to the settlement, so that
another player takes a figure while every figure still leaves the board the
same way (taken, or removed by a tie): the two games differ only behind the
screens. While a capture is entered its tiles and influence are on screen,
its narration names who takes each figure, and the end lifts every screen,
so the twins are compared at the other moments (`shown`). With open captures nothing is hidden: the twin is the
game itself.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.core.flow import option_of
from engine.core.inputs import Input, Tap
from engine.core.match import Match
from engine.core.prompt import Prompt
from engine.core.testing import bench_by, hidden_along, registered_game
from games.samurai_knizia import KniziasSamurai, simulate
from games.samurai_knizia.catalogue import CASTES
from games.samurai_knizia.invariants import check_invariants
from games.samurai_knizia.play import Play
from games.samurai_knizia.policy import SimplePolicy
from games.samurai_knizia.state import State

SETUPS: tuple[dict[str, Any], ...] = (
    {"players": ["red", "blue"], "first": "blue"},
    {"players": ["red", "blue", "green"], "first": "red"},
    {"players": ["red", "blue", "green", "yellow"], "first": "green", "open_captures": True},
)

BENCH_TABLES: dict[str, dict[str, Any]] = {
    "3 players": {"players": ["red", "blue", "green"]},
    "4 players": {"players": ["red", "blue", "green", "yellow"]},
}
"""The tables bench/engine_speed.py times."""

STEP_KINDS: frozenset[str] = frozenset({"setup", "captured", "show-figures"})
"""Event kinds that always ask the table to move, take, turn, shuffle, deal or return something
(`Event.physical`; tests/engine/test_physical_steps.py)."""
NEWS_KINDS: frozenset[str] = frozenset({"play", "leader", "game-over", "end"})
"""Kinds that only say what happened or why."""
BOTH_KINDS: frozenset[str] = frozenset({"refill"})
"""Kinds that are a step in one case and news in another: "draws tiles" / "ends with every tile played"."""
SHORTEST_GAME = 60
"""About the fewest inputs a demo game of Knizia's Samurai takes: the evening trial (companion.harness.evening)
spreads its power cuts over that many, so nearly all fall inside the game."""
UNDIGESTED = "7dd62c549f15c6c37df6e64b05cb2371c3eb49ef5254121a986ad709c5b9c8d2"
"""The component data journals without a component digest were played on:
tests/engine/test_component_defaults.py checks it never changes (engine.core.testing.OPTIONAL_HOOKS)."""

TRIES = 300
"""Other sets of tiles tried for one capture before it is left as it was."""


_game = registered_game("samurai-knizia", KniziasSamurai)
bench = bench_by(_game, simulate.simulate)
"""(games, inputs) of whole games by the plain simple policy, for the speed bench."""


def policy(seed: int) -> Callable[[Play], Input]:
    """The simple legal policy, exploring a little so odd captures and tiles are reached."""
    return SimplePolicy(random.Random(seed ^ 0x5EED), 0.1).choose


def play_inputs(setup: dict[str, Any], seed: int) -> list[Input]:
    """The inputs of one whole game by a simulated table."""
    return list(simulate.play_one(_game(), setup, seed, 0.1).inputs)


def hidden_twin(setup: dict[str, Any], seed: int, inputs: list[Input]) -> tuple[int, list[Input]]:
    """The same game with other captors behind the screens: each capture's tiles swapped where that can be done.

    A capture's castes, its number of tiles and, for each caste, whether a
    player took the figure or a tie removed it stay as they were, so the
    board, the figures left, the ties and the end are the same; which player
    took a figure changes wherever another set of tiles on the board gives
    that.
    """
    game = _game()
    if game.parse_setup(setup).open_captures:
        return seed, list(inputs)
    rng = random.Random(seed ^ 0x7717)
    twin = Match(game, setup, seed)
    out: list[Input] = []
    index = 0
    while index < len(inputs):
        value = inputs[index]
        prompt = twin.play.prompt
        if prompt is None or prompt.kind != "turn" or option_of(value) not in CASTES:
            twin.apply(value)
            out.append(value)
            index += 1
            continue
        end = next((i for i in range(index, len(inputs)) if option_of(inputs[i]) == "ok"), len(inputs) - 1)
        span = inputs[index:end + 1]
        play = twin.play
        assert isinstance(play, Play)
        state = play.state
        castes = [option_of(v) for v in span if not isinstance(v, Tap) and option_of(v) != "ok"]
        tiles = _other_tiles(state, castes, [v.card for v in span if isinstance(v, Tap)], rng)
        for value in span:
            value = Tap(tiles.pop(0)) if isinstance(value, Tap) else value
            twin.apply(value)
            out.append(value)
        index = end + 1
    return seed, out


def _captors(st: State, castes: list[str], tiles: list[str]) -> dict[str, str | None]:
    """Who takes each caste's figure with these tiles next to the settlement (None: a tie removes it)."""
    out: dict[str, str | None] = {}
    for caste in castes:
        influence = st.influence(tiles, caste)
        top = max(influence.values())
        leaders = [name for name, n in influence.items() if n == top]
        out[caste] = leaders[0] if len(leaders) == 1 else None
    return out


def _other_tiles(st: State, castes: list[str], tiles: list[str], rng: random.Random) -> list[str]:
    """As many other tiles of the board, ties where `tiles` tie and another captor somewhere; else `tiles`."""
    want = _captors(st, castes, tiles)
    for _ in range(TRIES):
        other = rng.sample(st.board, len(tiles))
        got = _captors(st, castes, other)
        if got != want and all((got[c] is None) == (want[c] is None) for c in castes):
            return other
    return list(tiles)


def secret(play: Play) -> Any:
    """The figures behind each screen; None with open captures, which the view shows."""
    st = play.state
    if st.setup.open_captures:
        return None
    return {pl.name: dict(pl.captured) for pl in st.players}


hidden_content = hidden_along(_game, secret)
"""`secret` after the set-up and after each input."""


def shown(play: Play) -> bool:
    """A capture being entered (its tiles and influence on screen), just resolved (its narration says who took
    each figure, or who tied, as the table watches it happen) or the end (every screen lifted)."""
    return (play.state.capture is not None or play.prompt is None
            or any(event.kind in ("captured", "tie") for event in play.events))


def gone(play: Play) -> frozenset[str]:
    """No tile leaves the game out of sight: every tile may be probed."""
    return frozenset()


def spends(prompt: Prompt, option: str) -> bool:
    """No choice spends a limited resource: tiles, the special ones included, are played by tapping them,
    and the options only name a surrounded settlement's castes or end the turn."""
    return False

__all__ = ["BENCH_TABLES", "BOTH_KINDS", "NEWS_KINDS", "SETUPS", "SHORTEST_GAME", "STEP_KINDS", "UNDIGESTED", "bench",
           "check_invariants", "gone", "hidden_content", "hidden_twin", "play_inputs", "policy", "secret", "shown",
           "spends"]
