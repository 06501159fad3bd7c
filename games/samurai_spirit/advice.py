"""Samurai Spirit's advisor hooks (engine.core.advisor.AdvisorHooks) and policy-strength tables.

The hidden identities of this game are the Raider stack's order and the
cards slid face down onto the Intruder stack. `determinize` replays only the
public inputs (a tap `hidden` is the engine's private note and is skipped),
so the rebuilt play knows exactly what the table has seen; the cards still
to come are drawn, during the play-out, fairly among those the table has
not seen (Knowledge.sample_top without notes), and the game's own random
choices to come (a random Family, a random wounded Samurai) from a fresh
random source, not the match's, whose future the table cannot know.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core.advisor import replay_public
from engine.core.flow import FlowPlay, Pilot
from engine.core.inputs import Choose, Input, Tap
from engine.core.match import Match
from games.samurai_spirit.heuristic import HeuristicPolicy
from games.samurai_spirit.play import Play
from games.samurai_spirit.policy import SimplePolicy

ROSTER = ("kikuchiyo", "kyuzo", "daisuke", "katsushiro", "gorobei", "heihachi", "kanbei")
DIFFICULTIES = ("easy", "normal", "hard", "heroic")

STRENGTH_TABLES: dict[str, dict[str, Any]] = {
    f"{count} Samurai, {difficulty}": {"samurai": list(ROSTER[:count]), "difficulty": difficulty}
    for difficulty in DIFFICULTIES for count in (2, 3, 4, 5, 6, 7)
}
"""The tables bench/policy_strength.py plays, per difficulty and player count."""


def heuristic(seed: int) -> Pilot:
    """The heuristic policy (heuristic.HeuristicPolicy), its own random source from `seed`."""
    return HeuristicPolicy(random.Random(seed)).choose


def simple(seed: int) -> Pilot:
    """The simple policy, the baseline the heuristic is measured against."""
    return SimplePolicy(random.Random(seed)).choose


def advisable(match: Match) -> bool:
    """Every choice and button is a decision; a tap is a card turned over (chance, not a choice)."""
    prompt = match.play.prompt
    return prompt is not None and prompt.tap is None and len(prompt.options) > 1


def choices(match: Match) -> dict[str, Input]:
    """Each option of the pending choice, taken by choosing it."""
    prompt = match.play.prompt
    return {option: Choose(option) for option in prompt.options} if advisable(match) and prompt else {}


def determinize(match: Match, rng: random.Random) -> FlowPlay:
    """The play at `match`'s current prompt, rebuilt from its public inputs only (see the module's note)."""
    play = replay_public(match, rng, _public)
    assert isinstance(play, Play)
    return play


def _public(value: Input) -> bool:
    """A tap `hidden` is the engine's private note of a face-down card: the table saw nothing."""
    return not (isinstance(value, Tap) and value.hidden)


def score(play: Any, actor: str) -> float:
    """Cooperative: everyone wins when the village is saved."""
    return 1.0 if play.result == "won" else 0.0


def bench_table(setup: dict[str, Any], seed: int, policy: str = "heuristic") -> tuple[Play, Pilot, str]:
    """The bench's table for one seed: every Samurai plays `policy`; the hero is the whole table ("")."""
    from engine.core.registry import get_game

    game = get_game("samurai-spirit")
    play, _ = game.new_play(game.parse_setup(setup), seed)
    assert isinstance(play, Play)
    return play, (heuristic if policy == "heuristic" else simple)(seed ^ 0x5EED), ""


def strength(setup: dict[str, Any], seed: int, policy: str) -> float:
    """One seeded game of `setup` played out by the named policy ("simple" or "heuristic"): 1.0 if won."""
    play, pilot, hero = bench_table(setup, seed, policy)
    play.play_out(pilot)
    return score(play, hero)
