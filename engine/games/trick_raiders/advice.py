"""Trick Raiders' advisor hooks (engine.core.advisor.AdvisorHooks): a modest heuristic and the public view.

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

from engine.core.flow import FlowPlay, Pilot
from engine.core.inputs import Choose, Input, Tap
from engine.core.match import Match
from engine.core.outcome import win_share
from engine.games.trick_raiders.play import Play
from engine.games.trick_raiders.policy import SimplePolicy, _tap
from engine.games.trick_raiders.rules.tricks import judge
from engine.games.trick_raiders.state import State

STRENGTH_TABLES: dict[str, dict[str, Any]] = {
    "3 players, 2 lives": {"players": ["ann", "ben", "cy"], "lives": 2, "first": "ann"},
    "4 players, 2 lives": {"players": ["ann", "ben", "cy", "dee"], "lives": 2, "first": "ann"},
    "4 players, 3 lives": {"players": ["ann", "ben", "cy", "dee"], "lives": 3, "first": "ann"},
}
"""The tables bench/policy_strength.py plays: the first player uses the measured policy, the others the simple one."""

ADVISED = ("lead", "lead-return")
"""Tap decisions made from public cards (face-up lead cards)."""


class HeuristicPolicy(SimplePolicy):
    """Plays to lead exactly as often as declared: win tricks while lead cards remain, duck once they are gone.

    `heroes` names the players it plays this way (None: everybody); the
    others play like the simple policy, on the same physical table.
    """

    def __init__(self, rng: random.Random, heroes: frozenset[str] | None = None) -> None:
        super().__init__(rng)
        self.heroes = heroes
        self._hands: dict[int, dict[str, list[str]]] = {}

    def hand(self, st: State, name: str) -> list[str]:
        """The hand of `name`: the cards seen going into it, plus unseen cards dealt once per round by this policy."""
        dealt = self._hands.get(st.round)
        player = st.by_name(name)
        if dealt is not None:
            held = [c for c in player.known_hand if st.where.get(c) == ("hand", name)]
            held += [c for c in dealt.get(name, []) if c not in st.where]
            if len(held) == player.hand:
                return held
        unseen = st.unseen()
        random.Random(self.seed * 7919 + st.round).shuffle(unseen)
        dealt = {}
        for other in st.players:
            dealt[other.name], unseen = unseen[:other.unknown_hand], unseen[other.unknown_hand:]
        self._hands[st.round] = dealt
        return [c for c in player.known_hand if st.where.get(c) == ("hand", name)] + dealt[name]

    def choose(self, play: Play) -> Input:
        prompt = play.prompt
        assert prompt is not None
        if self.heroes is not None and prompt.actor not in self.heroes:
            return super().choose(play)
        st = play.state
        kind = prompt.kind
        if kind == "lead":
            return _tap(self._lead(st, prompt.actor))
        if kind == "lead-return":
            return _tap(min(st.by_name(prompt.actor).lead, key=st.value))
        if kind in ("follow", "lead-from-hand"):
            return _tap(self._follow(st, prompt.actor, kind))
        if kind == "life-steal":
            return Choose(prompt.options[0])
        return super().choose(play)

    def _lead(self, st: State, name: str) -> str:
        """Strong while more lead cards wait (to win and lead again), weak with the last one."""
        lead = st.by_name(name).lead
        strength = _strength(st)
        return max(lead, key=strength) if len(lead) > 1 else min(lead, key=strength)

    def _follow(self, st: State, name: str, kind: str) -> str:
        hand = self.hand(st, name)
        if kind == "follow":
            led = st.suit(st.trick[0].card)
            same = [c for c in hand if st.suit(c) == led]
            hand = same or hand
        else:
            return min(hand, key=_strength(st))
        want = bool(st.by_name(name).lead)
        cards = [played.card for played in st.trick]
        winning = [c for c in hand if judge([*cards, c], st.catalogue, st.trump) == len(cards)]
        strength = _strength(st)
        if want and winning:
            return min(winning, key=strength)
        losing = [c for c in hand if c not in winning]
        if not want and losing:
            return max(losing, key=strength)
        return min(hand, key=strength)


def _strength(st: State) -> Any:
    trump = st.trump
    return lambda cid: (st.suit(cid) == trump, st.value(cid))


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
    play, _ = match.game.new_play(match.setup, match.seed)
    assert isinstance(play, Play)
    play.quiet()
    for value in match.inputs:
        play.advance(value)
    play.state.rng = random.Random(rng.getrandbits(64))
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
