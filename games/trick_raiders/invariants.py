"""Invariants every state of a game must satisfy; a self-check for tests and fuzzing.

Cheap enough to run after every input of hundreds of random games: every
card in exactly one place, the unseen cards exactly as many as the hidden
hand cards plus the undealt ones, each hand count equal to what was dealt,
moved and played, lives never negative, drop-outs counted, and no card in
the public view that the table has not seen. Raises AssertionError naming
what broke.
"""

from __future__ import annotations

from games.trick_raiders.play import Play


def _check(condition: bool, what: str) -> None:
    if not condition:
        raise AssertionError(f"invariant broken: {what}")


def check_invariants(play: Play) -> None:
    """Raise AssertionError if `play` is in a state the rules can never reach."""
    st = play.state
    places: list[tuple[str, tuple[str, str]]] = []
    for pl in st.players:
        places += [(c, ("lead", pl.name)) for c in pl.lead]
        places += [(c, ("hand", pl.name)) for c in pl.known_hand]
    places += [(t.card, ("trick", t.player)) for t in st.trick]
    places += [(c, ("discard", "")) for c in st.discard]
    ids = [c for c, _ in places]
    _check(len(ids) == len(set(ids)), "a card is in two places")
    _check(dict(places) == st.where, "the card places and the lists of lead, hand, trick and discard disagree")
    _check(set(ids) <= set(st.deck), "a card outside this round's deck was placed")
    surplus = len(st.deck) - st.count * (st.lead_size + st.hand_size)
    hidden = sum(pl.unknown_hand + pl.to_tap for pl in st.players) + surplus
    _check(len(st.unseen()) == hidden, "unseen cards differ from hidden hand cards, undealt lead cards and the unused card")
    for pl in st.players:
        _check(pl.lives >= 0, f"{pl.name} has negative lives")
        _check(pl.hand >= 0 and pl.unknown_hand >= 0, f"{pl.name}'s hand count is negative")
        _check(pl.hand == st.hand_size - pl.added + len(pl.joined_hand) - pl.played_from_hand,
               f"{pl.name}'s hand count differs from what was dealt, moved and played")
        _check(not (pl.added and pl.collected), f"{pl.name} both added and collected")
        _check(pl.bonus in (None, "aggressive", "passive"), f"{pl.name} holds an unknown bonus")
    _check(sum(1 for pl in st.players if pl.bonus) <= (1 if st.count == 3 else 2), "too many bonus tokens")
    _check(st.dropouts == sum(1 for pl in st.players if pl.out), "drop-outs miscounted")
    _check(all(not st.by_name(t.player).out for t in st.trick), "a player who dropped out played to the trick")
    _check(st.trump_changes in (0, 1, 2), "the trump changed more than twice")
    if play.prompt is None:
        _check(st.result == "over" and st.outcome is not None, "no prompt but no result")
        _check(any(pl.lives == 0 for pl in st.players), "the game ended with nobody out of life chips")
    else:
        _check(st.result is None, "a result while the game goes on")
    view = play.public_view()
    shown = {c for pl in view["players"] for c in pl["lead"] + pl["known_hand"]}
    shown |= {t["card"] for t in view["trick"]} | set(view["discard"])
    _check(shown <= set(st.where), "the public view shows a card the table has not seen")
