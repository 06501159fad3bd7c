"""What the app needs from a game besides its rules engine."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from companion.i18n import Namer
from engine import Event, Input, Match, Prompt, RuleError
from engine.core.game import Game
from engine.core.messages import Message, msg

Text = str | Message
"""Words for the table: a Message (translated where it is shown) or a finished string (a name, a path)."""


@dataclass(frozen=True)
class Menu:
    """A list the buttons walk with Next and OK (setup questions, pickers).

    `selected` is the option to highlight when the menu appears: the last
    game's answer, or where the table was, so a known answer is one OK.
    """

    title: Text
    options: tuple[str, ...]
    labels: tuple[Text, ...]
    detail: tuple[Text, ...] = ()
    selected: int = 0


class SetupFlow(Protocol):
    """The questions asked before a game; ends with a setup the engine accepts."""

    def menu(self) -> Menu: ...

    def choose(self, option: str) -> None: ...

    def tap(self, target: str) -> Text | None:
        """A tag was tapped ("card:<id>", a game's own kinds); return a refusal that says what to do instead, or None."""
        ...

    def back(self) -> bool:
        """Step back one answer; False when already at the start."""
        ...

    def result(self) -> dict[str, Any] | None:
        """The finished setup, or None while questions remain."""
        ...


class AnsweredSetup(ABC):
    """A set-up kept as the list of answers so far: each question is worked out from them again (`menu`), so
    choosing is appending a checked answer and stepping back is dropping the last one."""

    answers: list[str]

    @abstractmethod
    def menu(self) -> Menu:
        """The question the answers so far lead to."""

    def choose(self, option: str) -> None:
        if option not in self.menu().options:
            raise RuleError(msg("{option} is not one of the choices now.", option=option))
        self.answers.append(option)

    def back(self) -> bool:
        if not self.answers:
            return False
        self.answers.pop()
        return True


def undo_newest_first(events: list[Event], undo_event: Callable[[Event], list[Message]]) -> list[Message]:
    """`GameUI.undo_lines` as every game says it: what each undone event moved, newest first, or that nothing
    needs putting back; `undo_event` is the game's own lines for one event."""
    lines: list[Message] = []
    for event in reversed(events):
        lines.extend(undo_event(event))
    return lines or [msg("Nothing to put back on the table.")]


class GameUI(Protocol):
    """A game's words for the app: every text is a Message, said in the table's language through a
    Translator built with `namers()`."""

    name: str

    @property
    def game(self) -> Game:
        """The rules engine's game object."""
        ...

    def new_setup(self, last: Mapping[str, Any] | None = None) -> SetupFlow:
        """The set-up questions, starting from `last` (the last game's set-up) where it still fits."""
        ...

    def tag_targets(self) -> list[str]:
        """Everything a tag can stand for: "card:<id>", "samurai:<name>"."""
        ...

    def namers(self) -> dict[str, Namer]:
        """How this game's message fields are named, by kind: "card" -> the card as players say it, ..."""
        ...

    def describe_target(self, target: str) -> Message: ...

    def option_label(self, option: str, prompt: Prompt) -> Message: ...

    def describe_input(self, value: Any, prompt: Prompt | None) -> Message: ...

    def undo_lines(self, events: list[Event]) -> list[Message]:
        """What the table must put back when these events are undone, meeples included."""
        ...

    def button_label(self, name: str) -> Message | None:
        """The game's word for a physical button (drivers' names: confront, defend, support, pass, next, ok,
        undo), or None for the generic word; the screens and sentences name the button by it."""
        ...

    def unused_buttons(self) -> tuple[str, ...]:
        """The buttons this game never gives a meaning: their slot on the screen's strip and their cap on the
        game's label sheet show only the colour, so nobody looks for a Confront in a game without one."""

    def highlighted(self, prompt: Prompt) -> str | None:
        """The option to highlight when `prompt` appears, so that OK alone takes it; None for the first.

        A reflex OK must never spend what the table has only so much of (a
        once-per-game token, a life, a support): where an option declines,
        that is the one to name. The shared test reads each game's
        `spends(prompt, option)` testing hook to hold every game to it.
        """
        ...

    def direct_buttons(self, prompt: Prompt | None) -> tuple[str, ...]:
        """The buttons that answer this prompt in one press; the others walk the options with Next and OK."""
        ...

    def input_for_tap(self, match: Match, target: str) -> list[Input] | Message:
        """What a tapped tag means under the match's current prompt, or why it means nothing now."""
        ...

    def input_for_button(self, prompt: Prompt, name: str) -> list[Input] | Message:
        """What an action button (not Next, OK or Undo) means under the prompt, or why it is refused."""
        ...

    def virtual_targets(self, match: Match | None, setting_up: bool) -> list[str]:
        """The laptop's virtual deck: the tag targets the moment asks for (match is None outside play)."""
        ...

    def screen_kind(self, view: dict[str, Any]) -> str: ...

    def summary(self, view: dict[str, Any]) -> list[Message]:
        """The game at a glance from its public view, a few short lines (who sits where, the variant, the
        round, whose turn): what the resume screen and `replay` say so the table recognises its game."""
        ...

    def title(self, view: dict[str, Any]) -> Message: ...


def seats_of(setup: Any) -> tuple[str, ...]:
    """The seats in set-up order: the first list of names in the set-up, else none."""
    if isinstance(setup, dict):
        for value in setup.values():
            if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
                return tuple(value)
    return ()
