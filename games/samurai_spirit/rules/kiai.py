"""Battle tracks and Kiai: what happens when a combat line changes.

Every card added to or taken from a combat line goes through `after_change`,
so the rulebook's three cases (below, exactly at, past the Kiai) are checked
in one place, on anybody's turn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.core.messages import Items, Message, msg
from games.samurai_spirit.rules import defence, village
from games.samurai_spirit.rules.flow import Flow
from games.samurai_spirit.state import SamuraiState

if TYPE_CHECKING:
    from games.samurai_spirit.playing import Playing

NO = "no"
DISCARD_FACE_UP = msg("{why}: take the face-up {card} from the top of the Raider stack, tap it, then put it on the "
                      "discard pile.")
KATSUSHIRO_FACE_UP = msg("Katsushiro's Kiai: take the face-up {card} from the top of the Raider stack and tap it.")
"""Draws when the top Raider card already lies face up; `Playing.reveal` fills in the fields."""

EFFECT_TEXT: dict[tuple[str, str], Message] = {
    ("kikuchiyo", "human"): msg("Discard the last card of one Samurai's combat line."),
    ("kikuchiyo", "animal"): msg("Discard the last card of one Samurai's combat line, twice."),
    ("kyuzo", "human"): msg("One Samurai gives his support token to another."),
    ("kyuzo", "animal"): msg("One Samurai gives his support token to another, and add a Barricade."),
    ("daisuke", "human"): msg("Move the last card of one Samurai's combat line to another Samurai."),
    ("daisuke", "animal"): msg("Move the last card of one Samurai's combat line to another Samurai, twice."),
    ("katsushiro", "human"): msg("Look at the top 2 Raider cards and put them back face up in any order."),
    ("katsushiro", "animal"): msg("Look at the top 3 Raider cards and put them back face up in any order."),
    ("gorobei", "human"): msg("Discard the top 2 cards of the Raider stack."),
    ("gorobei", "animal"): msg("Discard the top 3 cards of the Raider stack."),
    ("heihachi", "human"): msg("Add a Barricade."),
    ("heihachi", "animal"): msg("Add a Barricade and remove a Wound token from a Samurai."),
    ("kanbei", "human"): msg("Discard the top 2 cards of the Intruder stack."),
    ("kanbei", "animal"): msg("Discard the top 3 cards of the Intruder stack."),
}
"""Each Kiai effect as the rulebook words it, per face: the rules below are what it does."""


def add_to_combat(p: Playing, sam: SamuraiState, cid: str, how: Message) -> Flow[None]:
    """Lay a card to the right of a board (confront, penalty draw, Daisuke's Kiai)."""
    st = p.state
    sam.combat.append(cid)
    st.cards.place(cid, "combat", sam.name)
    if p.telling:
        track = st.track(sam)
        p.step("confront", msg("{why}: {samurai} lays {card} in the combat line; move the meeple to {track} "
                               "(Kiai {kiai}).", why=how, samurai=sam.name, card=cid, track=track, kiai=st.kiai(sam)),
               samurai=sam.name, card=cid, track=track)
    yield from after_change(p, sam, added=True)


def take_last(p: Playing, sam: SamuraiState) -> str:
    """Lift the last card of a combat line (Daisuke's and Kikuchiyo's Kiai)."""
    cid = sam.combat.pop()
    p.state.cards.lift(cid)
    return cid


def after_change(p: Playing, sam: SamuraiState, added: bool) -> Flow[None]:
    """Past the Kiai after a card was added: lose a Barricade. Exactly at it: Kiai."""
    st = p.state
    total, k = st.track(sam), st.kiai(sam)
    if added and total > k:
        yield from village.lose_barricade(p, msg("{samurai} is overcome ({total} past Kiai {kiai})",
                                                 samurai=sam.name, total=total, kiai=k))
    elif total == k:
        yield from activate(p, sam)


def activate(p: Playing, sam: SamuraiState) -> Flow[None]:
    """Kiai: the effect is optional, the first combat card always goes to the discard pile."""
    st = p.state
    if sam.passed or st.in_round_end or sam.name in p.kiai_active or st.result:
        return
    p.kiai_active.add(sam.name)
    k = st.kiai(sam)
    p.emit("kiai", msg("{samurai} reaches the Kiai ({kiai}) exactly!", samurai=sam.name, kiai=k), samurai=sam.name)
    effect = EFFECTS[sam.name]
    if effect.possible(p, sam):
        use = yield from p.ask(sam, "kiai", ["yes", NO], msg("{samurai}'s Kiai: {effect} Use it?", samurai=sam.name,
                                                             effect=EFFECT_TEXT[sam.name, sam.face]))
        if use == "yes":
            yield from effect.run(p, sam)
    if sam.combat and not st.result:
        first = sam.combat.pop(0)
        st.cards.place(first, "discard")
        track = st.track(sam)
        p.step("kiai-discard", msg("Put {samurai}'s first combat card ({card}) on the discard pile; move the meeple "
                                   "to {track}.", samurai=sam.name, card=first, track=track),
               samurai=sam.name, card=first, track=track)
    p.kiai_active.discard(sam.name)
    yield from after_change(p, sam, added=False)


class Effect:
    """A Kiai effect: when it can do anything, and what it does."""

    def __init__(self, possible: Callable[[Playing, SamuraiState], bool],
                 run: Callable[[Playing, SamuraiState], Flow[None]]) -> None:
        self.possible = possible
        self.run = run


def _times(sam: SamuraiState) -> int:
    return 2 if sam.face == "animal" else 1


def _with_lines(p: Playing) -> list[SamuraiState]:
    return [s for s in p.state.in_round() if s.combat]


def _pick_line(p: Playing, sam: SamuraiState, time: int, question: Message) -> Flow[SamuraiState | None]:
    """Which Samurai's last combat card an effect takes; the second use of an animal Kiai may stop."""
    names = [s.name for s in _with_lines(p)]
    if time:
        names.append(NO)
        ask = msg("{samurai}'s Kiai (second use): {question}", samurai=sam.name, question=question)
    else:
        ask = msg("{samurai}'s Kiai: {question}", samurai=sam.name, question=question)
    who = yield from p.ask(sam, "kiai-source", names, ask)
    return None if who == NO else p.state.by_name(who)


# --- Heihachi: Barricade (animal: and heal) ----------------------------------

def _heihachi_possible(p: Playing, sam: SamuraiState) -> bool:
    st = p.state
    healable = sam.face == "animal" and any(s.wound_token for s in st.samurai)
    return st.barricades < st.barricades_max or healable


def _heihachi(p: Playing, sam: SamuraiState) -> Flow[None]:
    village.add_barricade(p, msg("Heihachi's Kiai"))
    if sam.face != "animal":
        return
    wounded = [s.name for s in p.state.samurai if s.wound_token]
    if not wounded:
        return
    who = yield from p.ask(sam, "kiai-heal", [*wounded, NO], msg("Heihachi's Kiai: remove a Wound token from whom?"))
    if who != NO:
        village.heal(p, p.state.by_name(who), msg("Heihachi's Kiai"))


# --- Daisuke: move the last card of a line to another Samurai ---------------

def _daisuke_possible(p: Playing, sam: SamuraiState) -> bool:
    return bool(_with_lines(p)) and len(p.state.in_round()) >= 2


def _daisuke(p: Playing, sam: SamuraiState) -> Flow[None]:
    st = p.state
    for time in range(_times(sam)):
        if not _daisuke_possible(p, sam):
            return
        source = yield from _pick_line(p, sam, time, msg("take the last combat card of which Samurai?"))
        if source is None:
            return
        targets = [s.name for s in st.in_round() if s is not source]
        dst_name = yield from p.ask(sam, "kiai-target", targets,
                                    msg("Daisuke's Kiai: give {card} to which Samurai?", card=source.combat[-1]))
        target = st.by_name(dst_name)
        cid = take_last(p, source)
        p.step("kiai-move", msg("Daisuke's Kiai: move {card} from {samurai}'s combat line to {samurai2}; move "
                                "{samurai}'s meeple to {track}.", card=cid, samurai=source.name,
                                samurai2=target.name, track=st.track(source)),
               card=cid, source=source.name, target=target.name)
        yield from after_change(p, source, added=False)
        if st.result or target.passed:
            continue
        sides = ["confront"] + (["defend"] if defence.can_defend(p, target, cid) else [])
        side = yield from p.ask(target, "side", sides, msg("{samurai}: lay {card} to the right (press Confront) or "
                                                           "to the left (press Defend).", samurai=target.name,
                                                           card=cid), subject=cid)
        if side == "defend":
            defence.defend(p, target, cid)
        else:
            yield from add_to_combat(p, target, cid, msg("Daisuke's Kiai"))


# --- Gorobei: top Raider cards to the discard pile ---------------------------

def _gorobei_possible(p: Playing, sam: SamuraiState) -> bool:
    return bool(p.state.cards.raider)


def _gorobei(p: Playing, sam: SamuraiState) -> Flow[None]:
    yield from _reveal_to_discard(p, sam, "raider", 1 + _times(sam), msg("Gorobei's Kiai"))


def _reveal_to_discard(p: Playing, sam: SamuraiState, source: str, count: int, why: Message) -> Flow[None]:
    st = p.state
    stack = st.cards.raider if source == "raider" else st.cards.intruder
    for _ in range(min(count, len(stack))):
        if source == "raider":
            cid = yield from p.reveal(
                sam, source, msg("{why}: turn over the top Raider card and tap it, then put it on the discard pile.",
                                 why=why),
                DISCARD_FACE_UP)
        else:
            cid = yield from p.reveal(sam, source, msg("{why}: turn over the top Intruder card and tap it, then put "
                                                       "it on the discard pile.", why=why))
        st.cards.place(cid, "discard")
        if source == "raider":
            st.last_active = sam.seat
        p.step("discard", msg("{why}: {card} goes on the discard pile.", why=why, card=cid), card=cid)


# --- Kanbei: top Intruder cards to the discard pile -------------------------

def _kanbei_possible(p: Playing, sam: SamuraiState) -> bool:
    return bool(p.state.cards.intruder)


def _kanbei(p: Playing, sam: SamuraiState) -> Flow[None]:
    yield from _reveal_to_discard(p, sam, "intruder", 1 + _times(sam), msg("Kanbei's Kiai"))


# --- Kikuchiyo: discard the last card of a line -------------------------------

def _kikuchiyo_possible(p: Playing, sam: SamuraiState) -> bool:
    return bool(_with_lines(p))


def _kikuchiyo(p: Playing, sam: SamuraiState) -> Flow[None]:
    st = p.state
    for time in range(_times(sam)):
        if not _with_lines(p):
            return
        victim = yield from _pick_line(p, sam, time, msg("discard the last combat card of which Samurai?"))
        if victim is None:
            return
        cid = take_last(p, victim)
        st.cards.place(cid, "discard")
        p.step("discard", msg("Kikuchiyo's Kiai: put {card} from {samurai}'s combat line on the discard pile; move "
                              "the meeple to {track}.", card=cid, samurai=victim.name, track=st.track(victim)),
               card=cid, samurai=victim.name)
        yield from after_change(p, victim, added=False)
        if st.result:
            return


# --- Kyuzo: move a support token (animal: and a Barricade) -------------------

def _token_givers(p: Playing) -> list[SamuraiState]:
    live = p.state.in_round()
    return [s for s in live if s.token_holder == s.name and len(live) >= 2]


def _kyuzo_possible(p: Playing, sam: SamuraiState) -> bool:
    st = p.state
    return bool(_token_givers(p)) or (sam.face == "animal" and st.barricades < st.barricades_max)


def _kyuzo(p: Playing, sam: SamuraiState) -> Flow[None]:
    st = p.state
    givers = [s.name for s in _token_givers(p)]
    if givers:
        giver_name = yield from p.ask(sam, "kiai-source", [*givers, NO],
                                      msg("Kyuzo's Kiai: which Samurai gives his support token?"))
        if giver_name != NO:
            giver = st.by_name(giver_name)
            takers = [s.name for s in st.in_round() if s is not giver]
            taker = yield from p.ask(sam, "kiai-target", takers, msg("Kyuzo's Kiai: {samurai} gives the token to whom?",
                                                                     samurai=giver.name))
            giver.token_holder = taker
            if st.samurai[st.active].name == taker:
                st.late_tokens.add(giver.name)
            p.step("token", msg("Kyuzo's Kiai: hand {samurai}'s support token to {samurai2}.", samurai=giver.name,
                                samurai2=taker), token=giver.name, holder=taker)
    if sam.face == "animal":
        village.add_barricade(p, msg("Kyuzo's Kiai"))


# --- Katsushiro: look at the top cards and put them back face up -------------

def _katsushiro(p: Playing, sam: SamuraiState) -> Flow[None]:
    st = p.state
    seen: list[str] = []
    for _ in range(min(1 + _times(sam), len(st.cards.raider))):
        cid = yield from p.reveal(sam, "raider", msg("Katsushiro's Kiai: turn over the top Raider card and tap it."),
                                  KATSUSHIRO_FACE_UP)
        seen.append(cid)
    order: list[str] = []
    while len(seen) > 1:
        if order:
            ask = msg("Katsushiro's Kiai: which card goes next, under {card}?", card=order[-1])
        else:
            ask = msg("Katsushiro's Kiai: which card goes on top?")
        pick = yield from p.ask(sam, "kiai-order", sorted(seen), ask)
        seen.remove(pick)
        order.append(pick)
    order.extend(seen)
    st.cards.put_on_raider_face_up(order)
    p.step("raider-face-up", msg("Katsushiro's Kiai: put {cards} back face up on the Raider stack, the first on top.",
                                 cards=Items(order)), cards=order)


EFFECTS: dict[str, Effect] = {
    "heihachi": Effect(_heihachi_possible, _heihachi),
    "daisuke": Effect(_daisuke_possible, _daisuke),
    "gorobei": Effect(_gorobei_possible, _gorobei),
    "kanbei": Effect(_kanbei_possible, _kanbei),
    "kikuchiyo": Effect(_kikuchiyo_possible, _kikuchiyo),
    "kyuzo": Effect(_kyuzo_possible, _kyuzo),
    "katsushiro": Effect(_gorobei_possible, _katsushiro),
}
