"""Step A of a turn: the penalty of the last card of the combat line.

A penalty that cannot be applied (a neighbour who passed, an empty stack or
pile, no card to discard) is a wound instead, as the rulebook says.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.messages import Message, msg
from games.samurai_spirit.catalogue import Card
from games.samurai_spirit.rules import defence, kiai, village
from games.samurai_spirit.rules.flow import Flow
from games.samurai_spirit.state import SamuraiState

if TYPE_CHECKING:
    from games.samurai_spirit.playing import Playing

WORDS: dict[str, Message] = {
    "barricade": msg("a Barricade is destroyed"),
    "wound": msg("a wound"),
    "intruder": msg("the top Raider card goes unseen to the Intruder stack"),
    "no-defend": msg("no Defend this turn"),
    "no-support": msg("no Support this turn"),
    "left-draws": msg("the left neighbour draws a Raider"),
    "right-draws": msg("the right neighbour draws a Raider"),
    "must-pass": msg("must Pass this turn"),
    "shuffle-discard": msg("a random discard goes back into the Raider stack"),
    "no-talent": msg("no talent and no support tokens this turn"),
    "discard-defence": msg("discard a card from the defence side"),
}

NEIGHBOUR_FACE_UP = msg("{why}: {samurai} takes the face-up {card} from the top of the Raider stack and taps it.")
"""The neighbour's draw when the top Raider card already lies face up; `Playing.reveal` fills in the fields."""

FLAGS = ("no-defend", "no-support", "must-pass", "no-talent")
"""Penalties that only forbid something this turn; the others make their own events."""


def pending_penalty(p: Playing, sam: SamuraiState) -> Card | None:
    """The last card of the combat line when it carries a penalty, else None."""
    if not sam.combat:
        return None
    card = p.state.catalogue.cards[sam.combat[-1]]
    return card if card.penalties else None


def line_penalty(p: Playing, sam: SamuraiState) -> Flow[None]:
    st = p.state
    card = pending_penalty(p, sam)
    if card is None:
        return
    even = card.value % 2 == 0
    immune = "gorobei" if even else "kanbei"
    if defence.has_talent(p, sam, immune):
        if even:
            ask = msg("Gorobei's talent: ignore the penalty of {card} (even value)?", card=card.id)
        else:
            ask = msg("Kanbei's talent: ignore the penalty of {card} (odd value)?", card=card.id)
        use = yield from p.ask(sam, "ignore-penalty", ["yes", "no"], ask)
        if use == "yes":
            p.emit("ignore", msg("{samurai} ignores the penalty of {card} ({samurai2}'s talent).", samurai=sam.name,
                                 card=card.id, samurai2=immune))
            return
    order = list(card.penalties)
    if len(order) == 2:
        first = yield from p.ask(sam, "penalty-order", order,
                                 msg("{card} has two penalties: which does {samurai} apply first?", card=card.id,
                                     samurai=sam.name))
        order.sort(key=lambda pen: pen != first)
    for pen in order:
        yield from apply(p, sam, pen, card.id)
        if st.result:
            return


_WHY: dict[tuple[str, str], Message] = {}
""""Penalty of {card} ({penalty})" per card and penalty, shared by every game (a penalty strikes at most turns)."""


def apply(p: Playing, sam: SamuraiState, pen: str, cid: str) -> Flow[None]:
    st = p.state
    why = _WHY.get((cid, pen))
    if why is None:
        why = _WHY[cid, pen] = msg("Penalty of {card} ({penalty})", card=cid, penalty=WORDS[pen])
    if pen in FLAGS and p.telling:
        p.emit("penalty", msg("{samurai}: {why}.", samurai=sam.name, why=why), samurai=sam.name, penalty=pen)
    if pen == "barricade":
        yield from village.lose_barricade(p, why)
    elif pen == "wound":
        yield from village.wound(p, sam, why)
    elif pen == "intruder":
        if not st.cards.raider:
            yield from _instead(p, sam, why, msg("the Raider stack is empty"))
            return
        st.cards.raider_to_intruder()
        st.last_active = sam.seat
        if p.telling:
            p.step("intruder", msg("{why}: slide the top Raider card, unseen, onto the Intruder stack.", why=why))
    elif pen == "no-defend":
        sam.no_defend = True
    elif pen == "no-support":
        sam.no_support = True
    elif pen == "must-pass":
        sam.must_pass = True
    elif pen == "no-talent":
        sam.no_talent = True
    elif pen in ("left-draws", "right-draws"):
        nb = st.left_of(sam) if pen == "left-draws" else st.right_of(sam)
        if nb.passed:
            yield from _instead(p, sam, why, msg("{samurai} has passed", samurai=nb.name))
            return
        if not st.cards.raider:
            yield from _instead(p, sam, why, msg("the Raider stack is empty"))
            return
        drawn = yield from p.reveal(
            nb, "raider", msg("{why}: {samurai} turns over the top Raider card and taps it.", why=why, samurai=nb.name),
            NEIGHBOUR_FACE_UP)
        st.last_active = nb.seat
        yield from kiai.add_to_combat(p, nb, drawn, why)
    elif pen == "shuffle-discard":
        if not st.cards.discard:
            yield from _instead(p, sam, why, msg("the discard pile is empty"))
            return
        back = st.rng.choice(st.cards.discard)
        st.cards.shuffle_into_raider(back)
        p.step("shuffle", msg("{why}: take {card} from the discard pile (chosen at random) and shuffle it into the "
                              "Raider stack.", why=why, card=back), card=back)
    elif pen == "discard-defence":
        if not sam.defence:
            yield from _instead(p, sam, why, msg("{samurai} has no card on the defence side", samurai=sam.name))
            return
        pick = yield from p.ask(sam, "discard-defence", list(sam.defence),
                                msg("{why}: which defence card does {samurai} discard?", why=why, samurai=sam.name))
        sam.defence.remove(pick)
        st.cards.place(pick, "discard")
        p.step("discard", msg("{why}: put {card} from {samurai}'s defence side on the discard pile.", why=why,
                              card=pick, samurai=sam.name), card=pick)
    else:
        raise AssertionError(f"unknown penalty {pen}")


def _instead(p: Playing, sam: SamuraiState, why: Message, reason: Message) -> Flow[None]:
    yield from village.wound(p, sam, msg("{why} cannot be applied ({reason}); a wound instead", why=why,
                                         reason=reason))
