"""Setting up a game: 3 or 4 players in seat order (clockwise), lives, who starts.

`first` is the player the round-1 taps start with (dealt lead cards and
declarations go seat by seat from there; the next round starts one seat
further clockwise). It also settles a first-leader tie the rulebook leaves
open. Without it the seed picks, so a replay is exact.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.errors import RuleError
from engine.core.messages import Items, msg

LIVES = (2, 3)
MAX_NAME = 24


@dataclass(frozen=True, slots=True)
class Setup:
    """A validated setup. `to_json` gives back what `parse_setup` accepts."""

    players: tuple[str, ...]
    lives: int = 2
    first: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"players": list(self.players), "lives": self.lives}
        if self.first is not None:
            out["first"] = self.first
        return out


def parse_setup(obj: Any) -> Setup:
    """Check a setup object; every refusal says what is wrong and what to send."""
    if not isinstance(obj, dict):
        raise RuleError(msg("setup must be a JSON object such as {example}",
                            example='{"players": ["ann", "ben", "cy"], "lives": 2}'))
    unknown = set(obj) - {"players", "lives", "first", "seed"}
    if unknown:
        raise RuleError(msg("unknown setup field(s): {fields}", fields=Items(sorted(unknown))))
    names = obj.get("players")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise RuleError(msg("players must be a list of 3 or 4 names in seat order, clockwise"))
    names = [n.strip() for n in names]
    if not 3 <= len(names) <= 4:
        raise RuleError(msg("Trick Raiders needs 3 or 4 players, not {n}", n=len(names)))
    for name in names:
        if not name or len(name) > MAX_NAME:
            raise RuleError(msg("each player's name must be 1 to {most} characters, not {value}", most=MAX_NAME,
                                value=repr(name)))
    folded = [n.casefold() for n in names]
    if len(set(folded)) != len(folded):
        raise RuleError(msg("two players are called {name}: give each player a different name",
                            name=next(n for n in names if folded.count(n.casefold()) > 1)))
    lives = obj.get("lives", 2)
    if isinstance(lives, bool) or lives not in LIVES:
        raise RuleError(msg("lives must be 2 (the rule) or 3 (the longer variant), not {value}", value=repr(lives)))
    first = obj.get("first")
    if first is not None:
        if not isinstance(first, str) or first.strip() not in names:
            raise RuleError(msg("first player {value} is not one of the players ({players})", value=repr(first),
                                players=Items(names)))
        first = first.strip()
    return Setup(tuple(names), lives, first)
