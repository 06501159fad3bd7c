"""Tenno's census: the rulebook's totals refuse what the box cannot hold (engine.core.census)."""

from __future__ import annotations

from companion.census.box import game_data
from engine.core.census import Totals, answered, check_entry
from engine.core.components import Component
from engine.core.messages import Message


def _load() -> tuple[Totals, list[Component]]:
    """The census and the components Tenno ships."""
    data = game_data("tenno")
    assert data is not None
    return data.totals, list(data.shipped)


def _text(message: Message | None) -> str:
    assert message is not None, "expected a refusal"
    return message.text


def test_the_totals_are_the_rulebooks() -> None:
    """"77 Character cards (7 sets of 11 cards each)", the three pawns 1, 2 and 3."""
    totals, tenno = _load()
    by_id = {e.id: e for e in tenno}
    kind = totals.kinds["card"]
    assert _text(check_entry(totals, tenno, answered(kind, by_id["red-monk"], {"role": "ninja", "value": 4,
                                                                               "attack": 8, "defend": 4}))) == (
        "One too many: the rulebook's total is 1 ninja (red), and this would be number 2.")
    assert "not a value printed" in _text(check_entry(totals, tenno, answered(kind, by_id["red-farmer-1"],
                                                                              {"value": 4})))
    assert _text(check_entry(totals, tenno, answered(kind, by_id["red-monk"], {"colour": "blue"}))) == (
        "One too many: the rulebook's total is 1 monk (blue), and this would be number 2.")
