"""The two-player deal check, when the Plunderers show up one tap at a time.

Rulebook, "Two-player game": the family symbol must be present at least
twice among the 14 Plunderers kept, else "set aside these 14 cards et draw
14 new ones". A deck counted out at setup is checked there; otherwise the
cards are learnt as they are revealed, and the reveal that proves the deal
wrong cannot be refused (the card lies face up on the table). The table is
told and chooses: re-deal as the rulebook says, which starts the game again
with these Plunderers set aside, or play on with this deal.

Only face-up reveals count, never a card tapped face down, so the question
tells the table nothing it has not seen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.messages import msg
from engine.core.prompt import TABLE
from games.samurai_spirit.catalogue import SAMURAI
from games.samurai_spirit.knowledge import Knowledge
from games.samurai_spirit.rules.flow import Flow
from games.samurai_spirit.state import SamuraiState, State

if TYPE_CHECKING:
    from games.samurai_spirit.playing import Playing

REDEAL, PLAY_ON = "redeal", "play-on"
FAMILY = "doll"


class Redeal(Exception):
    """The table chose to re-deal; the game's flow starts again from the set-up."""


def after_reveal(p: Playing, cid: str) -> Flow[None]:
    """Note a revealed Plunderer; ask the table once the deal cannot hold the family symbol twice."""
    st = p.state
    if st.deal_settled or st.setup.deck is not None or len(st.samurai) != 2:
        return
    if st.catalogue.cards[cid].rank != "plunderer":
        return
    st.shown_plunderers.add(cid)
    count = st.setup.level.plunderers(len(st.samurai))
    family = sum(1 for c in st.shown_plunderers if st.catalogue.cards[c].symbol == FAMILY)
    face_down = count - len(st.shown_plunderers)
    if family >= 2:
        st.deal_settled = True
    if family >= 2 or family + face_down >= 2:
        return
    text = msg("Two-player rule broken at set-up: the family symbol must be present at least twice among the {n} "
               "Plunderer cards kept, the rulebook says, but these show it {family} times, with {unseen} still "
               "unseen. Re-deal (set these {n} aside, draw {n} new ones and start again), or play on with this deal?",
               n=count, family=family, unseen=face_down)
    p.emit("deal-broken", text, family=family, unseen=face_down, plunderers=count)
    pick = yield from p.ask(TABLE, "deal", [REDEAL, PLAY_ON], text)
    if pick == REDEAL:
        raise Redeal
    st.deal_settled = True


def redealt(p: Playing) -> State:
    """A fresh set-up with the same seats and first player; the Plunderers seen so far stay out."""
    old = p.state
    setup = old.setup
    count = setup.level.plunderers(len(old.samurai))
    aside = old.set_aside | old.shown_plunderers
    cards = Knowledge(old.catalogue)
    plunderers = cards.candidates["plunderer"]
    if len(plunderers) - len(aside) < count:
        aside = set(old.shown_plunderers)
    cards.candidates["plunderer"] = [c for c in plunderers if c not in aside]
    names = [s.name for s in old.samurai]
    p.step("redeal", msg("Re-deal: gather every card, set these {n} Plunderers aside (out of this game), put back "
                         "the Barricades, Farmsteads, Families and tokens as at set-up, and start again.", n=count),
           set_aside=sorted(aside))
    return State(
        catalogue=old.catalogue, setup=setup, rng=old.rng, cards=cards,
        samurai=[SamuraiState(name, seat, token_holder=name) for seat, name in enumerate(names)],
        barricades=old.barricades_max, barricades_max=old.barricades_max,
        farmstead_backs=dict(old.catalogue.farmstead_counts), families=list(old.catalogue.families),
        first=old.first, active=old.first, last_active=old.first,
        absent_unused=[n for n in SAMURAI if n not in names] if setup.absent_tokens else [],
        set_aside=aside,
    )
