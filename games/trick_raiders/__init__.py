"""Trick Raiders (Toryo Hojo): an elimination trick-taking game, the companion's second game.

The rulebook is a rough translation. Where it is garbled or silent these
readings keep it consistent (README.md says each at more length):

1. 3 players: one 10 of each suit is removed, not all three (only that gives "the remaining 40 cards").
2. Copy "a" of the 9 of Clubs and of the 9 of Hearts is special; both copies of each are flagged unverified.
3. 5 of Diamonds: the winner picks among tied players, dropped-out players count, the chip goes to the
   winner ("take ... from", where the bonus says "return it to the centre"); nothing if nobody has one.
4. A cancelled card "loses the right to win": Clubs and the 5 of Diamonds act only as the winning card;
   only the 9 of Hearts acts when cancelled, as printed.
5. The lead suit is the first card's suit even when that card is cancelled.
6. "The last trick" (no 9 of Hearts effect) is any trick after which the round ends.
7. Cards running out before drop-outs end the round: everyone still in but the last trick's winner is
   eliminated (also after one earlier drop-out with 4 players); they count as dropped out.
8. Lives never go below 0: a player with no chip has none to return.
9. "Smallest card" compares values only; a complete tie goes to the first in this round's seat order.
10. Taps start with `first` (or the seed's pick) and one seat further clockwise each round; "to the left"
    is the next player clockwise still in the round.
11. A declaration either adds or collects; a tap that would mix them is refused.
12. Bonuses are settled aggressive first, then passive (the rulebook's order).
13. Everyone at 0 lives shares the win ("the most life chips", ties shared).
14. Revokes count hand cards only, held since the failure to follow; one card flags all it proves, once, at the first trick.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.core.game import Component, FlowGame
from games.trick_raiders.catalogue import Catalogue, load_catalogue
from games.trick_raiders.play import Play
from games.trick_raiders.setup import Setup, parse_setup

NAME = "trick-raiders"


class TrickRaiders(FlowGame[Catalogue, Setup, Play]):
    """The game: catalogue and rules. `new_play` starts one play-through."""

    name = NAME
    setup_type = Setup
    play_type = Play

    data_package = "games.trick_raiders"

    def load_catalogue(self) -> Catalogue:
        return load_catalogue()

    def catalogue_from_text(self, text: str, source: str) -> Catalogue:
        return load_catalogue(text, source)

    def read_setup(self, obj: Any) -> Setup:
        return parse_setup(obj)

    def components(self) -> Iterable[Component]:
        return self.catalogue.cards.values()


__all__ = ["NAME", "Play", "Setup", "TrickRaiders"]
