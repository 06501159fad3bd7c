"""Who sat where, as a journal's header keeps it: `Match.notes["people"]`, seat -> {"id", "name"}.

Kept apart from the seat questions so the history (companion.history.record)
reads it without importing the set-up.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from companion.players.names import MAX_NAME

PEOPLE = "people"
"""The key of Match.notes that holds who sat where."""


def people_of(notes: Any, seats: tuple[str, ...]) -> dict[str, dict[str, str]]:
    """Who sat where, read back from a journal header's notes; anything malformed is left out.

    A journal can be edited by hand or garbled, so only seats of this game
    with an id that is short text are kept, and the name is made safe to
    show (`recorded_name`) rather than refused: a name typed under other
    rules (a later release's limits) must not make the history forget who
    played.
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
        out[seat] = {"id": player_id, "name": recorded_name(name)}
    return out


def recorded_name(text: str) -> str:
    """A name read from a journal, safe to show: NFC, no control or invisible characters, spaces collapsed,
    at most twice `MAX_NAME` characters; "?" when nothing is left."""
    kept = "".join(c for c in unicodedata.normalize("NFC", text[:MAX_NAME * 8])
                   if c.isspace() or not unicodedata.category(c).startswith("C"))
    return " ".join(kept.split())[:MAX_NAME * 2] or "?"
