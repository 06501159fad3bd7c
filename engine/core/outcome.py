"""How a game ended, for any game: winners, a ranking with ties shared, scores.

Samurai Spirit is won or lost by the whole table; Trick Raiders, Tenno and
Knizia's Samurai rank players, and ties are shared (two players level on
the final tie-break both win). One value serves all of them, so history,
statistics and the game-over screens need not know which game ended.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.messages import Message

TABLE = "table"
"""The seat id of the whole table in a cooperative game."""


@dataclass(frozen=True)
class Outcome:
    """The end of a game.

    winners  seat ids that won (every player of a cooperative win; empty for a loss)
    ranking  groups of seat ids, best first; players in one group are tied
    scores   a number per seat id (or TABLE), in the game's own unit
    summary  one sentence for the table ("The village holds: score 8, grade 8+")
    detail   game-specific extras for screens and history (grade, rounds, ...)
    """

    winners: tuple[str, ...]
    ranking: tuple[tuple[str, ...], ...]
    scores: dict[str, int]
    summary: Message
    detail: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        ranked = [seat for group in self.ranking for seat in group]
        if len(ranked) != len(set(ranked)):
            raise ValueError("a seat appears twice in the ranking")
        if not set(self.winners) <= set(ranked) | {TABLE}:
            raise ValueError("a winner is not in the ranking")

    def to_json(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "ranking": [list(g) for g in self.ranking],
                "scores": dict(self.scores), "summary": self.summary.to_json(), "detail": dict(self.detail)}


def rank_by(scores: dict[str, tuple[int, ...]]) -> tuple[tuple[str, ...], ...]:
    """Seats grouped best first by their score keys (higher is better); equal keys share a place."""
    order = sorted(scores, key=lambda seat: scores[seat], reverse=True)
    groups: list[list[str]] = []
    for seat in order:
        if groups and scores[groups[-1][0]] == scores[seat]:
            groups[-1].append(seat)
        else:
            groups.append([seat])
    return tuple(tuple(g) for g in groups)


def win_share(outcome: Outcome | None, seat: str) -> float:
    """A seat's share of the win: 1 for a sole winner, 1/n for each of n winners, 0 otherwise (or unfinished)."""
    if outcome is None or seat not in outcome.winners:
        return 0.0
    return 1.0 / len(outcome.winners)
