"""Trick Raiders' advisor hooks (engine.core.advisor.AdvisorHooks): the heuristic (`heuristic`) and the public view.

The hidden identities of this game are the hands. The advisor weighs only
what the table can judge from the public view: which face-up lead card the
leader plays, which lead card the 9 of Hearts sends into the hand, and from
whom the 5 of Diamonds takes a life chip. A card from a hand is the
holder's secret, so a follow is not advised.

`determinize` replays the public inputs (every input of this game is
public) and leaves the hands to the play-out's policy, which deals the
unseen cards afresh into hands of the public sizes (`HeuristicPolicy.hand`)
from its own random source; the game's random source is drawn afresh too.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core.advisor import replay_public
from engine.core.flow import FlowPlay, Pilot
from engine.core.hero_bench import HeroBench, win_score
from engine.core.inputs import Choose, Input, Tap
from engine.core.match import Match
from games.trick_raiders.heuristic import HeuristicPolicy
from games.trick_raiders.play import Play
from games.trick_raiders.policy import SimplePolicy

STRENGTH_TABLES: dict[str, dict[str, Any]] = {
    "3 players, 2 lives": {"players": ["ann", "ben", "cy"], "lives": 2, "first": "ann"},
    "4 players, 2 lives": {"players": ["ann", "ben", "cy", "dee"], "lives": 2, "first": "ann"},
    "4 players, 3 lives": {"players": ["ann", "ben", "cy", "dee"], "lives": 3, "first": "ann"},
}
"""The tables bench/policy_strength.py plays: the first player uses the measured policy, the others the simple one."""

ADVISED = ("lead", "lead-return")
"""Tap decisions made from public cards (face-up lead cards)."""


def heuristic(seed: int) -> Pilot:
    return HeuristicPolicy(random.Random(seed)).choose


def simple(seed: int) -> Pilot:
    return SimplePolicy(random.Random(seed)).choose


def choices(match: Match) -> dict[str, Input]:
    """The decisions weighed, by option: a public lead card to tap, or a player to take a chip from."""
    prompt = match.play.prompt
    if prompt is None:
        return {}
    if prompt.kind in ADVISED:
        return {card: Tap(card) for card in match.play.possible_taps()}
    if prompt.tap is None:
        return {option: Choose(option) for option in prompt.options}
    return {}


def advisable(match: Match) -> bool:
    return len(choices(match)) > 1


def determinize(match: Match, rng: random.Random) -> FlowPlay:
    """Every input of this game is public: all of them replayed, the game's random source drawn afresh."""
    play = replay_public(match, rng)
    assert isinstance(play, Play)
    return play


_bench = HeroBench("trick-raiders", HeuristicPolicy, SimplePolicy)
score = win_score
bench_table = _bench.bench_table
"""The bench's table for one seed: the first player (the hero) plays the policy measured, the others the simple
policy; the fresh play, the pilot that answers every seat, and the hero's name."""
strength = _bench.strength
