"""One play-through of Trick Raiders: the state and where the rules stand.

The rules run as one generator (see `rules`); this class feeds it checked
inputs and keeps the prompt it is waiting on. `check` refuses bad inputs
before anything moves, so a refused input leaves the state as it was, and
it reads only what the table has seen: a card nobody has seen could be in
any hand, so it is never refused as "not in your hand".
"""

from __future__ import annotations

import random
from typing import Any

from engine.core.flow import StatePlay, first_seat
from engine.core.inputs import Tap
from engine.core.messages import Items, Message, msg
from engine.core.prompt import Prompt
from games.trick_raiders import view
from games.trick_raiders.catalogue import Catalogue
from games.trick_raiders.rules import rounds
from games.trick_raiders.rules.flow import Flow
from games.trick_raiders.setup import Setup
from games.trick_raiders.state import Player, State


class Play(StatePlay[State]):
    """A game in progress; built by TrickRaiders.new_play."""

    def __init__(self, catalogue: Catalogue, setup: Setup, seed: int) -> None:
        rng = random.Random(seed)
        names = setup.players
        first = first_seat(names, setup.first, rng)
        players = [Player(name, seat, setup.lives) for seat, name in enumerate(names)]
        self.state = State(catalogue=catalogue, setup=setup, rng=rng, players=players, first=first)
        self.start(rounds.game(self))

    # --- helpers for the rules ---------------------------------------------

    def ask(self, actor: str, kind: str, options: list[str], message: Message) -> Flow[str]:
        """Wait for a choice; a single legal option is taken at once and reported."""
        return self.ask_option(actor, kind, options, message)

    # --- the Play contract ----------------------------------------------------

    def _why_not_tap(self, prompt: Prompt, value: Tap) -> Message | None:
        st = self.state
        cid = value.card
        if cid not in st.catalogue.cards:
            return msg("Unknown card '{id}': this tag is bound to no card of this game.", id=cid)
        if value.hidden:
            return msg("Nothing is played face down in Trick Raiders: show {card} and tap it face up.", card=cid)
        if cid not in st.deck:
            return msg("{card} is not used with 3 players (no 1s, no 2s, one 10 of each suit): put it back in the "
                       "box.", card=cid)
        if prompt.tap is None:
            return msg("Not waiting for a card now. {prompt}", prompt=prompt.message)
        player = st.by_name(prompt.actor)
        where = st.where.get(cid)
        if prompt.kind == "deal":
            return None if where is None else _where_is(st, cid, where)
        if prompt.kind == "declare":
            return _why_not_declare(st, player, cid, where)
        if prompt.kind in ("lead", "lead-return"):
            if where == ("lead", player.name):
                return None
            if prompt.kind == "lead-return":
                return msg("{player} must put one of the lead cards ({cards}) into the hand: tap one of them.",
                           player=player.name, cards=Items(player.lead))
            if where is None or where == ("hand", player.name):
                return msg("{player} leads, so plays a lead card ({cards}), not a card from the hand.",
                           player=player.name, cards=Items(player.lead))
            return _where_is(st, cid, where)
        return _why_not_from_hand(st, player, cid, where, prompt.kind)

    def possible_taps(self) -> list[str]:
        """The cards the pending tap could be, from what the table has seen (any unseen card could be in a hand)."""
        prompt = self._prompt
        if prompt is None or prompt.tap is None:
            return []
        st = self.state
        player = st.by_name(prompt.actor)
        if prompt.kind == "deal":
            return st.unseen()
        if prompt.kind in ("lead", "lead-return"):
            return list(player.lead)
        if prompt.kind == "declare":
            if player.added:
                return st.unseen() if player.unknown_hand else []
            return list(player.lead) + (st.unseen() if player.unknown_hand and not player.collected else [])
        return list(player.known_hand) + (st.unseen() if player.unknown_hand else [])

    def public_view(self) -> dict[str, Any]:
        return view.public_view(self)


def _where_is(st: State, cid: str, where: tuple[str, str]) -> Message:
    place, owner = where
    if place == "lead":
        return msg("{card} is one of {player}'s lead cards.", card=cid, player=owner)
    if place == "hand":
        return msg("{card} is in {player}'s hand (it was taken there in view of everyone).", card=cid, player=owner)
    return msg("{card} was already played in this round.", card=cid)


def _why_not_declare(st: State, player: Player, cid: str, where: tuple[str, str] | None) -> Message | None:
    """Add (a card from the hand) or collect (an own lead card), never both in one declaration."""
    if where == ("lead", player.name):
        if player.added:
            return msg("{player} added cards to the lead cards, so cannot also take {card} back into the hand: a "
                       "player either adds or collects. Undo to change the declaration.", player=player.name,
                       card=cid)
        return None
    if where is None or where == ("hand", player.name):
        if player.collected:
            return msg("{player} took lead cards into the hand, so cannot also add {card}: a player either adds or "
                       "collects. Undo to change the declaration.", player=player.name, card=cid)
        if not player.unknown_hand:
            return msg("{player} has no card left in the hand to add.", player=player.name)
        return None
    return _where_is(st, cid, where)


def _why_not_from_hand(st: State, player: Player, cid: str, where: tuple[str, str] | None,
                       kind: str) -> Message | None:
    if where == ("hand", player.name):
        return None
    if where is None:
        if player.unknown_hand:
            return None
        return msg("{card} cannot be in {player}'s hand: it holds only {cards}.", card=cid, player=player.name,
                   cards=Items(player.known_hand))
    if where == ("lead", player.name):
        if kind == "follow":
            return msg("{card} is one of {player}'s lead cards: only the leader plays a lead card. {player} follows "
                       "with a card from the hand.", card=cid, player=player.name)
        return msg("{card} is one of {player}'s lead cards: the leader dropped out, so {player} leads from the hand "
                   "this time.", card=cid, player=player.name)
    return _where_is(st, cid, where)
