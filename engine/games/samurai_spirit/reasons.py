"""Why an option is refused, in words a player understands at the table."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.prompt import Prompt
from engine.games.samurai_spirit.rules import fight, turn

if TYPE_CHECKING:
    from engine.games.samurai_spirit.play import Play

BUTTONS = ("fight", "support", "pass", "confront", "defend")


def why_not(p: Play, prompt: Prompt, option: str) -> str:
    st = p.state
    actor = p.actor()
    if prompt.kind == "action" and actor is not None:
        if option in ("fight", "support"):
            forced = turn.forced_pass(p, actor)
            if forced:
                return f"{option.capitalize()} not allowed: {forced}"
            if option == "support":
                return turn.why_not_support(p, actor) or "Support not allowed now"
        if option in ("confront", "defend"):
            return f"{option.capitalize()} not possible yet: {actor.title} must first choose Fight, Support or Pass"
    if prompt.kind == "fight" and actor is not None:
        cid = prompt.subject or ""
        if option == "defend" and cid:
            return fight.why_not_defend(p, actor, cid) or "Defend not allowed now"
        if option in ("fight", "support", "pass"):
            return f"{option.capitalize()} not possible now: {actor.title} must Confront or Defend {cid}"
        if option == "discard":
            if not fight.has_talent(p, actor, "kyuzo"):
                return f"Discard not allowed: {actor.title} does not have Kyuzo's talent now"
            return f"Discard not allowed: no card of value {st.value(cid)} in {actor.title}'s combat line"
        if option == "under":
            return f"Putting {cid} under the stack needs Katsushiro's talent, once per draw, with cards left"
        if option in st.catalogue.samurai:
            return f"{cid} cannot be given to {option.capitalize()} now"
    if option in BUTTONS and prompt.kind != "action":
        return f"{option.capitalize()} is not an option now. {prompt.text}"
    listed = ", ".join(prompt.options)
    return f"{option!r} is not an option now ({prompt.text} Options: {listed})"
