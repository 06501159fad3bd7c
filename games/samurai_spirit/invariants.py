"""Invariants every state of a game must satisfy; a self-check for tests and fuzzing.

Cheap enough to run after every input of thousands of random games: each card
in exactly one place, the books of unknown cards balanced, village counts in
range, tracks equal to their combat lines, wounds consistent with the board's
face, at most one defended card per symbol, the private notes of face-down
cards consistent with what the table knows, and no hidden identity in the
public view. Raises AssertionError naming what broke.
"""

from __future__ import annotations

import json

from games.samurai_spirit.knowledge import NOTED, Knowledge
from games.samurai_spirit.play import Play


def _check(condition: bool, what: str) -> None:
    if not condition:
        raise AssertionError(f"invariant broken: {what}")


def check_invariants(play: Play) -> None:
    """Raise AssertionError if `play` is in a state the rules can never reach."""
    st = play.state
    cards = st.cards
    cat = st.catalogue
    places: list[tuple[str, str, str]] = []
    places += [(c, "raider", "") for c in cards.raider if c is not None]
    places += [(c, "intruder", "") for c in cards.intruder if c is not None and c != NOTED]
    places += [(c, "discard", "") for c in cards.discard]
    for sam in st.samurai:
        places += [(c, "combat", sam.name) for c in sam.combat]
        places += [(c, "defence", sam.name) for c in sam.defence]
    places += [(c, "hand", "") for c, (where, _) in cards.where.items() if where == "hand"]
    ids = [c for c, _, _ in places]
    _check(len(ids) == len(set(ids)), "a card is in two places")
    for cid, place, owner in places:
        # The messages are only formatted for a broken note: this loop runs for every card after every input.
        noted = cards.where[cid]
        if noted[0] != place:
            _check(False, f"{cid} is in {place} but noted in {noted}")
        if place in ("combat", "defence") and noted[1] != owner:
            _check(False, f"{cid} is noted with the wrong Samurai")
    _check(set(cards.where) == set(ids), "the location notes and the stacks disagree")
    _check(not (set(ids) & cards.unseen), "a located card is also counted as unseen")
    unknown = cards.raider.count(None) + cards.intruder.count(None) + cards.intruder.count(NOTED)
    _check(unknown == len(cards.unseen) + sum(cards.unidentified.values()), "unknown slots do not match the unseen cards")
    deck = len(cards.members) + sum(cards.unidentified.values())
    in_round = len(cards.raider) + len(cards.intruder) + len(cards.discard) + len(ids) - len(
        [c for c, p, _ in places if p in ("raider", "intruder", "discard")])
    _check(in_round == deck, "cards of the round do not add up")
    _check(all(c in cards.members for c in ids), "a located card is not in the game's deck")
    _check(0 <= st.barricades <= st.barricades_max, "barricades outside 0..start")
    _check(0 <= st.farmsteads <= 6 and set(st.families) <= set(cat.families), "village tokens out of range")
    _check(sum(st.farmstead_backs.values()) >= st.farmsteads or not st.setup.level.farmstead_penalties,
               "more Farmsteads than Farmstead backs left")
    _check_notes(cards)
    view = play.public_view()
    for sam_view, sam in zip(view["samurai"], st.samurai, strict=True):
        _check(sam_view["track"] == sum(cat.cards[c].value for c in sam_view["combat"]), "track differs from the combat line")
        _check(0 <= sam.wounds <= 4, "wounds outside 0..4")
        _check((sam.face == "animal") == (sam.wounds >= 2), "face does not match the wounds")
        _check(sam.wound_token == (sam.wounds in (1, 3)), "wound token does not match the wounds")
        symbols = [cat.cards[c].symbol for c in sam.defence]
        _check(None not in symbols and len(symbols) == len(set(symbols)) <= 3, "defence side breaks the symbol rule")
    if any(s.wounds == 4 for s in st.samurai):
        _check(st.result == "lost", "a Samurai died but the game is not lost")
    text = json.dumps({k: v for k, v in view.items() if k != "pending"})
    for secret in cards.hidden:
        _check(secret not in text, "a hidden card shows in the public view")
    if play.prompt is None:
        _check(st.result in ("won", "lost"), "no prompt but no result")


def _check_notes(cards: Knowledge) -> None:
    """Each note names a distinct card the table could still find in that named face-down slot."""
    noted = cards.notes.cards
    _check(len(set(noted.values())) == len(noted), "one card noted face down twice")
    outside: dict[str, int] = {}
    for slot, cid in noted.items():
        _check(0 <= slot < len(cards.intruder) and cards.intruder[slot] == NOTED,
               f"{cid} is noted in an Intruder slot that was not named")
        _check(cid not in cards.where, f"{cid} is noted face down but the table has seen it elsewhere")
        if cid not in cards.members:
            rank = cards.catalogue.cards[cid].rank
            _check(cid in cards.candidates[rank], f"{cid} is noted face down but cannot be in the game")
            outside[rank] = outside.get(rank, 0) + 1
    for rank, count in outside.items():
        _check(count <= cards.unidentified.get(rank, 0), f"more {rank}s noted face down than can be in the game")
