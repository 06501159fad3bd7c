"""Samurai Spirit (Antoine Bauza): the first game of the companion."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.core.game import Component, FlowGame
from engine.games.samurai_spirit.catalogue import Catalogue, load_catalogue
from engine.games.samurai_spirit.play import Play
from engine.games.samurai_spirit.setup import Setup, parse_setup


class SamuraiSpirit(FlowGame[Catalogue, Setup, Play]):
    """The game: catalogue and rules. `new_play` starts one play-through."""

    name = "samurai-spirit"
    setup_type = Setup
    play_type = Play

    def load_catalogue(self) -> Catalogue:
        return load_catalogue()

    def read_setup(self, obj: Any) -> Setup:
        return parse_setup(obj, self.catalogue)

    def components(self) -> Iterable[Component]:
        return self.catalogue.cards.values()


__all__ = ["Play", "SamuraiSpirit", "Setup"]
