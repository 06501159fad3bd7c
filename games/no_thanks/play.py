"""One play-through of No Thanks!: the state and where the rules stand.

The rules run as one generator (rules/turns.py); this class feeds it checked
inputs. `check` refuses before anything moves: a tap of a card already
played (it says where it lies), of a card of no deck, a No thanks from a
player without a chip. The possible taps are every card not yet played:
which of them lie in the box is nobody's to know.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core.errors import RuleError
from engine.core.flow import StatePlay, first_seat, option_of
from engine.core.inputs import Input, Tap
from engine.core.messages import Message, msg
from engine.core.prompt import Prompt
from games.no_thanks import view
from games.no_thanks.catalogue import Catalogue
from games.no_thanks.rules import turns
from games.no_thanks.setup import CHIPS, Setup
from games.no_thanks.state import Player, State


class Play(StatePlay[State]):
    """A game in progress; built by NoThanks.new_play."""

    def __init__(self, catalogue: Catalogue, setup: Setup, seed: int) -> None:
        names = setup.players
        first = first_seat(names, setup.first, random.Random(seed))
        chips = CHIPS[len(names)]
        players = [Player(name, seat, chips) for seat, name in enumerate(names)]
        self.state = State(catalogue=catalogue, setup=setup, players=players, first=first, active=first)
        self.start(turns.game(self))

    def check(self, value: Input) -> None:
        """The shared checks, and No thanks only from a player with a chip to put on the card."""
        super().check(value)
        prompt = self._prompt
        if prompt is not None and prompt.kind == "decide" and option_of(value) == turns.NO_THANKS:
            player = self.state.by_name(prompt.actor)
            if player.chips == 0 and self.state.card is not None:
                raise RuleError(turns.no_chip(player.name, self.state.card))

    def _why_not_tap(self, prompt: Prompt, value: Tap) -> Message | None:
        """A card of this game, face up, at a flip, not played yet (else where it lies)."""
        st, cid = self.state, value.card
        if cid not in st.catalogue.cards:
            return msg("Unknown card '{id}': this tag is bound to no card of this game.", id=cid)
        waiting = super()._why_not_tap(prompt, value)
        if waiting is not None or value.hidden:
            return waiting or msg("Nothing is tapped face down in No Thanks!: turn {card} up and tap it.", card=cid)
        if cid == st.card:
            return msg("{card} is the card in the middle already. {prompt}", card=cid, prompt=prompt.message)
        holder = st.holder(cid)
        if holder is not None:
            return msg("{card} was played already: it lies in front of {player}. Flip the top card of the deck.",
                       card=cid, player=holder.name)
        return None

    def possible_taps(self) -> list[str]:
        """Every card not played yet (some lie in the box, unseen: nobody knows which)."""
        prompt = self._prompt
        if prompt is None or prompt.tap is None:
            return []
        played = set(self.state.flipped)
        return [cid for cid in self.state.catalogue.cards if cid not in played]

    def public_view(self) -> dict[str, Any]:
        return view.public_view(self)
