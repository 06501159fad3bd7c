"""Many games played by the simple policy: win rate and average score.

Also the two plays the secrecy checks compare: a game whose table taps the
cards it slides face down (`play_one` with `hidden`), and its twin that
differs only in which cards those hidden taps named (`hidden_twin`).

Pure: the caller measures time, the games come from seeds.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from engine.core.events import Event
from engine.core.inputs import Input, Tap
from engine.core.match import Match
from games.samurai_spirit import SamuraiSpirit
from games.samurai_spirit.play import Play
from games.samurai_spirit.policy import SimplePolicy


@dataclass
class Tally:
    games: int = 0
    won: int = 0
    inputs: int = 0
    score_total: int = 0
    rounds: dict[int, int] = field(default_factory=dict)

    @property
    def win_rate(self) -> float:
        return self.won / self.games if self.games else 0.0

    @property
    def average_score(self) -> float:
        return self.score_total / self.won if self.won else 0.0


def play_one(game: SamuraiSpirit, setup: dict[str, object], seed: int, explore: float = 0.0,
             hidden: float = 0.0) -> Match:
    """One full game; the policy's own random source is derived from the seed.

    `hidden` is the chance that a card slid face down onto the Intruder stack
    is tapped `hidden` at once, naming the card a physical table would hold
    (its own random source, so `hidden=0` plays exactly as before).
    """
    match = Match(game, setup, seed)
    policy = SimplePolicy(random.Random(seed ^ 0x5EED), explore)
    hider = random.Random(seed ^ 0x41DE) if hidden else None
    play = match.play
    assert isinstance(play, Play)
    apply, choose = match.apply, policy.choose
    while play.prompt is not None:
        events = apply(choose(play))
        if hider is not None and play.prompt is not None and _slid_unseen(play, events) and hider.random() < hidden:
            apply(Tap(play.state.cards.sample_top("intruder", hider), hidden=True))
    return match


def play_out_one(game: SamuraiSpirit, setup: dict[str, Any], seed: int, explore: float = 0.0) -> tuple[Play, int]:
    """The game `play_one` plays, in play-out mode: the finished play and how many inputs it took.

    Same rules, same policy, same random draws, so the same game; only the
    events and the journal are skipped (see `FlowPlay.play_out`).
    """
    play, _ = game.new_play(game.parse_setup(setup), seed)
    assert isinstance(play, Play)
    policy = SimplePolicy(random.Random(seed ^ 0x5EED), explore)
    play.play_out(policy.choose)
    return play, policy.answered


def _slid_unseen(play: Play, events: list[Event]) -> bool:
    """The last input slid a card nobody has seen onto the Intruder stack."""
    intruder = play.state.cards.intruder
    return bool(intruder) and intruder[-1] is None and any(e.kind in ("support", "intruder") for e in events)


def hidden_twin(game: SamuraiSpirit, setup: dict[str, object], seed: int, inputs: list[Input],
                rng: random.Random) -> list[Input]:
    """The same public inputs, with every hidden tap naming another card the table could not tell apart.

    Each replacement is a card the twin's table could slide face down at that
    moment and has not named already; where possible it is one the original
    game does not draw from the Raider stack later in the round, so the
    twin's note lasts until the round-end reveals. Both games are legal
    and, if the engine keeps its secrets, look the same to the table.
    """
    drawn_later = _drawn_later(game, setup, seed, inputs)
    twin = Match(game, setup, seed)
    play = twin.play
    assert isinstance(play, Play)
    out: list[Input] = []
    for number, value in enumerate(inputs):
        if isinstance(value, Tap) and value.hidden:
            value = Tap(_other_card(play, value.card, drawn_later[number], rng), hidden=True)
        twin.apply(value)
        out.append(value)
    return out


def _drawn_later(game: SamuraiSpirit, setup: dict[str, object], seed: int, inputs: list[Input]) -> list[set[str]]:
    """For each input, the cards the game draws from the Raider stack after it in the same round."""
    match = Match(game, setup, seed)
    play = match.play
    assert isinstance(play, Play)
    steps: list[tuple[int, str | None]] = []
    for value in inputs:
        source = play.prompt.tap if play.prompt is not None else None
        match.apply(value)
        drawn = value.card if isinstance(value, Tap) and not value.hidden and source == "raider" else None
        steps.append((play.state.round, drawn))
    later: set[str] = set()
    out: list[set[str]] = []
    for number in range(len(steps) - 1, -1, -1):
        if number + 1 < len(steps) and steps[number + 1][0] != steps[number][0]:
            later = set()
        out.append(set(later))
        drawn = steps[number][1]
        if drawn is not None:
            later.add(drawn)
    return out[::-1]


def _other_card(play: Play, original: str, avoid: set[str], rng: random.Random) -> str:
    cards = play.state.cards
    could = [cid for cid in sorted(cards.catalogue.cards)
             if cid != original and cid not in cards.hidden and cards.why_not_note(cid, play.state.round) is None]
    lasting = [cid for cid in could if cid not in avoid]
    return rng.choice(lasting or could or [original])


def simulate(game: SamuraiSpirit, setup: dict[str, object], games: int, seed: int) -> Tally:
    tally = Tally()
    for index in range(games):
        play, inputs = play_out_one(game, setup, seed + index)
        st = play.state
        tally.games += 1
        tally.inputs += inputs
        tally.rounds[st.round] = tally.rounds.get(st.round, 0) + 1
        if st.result == "won":
            tally.won += 1
            tally.score_total += st.score or 0
    return tally
