"""Invariants every state of a game must satisfy; a self-check for tests and fuzzing.

Cheap enough to run after every input of thousands of random games: figure
counts conserved per caste (on the board + captured + removed by ties =
the set-up's count), every tile in at most one place and only its owner's
list, a Switch never on the board, at most one normal tile per turn, the
end only when an end condition was met, and no captured figure in the
public view during a game with hidden captures. Raises AssertionError
naming what broke.
"""

from __future__ import annotations

from games.samurai_knizia.catalogue import CASTES, TILES_PER_PLAYER
from games.samurai_knizia.play import Play
from games.samurai_knizia.state import MAX_NEIGHBOURS, TIES_TO_END


def _check(condition: bool, what: str) -> None:
    if not condition:
        raise AssertionError(f"invariant broken: {what}")


def check_invariants(play: Play) -> None:
    """Raise AssertionError if `play` is in a state the rules can never reach."""
    st = play.state
    for caste in CASTES:
        captured = sum(pl.captured[caste] for pl in st.players)
        _check(st.figures_left[caste] >= 0, f"negative {caste} figures on the board")
        _check(st.figures_left[caste] + captured + st.removed[caste] == st.figures_start,
               f"{caste} figures on the board, captured and removed do not add up to {st.figures_start}")
    _check(st.ties == sum(1 for c in st.captures for who in c["figures"].values() if who is None),
           "the tie count differs from the ties of the captures")
    played = [t for pl in st.players for t in pl.played]
    _check(len(played) == len(set(played)), "a tile was played twice")
    _check(sorted(played) == sorted(st.board + st.discarded), "played tiles differ from the board and the discards")
    for pl in st.players:
        _check(all(st.tile(t).colour == pl.name for t in pl.played), f"{pl.name} played another colour's tile")
        _check(0 <= pl.tiles_left <= TILES_PER_PLAYER, f"{pl.name}'s tiles left out of range")
    _check(all(st.tile(t).type == "switch" for t in st.discarded), "a tile other than a Switch was discarded")
    _check(not any(st.tile(t).type == "switch" for t in st.board), "a Switch lies on the board")
    _check(sum(1 for t in st.this_turn if st.tile(t).normal) <= 1, "more than one normal tile in a turn")
    for move, replaced in st.moved.items():
        _check(st.tile(move).type == "move" and st.tile(replaced).colour == st.tile(move).colour,
               "a Move replaced another colour's tile")
    if st.capture is not None:
        _check(len(st.capture.tiles) <= MAX_NEIGHBOURS and set(st.capture.tiles) <= set(st.board),
               "a capture counts a tile that is not on the board, or too many")
        _check(len(set(st.capture.castes)) == len(st.capture.castes), "a capture names a caste twice")
    met = any(st.figures_left[c] == 0 for c in CASTES) or st.ties >= TIES_TO_END
    _check((st.ending is not None) == met, "the end condition and the ending flag disagree")
    view = play.public_view()
    if play.prompt is None:
        _check(st.result == "over" and st.outcome is not None, "no prompt but no result")
        _check(met or not any(pl.tiles_left for pl in st.players), "the game ended with no end condition met")
        _check("captures" in view, "the reckoning does not show the captures")
    else:
        _check(st.result is None, "a result while the game goes on")
        _check(("captures" in view) == st.setup.open_captures, "captured figures shown while hidden")
