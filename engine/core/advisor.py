"""Advice at a decision: each option's chance of winning, from the public view only.

Determinized Monte Carlo. For each sample, the game's `determinize` hook
rebuilds the play at the current decision from what the table has seen
(never the engine's private notes) with every unseen identity and every
future random choice drawn afresh; then each legal option is taken and the
game is played to its end by the game's heuristic policy. All options of a
sample share the same draws (common random numbers), so the differences
between options are not drowned in the luck of the deal.

Pure and deterministic: the same match, seed and budget give the same
advice. The budget is a number of play-outs, or a caller-given clock
function and a time (the engine reads no clock of its own). Sampling stops
early once the best option is separated from every other one (its interval
no longer overlaps theirs) after a minimum number of samples.

A game plugs in by registering an `advisor` module (engine.core.registry)
that provides the hooks of `AdvisorHooks`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.core.errors import RuleError
from engine.core.flow import FlowPlay, Pilot
from engine.core.inputs import Input
from engine.core.match import Match
from engine.core.messages import msg

Z = 1.96
"""95% two-sided normal quantile, for the intervals."""
MIN_SAMPLES = 24
"""Samples before an early stop may be called: enough for the interval to mean something."""
Z_DEPART = 1.96
"""How sure the paired play-outs must be (McNemar's z, `Estimate.gain_z`) before the advice departs
from the heuristic's own choice: noise among thin estimates must not overrule a sound rule of thumb."""


class AdvisorHooks(Protocol):
    """What a game's `advisor` module provides (module-level functions)."""

    def heuristic(self, seed: int) -> Pilot:
        """The game's heuristic policy: answers any prompt, reading only public knowledge."""
        ...

    def determinize(self, match: Match, rng: random.Random) -> FlowPlay:
        """A fresh play at `match`'s current prompt, rebuilt from public inputs; unseen identities from `rng`."""
        ...

    def score(self, play: Any, actor: str) -> float:
        """1.0 if `actor` (or the table, in a cooperative game) won the finished play, else 0.0; shares allowed."""
        ...

    def advisable(self, match: Match) -> bool:
        """Whether the pending prompt is a decision the advisor can weigh from the public view."""
        ...

    def choices(self, match: Match) -> dict[str, Input]:
        """The options weighed at the pending prompt, each with the input that takes it."""
        ...

    def bench_table(self, setup: dict[str, Any], seed: int, policy: str = "heuristic") -> tuple[FlowPlay, Pilot, str]:
        """bench/policy_strength.py's table for one seed: a fresh play, the pilot answering every seat (the hero
        playing `policy`, the others the simple policy), and the hero's name ("" for the whole table)."""
        ...


@dataclass(frozen=True)
class Budget:
    """How much work one piece of advice may take.

    `playouts` caps the games played (over all options). With `clock` (a
    function returning seconds) and `seconds`, sampling also stops once that
    much time has passed; the engine never reads a clock by itself.
    """

    playouts: int = 2000
    seconds: float | None = None
    clock: Callable[[], float] | None = None


@dataclass
class Estimate:
    """One option's tally: total score over the play-outs that took it.

    `gain` and `gain_sq` sum this option's score minus the heuristic's own
    choice's score over the same samples (common random numbers), and their
    squares: the paired evidence `Advice.best` needs, far sharper than two
    separate intervals because the luck of the deal cancels out.
    """

    option: str
    wins: float = 0.0
    games: int = 0
    gain: float = 0.0
    gain_sq: float = 0.0

    @property
    def gain_z(self) -> float:
        """How clearly this option beats the heuristic's choice on the same deals: sum(d) / sqrt(sum(d^2)).

        With wins and losses this is McNemar's statistic, (b - c) / sqrt(b + c)
        over the deals only one of the two won (b for this option, c for the
        other); deals both won or both lost say nothing and weigh nothing. It
        needs no variance estimate, so a handful of deals never looks certain:
        four wins to none is the least that clears 1.96.
        """
        return self.gain / math.sqrt(self.gain_sq) if self.gain_sq > 0 else 0.0

    @property
    def mean(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """Wilson 95% interval of the win chance (sound near 0% and 100%, unlike mean +- 2 sigma)."""
        n = self.games
        if not n:
            return 0.0, 1.0
        p = self.mean
        centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
        half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
        return max(0.0, centre - half), min(1.0, centre + half)

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval
        return {"option": self.option, "estimate": round(self.mean, 4), "low": round(low, 4),
                "high": round(high, 4), "playouts": self.games,
                "vs_heuristic": round(self.gain / self.games, 4) if self.games else 0.0}


@dataclass
class Advice:
    """Every option's estimate at one decision, best first in `ranked`."""

    actor: str
    kind: str
    estimates: list[Estimate] = field(default_factory=list)
    separated: bool = False
    preferred: str = ""
    """The heuristic's own choice: it wins ties, so thin or all-zero estimates never pick an option blindly."""

    @property
    def playouts(self) -> int:
        return sum(e.games for e in self.estimates)

    @property
    def ranked(self) -> list[Estimate]:
        return sorted(self.estimates, key=lambda e: (-e.mean, e.option != self.preferred))

    @property
    def best(self) -> str:
        """The option to take: the heuristic's own, unless the paired play-outs show another one clearly better.

        Among the options whose paired gain over the heuristic's choice clears
        `Z_DEPART`, the one with the highest estimate; with none (or no
        heuristic choice to compare with), the heuristic's choice or the
        highest estimate.
        """
        ranked = self.ranked
        if not self.preferred or self.preferred not in (e.option for e in ranked):
            return ranked[0].option
        for estimate in ranked:
            if estimate.option == self.preferred or estimate.gain_z >= Z_DEPART:
                return estimate.option
        return self.preferred

    @property
    def margin(self) -> float:
        """The widest half-interval of any option: the "+-" said with the advice."""
        return max(((e.interval[1] - e.interval[0]) / 2 for e in self.estimates), default=0.0)

    def to_json(self) -> dict[str, Any]:
        return {"actor": self.actor, "kind": self.kind, "best": self.best, "heuristic": self.preferred,
                "separated": self.separated,
                "playouts": self.playouts, "options": [e.to_json() for e in self.estimates]}


def merge(parts: Iterable[Advice]) -> Advice:
    """Pool advice computed in parts (one per worker process, each with its own seed)."""
    pooled: Advice | None = None
    for part in parts:
        if pooled is None:
            pooled = Advice(part.actor, part.kind, [Estimate(e.option) for e in part.estimates],
                            preferred=part.preferred)
        for mine, theirs in zip(pooled.estimates, part.estimates, strict=True):
            mine.wins += theirs.wins
            mine.games += theirs.games
            mine.gain += theirs.gain
            mine.gain_sq += theirs.gain_sq
    if pooled is None:
        raise ValueError("nothing to merge")
    pooled.separated = is_separated(pooled)
    return pooled


def is_separated(advice: Advice) -> bool:
    """The best option's interval lies wholly above every other option's."""
    ranked = advice.ranked
    if len(ranked) < 2 or min(e.games for e in ranked) < MIN_SAMPLES:
        return False
    low = ranked[0].interval[0]
    return all(e.interval[1] < low for e in ranked[1:])


def replay_public(match: Match, rng: random.Random, public: Callable[[Input], bool] | None = None) -> Any:
    """A fresh quiet play of `match`'s game fed its public inputs, with a game random source drawn from `rng`.

    The usual `determinize`: every input the table saw (`public` says which,
    all by default) brings the play to the current prompt, and the game's own
    random choices to come are drawn afresh, since the table cannot know them.
    The caller checks the play's type; every game keeps its random source in
    `state.rng`.
    """
    play, _ = match.game.new_play(match.setup, match.seed)
    assert isinstance(play, FlowPlay)
    play.quiet()
    for value in match.inputs:
        if public is None or public(value):
            play.advance(value)
    play.state.rng = random.Random(rng.getrandbits(64))  # type: ignore[attr-defined]
    return play


def advise(hooks: AdvisorHooks, match: Match, seed: int, budget: Budget = Budget(),
           progress: Callable[[Advice], None] | None = None, own: Input | None = None) -> Advice:
    """Weigh every option of the pending decision; see the module's note.

    `progress`, if given, is called with the advice so far after each sample
    (one play-out per option), so a caller can show it growing. `own` is the
    decider's own heuristic choice when the caller knows it (a simulated
    player whose policy holds his private cards); by default the heuristic
    decides from the public view. The advice departs from it only on clear
    paired evidence (`Advice.best`).
    """
    prompt = match.play.prompt
    if prompt is None or not hooks.advisable(match):
        raise RuleError(msg("No advice here: the advisor weighs decisions (a choice or a button), not a card to "
                            "tap or a finished game."))
    choices = hooks.choices(match)
    options = list(choices)
    preferred = own if own is not None else hooks.heuristic(seed)(match.play)
    advice = Advice(prompt.actor, prompt.kind, [Estimate(option) for option in options],
                    preferred=next((o for o, value in choices.items() if value == preferred), ""))
    rng = random.Random(seed)
    start = budget.clock() if budget.clock is not None else 0.0
    while advice.playouts + len(options) <= max(budget.playouts, len(options)):
        sample = rng.getrandbits(64)
        scores = [_play_out(hooks, match, choices[estimate.option], sample) for estimate in advice.estimates]
        base = scores[options.index(advice.preferred)] if advice.preferred else 0.0
        for estimate, score in zip(advice.estimates, scores, strict=True):
            estimate.wins += score
            estimate.games += 1
            estimate.gain += score - base
            estimate.gain_sq += (score - base) ** 2
        advice.separated = is_separated(advice)
        if progress is not None:
            progress(advice)
        if advice.separated:
            break
        if budget.clock is not None and budget.seconds is not None and budget.clock() - start >= budget.seconds:
            break
    return advice


PLAY_OUT_LIMIT = 20_000
"""Inputs after which a play-out is given up and counts as not won: many times the longest real game.

Some games' rules allow a loop that only the players end (Samurai Spirit: Kyuzo discarding every card a
penalty shuffles back, turn after turn). The heuristics step out of the loops known; this bound keeps
any other from holding an advisor worker for ever while the table waits."""


class _Endless(Exception):
    """A play-out went past `PLAY_OUT_LIMIT` inputs."""


def _play_out(hooks: AdvisorHooks, match: Match, choice: Input, sample: int) -> float:
    """One game from the decision: `choice` taken, then the heuristic, all chance from `sample`."""
    prompt = match.play.prompt
    assert prompt is not None
    play = hooks.determinize(match, random.Random(sample))
    pilot = hooks.heuristic(sample ^ 0x9E3779B9)
    first: list[Input] = [choice]
    left = [PLAY_OUT_LIMIT]

    def opening(p: Any) -> Input:
        left[0] -= 1
        if left[0] < 0:
            raise _Endless
        return first.pop() if first else pilot(p)

    try:
        play.play_out(opening)
    except _Endless:
        return 0.0
    return hooks.score(play, prompt.actor)
