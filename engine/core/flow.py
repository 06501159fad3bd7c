"""Rules written as one generator per game, and the Play skeleton that drives it.

A game's rules read top to bottom like the rulebook: a rule that needs the
table's answer yields a Prompt and receives the Input. `FlowPlay` is the part
every such game shares (collect events, feed the generator, keep the prompt,
take a single legal option at once), so a game's Play holds only its own
checks and views.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import Any, Protocol, TypeVar

from engine.core.errors import RuleError
from engine.core.events import Event
from engine.core.inputs import Choose, Input, Press, Tap
from engine.core.messages import Items, Message, msg
from engine.core.prompt import Prompt

T = TypeVar("T")
Flow = Generator[Prompt, Input, T]
"""A rule that may wait for input: yields Prompts, receives Inputs, returns T."""
Pilot = Callable[[Any], Input]
"""Answers the play's pending prompt (`play.prompt`) with an input, like a game's policy."""


class FlowRules(Protocol):
    """What a game's rules may ask of the game in progress: the FlowPlay part of it.

    Each game extends it with its own state (`playing.py` beside its rules),
    so its rules and view depend on this small interface and not on the Play
    class that imports them: a game reads top-down, state, then rules, then play.
    """

    events: list[Event]
    telling: bool

    def emit(self, kind: str, message: Message, *, physical: bool = False, **data: Any) -> None: ...

    def step(self, kind: str, message: Message, **data: Any) -> None: ...

    def ask_option(self, actor: str, kind: str, options: list[str], message: Message,
                   forced: Message | None = None, subject: str | None = None) -> Flow[str]: ...

    def ask_prompt(self, prompt: Prompt) -> Flow[str]: ...

    @property
    def prompt(self) -> Prompt | None: ...

    def possible_taps(self) -> list[str]: ...


def _quiet(kind: str, message: Message, *, physical: bool = False, **data: Any) -> None:
    """`emit` in a play-out: nobody reads the events of a game played to its end by a policy."""


def _taken(option: str) -> Flow[str]:
    """The flow of a question with one answer: it asks nothing and returns that answer."""
    return option
    yield  # a generator, so `yield from` takes its return value


def option_of(value: Input) -> str:
    """The option a choice or a press names ("" for a tap)."""
    if isinstance(value, Choose):
        return value.option
    if isinstance(value, Press):
        return value.button
    return ""


class FlowPlay:
    """Feeds checked inputs to a game's rule generator and keeps the prompt it waits on.

    A subclass builds its state, then calls `start(flow)` with the generator
    of the whole game; it adds `check`, `public_view` and the rest of the
    Play contract (engine.core.game.Play).
    """

    events: list[Event]
    _prompt: Prompt | None
    _flow: Flow[None]
    pilot: Pilot | None = None
    """Set by `play_out`: who answers the prompts, inside the rules, instead of the caller."""
    telling: bool = True
    """False in a play-out: rules may skip building the sentences of their most frequent events."""

    def start(self, flow: Flow[None]) -> list[Event]:
        """Run the rules up to their first question."""
        self._flow = flow
        self._prompt = None
        return self._resume(None)

    def emit(self, kind: str, message: Message, *, physical: bool = False, **data: Any) -> None:
        """Report what happened to the table (collected until the next input); `physical` when the message
        asks the table to do something with its components (see `Event`)."""
        self.events.append(Event(kind, message, data, physical))

    def step(self, kind: str, message: Message, **data: Any) -> None:
        """Report a step the table must do with its components (move, take, turn, shuffle, deal, return): an
        event with `physical` set, which the companion lists before what merely happened."""
        self.events.append(Event(kind, message, data, True))

    def ask_option(self, actor: str, kind: str, options: list[str], message: Message,
                   forced: Message | None = None, subject: str | None = None) -> Flow[str]:
        """Wait for a choice. A single legal option is taken at once and reported (with `forced` as why)."""
        if len(options) == 1:
            if self.pilot is None:
                why = forced or msg("Only one choice: {option}.", option=options[0])
                self.emit("forced", why, actor=actor, decision=kind, option=options[0])
            return _taken(options[0])
        return self.ask_prompt(Prompt(actor, kind, message, tuple(options), None, subject))

    def ask_prompt(self, prompt: Prompt) -> Flow[str]:
        """Wait for a choice among a prompt's options (two or more).

        `ask_option` builds the prompt; a rule that asks the same question at
        every turn may keep the prompt it made and ask it again here: a
        Prompt is an immutable value, so the table sees no difference.
        """
        if self.pilot is None:
            value = yield prompt
            return option_of(value)
        self._prompt = prompt
        option = option_of(self.pilot(self))
        if option not in prompt.options:
            raise RuleError(msg("{option} is not possible now. {prompt}", option=option, prompt=prompt.message))
        return option

    def play_out(self, pilot: Pilot) -> None:
        """Play the game to its end with `pilot` answering every prompt: the play-out mode of simulations.

        The same rules run, but without the round trip through the caller for
        each input and without events (nobody reads them), so a simulated game
        costs a fraction of one played input by input. The inputs are not
        journalled: a play-out is for estimates, not for the table. A tap
        prompt is answered the same way (the game's `reveal` asks the pilot).
        """
        self.pilot = pilot
        self.quiet()
        while self._prompt is not None:
            value = pilot(self)
            self.check(value)
            self._resume(value)

    def quiet(self) -> None:
        """Make no more events: for plays nobody watches (play-outs, and the advisor's replays)."""
        self.telling = False
        self.emit = _quiet  # type: ignore[method-assign]
        self.step = _quiet  # type: ignore[method-assign]
        self.events = []

    def check(self, value: Input) -> None:
        """Refuse an input that is not acceptable now, changing nothing (engine.core.game.Play).

        A choice or a press must be one of the prompt's options; a tap is the
        game's to judge (`_why_not_tap`), from what the table has seen only.
        A game with checks of its own overrides this whole.
        """
        prompt = self._prompt
        if prompt is None:
            raise RuleError(msg("The game is over: start a new game, or undo."))
        if isinstance(value, Tap):
            reason = self._why_not_tap(prompt, value)
        else:
            option = option_of(value)
            reason = None if option in prompt.options else self._why_not_option(prompt, option)
        if reason is not None:
            raise RuleError(reason)

    def _why_not_option(self, prompt: Prompt, option: str) -> Message:
        """Why a choice or press is refused: the prompt, and its options when it has some."""
        if prompt.options:
            return msg("{option} is not an option now. {prompt} Choices: {options}.", option=option,
                       prompt=prompt.message, options=Items(prompt.options))
        return msg("{option} is not possible now. {prompt}", option=option, prompt=prompt.message)

    def _why_not_tap(self, prompt: Prompt, value: Tap) -> Message | None:
        """Why this tap cannot be true now, or None to accept it. A game whose taps have rules (which card, whose,
        from where) overrides this; by default a tap is taken exactly when the prompt waits for one."""
        if prompt.tap is None:
            return msg("Not waiting for a card now. {prompt}", prompt=prompt.message)
        return None

    @property
    def prompt(self) -> Prompt | None:
        """What the play waits for; None once the game is over."""
        return self._prompt

    def _resume(self, value: Input | None) -> list[Event]:
        self.events = []
        try:
            self._prompt = self._flow.send(value)  # type: ignore[arg-type]
        except StopIteration:
            self._prompt = None
        return self.events
