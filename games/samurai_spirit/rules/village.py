"""Barricades, Farmsteads, Families and wounds: what the Raiders take."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.messages import Message, msg
from engine.core.prompt import TABLE
from games.samurai_spirit.rules.flow import Flow, GameOver
from games.samurai_spirit.state import SamuraiState

if TYPE_CHECKING:
    from games.samurai_spirit.playing import Playing

FARMSTEAD_BACKS: dict[str, Message] = {
    "A": msg("lose a random Family"),
    "B": msg("destroy another Farmstead"),
    "C": msg("remove a Barricade"),
    "D": msg("a random Samurai is wounded"),
}


def lose(p: Playing, why: Message) -> None:
    """The village falls or a Samurai dies: the game is lost at once."""
    p.state.result = "lost"
    p.state.score = None
    p.emit("lost", msg("The game is lost: {why}.", why=why))
    raise GameOver


def lose_barricade(p: Playing, why: Message) -> Flow[None]:
    """Remove a Barricade; with none left, a Farmstead burns instead."""
    st = p.state
    if st.barricades > 0:
        st.barricades -= 1
        if p.telling:
            p.step("barricade", msg("{why}: remove one Barricade ({left} left).", why=why, left=st.barricades),
                   left=st.barricades)
        return
    yield from destroy_farmstead(p, msg("{why}, and no Barricade is left", why=why) if p.telling else why)


def add_barricade(p: Playing, why: Message) -> bool:
    st = p.state
    if st.barricades >= st.barricades_max:
        p.emit("barricade-cap", msg("{why}: no Barricade added, the village already has its starting {n}.", why=why,
                                    n=st.barricades_max))
        return False
    st.barricades += 1
    p.step("barricade-added", msg("{why}: add one Barricade ({n} now).", why=why, n=st.barricades),
           left=st.barricades)
    return True


def destroy_farmstead(p: Playing, why: Message) -> Flow[None]:
    """Destroy a Farmstead; at Hard and Heroic its back adds a penalty, which may chain."""
    st = p.state
    st.farmsteads -= 1
    if p.telling:
        p.step("farmstead", msg("{why}: destroy one Farmstead ({left} left).", why=why, left=st.farmsteads),
               left=st.farmsteads)
    if st.farmsteads <= 0:
        lose(p, msg("the last Farmstead is destroyed"))
    if not st.setup.level.farmstead_penalties:
        return
    backs = [key for key, count in sorted(st.farmstead_backs.items()) if count > 0]
    back = yield from p.ask(TABLE, "farmstead-back", backs,
                            msg("Turn the destroyed Farmstead over: which penalty is on its back? Pick its letter."))
    st.farmstead_backs[back] -= 1
    reason = msg("Farmstead penalty {back}", back=back)
    if back == "A":
        lose_random_family(p, reason)
    elif back == "B":
        yield from destroy_farmstead(p, reason)
    elif back == "C":
        yield from lose_barricade(p, reason)
    else:
        victim = p.state.rng.choice(st.samurai)
        yield from wound(p, victim, msg("{why} (random Samurai)", why=reason))


def lose_random_family(p: Playing, why: Message) -> None:
    st = p.state
    token = st.rng.choice(st.families)
    st.families.remove(token)
    p.step("family", msg("{why}: remove Family token {token} (chosen at random; {left} left).", why=why, token=token,
                         left=len(st.families)), token=token, left=len(st.families))
    if not st.families:
        lose(p, msg("the last Family is gone"))


def wound(p: Playing, sam: SamuraiState, why: Message) -> Flow[None]:
    """1st and 3rd wound: a token; 2nd: flip to the animal face; 4th: death."""
    sam.wounds += 1
    if p.telling:
        _tell_wound(p, sam, why)
    if sam.wounds == 2:
        yield from p.after_track_change(sam, added=False)
    elif sam.wounds >= 4:
        lose(p, msg("{samurai} has fallen", samurai=sam.name))


def _tell_wound(p: Playing, sam: SamuraiState, why: Message) -> None:
    """What the table does for the wound `sam` just took (his `wounds` counts it)."""
    name = sam.name
    if sam.wounds == 1:
        p.step("wound", msg("{why}: {samurai} is wounded. Put a Wound token on {samurai}'s board.", why=why,
                            samurai=name), samurai=name, wounds=1)
    elif sam.wounds == 2:
        track, k = p.state.track(sam), p.state.kiai(sam)
        p.step("flip", msg("{why}: {samurai} is wounded again. Remove the Wound token and flip {samurai}'s board to "
                           "the animal side; battle track {track} of Kiai {kiai}.", why=why, samurai=name,
                           track=track, kiai=k), samurai=name, wounds=2)
    elif sam.wounds == 3:
        p.step("wound", msg("{why}: {samurai} is wounded. Put a Wound token on {samurai}'s animal board.", why=why,
                            samurai=name), samurai=name, wounds=3)
    else:
        p.emit("death", msg("{why}: {samurai} takes a fourth wound and dies.", why=why, samurai=name), samurai=name,
               wounds=4)


def heal(p: Playing, sam: SamuraiState, why: Message) -> bool:
    """Remove a Wound token; an animal board never turns back (FAQ)."""
    if not sam.wound_token:
        return False
    sam.wounds -= 1
    p.step("heal", msg("{why}: remove the Wound token from {samurai}'s board.", why=why, samurai=sam.name),
           samurai=sam.name, wounds=sam.wounds)
    return True
