"""No Thanks! (Thorsten Gimmler, AMIGO): the companion flips nothing, counts everything, and tells nobody.

The table flips the cards and taps each one; the player whose turn it is
presses No thanks (a chip on the card) or Take. The engine keeps each
player's chips, which the table keeps hidden, and never shows them before
the end. Where the rules leave a point open these readings keep them
consistent (README.md says each at more length):

1. Chips: 11 each with 3 to 5 players, 9 with 6, 7 with 7 (the newer editions; older ones give 11 to everyone
   and play with 3 to 5).
2. A player without a chip must take the card; the companion refuses their No thanks and says nothing else
   (the table sees a take).
3. A run of consecutive numbers counts its lowest card only; a single card is a run of one.
4. The lowest total wins (cards less chips); a tie for the lowest is shared.
5. The nine cards out of the game are never shown, not even at the end: nobody saw them.
"""

from __future__ import annotations

from engine.core.packaged import PackagedGame
from games.no_thanks.catalogue import Catalogue, parse_catalogue
from games.no_thanks.play import Play
from games.no_thanks.setup import Setup, parse_setup

NAME = "no-thanks"


class NoThanks(PackagedGame[Catalogue, Setup, Play]):
    """The game: the 33 cards (data/components.toml) and the rules; the set-up names no card, so it is read alone."""

    name, setup_type, play_type = NAME, Setup, Play
    parse_catalogue = staticmethod(parse_catalogue)
    read_setup = staticmethod(parse_setup)


__all__ = ["NAME", "NoThanks", "Play", "Setup"]
