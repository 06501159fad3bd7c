"""One play-through of Tenno: the state and where the rules stand.

The rules run as one generator (rules/turns.py); this class feeds it checked
inputs and keeps the prompt it waits on. `check` refuses bad inputs before
anything moves. It may refuse a tap of a card that left the game (the
engine saw it go), but nothing it offers depends on what left the game:
which cards are gone is the players' memory, not the screen's, so the
possible taps are every card the prompt's rule allows by colour and role.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core.flow import StatePlay, first_seat
from engine.core.inputs import Tap
from engine.core.messages import Items, Message, msg
from engine.core.prompt import Prompt
from games.tenno import view
from games.tenno.catalogue import Catalogue
from games.tenno.rules import turns
from games.tenno.rules.duel import monk_matters
from games.tenno.setup import Setup
from games.tenno.state import Player, State


class Play(StatePlay[State]):
    """A game in progress; built by Tenno.new_play."""

    def __init__(self, catalogue: Catalogue, setup: Setup, seed: int) -> None:
        rng = random.Random(seed)
        names = setup.players
        first = first_seat(names, setup.first, rng)
        players = [Player(name, seat) for seat, name in enumerate(names)]
        self.state = State(catalogue=catalogue, setup=setup, players=players, first=first, active=first)
        self.start(turns.game(self))

    # --- the Play contract ----------------------------------------------------

    def _why_not_tap(self, prompt: Prompt, value: Tap) -> Message | None:
        st = self.state
        cid = value.card
        if cid not in st.catalogue.cards:
            return msg("Unknown card '{id}': this tag is bound to no card of this game.", id=cid)
        if value.hidden:
            return msg("Nothing is tapped face down in Tenno: turn {card} up and tap it.", card=cid)
        if not st.seated(st.colour(cid)):
            return msg("{card} belongs to no player of this game ({players}): put it back in the box.", card=cid,
                       players=Items(p.name for p in st.players))
        monk = self._monk_not_asked(prompt, cid)
        if monk is not None:
            return monk
        if prompt.tap is None:
            return msg("Not waiting for a card now. {prompt}", prompt=prompt.message)
        rule = self._why_not_by_rule(prompt, cid)
        if rule is not None:
            return rule
        if cid in st.out:
            # Not named: a card that left the game may lie face down on a prisoner pile, and the screen
            # naming it would show the table what the pile holds.
            return msg("That card has left the game, so it cannot be turned up now. {prompt}", prompt=prompt.message)
        return None

    def _monk_not_asked(self, prompt: Prompt, cid: str) -> Message | None:
        """A Monk tapped to help in this turn's duel when the engine did not ask for it.

        The engine asks for the defender's Monk only when its +2 would change
        who wins; tapped anyway after the duel was resolved, "it is red's
        turn" would tell the defender nothing. A Monk that may be tapped now
        (an attacker's own card, the card being attacked) is not this case.
        """
        st = self.state
        if st.role(cid) != "monk" or prompt.kind == "monk":
            return None
        owner = st.colour(cid)
        if prompt.tap is not None and (prompt.kind == "defend" or owner == prompt.actor):
            return None
        cards = st.catalogue.cards
        for duel in st.duels:
            if (duel.defender == owner and duel.defend_card is not None and duel.defend_card != cid
                    and not monk_matters(cards[duel.attack_card], cards[duel.defend_card])):
                return msg("{player}'s Monk cannot change this duel: its +2 would not change who wins, so it is "
                           "not asked for. {prompt}", player=owner, prompt=prompt.message)
        return None

    def _why_not_by_rule(self, prompt: Prompt, cid: str) -> Message | None:
        """What the prompt's rule says of this card, from its colour and role alone."""
        st = self.state
        duel = st.duel
        colour, role = st.colour(cid), st.role(cid)
        if prompt.kind in ("attack", "second-attack"):
            if colour != prompt.actor:
                return msg("It is {player}'s turn: {player} turns up one of {player}'s own cards and taps it.",
                           player=prompt.actor)
            if role == "shogun":
                return msg("The Shogun never attacks: turn him face down again and attack with another card.")
            if prompt.kind == "second-attack" and duel is not None and cid == duel.attack_card:
                return msg("The Ronin has attacked already: attack again with one of the two other cards, or press "
                           "Pass.")
            return None
        if prompt.kind == "defend":
            if colour == prompt.actor:
                return msg("{card} is the attacker's own card: tap the opponent's card that {player} attacks.",
                           card=cid, player=prompt.actor)
            if len(st.duels) > 1 and st.duels[0].defend_card == cid:
                return msg("{card} was attacked already this turn: the second attack goes to another card.",
                           card=cid)
            return None
        if prompt.kind == "monk":
            if role != "monk" or colour != prompt.actor:
                return msg("Only {player}'s Monk can help now: tap it, or press Pass.", player=prompt.actor)
            return None
        return msg("Not waiting for a card now. {prompt}", prompt=prompt.message)

    def possible_taps(self) -> list[str]:
        """The cards the pending tap's rule allows by colour and role (a card that left the game is refused later)."""
        prompt = self._prompt
        if prompt is None or prompt.tap is None:
            return []
        st = self.state
        by_colour = st.catalogue.by_colour
        duels = st.duels
        if prompt.kind in ("attack", "second-attack"):
            first = duels[0].attack_card if prompt.kind == "second-attack" and duels else None
            return [c for c in by_colour[prompt.actor] if c != first and st.role(c) != "shogun"]
        if prompt.kind == "defend":
            first = duels[0].defend_card if len(duels) > 1 else None
            return [c for player in st.players if player.name != prompt.actor for c in by_colour[player.name]
                    if c != first]
        if prompt.kind == "monk":
            return [st.catalogue.monk[prompt.actor]]
        return []

    def public_view(self) -> dict[str, Any]:
        return view.public_view(self)
