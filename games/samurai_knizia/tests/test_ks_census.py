"""Knizia's Samurai's census: the rulebook's totals refuse what the box cannot hold (engine.core.census)."""

from __future__ import annotations

from companion.census.box import game_data
from engine.core.census import Totals, answered, check_entry
from engine.core.components import Component
from engine.core.messages import Message


def _load() -> tuple[Totals, list[Component]]:
    """The census and the components Knizia's Samurai ships."""
    data = game_data("samurai-knizia")
    assert data is not None
    return data.totals, list(data.shipped)


def _text(message: Message | None) -> str:
    assert message is not None, "expected a refusal"
    return message.text


def test_the_totals_are_the_rulebooks() -> None:
    """"a set of 20 tiles of one color"."""
    totals, tiles = _load()
    by_id = {e.id: e for e in tiles}
    assert "not a colour printed" in _text(check_entry(
        totals, tiles, answered(totals.kinds["tile"], by_id["red-castle-2"], {"colour": "pink"})))
