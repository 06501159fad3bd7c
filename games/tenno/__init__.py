"""Tenno: a bluffing game of duels between face-down rows, prisoner piles nobody may look at, and specials.

Where the rulebook (German, English, French, Dutch) is unclear, these readings
keep it consistent (README.md says each at more length):

1. A duel's cards are shown while it is resolved; the table presses OK when the cards are moved, and then
   nothing of the duel stays on screen (the prisoner piles may never be looked at).
2. The Monk is asked for only when its +2 would change the result; it is asked for whether or not the
   defender's Monk has left the game (offering it or not would tell the table which cards are gone).
3. A Geisha wins every duel but one against a Geisha, with or without the Monk, and then goes to the
   discard pile; a Geisha who attacks still captures her opponent.
4. After a Ronin's attack, every gap (the defenders' too) is filled after the second duel; the second attack
   uses another card than the Ronin and targets another card than the first.
5. The attacker "lost no card" over the whole turn; each defender who won a duel may peek.
6. The game ends when someone has more gaps than hand cards at the end of a turn; the tie-break adds the
   values of the leaders' cards still in play (hand and row); a tie after that is shared.
7. The Geisha counts 0 in the tie-break (no printed value).
"""

from __future__ import annotations

from typing import Any

from engine.core.packaged import PackagedGame
from games.tenno.catalogue import Catalogue, parse_catalogue
from games.tenno.play import Play
from games.tenno.setup import Setup, parse_setup

NAME = "tenno"


class Tenno(PackagedGame[Catalogue, Setup, Play]):
    """The game: catalogue and rules. `new_play` starts one play-through."""

    name = NAME
    setup_type = Setup
    play_type = Play
    parse_catalogue = staticmethod(parse_catalogue)

    def read_setup(self, obj: Any) -> Setup:
        return parse_setup(obj, self.catalogue.colours)


__all__ = ["NAME", "Play", "Setup", "Tenno"]
