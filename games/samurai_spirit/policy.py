"""A simple legal policy: plays both the table and the Samurai, for simulations.

It answers taps with a physically fair guess from what the engine knows (see
`Knowledge.sample_top`) and decisions with a few plain heuristics, so
simulated games look like real ones: Samurai defend the symbols the round end
asks for, fight while there is room under the Kiai, and pass before the flame.
`explore` mixes in uniformly random legal choices, for property tests.
"""

from __future__ import annotations

import random
from functools import cache

from engine.core.inputs import Choose, Input, Tap
from engine.core.prompt import Prompt
from games.samurai_spirit.play import Play
from games.samurai_spirit.state import SamuraiState

COSTLY = frozenset({"barricade", "wound", "intruder", "must-pass", "shuffle-discard"})
"""Penalties that hurt again at every turn while the card stays last in line."""


@cache
def _choose(option: str) -> Choose:
    """The input for an option id. Inputs are immutable values, so one per id serves every game."""
    return Choose(option)


@cache
def _tap(card: str) -> Tap:
    """The input for a tapped card, one per card id (see `_choose`)."""
    return Tap(card)


class SimplePolicy:
    """Chooses an input for any prompt; its own random source, never the game's."""

    def __init__(self, rng: random.Random, explore: float = 0.0) -> None:
        self.rng = rng
        self.explore = explore
        self.answered = 0
        """How many prompts it has answered: the inputs of a play-out, which keeps no journal to count."""

    def choose(self, play: Play) -> Input:
        self.answered += 1
        prompt = play.prompt
        assert prompt is not None
        tap = prompt.tap
        if tap:
            return _tap(play.state.cards.sample_top(tap, self.rng))
        if self.explore and self.rng.random() < self.explore:
            return _choose(self.rng.choice(prompt.options))
        kind = prompt.kind
        # The two decisions of nearly every turn first, without the general dispatch.
        if kind == "action":
            return _choose(self._action(play, prompt))
        if kind == "fight":
            return _choose(self._fight(play, prompt))
        return _choose(self._decide(play, prompt))

    def _decide(self, play: Play, prompt: Prompt) -> str:
        options = prompt.options
        kind = prompt.kind
        if kind == "action":
            return self._action(play, prompt)
        if kind == "fight":
            return self._fight(play, prompt)
        if kind in ("kiai", "ignore-penalty"):
            return "yes"
        if kind == "fight-again":
            sam = play.actor()
            assert sam is not None
            return "yes" if play.state.track(sam) + 4 <= play.state.kiai(sam) else "no"
        if kind == "side":
            return "defend" if "defend" in options else "confront"
        if kind in ("farmstead-back", "support-target", "kiai-target", "kiai-order"):
            return self.rng.choice(options)
        if kind == "absent-token":
            return self.rng.choice(options) if self.rng.random() < 0.2 else "no"
        return options[0]

    def _action(self, play: Play, prompt: Prompt) -> str:
        options = prompt.options
        if len(options) == 1:
            return options[0]
        st = play.state
        sam = st.seats[prompt.actor]
        room = st.kiai(sam) - st.track(sam)
        if room >= 5 or (room >= 3 and not self._costly_last(play, sam)):
            return "fight"
        # Passing early is what loses villages: when everyone has passed, the
        # rest of the Raider stack joins the Intruders and burns at round end.
        # Supporting keeps the stack moving without filling the combat line.
        if "support" in options:
            return "support"
        if room >= 1 and self.rng.random() < 0.5:
            return "fight"
        return "pass"

    @staticmethod
    def _costly_last(play: Play, sam: SamuraiState) -> bool:
        """Whether the last card of the combat line carries a penalty that hurts at every turn (`COSTLY`)."""
        if not sam.combat:
            return False
        return not COSTLY.isdisjoint(play.state.catalogue.cards[sam.combat[-1]].penalties)

    def _fight(self, play: Play, prompt: Prompt) -> str:
        options = prompt.options
        st = play.state
        sam = st.seats[prompt.actor]
        assert prompt.subject is not None
        value = st.values[prompt.subject]
        if "discard" in options:
            return "discard"
        after = st.track(sam) + value
        kiai = st.kiai(sam)
        if after == kiai:
            return "confront"
        if after > kiai:
            if "defend" in options:
                return "defend"
            if "under" in options:
                return "under"
            for name in options:
                if name in st.catalogue.samurai:
                    other = st.by_name(name)
                    if st.track(other) + value <= st.kiai(other):
                        return name
            return "confront"
        return "defend" if "defend" in options else "confront"
