"""End of a round, steps 1 to 4 in order, then the next round or the outcome."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.prompt import TABLE
from engine.games.samurai_spirit.rules import village
from engine.games.samurai_spirit.rules.flow import Flow

if TYPE_CHECKING:
    from engine.games.samurai_spirit.play import Play


def end_round(p: Play) -> Flow[None]:
    st = p.state
    st.in_round_end = True
    cards = st.cards
    if not st.in_round() and cards.raider:
        moved = cards.all_raider_to_intruder()
        p.emit("all-passed", f"Everyone has passed: put the {moved} remaining Raider card(s) on top of the "
               "Intruder stack.", moved=moved)
    p.emit("round-end", f"End of round {st.round}.", round=st.round)
    for sam in st.samurai:
        if not st.defends(sam, "hat"):
            yield from village.wound(p, sam, f"Step 1: {sam.title} did not protect the peasants (no hat)")
    for sam in st.samurai:
        if not st.defends(sam, "farm"):
            yield from village.destroy_farmstead(p, f"Step 2: {sam.title} did not protect a farm")
    for sam in st.samurai:
        if not st.defends(sam, "doll"):
            village.lose_random_family(p, f"Step 3: {sam.title} did not protect a family")
    if st.setup.level.family_bonus:
        yield from family_bonuses(p)
    while cards.intruder:
        cid = yield from p.reveal(TABLE, "intruder", f"Step 4: turn over the top Intruder card and tap it "
                                  f"({len(cards.intruder)} left).")
        cards.place(cid, "discard")
        if st.catalogue.cards[cid].flames:
            yield from village.lose_barricade(p, f"Step 4: {cid} shows flames")
        else:
            p.emit("no-flames", f"Step 4: {cid} shows no flames.", card=cid)
    finish_round(p)


def family_bonuses(p: Play) -> Flow[None]:
    """Each Family still in the village gives its bonus (never at Heroic)."""
    st = p.state
    for token in sorted(st.families):
        why = f"Step 3: Family bonus {token}"
        if token == "A":
            wounded = [s for s in st.samurai if s.wound_token]
            if wounded:
                village.heal(p, st.rng.choice(wounded), f"{why} (random wounded Samurai)")
            else:
                p.emit("bonus", f"{why}: no Samurai has a Wound token.")
        elif token == "B":
            village.add_barricade(p, why)
        elif st.cards.intruder:
            cid = yield from p.reveal(TABLE, "intruder", f"{why}: turn over the top Intruder card, tap it, "
                                      "and put it on the discard pile.")
            st.cards.place(cid, "discard")
            p.emit("discard", f"{why}: {cid} goes on the discard pile.", card=cid)
        else:
            p.emit("bonus", f"{why}: the Intruder stack is empty.")


def finish_round(p: Play) -> None:
    st = p.state
    if st.round == 3:
        st.result = "won"
        unhurt = 0 if any(s.wound_token for s in st.samurai) else 1
        st.score = st.farmsteads + len(st.families) + unhurt
        p.emit("won", f"The village is saved! Score {st.score}{st.setup.level.grade} "
               f"({st.farmsteads} Farmsteads, {len(st.families)} Families, {unhurt} for no Wound token).",
               score=st.score)
        return
    st.round += 1
    st.first = st.last_active = (st.last_active + 1) % len(st.samurai)
    for sam in st.samurai:
        sam.passed = False
        sam.combat.clear()
        sam.defence.clear()
        sam.token_holder = sam.name
        sam.round_talents.clear()
