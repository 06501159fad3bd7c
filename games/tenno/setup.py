"""Setting up a game: 2 to 7 players in seat order (clockwise), each named by the colour of their set; who starts.

"The eldest player begins": the table says who that is (`first`); without
it the seed draws, so a replay is exact.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.errors import RuleError
from engine.core.messages import Items, msg

PLAYERS = (2, 7)


@dataclass(frozen=True, slots=True)
class Setup:
    """A validated setup. `to_json` gives back what `parse_setup` accepts."""

    players: tuple[str, ...]
    first: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"players": list(self.players)}
        if self.first is not None:
            out["first"] = self.first
        return out


def parse_setup(obj: Any, colours: tuple[str, ...]) -> Setup:
    """Check a setup object; every refusal says what is wrong and what to send."""
    if not isinstance(obj, dict):
        raise RuleError(msg("setup must be a JSON object such as {example}",
                            example='{"players": ["red", "blue", "green"], "first": "red"}'))
    unknown = set(obj) - {"players", "first", "seed"}
    if unknown:
        raise RuleError(msg("unknown setup field(s): {fields}", fields=Items(sorted(unknown))))
    names = obj.get("players")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise RuleError(msg("players must be a list of 2 to 7 set colours in seat order, clockwise, such as "
                            "{example}", example='["red", "blue", "green"]'))
    if not PLAYERS[0] <= len(names) <= PLAYERS[1]:
        raise RuleError(msg("Tenno needs 2 to 7 players, not {n}", n=len(names)))
    for name in names:
        if name not in colours:
            raise RuleError(msg("{value} is not a set colour: each player is named by the colour of their cards "
                                "({known})", value=repr(name), known=Items(colours)))
    if len(set(names)) != len(names):
        raise RuleError(msg("{name} is named twice: each player has a set of a different colour",
                            name=next(n for n in names if names.count(n) > 1)))
    first = obj.get("first")
    if first is not None and first not in names:
        raise RuleError(msg("first player {value} is not one of the players ({players})", value=repr(first),
                            players=Items(names)))
    return Setup(tuple(names), first)
