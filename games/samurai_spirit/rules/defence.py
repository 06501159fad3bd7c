"""Defending: who may lay a drawn card to the left of his board, and laying it there.

Fighting (fight.py) and the Kiai (kiai.py) both defend, so this sits below both
of them; with it the two do not import each other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.messages import Message, msg
from games.samurai_spirit.state import SamuraiState

if TYPE_CHECKING:
    from games.samurai_spirit.playing import Playing


def has_talent(p: Playing, sam: SamuraiState, talent: str) -> bool:
    """Own talent always; support tokens only on his own turn; never under the no-talent Boss.

    A token handed to him during that same turn gives nothing: he must give it
    back after the turn, "and thus get no benefit from it" (Kyuzo's note).
    """
    if sam.no_talent:
        return False
    if sam.name == talent or talent in sam.round_talents:
        return True
    st = p.state
    if st.samurai[st.active] is not sam or st.in_round_end:
        return False
    holder = st.seats.get(talent)
    return holder is not None and holder.token_holder == sam.name and talent not in st.late_tokens


def defend_blocked(p: Playing, sam: SamuraiState, cid: str) -> bool:
    """Whether `why_not_defend` has a reason, without building its sentence (asked at every draw)."""
    symbol = p.state.catalogue.cards[cid].symbol
    return symbol is None or sam.no_defend or p.state.defends(sam, symbol)


def why_not_defend(p: Playing, sam: SamuraiState, cid: str) -> Message | None:
    if not defend_blocked(p, sam, cid):
        return None
    st = p.state
    card = st.catalogue.cards[cid]
    if card.symbol is None:
        return msg("Defend not allowed: {card} has no symbol", card=cid)
    if sam.no_defend:
        return msg("Defend not allowed: a penalty forbids {samurai} to Defend this turn", samurai=sam.name)
    if st.defends(sam, card.symbol):
        return msg("Defend not allowed: {samurai} already defends a {symbol}", samurai=sam.name, symbol=card.symbol)
    return None


def can_defend(p: Playing, sam: SamuraiState, cid: str) -> bool:
    return not defend_blocked(p, sam, cid)


def defend(p: Playing, sam: SamuraiState, cid: str) -> None:
    sam.defence.append(cid)
    p.state.cards.place(cid, "defence", sam.name)
    symbol = p.state.catalogue.cards[cid].symbol
    if p.telling:
        p.step("defend", msg("{samurai} defends: lay {card} to the left of the board ({symbol}).", samurai=sam.name,
                             card=cid, symbol=symbol), samurai=sam.name, card=cid)
