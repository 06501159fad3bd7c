"""Samurai Spirit's census: the rulebook's totals as data (engine.core.census)."""

from __future__ import annotations

from importlib import resources

from engine.core.census import Totals, parse_totals
from engine.core.components import Component, parse_components


def _load() -> tuple[Totals, list[Component]]:
    """The census and the components Samurai Spirit ships."""
    folder = resources.files("games.samurai_spirit").joinpath("data")
    totals = parse_totals(folder.joinpath("census.toml").read_text("utf-8"), "census.toml")
    extras = {name for name, kind in totals.kinds.items() if kind.extras}
    return totals, parse_components(folder.joinpath("components.toml").read_text("utf-8"), "components.toml",
                                    set(totals.kinds), extras)


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
