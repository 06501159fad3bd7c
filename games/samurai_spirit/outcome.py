"""How a game of Samurai Spirit ended, in the shape every game shares.

The game is cooperative: the Samurai win or lose together, so a win names
every Samurai as a winner, tied in one place with the table's score, and a
loss names none. The grade ("8+") and the difficulty go in the detail for
the game-over screen and the history.
"""

from __future__ import annotations

from engine.core.messages import msg
from engine.core.outcome import Outcome
from games.samurai_spirit.state import State


def outcome_of(st: State) -> Outcome | None:
    """The outcome once the game is over, None while it is played."""
    if st.result is None:
        return None
    seats = tuple(sam.name for sam in st.samurai)
    level = st.setup.level
    detail = {"result": st.result, "difficulty": level.name, "round": st.round, "score": st.score,
              "grade": f"{st.score}{level.grade}" if st.score is not None else None}
    if st.result != "won" or st.score is None:
        return Outcome((), (seats,), {}, msg("The game is lost."), detail)
    unhurt = st.score - st.farmsteads - len(st.families)
    summary = msg("The village is saved! Score {grade} (Farmsteads {farmsteads}, Families {families}, "
                  "{unhurt} for no Wound token).", grade=detail["grade"], farmsteads=st.farmsteads,
                  families=len(st.families), unhurt=unhurt)
    return Outcome(seats, (seats,), {name: st.score for name in seats}, summary, detail)
