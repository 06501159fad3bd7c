"""Invariants every state of a game must satisfy; a self-check for tests and fuzzing.

Cheap enough to run after every input of hundreds of random games: the 77
cards each in one place (in play, on the discard pile or on one prisoner
pile); per colour, hand + row + what it lost = 11; prisoner piles hold
other colours only; and the public view names no card outside the duel on
screen before the game is over. Raises AssertionError naming what broke.
"""

from __future__ import annotations

import json

from games.tenno.catalogue import SET_SIZE
from games.tenno.play import Play
from games.tenno.state import LAYOUT


def _check(condition: bool, what: str) -> None:
    if not condition:
        raise AssertionError(f"invariant broken: {what}")


def check_invariants(play: Play) -> None:
    """Raise AssertionError if `play` is in a state the rules can never reach."""
    st = play.state
    piles = [c for pl in st.players for c in pl.prisoners]
    gone = piles + st.discard
    _check(len(gone) == len(set(gone)), "a card is in two piles")
    _check(set(gone) == set(st.out), "the piles and the record of what left the game disagree")
    _check(all(st.out[c] == "discard" for c in st.discard), "a discarded card is recorded elsewhere")
    _check(len(st.catalogue.cards) == 77, "the game does not have 77 cards")
    for pl in st.players:
        own = [c for c in gone if st.colour(c) == pl.name]
        _check(pl.lost == len(own), f"{pl.name}'s lost count differs from the cards gone")
        _check(pl.hand + LAYOUT - pl.gaps + pl.lost == SET_SIZE, f"{pl.name}: hand + row + lost is not 11")
        _check(pl.hand >= 0 and 0 <= pl.gaps <= LAYOUT - 1, f"{pl.name}'s hand or gaps out of range")
        _check(all(st.colour(c) != pl.name for c in pl.prisoners), f"{pl.name} holds an own card as prisoner")
        _check(all(st.out[c] == pl.name for c in pl.prisoners), f"{pl.name}'s prisoners recorded elsewhere")
    _check(all(st.seated(st.colour(c)) for c in gone), "a card of a colour not in the game left the game")
    prompt = play.prompt
    if prompt is not None and prompt.tap is not None:
        by_rule = [c for pl in st.players for c in st.catalogue.by_colour[pl.name]
                   if play._why_not_by_rule(prompt, c) is None]
        _check(sorted(play.possible_taps()) == sorted(by_rule), "the possible taps differ from what the rule allows")
    if play.prompt is None:
        _check(st.result == "over" and st.outcome is not None, "no prompt but no result")
        _check(any(pl.gaps > pl.hand for pl in st.players), "the game ended though every gap could be filled")
    else:
        _check(st.result is None and st.outcome is None, "a result while the game goes on")
        _check(all(pl.gaps == 0 for pl in st.players) or st.duels != [], "a gap outlived its turn")
        shown = dict(play.public_view())
        shown.pop("duel")
        pending = dict(shown.pop("pending") or {})
        pending.pop("cards", None)
        if st.duel is not None and pending.get("subject") == st.duel.defend_card:
            pending.pop("subject", None)
        text = json.dumps([shown, pending])
        _check(not any(f'"{cid}"' in text for cid in st.catalogue.cards),
               "the public view names a card outside the duel on screen")
        _check(shown["scores"] is None, "scores shown before the end")
