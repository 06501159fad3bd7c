"""Invariants every state of a game must satisfy; a self-check for tests and fuzzing.

Cheap enough to run after every input of hundreds of random games: the
chips of the box are all in hands or on the card in the middle, none below
zero; every card played is in exactly one place (the middle or one
player's cards); at most 24 are played; the game is over exactly when the
24th is taken; and the public view names no player's chips before the end.
Raises AssertionError naming every fact that broke.
"""

from __future__ import annotations

from collections.abc import Iterator

from games.no_thanks.play import Play
from games.no_thanks.setup import CHIPS
from games.no_thanks.state import DECK


def facts(play: Play) -> Iterator[tuple[bool, str]]:
    """Each invariant as (holds, what it says)."""
    st = play.state
    chips = st.chips
    yield sum(chips.values()) + st.pot == CHIPS[st.count] * st.count, "every chip is in a hand or on the card"
    yield min(chips.values()) >= 0 <= st.pot, "no count of chips is below zero"
    placed = [c for pl in st.players for c in pl.cards] + ([st.card] if st.card is not None else [])
    yield sorted(placed) == sorted(st.flipped), "every card played is in exactly one place"
    yield len(set(st.flipped)) == len(st.flipped) <= DECK, "no card is played twice, none beyond the deck"
    yield st.card is not None or st.pot == 0, "chips lie only on a card"
    view = play.public_view()
    over = play.prompt is None
    yield over == (len(placed) == DECK and st.card is None and st.outcome is not None), "the game ends at the 24th"
    yield over or (view["scores"] is None and st.outcome is None), "no result while the game goes on"
    yield all(set(seat) == {"name", "seat", "cards", "points"} for seat in view["players"]) or over, \
        "a seat shows its cards and their points, never its chips"


def check_invariants(play: Play) -> None:
    """Raise AssertionError if `play` is in a state the rules can never reach."""
    broken = [what for holds, what in facts(play) if not holds]
    if broken:
        raise AssertionError(f"invariant broken: {'; '.join(broken)}")
