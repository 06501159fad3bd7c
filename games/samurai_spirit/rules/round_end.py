"""End of a round, steps 1 to 4 in order, then the next round or the outcome."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.messages import Message, msg
from engine.core.prompt import TABLE
from games.samurai_spirit.rules import village
from games.samurai_spirit.rules.flow import Flow

if TYPE_CHECKING:
    from games.samurai_spirit.playing import Playing


def end_round(p: Playing) -> Flow[None]:
    st = p.state
    st.in_round_end = True
    cards = st.cards
    if not st.in_round() and cards.raider:
        moved = cards.all_raider_to_intruder()
        p.step("all-passed", msg("Everyone has passed: put the remaining Raider cards ({n}) on top of the "
                                 "Intruder stack.", n=moved), moved=moved)
    p.emit("round-end", msg("End of round {round}.", round=st.round), round=st.round)
    for sam in st.samurai:
        if not st.defends(sam, "hat"):
            yield from village.wound(p, sam, msg("Step 1: {samurai} did not protect the peasants (no hat)",
                                                 samurai=sam.name))
    for sam in st.samurai:
        if not st.defends(sam, "farm"):
            yield from village.destroy_farmstead(p, msg("Step 2: {samurai} did not protect a farm", samurai=sam.name))
    for sam in st.samurai:
        if not st.defends(sam, "doll"):
            village.lose_random_family(p, msg("Step 3: {samurai} did not protect a family", samurai=sam.name))
    if st.setup.level.family_bonus:
        yield from family_bonuses(p)
    while cards.intruder:
        cid = yield from p.reveal(TABLE, "intruder", _step_4(len(cards.intruder)))
        cards.place(cid, "discard")
        if st.catalogue.cards[cid].flames:
            yield from village.lose_barricade(p, msg("Step 4: {card} shows flames", card=cid))
        elif p.telling:
            p.emit("no-flames", msg("Step 4: {card} shows no flames.", card=cid), card=cid)
    finish_round(p)


_STEP_4: dict[int, Message] = {}
"""The Step 4 instruction per number of Intruder cards left, shared by every game."""


def _step_4(left: int) -> Message:
    text = _STEP_4.get(left)
    if text is None:
        text = _STEP_4[left] = msg("Step 4: turn over the top Intruder card and tap it, then put it on the discard "
                                   "pile (cards left: {left}).", left=left)
    return text


def family_bonuses(p: Playing) -> Flow[None]:
    """Each Family still in the village gives its bonus (never at Heroic)."""
    st = p.state
    for token in sorted(st.families):
        why = msg("Step 3: Family bonus {token}", token=token)
        if token == "A":
            wounded = [s for s in st.samurai if s.wound_token]
            if wounded:
                village.heal(p, st.rng.choice(wounded), msg("{why} (random wounded Samurai)", why=why))
            else:
                p.emit("bonus", msg("{why}: no Samurai has a Wound token.", why=why))
        elif token == "B":
            village.add_barricade(p, why)
        elif st.cards.intruder:
            cid = yield from p.reveal(TABLE, "intruder", msg("{why}: turn over the top Intruder card and tap it, then "
                                                             "put it on the discard pile.", why=why))
            st.cards.place(cid, "discard")
            p.step("discard", msg("{why}: {card} goes on the discard pile.", why=why, card=cid), card=cid)
        else:
            p.emit("bonus", msg("{why}: the Intruder stack is empty.", why=why))


def finish_round(p: Playing) -> None:
    st = p.state
    if st.round == 3:
        st.result = "won"
        unhurt = 0 if any(s.wound_token for s in st.samurai) else 1
        st.score = st.farmsteads + len(st.families) + unhurt
        p.emit("won", msg("The village is saved! Score {grade} (Farmsteads {farmsteads}, Families {families}, "
                          "{unhurt} for no Wound token).", grade=f"{st.score}{st.setup.level.grade}",
                          farmsteads=st.farmsteads, families=len(st.families), unhurt=unhurt), score=st.score)
        return
    st.round += 1
    st.first = st.last_active = (st.last_active + 1) % len(st.samurai)
    for sam in st.samurai:
        sam.passed = False
        sam.combat.clear()
        sam.defence.clear()
        sam.token_holder = sam.name
        sam.round_talents.clear()
