"""Samurai Spirit's census: the rulebook's totals as data (engine.core.census)."""

from __future__ import annotations

from companion.census.box import game_data
from engine.core.census import Totals
from engine.core.components import Component


def _load() -> tuple[Totals, list[Component]]:
    """The census and the components Samurai Spirit ships."""
    data = game_data("samurai-spirit")
    assert data is not None
    return data.totals, list(data.shipped)


def test_the_totals_are_the_rulebooks() -> None:
    """"7 Samurai game boards", "6 Farmstead tokens", "3 Family tokens", "66 Raider cards"; "52 Plunderers (value:
    1, 2, 3, or 4)", "7 Lieutenants (value: 5)", "7 Bosses (value: 6)"."""
    totals, _ = _load()
    kinds = totals.kinds
    assert (kinds["card"].count, kinds["samurai"].count, kinds["farmstead"].count, kinds["family"].count) == (
        66, 7, 6, 3)
    plunderers, lieutenants, bosses = kinds["card"].groups
    assert dict(plunderers.counts) == {"1": 13, "2": 13, "3": 13, "4": 13}
    assert (dict(lieutenants.counts), dict(bosses.counts)) == ({"": 7}, {"": 7})
    assert kinds["samurai"].distinct and kinds["card"].extras and not kinds["samurai"].extras
