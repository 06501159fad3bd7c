"""A turn: absent support tokens, the line penalty, then exactly one action."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.messages import Message, msg
from engine.games.samurai_spirit.rules import fight, penalties
from engine.games.samurai_spirit.rules.flow import Flow
from engine.games.samurai_spirit.state import ACTIONS, ACTIONS_WITHOUT_SUPPORT, SamuraiState

if TYPE_CHECKING:
    from engine.games.samurai_spirit.playing import Playing

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


def absent_tokens(p: Playing, sam: SamuraiState) -> Flow[None]:
    """Two-player rule: before the penalty, use absent Samurai's tokens (once per game each)."""
    st = p.state
    while st.absent_unused:
        names = list(st.absent_unused)
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
