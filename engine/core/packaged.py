"""The Game class of a game whose catalogue is its folder's `data/components.toml`.

Every such game wrote the same four things: its package as `data_package`,
`load_catalogue` reading the packaged file, `catalogue_from_text` calling
its parser, and `components` listing the catalogue's values. A
`PackagedGame` names its parser (`parse_catalogue`, text and source name ->
catalogue) and how a set-up is read against the catalogue
(`read_setup`); its package is the module it is written in, and its
components are the catalogue's `components()`. So a new game's class is
its name, its set-up and Play types, and those two functions.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Iterable
from typing import Any, Protocol, TypeVar

from engine.core.flow import FlowPlay
from engine.core.game import COMPONENTS_FILE, Component, FlowGame, packaged_data


class ComponentCatalogue(Protocol):
    """A catalogue that lists what a tag can be bound to."""

    def components(self) -> Iterable[Component]:
        """Every card, tile or token, in file order."""


C = TypeVar("C", bound=ComponentCatalogue)
S = TypeVar("S")
P = TypeVar("P", bound=FlowPlay)


class PackagedGame(FlowGame[C, S, P]):
    """A FlowGame on its own folder's component data (see the module's note).

    `data_package` defaults to the package of the module that defines the
    class (`games.no_thanks` for `games/no_thanks/__init__.py`).
    """

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if not cls.__dict__.get("data_package"):
            module = cls.__module__
            cls.data_package = module if _is_package(module) else module.rpartition(".")[0]

    @staticmethod
    @abstractmethod
    def parse_catalogue(text: str, source: str) -> C:
        """The catalogue from a components file's text; RuleError names the entry at fault."""

    def load_catalogue(self) -> C:
        return self.parse_catalogue(packaged_data(self.data_package, COMPONENTS_FILE), COMPONENTS_FILE)

    def catalogue_from_text(self, text: str, source: str) -> C:
        return self.parse_catalogue(text, source)

    def components(self) -> Iterable[Component]:
        return self.catalogue.components()


def _is_package(module: str) -> bool:
    import sys

    found = sys.modules.get(module)
    return found is not None and hasattr(found, "__path__")
