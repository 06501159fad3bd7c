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
from games.no_thanks.state import DECK, Player, State

if TYPE_CHECKING:
    from games.no_thanks.playing import Playing


def seat_view(st: State, player: Player) -> dict[str, Any]:
    """One seat as the table sees it: the cards in front of it and what they count. Not its chips."""
    cards = sorted(player.cards, key=st.value)
    return {"name": player.name, "seat": player.seat, "cards": cards, "points": card_points(map(st.value, cards))}


def public_view(p: Playing) -> dict[str, Any]:
    st = p.state
    over = st.outcome
    return {
        "game": "no-thanks",
        "players": [seat_view(st, pl) for pl in st.players],
        "first": st.players[st.first].name,
        "active": st.players[st.active].name if over is None else None,
        "phase": st.phase,
        "card": st.card,
        "chips_on_card": st.pot if st.card is not None else None,
        "deck": DECK - len(st.flipped),
        "result": st.result,
        "winners": list(over.winners) if over else [],
        "scores": dict(over.scores) if over else None,
        "outcome": over.to_json() if over else None,
        "pending": pending_view(p, taps="cards"),
    }
