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
from engine.core.inputs import Choose, Input, Tap
from engine.core.match import Match
from engine.core.outcome import win_share
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


def score(play: Any, actor: str) -> float:
    """A share of the win: 1 for a sole winner, 1/n for each of n winners, 0 otherwise."""
    return win_share(play.outcome, actor)


def bench_table(setup: dict[str, Any], seed: int, policy: str = "heuristic") -> tuple[Play, Pilot, str]:
    """The bench's table for one seed: the first player (the hero) plays `policy`, the others the simple policy.

    Returns the fresh play, the pilot that answers every seat, and the hero's name.
    """
    from engine.core.registry import get_game

    game = get_game("trick-raiders")
    play, _ = game.new_play(game.parse_setup(setup), seed)
    assert isinstance(play, Play)
    hero = play.state.players[0].name
    rng = random.Random(seed ^ 0x5EED)
    pilot = HeuristicPolicy(rng, frozenset({hero})) if policy == "heuristic" else SimplePolicy(rng)
    return play, pilot.choose, hero


def strength(setup: dict[str, Any], seed: int, policy: str) -> float:
    """One seeded game: the first player plays `policy`, the others the simple policy; their share of the win."""
    play, pilot, hero = bench_table(setup, seed, policy)
    play.play_out(pilot)
    return score(play, hero)
