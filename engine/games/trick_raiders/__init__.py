"""Trick Raiders (Toryo Hojo): an elimination trick-taking game, the companion's second game.

Reading decisions where the translated rulebook is garbled or silent are
listed, with their reasons, in this package's README.md; the ones that
shape the code are repeated in the docstrings of `catalogue`, `setup`,
`rules.declare`, `rules.tricks` and `rules.rounds`.
"""

from __future__ import annotations

from typing import Any

from engine.core.events import Event
from engine.games.trick_raiders.catalogue import Catalogue, load_catalogue
from engine.games.trick_raiders.play import Play
from engine.games.trick_raiders.setup import Setup, parse_setup

NAME = "trick-raiders"


class TrickRaiders:
    """The game: catalogue and rules. `new_play` starts one play-through."""

    name = NAME

    def __init__(self, catalogue: Catalogue | None = None) -> None:
        self.catalogue = catalogue or load_catalogue()

    def parse_setup(self, obj: Any) -> Setup:
        if isinstance(obj, Setup):
            return obj
        return parse_setup(obj)

    def new_play(self, setup: Any, seed: int) -> tuple[Play, list[Event]]:
        play = Play(self.catalogue, self.parse_setup(setup), seed)
        return play, list(play.events)

    def cards_json(self) -> list[dict[str, Any]]:
        return [card.to_json() for card in self.catalogue.cards.values()]


__all__ = ["NAME", "Play", "Setup", "TrickRaiders"]
