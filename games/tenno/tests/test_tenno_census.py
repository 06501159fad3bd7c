"""Tenno's census: the rulebook's totals refuse what the box cannot hold (engine.core.census)."""

from __future__ import annotations

from importlib import resources

from engine.core.census import Totals, answered, check_entry, parse_totals
from engine.core.components import Component, parse_components
from engine.core.messages import Message


def _load() -> tuple[Totals, list[Component]]:
    """The census and the components Tenno ships."""
    folder = resources.files("games.tenno").joinpath("data")
    totals = parse_totals(folder.joinpath("census.toml").read_text("utf-8"), "census.toml")
    extras = {name for name, kind in totals.kinds.items() if kind.extras}
    return totals, parse_components(folder.joinpath("components.toml").read_text("utf-8"), "components.toml",
                                    set(totals.kinds), extras)


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
