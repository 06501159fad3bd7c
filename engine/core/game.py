"""The contract between the core and a game package.

A game (static rules and catalogue, like OpenSpiel's Game) makes plays (one
play-through each, like its State). The core's Match only speaks this
contract, so a second game is a new package, not a rewrite.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from importlib import resources
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

from engine.core.components import digest
from engine.core.errors import RuleError
from engine.core.events import Event
from engine.core.flow import FlowPlay
from engine.core.inputs import Input
from engine.core.messages import msg
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


COMPONENTS_FILE = "components.toml"
"""A game's shipped component data, in its package's data/ folder."""
UNDIGESTED_FILE = "components-before-digests.toml"
"""The shipped default as journals without a component digest were played with, kept beside a changed default."""


def packaged_data(package: str, name: str) -> str:
    """A data file shipped in a game's package (data/<name>)."""
    return resources.files(package).joinpath("data", name).read_text("utf-8")


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

    A game whose catalogue is a components file (engine.core.components)
    names its package (`data_package`) and reads a text of that format
    (`catalogue_from_text`): it then knows the text it plays with
    (`components_text`, named by `components_digest`, which a journal's
    header records) and `with_components` makes the same game on other data
    (the owner's, or what an earlier journal was played with).
    """

    name: str
    setup_type: type[S]
    play_type: Callable[[C, S, int], P]
    data_package: str = ""
    """The package whose data/ folder holds components.toml (and census.toml); "" when the catalogue is not read
    from a components file."""
    components_text: str | None = None
    """The component data this game plays with; None for a catalogue passed in or not read from a file."""

    def __init__(self, catalogue: C | None = None) -> None:
        if catalogue is None and self.data_package:
            text = packaged_data(self.data_package, COMPONENTS_FILE)
            catalogue = self.catalogue_from_text(text, COMPONENTS_FILE)
            self.components_text = text
        self.catalogue: C = catalogue if catalogue is not None else self.load_catalogue()

    @property
    def components_digest(self) -> str | None:
        """The digest of `components_text` (engine.core.components.digest), None without one."""
        return digest(self.components_text) if self.components_text is not None else None

    def catalogue_from_text(self, text: str, source: str) -> C:
        """The catalogue built from a components file's text; RuleError names the entry at fault."""
        raise RuleError(msg("{game} reads no other component data", game=self.name))

    def with_components(self, text: str, source: str = "components.toml") -> FlowGame[C, S, P]:
        """The same game on other component data (checked whole: RuleError names the entry at fault)."""
        game = type(self)(self.catalogue_from_text(text, source))
        game.components_text = text
        return game

    def undigested_components(self) -> str | None:
        """The component data a journal without a digest was played with: the shipped default as it was before
        journals named their data (`UNDIGESTED_FILE` where the default changed since, else the default)."""
        if not self.data_package:
            return None
        folder = resources.files(self.data_package).joinpath("data")
        earlier = folder.joinpath(UNDIGESTED_FILE)
        return earlier.read_text("utf-8") if earlier.is_file() else packaged_data(self.data_package, COMPONENTS_FILE)

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
