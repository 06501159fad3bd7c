"""The public view: everything the table may see, and nothing hidden.

The captured figures are behind the players' screens. The table saw each
capture happen, but the rules leave it to them to remember; so during the
game this view shows the board's figures per caste, the ties and the tiles
played, and never what a player captured, unless the table chose open
captures at set-up. At the end every screen is lifted and the view shows
them all, with the reckoning.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.flow import pending_view
from games.samurai_knizia.catalogue import CASTES
from games.samurai_knizia.state import TIES_TO_END

if TYPE_CHECKING:
    from games.samurai_knizia.playing import Playing


def pending(p: Playing) -> dict[str, Any] | None:
    """What the table must do next, as the other games' views say it: `options` are the possible taps for a tap
    prompt (else the option ids); `presses` the buttons a tap prompt also takes (castes, Pass, OK)."""
    return pending_view(p)


def _capture(p: Playing) -> dict[str, Any] | None:
    """The capture being entered: castes named, tiles tapped and the influence they give so far (all open)."""
    st = p.state
    cap = st.capture
    if cap is None:
        return None
    castes = [c for c in CASTES if c in cap.castes]
    return {"castes": castes, "tiles": list(cap.tiles),
            "influence": {caste: st.influence(cap.tiles, caste) for caste in castes}}


def public_view(p: Playing) -> dict[str, Any]:
    st = p.state
    outcome = st.outcome
    open_now = st.setup.open_captures or outcome is not None
    out: dict[str, Any] = {
        "game": "samurai-knizia",
        "turn": st.turn,
        "phase": st.phase,
        "active": st.players[st.active].name if outcome is None else None,
        "first": st.players[st.first].name,
        "figures_start": st.figures_start,
        "figures_left": dict(st.figures_left),
        "removed": dict(st.removed),
        "ties": st.ties,
        "ties_to_end": TIES_TO_END,
        "ending": dict(st.ending) if st.ending else None,
        "open_captures": st.setup.open_captures,
        "players": [
            {
                "name": pl.name,
                "seat": pl.seat,
                "tiles_played": len(pl.played),
                "tiles_left": pl.tiles_left,
            }
            for pl in st.players
        ],
        "this_turn": list(st.this_turn),
        "capture": _capture(p),
        "result": st.result,
        "winners": list(outcome.winners) if outcome else [],
        "ranking": [list(group) for group in outcome.ranking] if outcome else [],
        "outcome": outcome.to_json() if outcome else None,
        "pending": pending(p),
    }
    if open_now:
        out["captures"] = {pl.name: dict(pl.captured) for pl in st.players}
    return out
