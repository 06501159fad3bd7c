"""A simple legal policy: plays the table (deal, hands) and every player, for simulations.

The engine never knows the hands, so the policy keeps the physical table
itself: each round's shuffle comes from its own seed and the round number
(so an undo or a replay deals the same cards again), and a player's hand is
what was dealt, plus what everybody saw go into it, minus what left it.
Players follow suit from their real hands; `revoke` is the chance that one
who could follow does not, so revoke detection gets exercised. `explore`
mixes in random legal declarations and choices, for property tests.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from engine.core.inputs import Choose, Input, Press, Tap
from games.trick_raiders.play import Play
from games.trick_raiders.state import State


@cache
def _tap(card: str) -> Tap:
    return Tap(card)


OK = Press("ok")


class SimplePolicy:
    """Chooses an input for any prompt; its own random source, never the game's."""

    def __init__(self, rng: random.Random, explore: float = 0.0, revoke: float = 0.0) -> None:
        self.rng = rng
        self.seed = rng.randrange(2**32)
        self.explore = explore
        self.revoke = revoke
        self._deals: dict[tuple[Any, ...], tuple[dict[str, list[str]], dict[str, list[str]]]] = {}

    # --- the physical table -------------------------------------------------

    def deal(self, st: State) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
        """(lead cards, hand) per player as dealt this round, the same each time it is asked."""
        key = (st.round, tuple(p.name for p in st.players), tuple(st.deck))
        if key not in self._deals:
            deck = list(st.deck)
            random.Random(self.seed * 1009 + st.round).shuffle(deck)
            lead, hand = {}, {}
            for index, player in enumerate(st.players):
                cards = deck[index * (st.lead_size + st.hand_size):(index + 1) * (st.lead_size + st.hand_size)]
                lead[player.name], hand[player.name] = cards[:st.lead_size], cards[st.lead_size:]
            self._deals[key] = (lead, hand)
        return self._deals[key]

    def hand(self, st: State, name: str) -> list[str]:
        """The cards really in `name`'s hand now.

        The policy deals its own physical table; when the game was driven by
        other hands (a fuzzer's random taps, an undo the table did not
        follow), its deal no longer matches the engine's counts, and the hand
        is made up from the cards nobody has seen instead, so play goes on.
        """
        dealt = self.deal(st)[1][name]
        player = st.by_name(name)
        gone = set(player.lead) | {c for c, (place, _) in st.where.items() if place in ("trick", "discard")}
        held = [c for c in dealt if c not in gone] + [c for c in player.known_hand if c not in dealt]
        if len(held) == player.hand:
            return held
        known = [c for c in player.known_hand if c not in gone]
        unseen = [c for c in st.unseen() if c not in known]
        random.Random(self.seed * 31 + st.round).shuffle(unseen)
        return (known + unseen)[:player.hand]

    # --- decisions --------------------------------------------------------------

    def choose(self, play: Play) -> Input:
        prompt = play.prompt
        assert prompt is not None
        st = play.state
        kind = prompt.kind
        if kind == "deal":
            lead = self.deal(st)[0][prompt.actor]
            return _tap(next((c for c in lead if c not in st.where), None) or self.rng.choice(st.unseen()))
        if kind == "declare":
            return self._declare(play)
        if kind == "lead":
            player = st.by_name(prompt.actor)
            return _tap(self.rng.choice(player.lead))
        if kind == "lead-return":
            return _tap(self.rng.choice(st.by_name(prompt.actor).lead))
        if kind in ("follow", "lead-from-hand"):
            return _tap(self._from_hand(st, prompt.actor, kind))
        return Choose(self.rng.choice(prompt.options))

    def _declare(self, play: Play) -> Input:
        """Aim at a number of leads (3 give or take, strong hands more), then move cards one tap at a time."""
        st = play.state
        name = play.prompt.actor if play.prompt else ""
        player = st.by_name(name)
        hand = self.hand(st, name)
        high = sum(1 for c in hand if st.value(c) >= 9 or st.suit(c) == "spades")
        if self.explore and self.rng.random() < self.explore:
            target = self.rng.randrange(0, len(hand) + len(player.lead) + 1)
        else:
            target = max(0, min(8, st.lead_size + (high - 4) // 2))
        if len(player.lead) > target and not player.added:
            return _tap(min(player.lead, key=st.value))
        if len(player.lead) < target and hand and not player.collected:
            return _tap(max(hand, key=st.value))
        return OK

    def _from_hand(self, st: State, name: str, kind: str) -> str:
        hand = self.hand(st, name)
        if kind == "follow":
            led = st.suit(st.trick[0].card)
            same = [c for c in hand if st.suit(c) == led]
            if same and not (self.revoke and self.rng.random() < self.revoke and len(same) < len(hand)):
                hand = same
            elif same:
                hand = [c for c in hand if st.suit(c) != led]
        return self.rng.choice(hand)
