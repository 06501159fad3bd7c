"""Trick Raiders' hooks for the property tests every registered game runs.

See `engine.core.registry.GameEntry`. The hidden identities of this game are
the cards in each hand until played and the unused card of a 3-player deal.
The engine never holds them: a hand is a count, and every input is a card
everybody saw (`secret` is None). What the twin changes is the table's
secret: another physical deal behind the same taps, in which the cards
nobody sees in a round lie in other hands (`hidden_content`). The engine
cannot tell the two tables apart because it is never told, and the twin's
other seed checks that nothing it shows comes from its random source.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.core.inputs import Input, Tap
from engine.core.match import Match
from engine.core.prompt import Prompt
from engine.core.testing import bench_by, nothing_gone, registered_game
from games.trick_raiders import TrickRaiders, simulate
from games.trick_raiders.invariants import check_invariants
from games.trick_raiders.play import Play
from games.trick_raiders.policy import SimplePolicy

SETUPS: tuple[dict[str, Any], ...] = (
    {"players": ["ann", "ben", "cy"], "lives": 2, "first": "ann"},
    {"players": ["ann", "ben", "cy", "dee"], "lives": 2, "first": "cy"},
    {"players": ["ann", "ben", "cy", "dee"], "lives": 3, "first": "dee"},
)

BENCH_TABLES: dict[str, dict[str, Any]] = {
    "3 players, 2 lives": {"players": ["ann", "ben", "cy"], "lives": 2},
    "4 players, 3 lives": {"players": ["ann", "ben", "cy", "dee"], "lives": 3},
}
"""The tables bench/engine_speed.py times."""

STEP_KINDS: frozenset[str] = frozenset({"deal", "dropout", "gather", "trump"})
"""Event kinds that always ask the table to move, take, turn, shuffle, deal or return something
(`Event.physical`; tests/engine/test_physical_steps.py)."""
NEWS_KINDS: frozenset[str] = frozenset({"play", "won", "dealt", "declared", "round-end", "game-over"})
"""Kinds that only say what happened or why."""
BOTH_KINDS: frozenset[str] = frozenset({"lead-return"})
"""Kinds that are a step in one case and news in another: "puts a lead card into the hand" / "has no
effect in the last trick"."""
SHORTEST_GAME = 50
"""Fewer inputs than a demo game of Trick Raiders takes (53 at the fewest over seeds 100-107): the evening
trial (companion.harness.evening) spreads its power cuts over that many, so they fall inside the game."""
UNDIGESTED = "8d49c23eeb3ee280ce3063344ddd03965b4f45865e29f07768eeb87d3bbce799"
"""The component data journals without a component digest were played on:
tests/engine/test_component_defaults.py checks it never changes (engine.core.testing.OPTIONAL_HOOKS)."""


_game = registered_game("trick-raiders", TrickRaiders)
bench = bench_by(_game, simulate.simulate)
"""(games, inputs) of whole games by the plain simple policy, for the speed bench."""
gone = nothing_gone


def policy(seed: int) -> Callable[[Play], Input]:
    """The simple legal policy, exploring a little and sometimes revoking, so the flags are reached."""
    return SimplePolicy(random.Random(seed ^ 0x5EED), 0.1, 0.05).choose


def play_inputs(setup: dict[str, Any], seed: int) -> list[Input]:
    """The inputs of one whole game by a simulated table that deals, declares and plays."""
    return list(simulate.play_one(_game(), setup, seed, 0.1, 0.05).inputs)


def hidden_twin(setup: dict[str, Any], seed: int, inputs: list[Input]) -> tuple[int, list[Input]]:
    """Another table (seed) behind the same public inputs: its unseen cards dealt by its own shuffle."""
    return seed + 1, list(inputs)


FROM_HAND = ("declare", "follow", "lead-from-hand")
"""Prompts whose tap of a card nobody had seen takes it out of the actor's hand."""


def secret(play: Play) -> Any:
    """Nothing: the engine is never told a card before everybody sees it."""
    return None


def hidden_content(setup: dict[str, Any], seed: int, inputs: list[Input]) -> list[Any]:
    """The table's secret after the set-up and after each input: the cards of the round nobody ever sees, by hand.

    The table of `seed` is the simulated table of `play_inputs`, whose shuffle
    (`SimplePolicy.deal`) decides who holds them: in deal order, each player
    holds as many as the hand kept unseen to the round's end (the hand size
    less the unseen cards that left it by a tap), and what is left is the
    unused card. For the seed that played the inputs these are the real
    hands; another seed deals them otherwise behind the same taps.
    """
    match = Match(_game(), setup, seed)
    play = match.play
    assert isinstance(play, Play)
    table = SimplePolicy(random.Random(seed ^ 0x5EED), 0.1, 0.05)
    rounds: dict[int, tuple[list[str], set[str], dict[str, int]]] = {}
    moments = []

    def start(st: Any) -> None:
        lead, hand = table.deal(st)
        order = [c for pl in st.players for c in lead[pl.name] + hand[pl.name]]
        order += [c for c in st.deck if c not in order]
        rounds[st.round] = order, set(), {pl.name: st.hand_size for pl in st.players}

    start(play.state)
    moments.append(play.state.round)
    for value in inputs:
        st = play.state
        prompt = play.prompt
        _, tapped, kept = rounds[st.round]
        if isinstance(value, Tap):
            if prompt is not None and prompt.kind in FROM_HAND and value.card not in st.where:
                kept[prompt.actor] -= 1
            tapped.add(value.card)
        before = st.round
        match.apply(value)
        if play.state.round != before:
            start(play.state)
        moments.append(play.state.round)
    held: dict[int, dict[str, list[str]]] = {}
    for number, (order, tapped, kept) in rounds.items():
        unseen = [c for c in order if c not in tapped]
        held[number] = {}
        for name, count in kept.items():
            held[number][name], unseen = sorted(unseen[:count]), unseen[count:]
        held[number]["unused"] = sorted(unseen)
    return [held[number] for number in moments]


def shown(play: Play) -> bool:
    """Never: nothing hidden is ever on screen (the engine holds nothing hidden)."""
    return False


def spends(prompt: Prompt, option: str) -> bool:
    """No choice spends a limited resource: life chips and bonus tokens move by the rules alone (a lost
    trick, a dropped-out player, a bonus), and the undo a revoke offers takes back inputs, not lives."""
    return False

__all__ = ["BENCH_TABLES", "BOTH_KINDS", "NEWS_KINDS", "SETUPS", "SHORTEST_GAME", "STEP_KINDS", "UNDIGESTED", "bench",
           "check_invariants", "gone", "hidden_content", "hidden_twin", "play_inputs", "policy", "secret", "shown",
           "spends"]
