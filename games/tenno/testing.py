"""Tenno's hooks for the property tests every registered game runs.

See `engine.core.registry.GameEntry`. Rows and hands are face down and the
engine never asks for them; what it knows card by card and keeps hidden is
what left the game: which card lies in which prisoner pile ("Gefangenenstapel
dürfen niemals eingesehen werden") and which went to the discard pile. The
twin fights some duels with other cards of the same two players that end the
same way (the same side wins, the same piles grow, as many cards of each side
are lost, the Monk is asked for and used alike), so after each turn the
table sees the same counts while other cards left the game. The two cards of
a duel are on screen from the attacking tap until the OK after the turn, and
the end reveals the piles, so the twins are compared at the other moments
(`shown`); a tap of a card that left the game in one twin is refused there
(the table knows its own card is gone), so it is not probed (`gone`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from engine.core.inputs import Input, Tap
from engine.core.match import Match
from engine.core.prompt import Prompt
from engine.core.testing import bench_by, hidden_along, registered_game
from games.tenno import Tenno, simulate
from games.tenno.invariants import check_invariants
from games.tenno.play import Play
from games.tenno.policy import SimplePolicy
from games.tenno.rules.duel import judge, monk_matters

SETUPS: tuple[dict[str, Any], ...] = (
    {"players": ["red", "blue"], "first": "red"},
    {"players": ["red", "blue", "green", "yellow"], "first": "green"},
    {"players": ["red", "blue", "green", "yellow", "purple", "orange", "white"], "first": "white"},
)

BENCH_TABLES: dict[str, dict[str, Any]] = {
    "4 players": {"players": ["red", "blue", "green", "yellow"]},
    "7 players": {"players": ["red", "blue", "green", "yellow", "purple", "orange", "white"]},
}
"""The tables bench/engine_speed.py times."""

STEP_KINDS: frozenset[str] = frozenset({"setup", "duel", "refill"})
"""Event kinds that always ask the table to move, take, turn, shuffle, deal or return something
(`Event.physical`; tests/engine/test_physical_steps.py)."""
NEWS_KINDS: frozenset[str] = frozenset({"attack", "defend", "forget", "game-over"})
"""Kinds that only say what happened or why."""
SHORTEST_GAME = 40
"""About the fewest inputs a demo game of Tenno takes: the evening trial (companion.harness.evening)
spreads its power cuts over that many, so nearly all fall inside the game."""
UNDIGESTED = "662237aeaaf9cc8bf4361087f9d7c67c43ac689c81d662a6ca98bf26d34c9efa"
"""The component data journals without a component digest were played on:
tests/engine/test_component_defaults.py checks it never changes (engine.core.testing.OPTIONAL_HOOKS)."""

SWAP = 0.5
"""How often the twin fights a duel with other cards: half the time, so that later duels fought alike (a Monk
prompt the advisor weighs) follow earlier ones that took other cards."""


_game = registered_game("tenno", Tenno)
bench = bench_by(_game, simulate.simulate)
"""(games, inputs) of whole games by the plain simple policy, for the speed bench."""


def policy(seed: int) -> Callable[[Play], Input]:
    """The simple legal policy, exploring a little."""
    return SimplePolicy(random.Random(seed ^ 0x7E770), 0.2).choose


def play_inputs(setup: dict[str, Any], seed: int) -> list[Input]:
    """The inputs of one whole game by a simulated table."""
    return list(simulate.play_one(_game(), setup, seed, 0.2).inputs)


def hidden_twin(setup: dict[str, Any], seed: int, inputs: list[Input]) -> tuple[int, list[Input]]:
    """The same seed and turns, some duels fought with other cards of the same shape (see the module's note)."""
    return seed, twin_inputs(setup, seed, inputs, random.Random(seed ^ 0x7717), SWAP)


def twin_inputs(setup: dict[str, Any], seed: int, inputs: list[Input], rng: random.Random,
                swap: float) -> list[Input]:
    """`inputs` with each duel, at chance `swap`, fought with other cards that leave the same public trace.

    The other cards are a card of the attacker and one of the defender that
    are still in the twin's game and lose nothing the original game taps
    later, so every later input stays possible; where no pair does, the duel
    is fought with the original cards.
    """
    game = _game()
    a, b = Match(game, setup, seed), Match(game, setup, seed)
    out: list[Input] = []
    index = 0
    while index < len(inputs):
        prompt = a.play.prompt
        value = inputs[index]
        defend = inputs[index + 1] if index + 1 < len(inputs) else None
        if (prompt is None or prompt.kind not in ("attack", "second-attack") or not isinstance(value, Tap)
                or not isinstance(defend, Tap)):
            a.apply(value)
            b.apply(value)
            out.append(value)
            index += 1
            continue
        steps: list[Input] = [value, defend]
        a.apply(value)
        a.apply(defend)
        if a.play.prompt is not None and a.play.prompt.kind == "monk":
            steps.append(inputs[index + 2])
            a.apply(inputs[index + 2])
        monk = len(steps) == 3 and isinstance(steps[2], Tap)
        assert isinstance(a.play, Play) and isinstance(b.play, Play)
        later = {v.card for v in inputs[index + len(steps):] if isinstance(v, Tap)}
        attack, target = value.card, defend.card
        if rng.random() < swap:
            attack, target = _other_duel(a.play, b.play, value.card, defend.card, monk, later, rng)
        for step in [Tap(attack), Tap(target), *steps[2:]]:
            b.apply(step)
            out.append(step)
        index += len(steps)
    return out


def _shape(play: Play, attack: str, defend: str, monk: bool) -> tuple[Any, ...]:
    """What a duel leaves once it is over: who won, whose pile grew, how many cards each side lost."""
    cards = play.state.catalogue.cards
    verdict = judge(cards[attack], cards[defend], monk)
    lost = (sum(1 for c in (verdict.captured, *verdict.discarded) if c == attack),
            sum(1 for c in (verdict.captured, *verdict.discarded) if c == defend))
    asked = cards[defend].role != "monk" and monk_matters(cards[attack], cards[defend])
    return verdict.result, verdict.captor_side, lost, asked, cards[attack].role == "ronin"


def _other_duel(a: Play, b: Play, attack: str, defend: str, monk: bool, later: set[str],
                rng: random.Random) -> tuple[str, str]:
    """Other cards for B's duel with A's shape, losing other cards and none that A taps later; else A's own."""
    st = b.state
    want = _shape(a, attack, defend, monk)
    first = st.duels[0] if st.duels else None
    mine = [c for c in st.in_play(st.colour(attack)) if st.role(c) != "shogun"
            and (first is None or c != first.attack_card)]
    theirs = [c for c in st.in_play(st.colour(defend)) if first is None or c != first.defend_card]
    pairs = [(x, y) for x in mine for y in theirs if (x, y) != (attack, defend)]
    rng.shuffle(pairs)
    cards = st.catalogue.cards
    original = judge(cards[attack], cards[defend], monk)
    lost_a = {c for c in (original.captured, *original.discarded) if c is not None}
    for x, y in pairs:
        verdict = judge(cards[x], cards[y], monk)
        lost = {c for c in (verdict.captured, *verdict.discarded) if c is not None}
        if _shape(b, x, y, monk) == want and not lost & later and lost != lost_a:
            return x, y
    return attack, defend


def secret(play: Play) -> Any:
    """Which card left the game and where (the discard pile or a captor's prisoner pile)."""
    return dict(sorted(play.state.out.items()))


hidden_content = hidden_along(_game, secret)
"""`secret` after the set-up and after each input."""


def shown(play: Play) -> bool:
    """A duel on screen (from the attacking tap until the OK after the turn) or the end (the piles revealed)."""
    return play.state.duel is not None or play.prompt is None


def gone(play: Play) -> frozenset[str]:
    """The cards that left the game: a tap of one is refused where it left, and its owner knows it is gone."""
    return frozenset(play.state.out)


def spends(prompt: Prompt, option: str) -> bool:
    """No choice spends a limited resource: the Monk is used by tapping it, never by an option, and the
    options (Pass, OK) only decline or finish."""
    return False

__all__ = ["BENCH_TABLES", "NEWS_KINDS", "SETUPS", "SHORTEST_GAME", "STEP_KINDS", "UNDIGESTED", "bench",
           "check_invariants", "gone", "hidden_content", "hidden_twin", "play_inputs", "policy", "secret", "shown",
           "spends", "twin_inputs"]
