"""Step A of a turn: the penalty of the last card of the combat line.

A penalty that cannot be applied (a neighbour who passed, an empty stack or
pile, no card to discard) is a wound instead, as the rulebook says.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.samurai_spirit.catalogue import Card
from engine.games.samurai_spirit.rules import fight, kiai, village
from engine.games.samurai_spirit.rules.flow import Flow
from engine.games.samurai_spirit.state import SamuraiState

if TYPE_CHECKING:
    from engine.games.samurai_spirit.play import Play

WORDS = {
    "barricade": "a Barricade is destroyed",
    "wound": "a wound",
    "intruder": "the top Raider card goes unseen to the Intruder stack",
    "no-defend": "no Defend this turn",
    "no-support": "no Support this turn",
    "left-draws": "the left neighbour draws a Raider",
    "right-draws": "the right neighbour draws a Raider",
    "must-pass": "must Pass this turn",
    "shuffle-discard": "a random discard goes back into the Raider stack",
    "no-talent": "no talent and no support tokens this turn",
    "discard-defence": "discard a card from the defence side",
}

FLAGS = ("no-defend", "no-support", "must-pass", "no-talent")
"""Penalties that only forbid something this turn; the others make their own events."""


def pending_penalty(p: Play, sam: SamuraiState) -> Card | None:
    """The last card of the combat line when it carries a penalty, else None."""
    if not sam.combat:
        return None
    card = p.state.catalogue.cards[sam.combat[-1]]
    return card if card.penalties else None


def line_penalty(p: Play, sam: SamuraiState) -> Flow[None]:
    st = p.state
    card = pending_penalty(p, sam)
    if card is None:
        return
    immune = "gorobei" if card.value % 2 == 0 else "kanbei"
    if fight.has_talent(p, sam, immune):
        parity = "even" if card.value % 2 == 0 else "odd"
        use = yield from p.ask(sam, "ignore-penalty", ["yes", "no"],
                               f"{immune.capitalize()}'s talent: ignore the penalty of {card.id} ({parity})?")
        if use == "yes":
            p.emit("ignore", f"{sam.title} ignores the penalty of {card.id} ({immune.capitalize()}'s talent).")
            return
    order = list(card.penalties)
    if len(order) == 2:
        first = yield from p.ask(sam, "penalty-order", order,
                                 f"{card.id} has two penalties: which does {sam.title} apply first?")
        order.sort(key=lambda pen: pen != first)
    for pen in order:
        yield from apply(p, sam, pen, card.id)
        if st.result:
            return


def apply(p: Play, sam: SamuraiState, pen: str, cid: str) -> Flow[None]:
    st = p.state
    why = f"Penalty of {cid} ({WORDS[pen]})"
    if pen in FLAGS:
        p.emit("penalty", f"{sam.title}: {why}.", samurai=sam.name, penalty=pen)
    if pen == "barricade":
        yield from village.lose_barricade(p, why)
    elif pen == "wound":
        yield from village.wound(p, sam, why)
    elif pen == "intruder":
        if not st.cards.raider:
            yield from _instead(p, sam, why, "the Raider stack is empty")
            return
        st.cards.raider_to_intruder()
        st.last_active = sam.seat
        p.emit("intruder", f"{why}: slide the top Raider card, unseen, onto the Intruder stack.")
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
            yield from _instead(p, sam, why, f"{nb.title} has passed")
            return
        if not st.cards.raider:
            yield from _instead(p, sam, why, "the Raider stack is empty")
            return
        drawn = yield from p.reveal(nb, "raider", f"{why}: {nb.title} turns over the top Raider card and taps it.")
        st.last_active = nb.seat
        yield from kiai.add_to_combat(p, nb, drawn, f"{why}")
    elif pen == "shuffle-discard":
        if not st.cards.discard:
            yield from _instead(p, sam, why, "the discard pile is empty")
            return
        back = st.rng.choice(st.cards.discard)
        st.cards.shuffle_into_raider(back)
        p.emit("shuffle", f"{why}: take {back} from the discard pile (chosen at random) and shuffle it into the "
               "Raider stack.", card=back)
    elif pen == "discard-defence":
        if not sam.defence:
            yield from _instead(p, sam, why, f"{sam.title} has no card on the defence side")
            return
        pick = yield from p.ask(sam, "discard-defence", list(sam.defence),
                                f"{why}: which defence card does {sam.title} discard?")
        sam.defence.remove(pick)
        st.cards.place(pick, "discard")
        p.emit("discard", f"{why}: put {pick} from {sam.title}'s defence side on the discard pile.", card=pick)
    else:
        raise AssertionError(f"unknown penalty {pen}")


def _instead(p: Play, sam: SamuraiState, why: str, reason: str) -> Flow[None]:
    yield from village.wound(p, sam, f"{why} cannot be applied ({reason}); a wound instead")
