"""The public view: everything the table may see, and nothing hidden.

Every screen and every log meant for players is built from this, and it reads
only the public part of the card knowledge (never `Knowledge.notes`). A card
that went face down to the Intruder stack stays a count here even when the
engine was told which it is; the face-up cards Katsushiro's Kiai put back on the Raider stack are
shown, because everybody sees them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.flow import pending_view

if TYPE_CHECKING:
    from games.samurai_spirit.playing import Playing


def public_view(p: Playing) -> dict[str, Any]:
    st = p.state
    cards = st.cards
    face_up = [c for c in reversed(cards.raider[len(cards.raider) - cards.raider_face_up:]) if c]
    under = []
    for slot in cards.raider[: len(cards.raider) - cards.raider_face_up]:
        if slot is None:
            break
        under.append(slot)
    level = st.setup.level
    return {
        "game": "samurai-spirit",
        "difficulty": level.name,
        "round": st.round,
        "phase": "over" if st.result else "round-end" if st.in_round_end else "round",
        "turn": st.turn,
        "result": st.result,
        "score": st.score,
        "grade": f"{st.score}{level.grade}" if st.score is not None else None,
        "village": {
            "barricades": st.barricades,
            "barricades_max": st.barricades_max,
            "farmsteads": st.farmsteads,
            "families": list(st.families),
        },
        "stacks": {
            "raider": len(cards.raider),
            "raider_face_up": face_up,
            "raider_bottom": under,
            "intruder": len(cards.intruder),
            "discard": list(cards.discard),
        },
        "samurai": [
            {
                "name": sam.name,
                "face": sam.face,
                "wounds": sam.wounds,
                "wound_token": sam.wound_token,
                "track": st.track(sam),
                "kiai": st.kiai(sam),
                "combat": list(sam.combat),
                "defence": list(sam.defence),
                "defends": sorted(s for s in st.defended_symbols(sam) if s),
                "passed": sam.passed,
                "token_with": sam.token_holder,
                "tokens_held": st.tokens_held(sam),
                "round_talents": sorted(sam.round_talents),
            }
            for sam in st.samurai
        ],
        "absent_tokens": list(st.absent_unused),
        "active": st.samurai[st.active].name,
        "first": st.samurai[st.first].name,
        "pending": pending_view(p, actor="samurai", presses=False),
    }
