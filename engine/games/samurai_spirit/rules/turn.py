"""A turn: absent support tokens, the line penalty, then exactly one action."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.samurai_spirit.rules import fight, penalties
from engine.games.samurai_spirit.rules.flow import Flow
from engine.games.samurai_spirit.state import SamuraiState

if TYPE_CHECKING:
    from engine.games.samurai_spirit.play import Play

FIGHT, SUPPORT, PASS = "fight", "support", "pass"


def forced_pass(p: Play, sam: SamuraiState) -> str | None:
    """Why `sam` must Pass now, if he must: judged when the action is chosen (FAQ)."""
    st = p.state
    if sam.must_pass:
        return f"{sam.title} must Pass this turn (Boss penalty)"
    total, k = st.track(sam), st.kiai(sam)
    if total > k:
        return f"{sam.title} is past the Kiai ({total} of {k}) and must Pass"
    return None


def why_not_support(p: Play, sam: SamuraiState) -> str | None:
    forced = forced_pass(p, sam)
    if forced:
        return forced
    return _support_blocked(p, sam)


def _support_blocked(p: Play, sam: SamuraiState) -> str | None:
    """Why `sam` may not Support, once a forced Pass is ruled out."""
    st = p.state
    if sam.no_support:
        return f"Support not allowed: a penalty forbids {sam.title} to Support this turn"
    if sam.token_holder != sam.name:
        return f"Support not allowed: {sam.title}'s support token is with {sam.token_holder.capitalize()}"
    if st.in_round_count() < 2:
        return "Support needs another Samurai still in the round"
    if not st.cards.raider:
        return "Support not allowed: the Raider stack is empty"
    return None


def actions(p: Play, sam: SamuraiState) -> list[str]:
    return _actions(p, sam, forced_pass(p, sam))


def _actions(p: Play, sam: SamuraiState, forced: str | None) -> list[str]:
    """The legal actions, given `forced` = forced_pass(p, sam), which the turn has already judged."""
    if forced:
        return [PASS]
    if _support_blocked(p, sam) is None:
        return [FIGHT, SUPPORT, PASS]
    return [FIGHT, PASS]


def take_turn(p: Play, sam: SamuraiState) -> Flow[None]:
    st = p.state
    st.turn += 1
    sam.no_defend = sam.no_support = sam.no_talent = sam.must_pass = False
    p.emit("turn", f"{sam.title}'s turn.", samurai=sam.name, turn=st.turn)
    # Most turns have no absent token to offer and no line penalty: checked
    # here so those turns skip the nested rule altogether.
    if st.absent_unused:
        yield from absent_tokens(p, sam)
    if penalties.pending_penalty(p, sam) is not None:
        yield from penalties.line_penalty(p, sam)
    if st.cards.raider and not st.result:
        why = forced_pass(p, sam)
        choice = yield from p.ask(sam, "action", _actions(p, sam, why), f"{sam.title}: Fight, Support or Pass?",
                                  f"{why}: lay the meeple down." if why else None)
        if choice == FIGHT:
            yield from fight.fight(p, sam)
        elif choice == SUPPORT:
            yield from support(p, sam)
        else:
            do_pass(p, sam)
    end_turn(p, sam)


def absent_tokens(p: Play, sam: SamuraiState) -> Flow[None]:
    """Two-player rule: before the penalty, use absent Samurai's tokens (once per game each)."""
    st = p.state
    while st.absent_unused:
        names = list(st.absent_unused)
        pick = yield from p.ask(sam, "absent-token", [*names, "no"],
                                f"{sam.title}: use an absent Samurai's support token this round? "
                                + ", ".join(n.capitalize() for n in names))
        if pick == "no":
            return
        st.absent_unused.remove(pick)
        sam.round_talents.add(pick)
        p.emit("absent-token", f"{sam.title} uses {pick.capitalize()}'s support token for this round: "
               "turn it over.", samurai=sam.name, token=pick)


def support(p: Play, sam: SamuraiState) -> Flow[None]:
    st = p.state
    targets = [s.name for s in st.in_round() if s is not sam]
    target = yield from p.ask(sam, "support-target", targets, f"{sam.title}: give your support token to whom?")
    sam.token_holder = target
    st.cards.raider_to_intruder()
    st.last_active = sam.seat
    p.emit("support", f"{sam.title} supports {target.capitalize()}: hand over the support token, then slide the "
           "top Raider card, unseen, onto the Intruder stack.", samurai=sam.name, target=target)


def do_pass(p: Play, sam: SamuraiState) -> None:
    st = p.state
    sam.passed = True
    st.last_active = sam.seat
    p.emit("pass", f"{sam.title} passes: lay the meeple down on {st.track(sam)}. "
           f"{sam.title} is out of this round.", samurai=sam.name)


def end_turn(p: Play, sam: SamuraiState) -> None:
    """Support tokens go back to their owners after the receiver's turn."""
    st = p.state
    st.late_tokens.clear()
    for other in st.samurai:
        if other.token_holder == sam.name and other is not sam:
            other.token_holder = other.name
            p.emit("token-back", f"{sam.title} hands {other.title}'s support token back.", token=other.name)
    sam.no_defend = sam.no_support = sam.no_talent = sam.must_pass = False
