"""Who sat where, as a journal's header keeps it: `Match.notes["people"]`, seat -> {"id", "name"}.

Kept apart from the seat questions so the history (companion.history.record)
reads it without importing the set-up.
"""

from __future__ import annotations

from typing import Any

from companion.players.names import MAX_NAME, clean_name

PEOPLE = "people"
"""The key of Match.notes that holds who sat where."""


def people_of(notes: Any, seats: tuple[str, ...]) -> dict[str, dict[str, str]]:
    """Who sat where, read back from a journal header's notes; anything malformed is left out.

    A journal can be edited by hand or garbled, so only seats of this game,
    ids that are short text and names that pass `clean_name` are kept.
    """
    people = notes.get(PEOPLE) if isinstance(notes, dict) else None
    if not isinstance(people, dict):
        return {}
    out: dict[str, dict[str, str]] = {}
    for seat, who in people.items():
        if seat not in seats or not isinstance(who, dict):
            continue
        player_id, name = who.get("id"), who.get("name")
        if not isinstance(player_id, str) or not 0 < len(player_id) <= 64 or not isinstance(name, str):
            continue
        cleaned = clean_name(name[:MAX_NAME * 4])
        if isinstance(cleaned, str):
            out[seat] = {"id": player_id, "name": cleaned}
    return out
