"""A simple legal policy for simulations: it plays the table (flips a card) and every player.

The deck is the policy's own: a flip taps a card drawn at random from the
cards not played yet, which is the same as a shuffled deck with nine cards
in the box. A player takes a card when its chips make it cheap enough or it
joins one of their runs, takes it when they have no chip, and otherwise
says No thanks; `explore` mixes in random choices, for property tests.
"""

from __future__ import annotations

import random

from engine.core.inputs import Input, Press, Tap
from games.no_thanks.play import Play
from games.no_thanks.rules.turns import NO_THANKS, TAKE
from games.no_thanks.state import State

NO = Press(NO_THANKS)
YES = Press(TAKE)


def cost(st: State, name: str) -> int:
    """What taking the card in the middle would add to `name`'s total: the points it adds less its chips."""
    assert st.card is not None
    value = st.value(st.card)
    own = {st.value(c) for c in st.by_name(name).cards}
    if value - 1 in own:
        added = 0
    elif value + 1 in own:
        added = -1
    else:
        added = value
    return added - st.pot


class SimplePolicy:
    """Chooses an input for any prompt; its own random source, never the game's."""

    def __init__(self, rng: random.Random, explore: float = 0.0) -> None:
        self.rng = rng
        self.explore = explore

    def choose(self, play: Play) -> Input:
        prompt = play.prompt
        assert prompt is not None
        if prompt.tap is not None:
            return Tap(self.rng.choice(play.possible_taps()))
        return self.decide(play, prompt.actor)

    def decide(self, play: Play, name: str) -> Input:
        st = play.state
        if st.by_name(name).chips == 0:
            return YES
        if self.explore and self.rng.random() < self.explore:
            return self.rng.choice((NO, YES))
        return YES if cost(st, name) <= self.rng.randint(0, 10) else NO
