"""What a Raider card shows, looked up by id for drawing.

The catalogue belongs to the engine; the screens only read it. An id the
catalogue does not know (an owner's edited data file, an old journal) is read
from its own text, "value-symbol-penalty[+penalty]", so a frame is still
drawn rather than lost to a KeyError.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from engine import get_game

GAME = "samurai-spirit"


@dataclass(frozen=True)
class CardFace:
    """The printed parts of a Raider card that a screen draws."""

    id: str
    value: int
    symbol: str | None
    penalties: tuple[str, ...]
    flames: bool


@cache
def _catalogue() -> dict[str, CardFace]:
    faces = {}
    for raw in get_game(GAME).cards_json():
        faces[raw["id"]] = CardFace(raw["id"], int(raw["value"]), raw["symbol"], tuple(raw["penalties"]),
                                    bool(raw["flames"]))
    return faces


def card_face(card_id: str) -> CardFace:
    """The face of `card_id`, from the catalogue or, failing that, from the id itself."""
    known = _catalogue().get(card_id)
    if known is not None:
        return known
    head, _, rest = card_id.partition("-")
    symbol, _, penalty_text = rest.partition("-")
    penalties = tuple(p for p in penalty_text.split("+") if p and p != "none")
    value = int(head) if head.isdigit() else 0
    return CardFace(card_id, value, symbol if symbol in ("hat", "farm", "doll") else None, penalties, False)


def facing_card(view: dict[str, Any]) -> str | None:
    """The card a Samurai must now Confront or Defend (or lay left or right), if the engine waits
    for that choice: the pending decision's subject, when it is a card."""
    pending = view.get("pending") or {}
    subject = pending.get("subject")
    return subject if isinstance(subject, str) and subject in _catalogue() else None
