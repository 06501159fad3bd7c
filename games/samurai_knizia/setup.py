"""Setting up a game: 2 to 4 player colours in seat order (clockwise), who starts, open captures.

`first` is the start player ("per the rules, the youngest player"); without
it the seed picks, so a replay is exact. `open_captures` is the table's
choice to keep every player's captured figures on view during the game;
by the rules they are hidden behind the screens.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.errors import RuleError
from engine.core.messages import Items, msg

FIGURES = {2: 7, 3: 10, 4: 13}
"""Figures of each caste: "With 2/3/4 players, place 7/10/13 figures of each caste"."""


@dataclass(frozen=True, slots=True)
class Setup:
    """A validated setup. `to_json` gives back what `parse_setup` accepts."""

    players: tuple[str, ...]
    first: str | None = None
    open_captures: bool = False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"players": list(self.players), "open_captures": self.open_captures}
        if self.first is not None:
            out["first"] = self.first
        return out


def parse_setup(obj: Any, colours: tuple[str, ...]) -> Setup:
    """Check a setup object against the catalogue's colours; every refusal says what to send instead."""
    if not isinstance(obj, dict):
        raise RuleError(msg("setup must be a JSON object such as {example}",
                            example='{"players": ["red", "blue", "green"]}'))
    unknown = set(obj) - {"players", "first", "open_captures", "seed"}
    if unknown:
        raise RuleError(msg("unknown setup field(s): {fields}", fields=Items(sorted(unknown))))
    names = obj.get("players")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise RuleError(msg("players must be a list of 2 to 4 tile colours in seat order, clockwise, from "
                            "{colours}", colours=Items(colours)))
    if not 2 <= len(names) <= 4:
        raise RuleError(msg("Knizia's Samurai needs 2 to 4 players, not {n}", n=len(names)))
    for name in names:
        if name not in colours:
            raise RuleError(msg("{value} is not a tile colour: each player is named by the colour of their "
                                "tiles, one of {colours}", value=repr(name), colours=Items(colours)))
    if len(set(names)) != len(names):
        raise RuleError(msg("two players play {name}: each player takes a different colour",
                            name=next(n for n in names if names.count(n) > 1)))
    first = obj.get("first")
    if first is not None and first not in names:
        raise RuleError(msg("first player {value} is not one of the players ({players})", value=repr(first),
                            players=Items(names)))
    open_captures = obj.get("open_captures", False)
    if not isinstance(open_captures, bool):
        raise RuleError(msg("open_captures must be true or false, not {value}", value=repr(open_captures)))
    return Setup(tuple(names), first, open_captures)
