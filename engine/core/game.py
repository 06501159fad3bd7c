"""The contract between the core and a game package.

A game (static rules and catalogue, like OpenSpiel's Game) makes plays (one
play-through each, like its State). The core's Match only speaks this
contract, so a second game is a new package, not a rewrite.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

from engine.core.events import Event
from engine.core.flow import FlowPlay
from engine.core.inputs import Input
from engine.core.outcome import Outcome
from engine.core.prompt import Prompt


class Setup(Protocol):
    """A validated setup that knows its own JSON form."""

    def to_json(self) -> dict[str, Any]: ...


class Play(Protocol):
    """One play-through: the state plus the point the rules have reached."""

    @property
    def prompt(self) -> Prompt | None:
        """What the play waits for; None once the game is over."""
        ...

    @property
    def result(self) -> str | None:
        """None while playing, else the game's one-word result ("won", "lost", "over")."""
        ...

    @property
    def outcome(self) -> Outcome | None:
        """None while playing, else winners, ranking (ties shared), scores and a summary."""
        ...

    def check(self, value: Input) -> None:
        """Raise RuleError if `value` is not acceptable now. Changes nothing."""
        ...

    def advance(self, value: Input) -> list[Event]:
        """Apply an input that `check` accepted; return what happened."""
        ...

    def possible_taps(self) -> list[str]:
        """Card ids the current tap prompt could accept, as the table may know them."""
        ...

    def public_view(self) -> dict[str, Any]:
        """Everything the table may see, and nothing hidden."""
        ...


class Game(Protocol):
    """Static rules and catalogue of one game."""

    name: str

    def parse_setup(self, obj: Any) -> Setup:
        """Validate a JSON setup object; raise RuleError saying what is wrong."""
        ...

    def new_play(self, setup: Any, seed: int) -> tuple[Play, list[Event]]:
        """Start a play-through; return it and the events of the set-up."""
        ...

    def cards_json(self) -> list[dict[str, Any]]:
        """The game's cards as plain JSON objects."""
        ...


@runtime_checkable
class KeepsEarlierRules(Protocol):
    """A game whose rules changed in a way that makes an older journal replay differently.

    A game saved in progress before an update must still resume after it:
    the journal is kept byte for byte, so the loader asks the game for the
    set-up as the earlier rules read it and replays with that when the
    current reading refuses an input. Only games that changed implement it.
    """

    def earlier_setups(self, obj: Any) -> list[Any]:
        """The set-up objects that replay `obj`'s journal under earlier rules, newest first."""
        ...


class Component(Protocol):
    """A card, tile or token of a game's catalogue, as `cards_json` lists it."""

    def to_json(self) -> dict[str, Any]: ...


C = TypeVar("C")
"""A game's catalogue."""
S = TypeVar("S")
"""A game's validated set-up."""
P = TypeVar("P", bound=FlowPlay)
"""A game's Play."""


class FlowGame(ABC, Generic[C, S, P]):
    """The Game contract as every game over FlowPlay writes it: a catalogue, set-ups checked, plays started.

    A game names its set-up class (`setup_type`) and its Play (`play_type`,
    built from the catalogue, the set-up and the seed) and says how its
    catalogue loads, how a JSON set-up is read and which components
    `cards_json` lists; the rest is here.
    """

    name: str
    setup_type: type[S]
    play_type: Callable[[C, S, int], P]

    def __init__(self, catalogue: C | None = None) -> None:
        self.catalogue: C = catalogue if catalogue is not None else self.load_catalogue()

    @abstractmethod
    def load_catalogue(self) -> C:
        """The game's packaged data (cards, tiles), checked."""

    @abstractmethod
    def read_setup(self, obj: Any) -> S:
        """A JSON set-up checked against the rules and the catalogue; RuleError says what is wrong."""

    @abstractmethod
    def components(self) -> Iterable[Component]:
        """What a tag can be bound to (cards, tiles), in catalogue order."""

    def parse_setup(self, obj: Any) -> S:
        """A set-up, from its JSON form or as already checked."""
        if isinstance(obj, self.setup_type):
            return obj
        return self.read_setup(obj)

    def new_play(self, setup: Any, seed: int) -> tuple[P, list[Event]]:
        play = self.play_type(self.catalogue, self.parse_setup(setup), seed)
        return play, list(play.events)

    def cards_json(self) -> list[dict[str, Any]]:
        return [component.to_json() for component in self.components()]
