"""Samurai Spirit (Antoine Bauza): the first game of the companion."""

from __future__ import annotations

from typing import Any

from engine.core.events import Event
from engine.games.samurai_spirit.catalogue import Catalogue, load_catalogue
from engine.games.samurai_spirit.play import Play
from engine.games.samurai_spirit.setup import Setup, parse_setup


class SamuraiSpirit:
    """The game: catalogue and rules. `new_play` starts one play-through."""

    name = "samurai-spirit"

    def __init__(self, catalogue: Catalogue | None = None) -> None:
        self.catalogue = catalogue or load_catalogue()

    def parse_setup(self, obj: Any) -> Setup:
        if isinstance(obj, Setup):
            return obj
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

    def new_play(self, setup: Any, seed: int) -> tuple[Play, list[Event]]:
        play = Play(self.catalogue, self.parse_setup(setup), seed)
        return play, list(play.events)

    def cards_json(self) -> list[dict[str, Any]]:
        return [card.to_json() for card in self.catalogue.cards.values()]


__all__ = ["Play", "SamuraiSpirit", "Setup"]
