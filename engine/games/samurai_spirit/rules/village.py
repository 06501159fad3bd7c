"""Barricades, Farmsteads, Families and wounds: what the Raiders take."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.prompt import TABLE
from engine.games.samurai_spirit.rules import kiai
from engine.games.samurai_spirit.rules.flow import Flow, GameOver
from engine.games.samurai_spirit.state import SamuraiState

if TYPE_CHECKING:
    from engine.games.samurai_spirit.play import Play

FARMSTEAD_BACKS = {
    "A": "lose a random Family",
    "B": "destroy another Farmstead",
    "C": "remove a Barricade",
    "D": "a random Samurai is wounded",
}


def lose(p: Play, why: str) -> None:
    """The village falls or a Samurai dies: the game is lost at once."""
    p.state.result = "lost"
    p.state.score = None
    p.emit("lost", f"The game is lost: {why}.")
    raise GameOver


def lose_barricade(p: Play, why: str) -> Flow[None]:
    """Remove a Barricade; with none left, a Farmstead burns instead."""
    st = p.state
    if st.barricades > 0:
        st.barricades -= 1
        p.emit("barricade", f"{why}: remove one Barricade ({st.barricades} left).", left=st.barricades)
        return
    yield from destroy_farmstead(p, f"{why}, and no Barricade is left")


def add_barricade(p: Play, why: str) -> bool:
    st = p.state
    if st.barricades >= st.barricades_max:
        p.emit("barricade-cap", f"{why}: no Barricade added, the village already has its starting {st.barricades_max}.")
        return False
    st.barricades += 1
    p.emit("barricade-added", f"{why}: add one Barricade ({st.barricades} now).", left=st.barricades)
    return True


def destroy_farmstead(p: Play, why: str) -> Flow[None]:
    """Destroy a Farmstead; at Hard and Heroic its back adds a penalty, which may chain."""
    st = p.state
    st.farmsteads -= 1
    p.emit("farmstead", f"{why}: destroy one Farmstead ({st.farmsteads} left).", left=st.farmsteads)
    if st.farmsteads <= 0:
        lose(p, "the last Farmstead is destroyed")
    if not st.setup.level.farmstead_penalties:
        return
    backs = [key for key, count in sorted(st.farmstead_backs.items()) if count > 0]
    back = yield from p.ask(
        TABLE, "farmstead-back", backs,
        "Turn the destroyed Farmstead over: which penalty is on its back? "
        + "; ".join(f"{b}: {FARMSTEAD_BACKS[b]}" for b in backs),
    )
    st.farmstead_backs[back] -= 1
    reason = f"Farmstead penalty {back}"
    if back == "A":
        lose_random_family(p, reason)
    elif back == "B":
        yield from destroy_farmstead(p, reason)
    elif back == "C":
        yield from lose_barricade(p, reason)
    else:
        victim = p.state.rng.choice(st.samurai)
        yield from wound(p, victim, f"{reason} (random Samurai)")


def lose_random_family(p: Play, why: str) -> None:
    st = p.state
    token = st.rng.choice(st.families)
    st.families.remove(token)
    p.emit("family", f"{why}: remove Family token {token} (chosen at random; {len(st.families)} left).",
           token=token, left=len(st.families))
    if not st.families:
        lose(p, "the last Family is gone")


def wound(p: Play, sam: SamuraiState, why: str) -> Flow[None]:
    """1st and 3rd wound: a token; 2nd: flip to the animal face; 4th: death."""
    sam.wounds += 1
    name = sam.title
    if sam.wounds == 1:
        p.emit("wound", f"{why}: {name} is wounded. Put a Wound token on {name}'s board.", samurai=sam.name, wounds=1)
    elif sam.wounds == 2:
        track, k = p.state.track(sam), p.state.kiai(sam)
        p.emit("flip", f"{why}: {name} is wounded again. Remove the Wound token and flip {name}'s board to "
               f"the animal side; battle track {track} of Kiai {k}.", samurai=sam.name, wounds=2)
        yield from kiai.after_change(p, sam, added=False)
    elif sam.wounds == 3:
        p.emit("wound", f"{why}: {name} is wounded. Put a Wound token on {name}'s animal board.",
               samurai=sam.name, wounds=3)
    else:
        p.emit("death", f"{why}: {name} takes a fourth wound and dies.", samurai=sam.name, wounds=4)
        lose(p, f"{name} has fallen")


def heal(p: Play, sam: SamuraiState, why: str) -> bool:
    """Remove a Wound token; an animal board never turns back (FAQ)."""
    if not sam.wound_token:
        return False
    sam.wounds -= 1
    p.emit("heal", f"{why}: remove the Wound token from {sam.title}'s board.", samurai=sam.name, wounds=sam.wounds)
    return True
