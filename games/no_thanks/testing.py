"""No Thanks!'s hooks for the property tests every registered game runs (engine.core.registry.TESTING_HOOKS).

What the engine holds and the table must not see is each player's chips.
The table sees every No thanks and every take, but it keeps no tally, and
neither may the companion: once a card is taken the narration starts
afresh, and nothing on screen counts the rounds a card went. So the twin
plays the same cards to the same players, but one card goes round the
table once more before it is taken (every player puts one more chip on
it) and the next card goes round once less: the same cards end in the same
hands, and from then on the two players who took them hold other numbers
of chips. While a card in the middle has chips on it, the No thanks said on
it are on show (`shown`); the twins are compared at the other moments
(after each take, and when the next card is flipped, before anyone says No
thanks), and at the end's reveal they differ on purpose. The twin keeps
every player's chipless moments where they were: a player without a chip
is refused No thanks, which tells the table that much. The twin's extra round is said with Next and OK
(a choice, where the game said each No thanks with its button, as a table
may), so its journal is longer at the moments compared: the phone page must
not tell the twins apart by the size of the game either. Which nine cards
are in the box and the deck's order are nobody's to know, the engine's
neither: a card is public from its tap on, so the twins tap the same cards.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core.errors import RuleError
from engine.core.inputs import Choose, Input, Press, Tap
from engine.core.match import Match
from engine.core.prompt import Prompt
from engine.core.simulation import policy_hooks
from engine.core.testing import bench_by, hidden_along, nothing_gone, registered_game
from games.no_thanks import NoThanks, simulate
from games.no_thanks.invariants import check_invariants
from games.no_thanks.play import Play
from games.no_thanks.policy import SimplePolicy
from games.no_thanks.rules.turns import NO_THANKS, TAKE

SETUPS: tuple[dict[str, Any], ...] = (
    {"players": ["red", "blue", "green", "yellow"], "first": "blue"},
    {"players": ["red", "blue", "green"], "first": "red"},
    {"players": ["red", "blue", "green", "yellow", "purple"], "first": "green"},
    {"players": ["red", "blue", "green", "yellow", "purple", "orange", "white"], "first": "white"},
)

BENCH_TABLES: dict[str, dict[str, Any]] = {
    "3 players": {"players": ["red", "blue", "green"]},
    "5 players": {"players": ["red", "blue", "green", "yellow", "purple"]},
    "7 players": {"players": ["red", "blue", "green", "yellow", "purple", "orange", "white"]},
}
"""The tables bench/engine_speed.py times."""

STEP_KINDS: frozenset[str] = frozenset({"shuffle", "chips", NO_THANKS, TAKE})
"""Event kinds that always ask the table to move, take, turn, shuffle, deal or return something
(`Event.physical`; tests/engine/test_physical_steps.py)."""
NEWS_KINDS: frozenset[str] = frozenset({"first", "flip", "forget", "game-over"})
"""Kinds that only say what happened or why."""
SHORTEST_GAME = 48
"""The fewest inputs of a game: each of the 24 cards flipped and taken at once."""

SWAP = 0.9
"""How often a pair of cards where the twin can differ (the second went round the table at least once) does."""

_game = registered_game("no-thanks", NoThanks)
bench = bench_by(_game, simulate.simulate)
"""(games, inputs) of whole games by the plain simple policy, for the speed bench."""
policy, play_inputs = policy_hooks(_game, SimplePolicy, simulate.SALT)
"""The simple policy exploring a little, and the inputs of one whole game it plays."""
gone = nothing_gone


def spends(prompt: Prompt, option: str) -> bool:
    """No thanks spends a chip, which a player has only so many of; Take spends nothing (the highlighted one)."""
    return prompt.kind == "decide" and option == NO_THANKS


def secret(play: Play) -> Any:
    """Each player's chips."""
    return play.state.chips


hidden_content = hidden_along(_game, secret)
"""`secret` after the set-up and after each input."""


def shown(play: Play) -> bool:
    """A card in the middle with chips on it (every No thanks said on it is on show) or the end (every score
    shown). A card just flipped, no chip on it yet, shows nothing of the twins' difference."""
    return (play.state.card is not None and play.state.pot > 0) or play.prompt is None


def _episodes(inputs: list[Input]) -> list[list[Input]]:
    """The inputs card by card: its flip, the No thanks said, the take."""
    out: list[list[Input]] = []
    for value in inputs:
        if isinstance(value, Tap):
            out.append([])
        out[-1].append(value)
    return out


def _taker(setup: dict[str, Any], seed: int, inputs: list[Input]) -> list[str]:
    """Who took each card."""
    match = Match(_game(), setup, seed)
    takers = []
    for value in inputs:
        prompt = match.play.prompt
        if prompt is not None and isinstance(value, Press) and value.button == TAKE:
            takers.append(prompt.actor)
        match.apply(value)
    return takers


def _legal(setup: dict[str, Any], seed: int, inputs: list[Input], trial: list[Input]) -> bool:
    """Whether the twin's inputs can all be made, and at every decision its player could say No thanks exactly
    where the original player could (a player without a chip is refused it: the table sees that much)."""
    a, b = Match(_game(), setup, seed), Match(_game(), setup, seed)
    for one, two in zip(inputs, trial, strict=True):
        try:
            a.apply(one)
            b.apply(two)
        except RuleError:
            return False
        broke = _chipless(a.play), _chipless(b.play)
        if None not in broke and broke[0] != broke[1]:
            return False
    return True


def _chipless(play: Any) -> bool | None:
    """At a decision, whether its player has no chip (None at another moment)."""
    prompt = play.prompt
    if prompt is None or prompt.kind != "decide":
        return None
    return bool(play.state.by_name(prompt.actor).chips == 0)


def hidden_twin(setup: dict[str, Any], seed: int, inputs: list[Input]) -> tuple[int, list[Input]]:
    """The same seed, flips and takes; some cards round the table once more and the next once less."""
    return seed, twin_inputs(setup, seed, inputs, random.Random(seed ^ 0x7717), SWAP)


def twin_inputs(setup: dict[str, Any], seed: int, inputs: list[Input], rng: random.Random,
                swap: float) -> list[Input]:
    """`inputs` with, at chance `swap` for each pair of cards in a row taken by two players, one of which went round
    the table at least once, one more round of No thanks on the other and one less on it (see the module's note);
    a change that would make a later input impossible (a No thanks without a chip), or move a moment without a
    chip, is not made."""
    count = len(setup["players"])
    episodes = _episodes(inputs)
    takers = _taker(setup, seed, inputs)
    index = 0
    while index + 1 < len(episodes):
        if takers[index] == takers[index + 1] or rng.random() >= swap:
            index += 1
            continue
        for trial in _shifted(episodes, index, count):
            if _legal(setup, seed, _flat(episodes), _flat(trial)):
                episodes = trial
                index += 1
                break
        index += 1
    return _flat(episodes)


def _shifted(episodes: list[list[Input]], index: int, count: int) -> list[list[list[Input]]]:
    """The ways to send card `index` round once more and the next once less, or the other way round (the one that
    loses a round must have gone round at least once); the added round is walked with Next and OK."""
    said, walked = Press(NO_THANKS), Choose(NO_THANKS)
    out = []
    for more, less in ((index, index + 1), (index + 1, index)):
        if sum(1 for v in episodes[less] if v == said) < count:
            continue
        trial = list(episodes)
        trial[more] = [*episodes[more][:-1], *[walked] * count, episodes[more][-1]]
        trial[less] = [*episodes[less][:-1 - count], episodes[less][-1]]
        out.append(trial)
    return out


def _flat(episodes: list[list[Input]]) -> list[Input]:
    return [v for episode in episodes for v in episode]


__all__ = ["BENCH_TABLES", "NEWS_KINDS", "SETUPS", "SHORTEST_GAME", "STEP_KINDS", "bench", "check_invariants",
           "gone", "hidden_content", "hidden_twin", "play_inputs", "policy", "secret", "shown", "spends",
           "twin_inputs"]
