"""Trick Raiders' census: the rulebook's totals refuse what the box cannot hold (engine.core.census)."""

from __future__ import annotations

from companion.census.box import game_data
from engine.core.census import Totals, answered, check_entry
from engine.core.components import Component
from engine.core.messages import Message


def _load() -> tuple[Totals, list[Component]]:
    """The census and the components Trick Raiders ships."""
    data = game_data("trick-raiders")
    assert data is not None
    return data.totals, list(data.shipped)


def _text(message: Message | None) -> str:
    assert message is not None, "expected a refusal"
    return message.text


def test_the_totals_are_the_rulebooks() -> None:
    """"52 cards [4 suits x 13 cards, 1-8, 9 (2), and 10 (3)]", "8, 9 of Clubs" change trumps, one of the "2 copies
    of 9 of hearts" is special."""
    totals, cards = _load()
    by_id = {e.id: e for e in cards}
    kind = totals.kinds["card"]
    assert _text(check_entry(totals, cards, answered(kind, by_id["clubs-8"], {"value": 9}))) == (
        "One too many: the rulebook's total is 2 9s of clubs, and this would be number 3.")
    assert "not a special effect printed" in _text(check_entry(
        totals, cards, answered(kind, by_id["spades-7"], {"special": "trump-change"})))
    assert _text(check_entry(totals, cards, answered(kind, by_id["hearts-9b"], {"special": "lead-return"}))) == (
        "One too many: the rulebook's total is 1 special 9 of hearts, and this would be number 2.")
