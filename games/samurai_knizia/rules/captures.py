"""Captures: "Whenever all land spaces adjacent to a city or town are filled, the figures in it are
immediately captured."

The table presses the castes present, taps every tile next to the
settlement (tiles of all players) and presses OK. For each figure: "Each
figure is taken by and placed behind the screen of the player with the most
influence from adjacent tiles. If there is a tie, the figure is removed from
the board; nobody captures it." Nobody having any influence on a caste is a
tie of everybody at 0 (README, reading 3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.flow import option_of as _option_of
from engine.core.inputs import Input, Tap
from engine.core.messages import Items, msg, msg_n
from engine.core.prompt import TABLE, Prompt
from games.samurai_knizia.catalogue import CASTES
from games.samurai_knizia.rules.flow import Flow
from games.samurai_knizia.state import TIES_TO_END, Capture, State

if TYPE_CHECKING:
    from games.samurai_knizia.playing import Playing

def option_of(value: Input) -> str:
    return _option_of(value)


def pickable(st: State) -> list[str]:
    """Castes a capture may name now: a figure of it is still on the board, and not named yet.

    With no tile on the board nothing can be surrounded yet, so no caste is offered.
    """
    if not st.board:
        return []
    named = st.capture.castes if st.capture else []
    return [c for c in CASTES if st.figures_left[c] > 0 and c not in named]


def capture_prompt(st: State) -> Prompt:
    assert st.capture is not None
    cap = st.capture
    options = pickable(st) + (["ok"] if cap.tiles else [])
    return Prompt(TABLE, "capture", msg("Capture of {castes}: press any other caste in the settlement, tap every "
                                        "tile next to it ({n} tapped), then OK.", castes=Items(_ordered(cap.castes)),
                                        n=len(cap.tiles)), tuple(options), tap="adjacent")


def _ordered(castes: list[str]) -> list[str]:
    return [c for c in CASTES if c in castes]


def capture(p: Playing, first: str) -> Flow[None]:
    st = p.state
    st.capture = Capture([first])
    st.phase = "capture"
    p.emit("capture", msg("A settlement is surrounded: its {caste} is captured.", caste=first), caste=first)
    while True:
        value = yield capture_prompt(st)
        if isinstance(value, Tap):
            st.capture.tiles.append(value.card)
            p.emit("adjacent", msg_n("{tile} is next to the settlement ({n} tile).",
                                     "{tile} is next to the settlement ({n} tiles).",
                                     tile=value.card, n=len(st.capture.tiles)), tile=value.card)
            continue
        option = option_of(value)
        if option == "ok":
            break
        st.capture.castes.append(option)
        p.emit("capture", msg("Its {caste} is captured too.", caste=option), caste=option)
    resolve(p, st.capture)
    st.capture = None
    st.phase = "play"


def resolve(p: Playing, cap: Capture) -> None:
    """Each figure to the most influence, or removed by a tie; then the end conditions."""
    st = p.state
    record: dict[str, object] = {"castes": _ordered(cap.castes), "tiles": list(cap.tiles), "figures": {}}
    results: dict[str, str | None] = {}
    for caste in _ordered(cap.castes):
        influence = st.influence(cap.tiles, caste)
        top = max(influence.values())
        leaders = [name for name, n in influence.items() if n == top]
        st.figures_left[caste] -= 1
        if len(leaders) == 1:
            winner = st.by_name(leaders[0])
            winner.captured[caste] += 1
            second = max(n for name, n in influence.items() if name != winner.name)
            results[caste] = winner.name
            p.step("captured", msg("{caste}: {player} has the most influence ({n} to {next}) and takes the figure: "
                                   "put it behind {player}'s screen.", caste=caste, player=winner.name, n=top,
                                   next=second), caste=caste, player=winner.name, influence=influence)
        else:
            st.removed[caste] += 1
            results[caste] = None
            p.step("tie", msg("{caste}: {players} tie with {n} influence each: the figure is removed from the board "
                              "and put aside (tie {count} of {most}).", caste=caste, players=Items(leaders), n=top,
                              count=st.ties, most=TIES_TO_END), caste=caste, players=leaders, influence=influence,
                   ties=st.ties)
    record["figures"] = results
    st.captures.append(record)
    _watch_the_end(p)


def _watch_the_end(p: Playing) -> None:
    """Say when an end condition is met (the game ends after this turn) or one tie away."""
    st = p.state
    player = st.players[st.active].name
    empty = [c for c in CASTES if st.figures_left[c] == 0]
    if st.ending is None and empty:
        st.ending = {"reason": "caste", "caste": empty[0], "player": player}
        p.emit("ending", msg("The last {caste} figure has left the board: the game ends after {player}'s turn.",
                             caste=empty[0], player=player), **st.ending)
    elif st.ending is None and st.ties >= TIES_TO_END:
        st.ending = {"reason": "ties", "player": player}
        p.emit("ending", msg("A fourth figure was removed by a tie: the game ends after {player}'s turn.",
                             player=player), **st.ending)
    elif st.ending is None and st.ties == TIES_TO_END - 1 and any(
            e.kind == "tie" for e in p.events):
        p.emit("ties-warning", msg("Third tie: one more tie ends the game."), ties=st.ties)
