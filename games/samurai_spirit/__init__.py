"""Samurai Spirit (Antoine Bauza): the first game of the companion."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.core.game import Component, FlowGame
from games.samurai_spirit.catalogue import Catalogue, load_catalogue
from games.samurai_spirit.play import Play
from games.samurai_spirit.setup import Setup, parse_setup


class SamuraiSpirit(FlowGame[Catalogue, Setup, Play]):
    """The game: catalogue and rules. `new_play` starts one play-through."""

    name = "samurai-spirit"
    setup_type = Setup
    play_type = Play

    data_package = "games.samurai_spirit"

    def load_catalogue(self) -> Catalogue:
        return load_catalogue()

    def catalogue_from_text(self, text: str, source: str) -> Catalogue:
        return load_catalogue(text, source)

    def read_setup(self, obj: Any) -> Setup:
        return parse_setup(obj, self.catalogue)

    def earlier_setups(self, obj: Any) -> list[Any]:
        """A game saved before the absent-token question was limited to usable tokens asked it every turn.

        Such a journal has absent tokens on and no `token_question`; replayed
        with the question asked at every turn, its answers land where they
        were given (engine.core.game.KeepsEarlierRules).
        """
        if isinstance(obj, dict) and "token_question" not in obj and obj.get("absent_tokens") is not False:
            return [{**obj, "token_question": "every-turn"}]
        return []

    def components(self) -> Iterable[Component]:
        return self.catalogue.cards.values()


__all__ = ["Play", "SamuraiSpirit", "Setup"]
