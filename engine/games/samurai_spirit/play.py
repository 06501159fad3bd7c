"""One play-through of Samurai Spirit: the state and where the rules stand.

The rules run as one generator (see `rules`); this class feeds it checked
inputs and keeps the prompt it is waiting on. `check` refuses bad inputs
before anything moves, so a refused input leaves the state as it was.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core.errors import RuleError
from engine.core.events import Event
from engine.core.inputs import Choose, Input, Press, Tap
from engine.core.prompt import TABLE, Prompt
from engine.games.samurai_spirit import reasons, view
from engine.games.samurai_spirit.catalogue import SAMURAI, Catalogue
from engine.games.samurai_spirit.knowledge import Knowledge
from engine.games.samurai_spirit.rules import deal, rounds
from engine.games.samurai_spirit.rules.flow import Flow
from engine.games.samurai_spirit.setup import Setup
from engine.games.samurai_spirit.state import SamuraiState, State


class Play:
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
        self._flow: Flow[None] = rounds.game(self)
        self._prompt: Prompt | None = None
        self._resume(None)

    # --- helpers for the rules ---------------------------------------------

    def emit(self, kind: str, text: str, **data: Any) -> None:
        self.events.append(Event(kind, text, data))

    def ask(self, actor: SamuraiState | str, kind: str, options: list[str], text: str,
            forced: str | None = None, subject: str | None = None) -> Flow[str]:
        """Wait for a choice. A single legal option is taken at once and reported (with `forced` as why)."""
        who = actor if isinstance(actor, str) else actor.name
        if len(options) == 1:
            why = forced or f"Only one choice: {options[0]}."
            self.emit("forced", why, actor=who, decision=kind, option=options[0])
            return options[0]
        value = yield Prompt(who, kind, text, tuple(options), None, subject)
        if isinstance(value, Choose):
            return value.option
        assert isinstance(value, Press)
        return value.button

    def reveal(self, actor: SamuraiState | str, source: str, text: str) -> Flow[str]:
        """Wait for the tap of the card turned over from `source`, and pick it up."""
        who = actor if isinstance(actor, str) else actor.name
        value = yield Prompt(who, "reveal", text, (), source)
        assert isinstance(value, Tap)
        cid = value.card
        st = self.state
        st.cards.take(source, cid, st.round)
        self.emit("reveal", f"{cid} revealed ({st.catalogue.cards[cid].label}).", card=cid, source=source)
        yield from deal.after_reveal(self, cid)
        return cid

    # --- the Play contract ----------------------------------------------------

    @property
    def prompt(self) -> Prompt | None:
        return self._prompt

    @property
    def result(self) -> str | None:
        return self.state.result

    def check(self, value: Input) -> None:
        """Refuse an input that cannot be true, reading only what the table knows.

        The answer never depends on the identity of a hidden card, so neither
        a refusal nor an acceptance tells the table where one lies.
        """
        prompt = self._prompt
        if prompt is None:
            raise RuleError(f"the game is over ({self.state.result}); start a new game or undo")
        st = self.state
        if isinstance(value, Tap):
            if value.card not in st.catalogue.cards:
                raise RuleError(f"unknown card {value.card!r}")
            if value.card in st.set_aside:
                raise RuleError(f"{value.card} was set aside by the re-deal: it is not in this game")
            if value.hidden:
                reason = st.cards.why_not_note(value.card, st.round)
            elif prompt.tap is None:
                raise RuleError(f"not waiting for a card now: {prompt.text}")
            else:
                reason = st.cards.why_not_take(prompt.tap, value.card, st.round)
            if reason:
                raise RuleError(reason)
            return
        option = value.option if isinstance(value, Choose) else value.button
        if prompt.tap is not None:
            raise RuleError(f"{option!r} is not possible now: tap a card first. {prompt.text}")
        if option not in prompt.options:
            raise RuleError(reasons.why_not(self, prompt, option))

    def advance(self, value: Input) -> list[Event]:
        if isinstance(value, Tap) and value.hidden:
            self.events = []
            self.state.cards.note_hidden(value.card, self.state.round)
            self.emit("hidden", "The card slid onto the Intruder stack is noted (it stays hidden).")
            return self.events
        return self._resume(value)

    def _resume(self, value: Input | None) -> list[Event]:
        self.events = []
        try:
            self._prompt = self._flow.send(value)  # type: ignore[arg-type]
        except StopIteration:
            self._prompt = None
        return self.events

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
