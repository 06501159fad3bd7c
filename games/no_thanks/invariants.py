"""Invariants every state of a game must satisfy; a self-check for tests and fuzzing.

Cheap enough to run after every input of hundreds of random games: the
chips of the box are all in hands or on the card in the middle, none below
zero; every card played is in exactly one place (the middle or one
player's cards); at most 24 are played; the game is over exactly when the
24th is taken; and the public view names no player's chips before the end.
Raises AssertionError naming what broke.
"""

from __future__ import annotations

from games.no_thanks.play import Play
from games.no_thanks.setup import CHIPS
from games.no_thanks.state import DECK


def _check(condition: bool, what: str) -> None:
    if not condition:
        raise AssertionError(f"invariant broken: {what}")


def check_invariants(play: Play) -> None:
    """Raise AssertionError if `play` is in a state the rules can never reach."""
    st = play.state
    chips = st.chips
    _check(sum(chips.values()) + st.pot == CHIPS[st.count] * st.count, "chips appeared or vanished")
    _check(all(n >= 0 for n in chips.values()) and st.pot >= 0, "a count of chips below zero")
    taken = [c for pl in st.players for c in pl.cards]
    placed = taken + ([st.card] if st.card is not None else [])
    _check(sorted(placed) == sorted(st.flipped), "a card played is not in exactly one place")
    _check(len(set(st.flipped)) == len(st.flipped) <= DECK, "a card played twice, or more than the deck")
    _check(st.card is not None or st.pot == 0, "chips on no card")
    view = play.public_view()
    if play.prompt is None:
        _check(len(taken) == DECK and st.card is None and st.outcome is not None, "the game ended early")
        return
    _check(st.outcome is None and view["scores"] is None, "a result while the game goes on")
    _check(all(set(seat) == {"name", "seat", "cards", "points"} for seat in view["players"]),
           "the view tells more of a seat than its cards")
