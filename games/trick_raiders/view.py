"""The public view: everything the table may see, and nothing hidden.

Hands are face down, so a hand is a count here (with the cards everybody saw
go into it, listed under `known_hand`); every card id in this view was
tapped face up at the table. Screens and logs meant for players are built
from this alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.flow import pending_view
from games.trick_raiders.rules.tricks import cancelled

if TYPE_CHECKING:
    from games.trick_raiders.playing import Playing


def pending(p: Playing) -> dict[str, Any] | None:
    """What the table must do next, as Samurai Spirit's view says it: `options` are the possible taps for a tap
    prompt (else the option ids); `presses` the buttons a tap prompt also takes (OK ends a declaration).

    A revoke offer adds `undo_to`, the first input to take back, and `undo_steps`, how many inputs an undo
    back to it takes (the protocol's `{"undo": undo_steps}`); its one option, "play-on", declines it.
    """
    out = pending_view(p)
    prompt = p.prompt
    if out is not None and prompt is not None and prompt.undo_to is not None:
        out["undo_to"] = prompt.undo_to
        out["undo_steps"] = p.state.step - prompt.undo_to + 1
    return out


def public_view(p: Playing) -> dict[str, Any]:
    st = p.state
    cards = [played.card for played in st.trick]
    out = cancelled(cards, st.catalogue)
    outcome = st.outcome
    return {
        "game": "trick-raiders",
        "round": st.round,
        "phase": st.phase,
        "trump": st.trump,
        "trick_number": st.trick_number,
        "leader": st.players[st.leader].name if st.phase == "tricks" else None,
        "lead_suit": st.suit(cards[0]) if cards else None,
        "trick": [{"player": pl.player, "card": pl.card, "cancelled": i in out} for i, pl in enumerate(st.trick)],
        "last_trick": st.last_trick,
        "dropouts": st.dropouts,
        "players": [
            {
                "name": pl.name,
                "seat": pl.seat,
                "lives": pl.lives,
                "lead": list(pl.lead),
                "hand": pl.hand,
                "known_hand": list(pl.known_hand),
                "out": pl.out,
                "bonus": pl.bonus,
            }
            for pl in st.players
        ],
        "discard": list(st.discard),
        "revokes": [dict(r) for r in st.revokes],
        "result": st.result,
        "winners": list(outcome.winners) if outcome else [],
        "outcome": outcome.to_json() if outcome else None,
        "pending": pending(p),
    }
