"""The shapes every game's namers take (companion.i18n.Namer): a word from a table, a component by its id.

A game's namers say how its sentences name a field ("{player}", "{card}")
and the screens name the same things through them (Painter.name). What is
the game's own is its words and how a component is said; what each game
wrote again, the look-up and the fall-back for an id its words do not know
(an edited data file, a name from the protocol), is here.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, Generic, TypeVar

from companion.i18n import Namer, Translator
from engine.core.messages import Message

C = TypeVar("C")


def word_namer(words: Mapping[str, Message], capitalise: bool = False) -> Namer:
    """Names a key by its word in the table's language; a key the words lack as given (capitalised if asked)."""

    def name(key: Any, tr: Translator) -> str:
        word = words.get(str(key))
        if word is not None:
            return tr(word)
        return str(key).capitalize() if capitalise else str(key)

    return name


class ComponentNamer(ABC, Generic[C]):
    """Names a component (a card, a tile) by its id as players say it; an id not in the game, as given."""

    def __init__(self, components: Mapping[str, C]) -> None:
        self.components = components

    def __call__(self, cid: Any, tr: Translator) -> str:
        component = self.components.get(str(cid))
        return str(cid) if component is None else self.say(component, tr)

    @abstractmethod
    def say(self, component: C, tr: Translator) -> str:
        """The component in the table's language."""
