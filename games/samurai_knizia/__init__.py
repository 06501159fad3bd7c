"""Knizia's Samurai (Reiner Knizia, FFG 2015 edition rules): the companion as referee.

The companion keeps no map: the table taps each tile as it is played, and
when a settlement is surrounded names its castes and taps the tiles next to
it. The engine adds the influence, gives each figure away or removes it by
a tie, keeps the captures hidden behind the screens, watches the two end
conditions and does the final reckoning. Where the condensed rules are
silent these readings keep them consistent (README.md says each at more
length):

1. Turn: one normal tile at most (the Move counts as the normal tile), any number of fast tiles, at least one
   tile; a player with no tile left passes. A Switch is discarded; the engine does not follow figures.
2. A Move is followed by a tap of the own normal tile (not a fast tile, not the Move) it replaces.
3. Nobody with influence on a caste is a tie of everybody at 0: the figure is removed and counts as a tie.
4. A capture may be entered at any moment of a turn; one settlement's castes are all different.
5. At most 6 tiles touch a settlement (one hexagon).
6. The game also ends after the turn in which no player has a tile left (nothing more can happen).
7. The whole ranking uses the winner's keys: castes led, figures in castes not led, all figures.
"""

from __future__ import annotations

from typing import Any

from engine.core.packaged import PackagedGame
from games.samurai_knizia.catalogue import Catalogue, parse_catalogue
from games.samurai_knizia.play import Play
from games.samurai_knizia.setup import Setup, parse_setup

NAME = "samurai-knizia"


class KniziasSamurai(PackagedGame[Catalogue, Setup, Play]):
    """The game: catalogue and rules. `new_play` starts one play-through."""

    name = NAME
    setup_type = Setup
    play_type = Play
    parse_catalogue = staticmethod(parse_catalogue)

    def read_setup(self, obj: Any) -> Setup:
        return parse_setup(obj, self.catalogue.colours)


__all__ = ["NAME", "KniziasSamurai", "Play", "Setup"]
