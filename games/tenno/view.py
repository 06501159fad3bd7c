"""The public view: everything the table may see, and nothing hidden.

Rows and hands are face down, so each is a count. Prisoner piles "dürfen
niemals eingesehen werden", and what left the game is the players'
memory, not the screen's: until the game is over the view holds how many
cards each pile has and how many each player lost, never which cards or
their values. The two cards of a duel are shown while it is resolved, from
the attacking tap until the table presses OK after the turn. Once the game
is over, `outcome` reveals the piles, the points and the tie-break.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.flow import pending_view
from games.tenno.state import LAYOUT, Duel

if TYPE_CHECKING:
    from games.tenno.playing import Playing


def pending(p: Playing) -> dict[str, Any] | None:
    """What the table must do next: `options` the option ids (Pass, OK), `tap` where a tapped card comes from,
    `cards` the cards the tap's rule allows."""
    return pending_view(p, taps="cards")


def duel_view(duel: Duel | None) -> dict[str, Any] | None:
    if duel is None:
        return None
    return {
        "number": duel.number,
        "attacker": {"player": duel.attacker, "card": duel.attack_card, "strength": duel.attack},
        "defender": None if duel.defender is None else
        {"player": duel.defender, "card": duel.defend_card, "strength": duel.defend},
        "monk": duel.monk,
        "result": duel.result,
        "captured": duel.captured,
        "captor": duel.captor,
        "discarded": list(duel.discarded),
    }


def public_view(p: Playing) -> dict[str, Any]:
    st = p.state
    outcome = st.outcome
    return {
        "game": "tenno",
        "turn": st.turn,
        "phase": st.phase,
        "active": None if outcome else st.players[st.active].name,
        "first": st.players[st.first].name,
        "players": [
            {
                "name": pl.name,
                "seat": pl.seat,
                "hand": pl.hand,
                "row": LAYOUT - pl.gaps,
                "gaps": pl.gaps,
                "prisoners": len(pl.prisoners),
                "lost": pl.lost,
            }
            for pl in st.players
        ],
        "discard_pile": len(st.discard),
        "duel": duel_view(st.duel),
        "result": st.result,
        "winners": list(outcome.winners) if outcome else [],
        "scores": dict(outcome.scores) if outcome else None,
        "outcome": outcome.to_json() if outcome else None,
        "pending": pending(p),
    }
