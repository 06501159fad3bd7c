"""The Fight action: draw, use talents, then Confront or Defend.

A drawn card is one decision for whoever holds it: Confront, Defend, or a
talent (Kyuzo's discard, Katsushiro's card under the stack, Heihachi's and
Daisuke's gift to a neighbour). A gifted card is played by its receiver "as if
he had drawn it himself", with his own talents, off-turn included (FAQ).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.messages import Message, msg
from engine.core.prompt import Prompt
from games.samurai_spirit.rules import defence, kiai
from games.samurai_spirit.rules.flow import Flow
from games.samurai_spirit.state import SamuraiState

if TYPE_CHECKING:
    from games.samurai_spirit.playing import Playing

CONFRONT, DEFEND, DISCARD, UNDER = "confront", "defend", "discard", "under"
FACE_UP = msg("{samurai}: take the face-up {card} from the top of the Raider stack and tap it.")
"""The draw when the top Raider card already lies face up; `Playing.reveal` fills in the fields."""


def gift_targets(p: Playing, sam: SamuraiState, cid: str, held_by: frozenset[str]) -> list[str]:
    """Neighbours who may receive a card through Heihachi's or Daisuke's talent."""
    st = p.state
    talent = "heihachi" if st.values[cid] % 2 == 0 else "daisuke"
    if not defence.has_talent(p, sam, talent):
        return []
    out = []
    for nb in (st.left_of(sam), st.right_of(sam)):
        if nb is not sam and not nb.passed and nb.name not in held_by and nb.name not in out:
            out.append(nb.name)
    return out


def fight_options(p: Playing, sam: SamuraiState, cid: str, held_by: frozenset[str], under_used: bool) -> list[str]:
    st = p.state
    options = [CONFRONT]
    symbol = st.catalogue.cards[cid].symbol
    if symbol is not None and not sam.no_defend and not st.defends(sam, symbol):  # = not defence.defend_blocked(...)
        options.append(DEFEND)
    if defence.has_talent(p, sam, "kyuzo") and _matches_line(p, sam, st.values[cid]):
        options.append(DISCARD)
    if not under_used and st.cards.raider and defence.has_talent(p, sam, "katsushiro"):
        options.append(UNDER)
    options.extend(gift_targets(p, sam, cid, held_by))
    return options


def _matches_line(p: Playing, sam: SamuraiState, value: int) -> bool:
    """Whether a card of `value` lies in the combat line of `sam` (Kyuzo's talent)."""
    values = p.state.values
    for cid in sam.combat:
        if values[cid] == value:
            return True
    return False


def fight(p: Playing, sam: SamuraiState) -> Flow[None]:
    """The Fight action, twice with Kikuchiyo's talent."""
    st = p.state
    yield from draw_and_play(p, sam)
    if st.cards.raider and not st.result and defence.has_talent(p, sam, "kikuchiyo"):
        again = yield from p.ask_prompt(sam.said.fighting_again)
        if again == "yes":
            yield from draw_and_play(p, sam)


def draw_and_play(p: Playing, sam: SamuraiState, under_used: bool = False) -> Flow[None]:
    cid = yield from p.reveal(sam, "raider", sam.said.draw, FACE_UP)
    p.state.last_active = sam.seat
    yield from play_card(p, sam, cid, sam.said.alone, under_used)


def _faces(sam: SamuraiState, cid: str, defendable: bool) -> Message:
    """The fight question names the buttons that act: Defend only when it is allowed."""
    if defendable:
        return msg("{samurai} faces {card}: press Confront or Defend.", samurai=sam.name, card=cid)
    return msg("{samurai} faces {card}: press Confront.", samurai=sam.name, card=cid)


def _facing(sam: SamuraiState, cid: str, options: tuple[str, ...]) -> Prompt:
    """The prompt of `sam` facing `cid` with these options: made at its first use, then shared (see `Said`)."""
    key = (cid, options)
    prompt = sam.said.faces.get(key)
    if prompt is None:
        prompt = Prompt(sam.name, "fight", _faces(sam, cid, DEFEND in options), options, None, cid)
        sam.said.faces[key] = prompt
    return prompt


def play_card(p: Playing, sam: SamuraiState, cid: str, held_by: frozenset[str], under_used: bool) -> Flow[None]:
    st = p.state
    card = st.catalogue.cards[cid]
    options = fight_options(p, sam, cid, held_by, under_used)
    if len(options) == 1:
        choice = options[0]
        if p.telling:  # a play-out takes the single option without saying why
            forced = msg("{reason}: {samurai} must Confront {card}.", reason=defence.why_not_defend(p, sam, cid),
                         samurai=sam.name, card=cid)
            yield from p.ask(sam, "fight", options, _faces(sam, cid, False), forced, subject=cid)
    else:
        choice = yield from p.ask_prompt(_facing(sam, cid, tuple(options)))
    if choice == CONFRONT:
        yield from kiai.add_to_combat(p, sam, cid, sam.said.confronts)
    elif choice == DEFEND:
        defence.defend(p, sam, cid)
    elif choice == DISCARD:
        st.cards.place(cid, "discard")
        if p.telling:
            p.step("discard", msg("Kyuzo's talent: {card} matches a card in {samurai}'s combat line; put it on the "
                                  "discard pile.", card=cid, samurai=sam.name), card=cid)
    elif choice == UNDER:
        st.cards.put_under_raider(cid)
        p.step("under", msg("Katsushiro's talent: put {card} under the Raider stack and draw again.", card=cid),
               card=cid)
        yield from draw_and_play(p, sam, under_used=True)
    else:
        receiver = st.by_name(choice)
        if card.value % 2 == 0:
            gift = msg("Heihachi's talent: {samurai} gives {card} to {samurai2}, who must fight it.",
                       samurai=sam.name, card=cid, samurai2=receiver.name)
        else:
            gift = msg("Daisuke's talent: {samurai} gives {card} to {samurai2}, who must fight it.",
                       samurai=sam.name, card=cid, samurai2=receiver.name)
        p.step("gift", gift, card=cid, source=sam.name, target=receiver.name)
        yield from play_card(p, receiver, cid, held_by | {receiver.name}, under_used)
