"""One play-through of Samurai Spirit: the state and where the rules stand.

The rules run as one generator (see `rules`); this class feeds it checked
inputs and keeps the prompt it is waiting on. `check` refuses bad inputs
before anything moves, so a refused input leaves the state as it was.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core.errors import RuleError
from engine.core.events import REVEAL, Event
from engine.core.flow import FlowPlay
from engine.core.inputs import Choose, Input, Tap
from engine.core.messages import Message, msg
from engine.core.outcome import Outcome
from engine.core.prompt import TABLE, Prompt
from games.samurai_spirit import reasons, view
from games.samurai_spirit.catalogue import SAMURAI, Catalogue
from games.samurai_spirit.knowledge import Knowledge
from games.samurai_spirit.outcome import outcome_of
from games.samurai_spirit.rules import deal, kiai, rounds
from games.samurai_spirit.rules.flow import Flow
from games.samurai_spirit.setup import Setup
from games.samurai_spirit.state import SamuraiState, State

_REVEALED: dict[str, Message] = {}
"""One "{card} revealed." message per card id, shared by every game (a card is revealed at almost every step)."""


class Play(FlowPlay):
    """A game in progress; built by SamuraiSpirit.new_play."""

    def __init__(self, catalogue: Catalogue, setup: Setup, seed: int) -> None:
        rng = random.Random(seed)
        names = setup.samurai
        level = setup.level
        first = names.index(setup.first) if setup.first else rng.randrange(len(names))
        self.state = State(
            catalogue=catalogue,
            setup=setup,
            rng=rng,
            cards=Knowledge(catalogue),
            samurai=[SamuraiState(name, seat, token_holder=name) for seat, name in enumerate(names)],
            barricades=level.barricades(len(names)),
            barricades_max=level.barricades(len(names)),
            farmstead_backs=dict(catalogue.farmstead_counts),
            families=list(catalogue.families),
            first=first,
            active=first,
            last_active=first,
            absent_unused=[n for n in SAMURAI if n not in names] if setup.absent_tokens else [],
        )
        self.kiai_active: set[str] = set()
        self.events: list[Event] = []
        self.start(rounds.game(self))

    # --- helpers for the rules ---------------------------------------------

    def ask(self, actor: SamuraiState | str, kind: str, options: list[str], message: Message,
            forced: Message | None = None, subject: str | None = None) -> Flow[str]:
        """Wait for a choice. A single legal option is taken at once and reported (with `forced` as why)."""
        who = actor if isinstance(actor, str) else actor.name
        return self.ask_option(who, kind, options, message, forced, subject)

    def after_track_change(self, sam: SamuraiState, added: bool) -> Flow[None]:
        """A wound flipped a board (village.py): the Kiai rules look at it, which the village rules cannot
        import, since the Kiai's own effects add and lose Barricades."""
        return kiai.after_change(self, sam, added)

    def reveal(self, actor: SamuraiState | str, source: str, message: Message,
               face_up: Message | None = None) -> Flow[str]:
        """Wait for the tap of the card turned over from `source`, and pick it up.

        When the top Raider card already lies face up (Katsushiro's Kiai put it
        back so), nothing is turned over: `face_up` says to take it and tap it
        instead. It is a constant template, filled here with `message`'s values
        and the card in `{card}`, so the usual draw builds nothing more.
        """
        st = self.state
        cards = st.cards
        if face_up is not None and source == "raider" and cards.raider_face_up:
            message = Message(face_up.template, {**message.params, "card": cards.raider[-1]})
            prompt = Prompt(actor if isinstance(actor, str) else actor.name, "reveal", message, (), source)
        elif not isinstance(actor, str) and message is actor.said.draw:
            prompt = actor.said.drawing
        else:
            prompt = Prompt(actor if isinstance(actor, str) else actor.name, "reveal", message, (), source)
        if self.pilot is None:
            value = yield prompt
        else:
            self._prompt = prompt
            value = self.pilot(self)
        assert isinstance(value, Tap)
        cid = value.card
        cards.take(source, cid, st.round)
        if self.pilot is None:
            revealed = _REVEALED.get(cid)
            if revealed is None:
                revealed = _REVEALED[cid] = msg("{card} revealed.", card=cid)
            self.emit(REVEAL, revealed, card=cid, source=source)
        if len(st.samurai) == 2 and not st.deal_settled:  # deal.after_reveal does nothing otherwise
            yield from deal.after_reveal(self, cid)
        return cid

    # --- the Play contract ----------------------------------------------------

    @property
    def result(self) -> str | None:
        return self.state.result

    @property
    def outcome(self) -> Outcome | None:
        """Winners (every Samurai, or none), the shared score and the grade, once the game is over."""
        return outcome_of(self.state)

    def check(self, value: Input) -> None:
        """Refuse an input that cannot be true, reading only what the table knows.

        The answer never depends on the identity of a hidden card, so neither
        a refusal nor an acceptance tells the table where one lies.
        """
        prompt = self._prompt
        if prompt is None:
            if self.state.result == "won":
                raise RuleError(msg("The game is over (won): start a new game, or undo."))
            raise RuleError(msg("The game is over (lost): start a new game, or undo."))
        st = self.state
        if isinstance(value, Tap):
            if value.card not in st.catalogue.cards:
                raise RuleError(msg("Unknown card '{id}': this tag is bound to no card of this game.", id=value.card))
            if value.card in st.set_aside:
                raise RuleError(msg("{card} was set aside by the re-deal: it is not in this game. "
                                    "Put it back with the set-aside Plunderers.", card=value.card))
            if value.hidden:
                reason = st.cards.why_not_note(value.card, st.round)
            elif prompt.tap is None:
                raise RuleError(msg("Not waiting for a card now. {prompt}", prompt=prompt.message))
            else:
                reason = st.cards.why_not_take(prompt.tap, value.card, st.round)
            if reason:
                raise RuleError(reason)
            return
        option = value.option if isinstance(value, Choose) else value.button
        if prompt.tap is not None:
            raise RuleError(msg("{option} is not possible now. {prompt}", option=option, prompt=prompt.message))
        if option not in prompt.options:
            raise RuleError(reasons.why_not(self, prompt, option))

    def advance(self, value: Input) -> list[Event]:
        if isinstance(value, Tap) and value.hidden:
            self.events = []
            self.state.cards.note_hidden(value.card, self.state.round)
            self.emit("hidden", msg("The card slid onto the Intruder stack is noted (it stays hidden)."))
            return self.events
        return self._resume(value)

    def possible_taps(self) -> list[str]:
        """The cards the pending tap could be, from public knowledge (a hidden card stays possible)."""
        if self._prompt is None or self._prompt.tap is None:
            return []
        return self.state.cards.possible(self._prompt.tap)

    def public_view(self) -> dict[str, Any]:
        return view.public_view(self)

    def actor(self) -> SamuraiState | None:
        if self._prompt is None or self._prompt.actor == TABLE:
            return None
        return self.state.by_name(self._prompt.actor)
