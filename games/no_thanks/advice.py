"""No Thanks!'s advisor hooks (engine.core.advisor.AdvisorHooks): a modest heuristic and the public view.

The one decision is the player's: No thanks or Take, with the card and its
chips face up. The heuristic takes a card when its chips make it cheap
(what it adds to the total, less the chips on it, is small) or when it
joins one of the player's runs; without a chip it must take.

`determinize` rebuilds the game at the decision from the public view
alone: the cards each player took, the card in the middle and its chips,
whose turn it is. The chips in the hands are hidden, so they are drawn
afresh: the box's chips less those on the card, dealt at random, the player
to decide holding at least one (the advice is for a player who could say
No thanks). The deck is the play-out policy's own: each flip draws a card
not played yet, so the nine cards in the box are drawn afresh too.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core.flow import FlowPlay, Pilot
from engine.core.hero_bench import HeroBench, win_score
from engine.core.inputs import Input
from engine.core.match import Match
from games.no_thanks.play import Play
from games.no_thanks.policy import NO, YES, SimplePolicy, cost
from games.no_thanks.rules import turns
from games.no_thanks.setup import CHIPS, Setup

STRENGTH_TABLES: dict[str, dict[str, Any]] = {
    "3 players": {"players": ["red", "blue", "green"], "first": "red"},
    "5 players": {"players": ["red", "blue", "green", "yellow", "purple"], "first": "red"},
    "7 players": {"players": ["red", "blue", "green", "yellow", "purple", "orange", "white"], "first": "red"},
}
"""The tables bench/policy_strength.py plays: the first player uses the measured policy, the others the simple one."""

CHEAP = 4
"""What a card may add to the total, its chips taken off, for the heuristic to take it."""


class HeuristicPolicy(SimplePolicy):
    """Takes a cheap card or one that joins a run, says No thanks otherwise; `heroes` play so (None: everybody),
    the others like the simple policy."""

    def __init__(self, rng: random.Random, heroes: frozenset[str] | None = None) -> None:
        super().__init__(rng)
        self.heroes = heroes

    def decide(self, play: Play, name: str) -> Input:
        if self.heroes is not None and name not in self.heroes:
            return super().decide(play, name)
        st = play.state
        if st.by_name(name).chips == 0 or cost(st, name) <= CHEAP:
            return YES
        return NO


def heuristic(seed: int) -> Pilot:
    return HeuristicPolicy(random.Random(seed)).choose


ADVISED = {turns.NO_THANKS: NO, turns.TAKE: YES}
"""The two choices of every decision, each with the input that makes it."""


def choices(match: Match) -> dict[str, Input]:
    """At a decision (a card in the middle): No thanks or Take; at a flip nothing is advised."""
    deciding = match.play.prompt is not None and match.play.prompt.kind == "decide"
    return dict(ADVISED) if deciding else {}


def advisable(match: Match) -> bool:
    return len(choices(match)) > 1


def determinize(match: Match, rng: random.Random) -> FlowPlay:
    """The play at `match`'s decision from the public view, the hands' chips drawn afresh (see the module's note)."""
    real = match.play
    assert isinstance(real, Play)
    st = real.state
    play = Play(st.catalogue, Setup(st.setup.players, st.players[st.first].name), 0)
    play.quiet()
    fresh = play.state
    for mine, theirs in zip(fresh.players, st.players, strict=True):
        mine.cards = list(theirs.cards)
        mine.chips = 0
    fresh.flipped, fresh.card, fresh.pot, fresh.active = list(st.flipped), st.card, st.pot, st.active
    hands = CHIPS[st.count] * st.count - st.pot
    if hands:
        fresh.players[st.active].chips = 1
        for _ in range(hands - 1):
            rng.choice(fresh.players).chips += 1
    play.start(turns.play_on(play))
    return play


score = win_score
_bench = HeroBench("no-thanks", HeuristicPolicy, SimplePolicy)
bench_table = _bench.bench_table
"""The bench's table for one seed: the first player (the hero) plays the policy measured, the others the simple
policy; the fresh play, the pilot that answers every seat, and the hero's name."""
strength = _bench.strength
