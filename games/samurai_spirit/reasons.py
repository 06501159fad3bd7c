"""Why an option is refused, in words a player understands at the table, and what to do instead."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.messages import Items, Message, msg
from engine.core.prompt import Prompt
from games.samurai_spirit.rules import defence, turn

if TYPE_CHECKING:
    from games.samurai_spirit.playing import Playing

BUTTONS = ("fight", "support", "pass", "confront", "defend")


def why_not(p: Playing, prompt: Prompt, option: str) -> Message:
    st = p.state
    actor = p.actor()
    if prompt.kind == "action" and actor is not None:
        if option in ("fight", "support"):
            forced = turn.forced_pass(p, actor)
            if forced:
                return msg("{option} not allowed: {reason}. Press Pass.", option=option, reason=forced)
            if option == "support":
                blocked = turn.why_not_support(p, actor)
                if blocked:
                    return msg("{reason}. {prompt}", reason=blocked, prompt=prompt.message)
                return msg("Support not allowed now. {prompt}", prompt=prompt.message)
        if option in ("confront", "defend"):
            return msg("{option} not possible yet: first turn over the top Raider card and tap it, "
                       "then press {option}.", option=option)
    if prompt.kind == "fight" and actor is not None:
        cid = prompt.subject or ""
        if option == "defend" and cid:
            reason = defence.why_not_defend(p, actor, cid)
            if reason:
                return msg("{reason}: press Confront.", reason=reason)
            return msg("Defend not allowed now: press Confront.")
        if option in ("fight", "support", "pass"):
            return msg("{option} not possible now: {samurai} must press Confront or Defend for {card}.",
                       option=option, samurai=actor.name, card=cid)
        if option == "discard":
            if not defence.has_talent(p, actor, "kyuzo"):
                return msg("Discard not allowed: {samurai} does not have Kyuzo's talent now.", samurai=actor.name)
            return msg("Discard not allowed: no card of value {n} in {samurai}'s combat line.",
                       n=st.value(cid), samurai=actor.name)
        if option == "under":
            return msg("Putting {card} under the Raider stack needs Katsushiro's talent, once per draw, "
                       "with cards left in the stack.", card=cid)
        if option in st.catalogue.samurai:
            return msg("{card} cannot be given to {samurai} now.", card=cid, samurai=option)
    if option in BUTTONS and prompt.kind != "action":
        return msg("{option} is not an option now. {prompt}", option=option, prompt=prompt.message)
    return msg("{option} is not an option now. {prompt} Choices: {options}.", option=option,
               prompt=prompt.message, options=Items(prompt.options))
