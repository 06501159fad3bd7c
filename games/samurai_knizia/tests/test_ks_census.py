"""Knizia's Samurai's census: the rulebook's totals refuse what the box cannot hold (engine.core.census)."""

from __future__ import annotations

from importlib import resources

from engine.core.census import Totals, answered, check_entry, parse_totals
from engine.core.components import Component, parse_components
from engine.core.messages import Message


def _load() -> tuple[Totals, list[Component]]:
    """The census and the components Knizia's Samurai ships."""
    folder = resources.files("games.samurai_knizia").joinpath("data")
    totals = parse_totals(folder.joinpath("census.toml").read_text("utf-8"), "census.toml")
    extras = {name for name, kind in totals.kinds.items() if kind.extras}
    return totals, parse_components(folder.joinpath("components.toml").read_text("utf-8"), "components.toml",
                                    set(totals.kinds), extras)


def _text(message: Message | None) -> str:
    assert message is not None, "expected a refusal"
    return message.text


def test_the_totals_are_the_rulebooks() -> None:
    """"a set of 20 tiles of one color"."""
    totals, tiles = _load()
    by_id = {e.id: e for e in tiles}
    assert "not a colour printed" in _text(check_entry(
        totals, tiles, answered(totals.kinds["tile"], by_id["red-castle-2"], {"colour": "pink"})))
