"""The end: prisoner piles counted, and on a tie for the lead, hand and row added.

"Alle Spieler addieren die Werte aller Karten in ihrem Gefangenenstapel. Bei
Gleichstand addieren die führenden Spieler die Werte ihrer Handkarten und
ihrer ausliegenden Karten zu ihren Gefangenenpunkten. Der Spieler mit den
meisten Punkten gewinnt." A player's hand and row are exactly their cards
that have not left the game, so nobody has to count them; a tie that
survives the tie-break is shared.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.messages import Items, msg_n
from engine.core.outcome import Outcome, rank_by
from games.tenno.state import State

if TYPE_CHECKING:
    from games.tenno.playing import Playing


def prisoner_points(st: State) -> dict[str, int]:
    cards = st.catalogue.cards
    return {pl.name: sum(cards[c].value for c in pl.prisoners) for pl in st.players}


def tie_break(st: State, points: dict[str, int]) -> dict[str, int]:
    """Hand and row values of the players tied for the lead (nobody else adds anything)."""
    best = max(points.values())
    leaders = [name for name, n in points.items() if n == best]
    if len(leaders) < 2:
        return {}
    cards = st.catalogue.cards
    return {name: sum(cards[c].value for c in st.in_play(name)) for name in leaders}


def score(st: State) -> Outcome:
    points = prisoner_points(st)
    extra = tie_break(st, points)
    scores = {name: n + extra.get(name, 0) for name, n in points.items()}
    ranking = rank_by({name: (n,) for name, n in scores.items()})
    winners = ranking[0]
    if extra:
        summary = msg_n("Game over. Tied on prisoners at {prisoners}, hand and row decide: {players} with "
                        "{n} point.",
                        "Game over. Tied on prisoners at {prisoners}, hand and row decide: {players} with "
                        "{n} points.",
                        prisoners=max(points.values()), players=Items(winners), n=scores[winners[0]])
    else:
        summary = msg_n("Game over. {players} with {n} point of prisoners.",
                        "Game over. {players} with {n} points of prisoners.",
                        players=Items(winners), n=scores[winners[0]])
    detail = {"prisoner_points": points, "tie_break": extra, "ended_by": list(st.ended_by), "turns": st.turn,
              "prisoners": {pl.name: list(pl.prisoners) for pl in st.players}}
    return Outcome(winners, ranking, scores, summary, detail)


def finish(p: Playing) -> None:
    st = p.state
    st.outcome = score(st)
    st.result = "over"
    st.phase = "over"
    p.emit("game-over", st.outcome.summary, winners=list(st.outcome.winners), scores=dict(st.outcome.scores))
