"""The public view: everything the table may see, and nothing hidden.

Face up at the table: the card in the middle and the chips on it, and the
cards each player took. Hidden: each player's chips (in their hand until
the end), which nine cards are in the box and the deck's order (nobody
knows them; the engine does not either). So the view names no player's
chips before the game is over; then `outcome` holds every score, each
player's chips, cards and runs.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.flow import pending_view
from games.no_thanks.rules.scoring import card_points
from games.no_thanks.state import DECK

if TYPE_CHECKING:
    from games.no_thanks.playing import Playing


def public_view(p: Playing) -> dict[str, Any]:
    st = p.state
    outcome = st.outcome
    return {
        "game": "no-thanks",
        "phase": st.phase,
        "active": None if outcome else st.players[st.active].name,
        "first": st.players[st.first].name,
        "players": [
            {
                "name": pl.name,
                "seat": pl.seat,
                "cards": sorted(pl.cards, key=st.value),
                "points": card_points(st.value(c) for c in pl.cards),
            }
            for pl in st.players
        ],
        "card": st.card,
        "chips_on_card": st.pot if st.card is not None else None,
        "deck": DECK - len(st.flipped),
        "result": st.result,
        "winners": list(outcome.winners) if outcome else [],
        "scores": dict(outcome.scores) if outcome else None,
        "outcome": outcome.to_json() if outcome else None,
        "pending": pending_view(p, taps="cards"),
    }
