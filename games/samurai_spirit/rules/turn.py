"""A turn: absent support tokens, the line penalty, then exactly one action."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.messages import Message, msg
from games.samurai_spirit.rules import defence, fight, penalties
from games.samurai_spirit.rules.flow import Flow
from games.samurai_spirit.state import ACTIONS, ACTIONS_WITHOUT_SUPPORT, SamuraiState

if TYPE_CHECKING:
    from games.samurai_spirit.playing import Playing

FIGHT, SUPPORT, PASS = "fight", "support", "pass"


def forced_pass(p: Playing, sam: SamuraiState) -> Message | None:
    """Why `sam` must Pass now, if he must: judged when the action is chosen (FAQ)."""
    st = p.state
    if sam.must_pass:
        return msg("{samurai} must Pass this turn (Boss penalty)", samurai=sam.name)
    total, k = st.track(sam), st.kiai(sam)
    if total > k:
        return msg("{samurai} is past the Kiai ({total} of {kiai}) and must Pass", samurai=sam.name, total=total,
                   kiai=k)
    return None


def why_not_support(p: Playing, sam: SamuraiState) -> Message | None:
    forced = forced_pass(p, sam)
    if forced:
        return forced
    return _support_blocked(p, sam)


def _support_blocked(p: Playing, sam: SamuraiState) -> Message | None:
    """Why `sam` may not Support, once a forced Pass is ruled out."""
    st = p.state
    if sam.no_support:
        return msg("Support not allowed: a penalty forbids {samurai} to Support this turn", samurai=sam.name)
    if sam.token_holder != sam.name:
        return msg("Support not allowed: {samurai}'s support token is with {samurai2}", samurai=sam.name,
                   samurai2=sam.token_holder)
    if st.in_round_count() < 2:
        return msg("Support needs another Samurai still in the round")
    if not st.cards.raider:
        return msg("Support not allowed: the Raider stack is empty")
    return None


def actions(p: Playing, sam: SamuraiState) -> list[str]:
    """The legal actions of `sam` now: what `take_turn` offers him."""
    if forced_pass(p, sam):
        return [PASS]
    return list(ACTIONS if _support_blocked(p, sam) is None else ACTIONS_WITHOUT_SUPPORT)


def take_turn(p: Playing, sam: SamuraiState) -> Flow[None]:
    st = p.state
    st.turn += 1
    sam.no_defend = sam.no_support = sam.no_talent = sam.must_pass = False
    words = sam.said
    if p.telling:
        p.emit("turn", words.turn, samurai=sam.name, turn=st.turn)
    # Most turns have no absent token to offer and no line penalty: checked
    # here so those turns skip the nested rule altogether.
    if st.absent_unused:
        yield from absent_tokens(p, sam)
    if penalties.pending_penalty(p, sam) is not None:
        yield from penalties.line_penalty(p, sam)
    if st.cards.raider and not st.result:
        why = forced_pass(p, sam)
        if why:
            forced = msg("{reason}: lay the meeple down.", reason=why) if p.telling else None
            choice = yield from p.ask(sam, "action", [PASS], words.acting_without_support.message, forced)
        else:
            # The same two questions at every turn: the prompts made once per Samurai (see `Said`).
            ask = words.acting if _support_blocked(p, sam) is None else words.acting_without_support
            choice = yield from p.ask_prompt(ask)
        if choice == FIGHT:
            yield from fight.fight(p, sam)
        elif choice == SUPPORT:
            yield from support(p, sam)
        else:
            do_pass(p, sam)
    end_turn(p, sam)


def usable_absent_tokens(p: Playing, sam: SamuraiState) -> list[str]:
    """The absent Samurai's unused tokens that can still do something for `sam`, asked at his turn's start.

    A token adds its talent "for the current round", chosen "at the beginning of your turn (i.e. before applying
    the penalty on your last Raider card)". A Samurai whose turn can only end in a Pass is out of the round after
    it ("you can neither receive cards, nor get rid of any"), so no talent reaches him later: only Gorobei's or
    Kanbei's, against the penalty he is about to take, can still count. Offering any other would let a
    once-per-game token go for nothing.
    """
    st = p.state
    if st.setup.token_question == "every-turn" or not _bound_to_pass(p, sam):
        return list(st.absent_unused)
    card = penalties.pending_penalty(p, sam)
    if card is None:
        return []
    immune = "gorobei" if card.value % 2 == 0 else "kanbei"
    if immune in st.absent_unused and not defence.has_talent(p, sam, immune):
        return [immune]
    return []


def _bound_to_pass(p: Playing, sam: SamuraiState) -> bool:
    """Whether `sam` is already past his Kiai, so that he must Pass this turn whatever the penalty does.

    The one way out is the penalty's wounds turning his board to its animal side, whose Kiai may be high
    enough again: the second wound flips it, and each of the card's penalties may be a wound (a penalty that
    cannot be applied is a wound instead).
    """
    st = p.state
    total = st.track(sam)
    if total <= st.kiai(sam):
        return False
    card = penalties.pending_penalty(p, sam)
    if card is None:
        return True
    return not (sam.wounds + len(card.penalties) >= 2 and total <= sam.kiai_values[1])


def absent_tokens(p: Playing, sam: SamuraiState) -> Flow[None]:
    """Two-player rule: before the penalty, use absent Samurai's tokens (once per game each).

    Asked only while one of them can still help him (`usable_absent_tokens`), and with only those.
    """
    st = p.state
    while names := usable_absent_tokens(p, sam):
        pick = yield from p.ask(sam, "absent-token", [*names, "no"],
                                msg("{samurai}: use an absent Samurai's support token this round? Pick one, or No.",
                                    samurai=sam.name))
        if pick == "no":
            return
        st.absent_unused.remove(pick)
        sam.round_talents.add(pick)
        p.step("absent-token", msg("{samurai} uses {samurai2}'s support token for this round: turn it over.",
                                   samurai=sam.name, samurai2=pick), samurai=sam.name, token=pick)


def support(p: Playing, sam: SamuraiState) -> Flow[None]:
    st = p.state
    targets = [s.name for s in st.in_round() if s is not sam]
    target = yield from p.ask(sam, "support-target", targets, sam.said.support_whom)
    sam.token_holder = target
    st.cards.raider_to_intruder()
    st.last_active = sam.seat
    if p.telling:
        p.step("support", msg("{samurai} supports {samurai2}: hand over the support token, then slide the top Raider "
                              "card, unseen, onto the Intruder stack.", samurai=sam.name, samurai2=target),
               samurai=sam.name, target=target)


def do_pass(p: Playing, sam: SamuraiState) -> None:
    st = p.state
    sam.passed = True
    st.last_active = sam.seat
    p.step("pass", msg("{samurai} passes: lay the meeple down on {track}. {samurai} is out of this round.",
                       samurai=sam.name, track=st.track(sam)), samurai=sam.name)


def end_turn(p: Playing, sam: SamuraiState) -> None:
    """Support tokens go back to their owners after the receiver's turn."""
    st = p.state
    st.late_tokens.clear()
    for other in st.samurai:
        if other.token_holder == sam.name and other is not sam:
            other.token_holder = other.name
            if p.telling:
                p.step("token-back", msg("{samurai} hands {samurai2}'s support token back.", samurai=sam.name,
                                         samurai2=other.name), token=other.name)
    sam.no_defend = sam.no_support = sam.no_talent = sam.must_pass = False
