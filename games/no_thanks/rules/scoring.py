"""The end: each card counts its number against you, but of a run of numbers only the lowest; each chip is a point
for you. The lowest total wins; a tie is shared (README.md, reading 4).
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.core.messages import Items, msg_n
from engine.core.outcome import Outcome, rank_by
from games.no_thanks.state import State


def runs(values: Iterable[int]) -> list[list[int]]:
    """The numbers in runs of consecutive numbers, lowest first: [3, 4, 5, 9] -> [[3, 4, 5], [9]]."""
    out: list[list[int]] = []
    for value in sorted(values):
        if out and value == out[-1][-1] + 1:
            out[-1].append(value)
        else:
            out.append([value])
    return out


def card_points(values: Iterable[int]) -> int:
    """What a player's cards count: the lowest number of each run."""
    return sum(run[0] for run in runs(values))


def score(st: State) -> Outcome:
    cards = {pl.name: sorted(st.value(c) for c in pl.cards) for pl in st.players}
    points = {name: card_points(values) for name, values in cards.items()}
    totals = {pl.name: points[pl.name] - pl.chips for pl in st.players}
    ranking = rank_by({name: (-total,) for name, total in totals.items()})
    winners = ranking[0]
    summary = msg_n("Game over. {players} with {n} point.", "Game over. {players} with {n} points.",
                    players=Items(winners), n=totals[winners[0]])
    detail = {"cards": cards, "runs": {name: runs(values) for name, values in cards.items()},
              "card_points": points, "chips": st.chips}
    return Outcome(winners, ranking, totals, summary, detail)

