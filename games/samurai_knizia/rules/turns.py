"""Play Tiles: turns clockwise from the start player until a game end condition is reached.

"On each turn, a player plays one or more tiles, which may be: one normal
tile ... and/or any number of fast tiles." The active player taps each tile
as it is played and presses Pass to end the turn; a Move is followed by a
tap of the tile it replaces. A surrounded settlement is entered at any
moment of a turn by pressing its castes (see `captures`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.inputs import Tap
from engine.core.messages import msg, msg_n
from engine.core.prompt import Prompt
from games.samurai_knizia.rules import captures, reckoning
from games.samurai_knizia.rules.flow import Flow
from games.samurai_knizia.state import Player, State

if TYPE_CHECKING:
    from games.samurai_knizia.playing import Playing

HAND = 5
"""Tiles face up behind the screen: "refill to 5 face-up tiles behind their screen, while available"."""


def game(p: Playing) -> Flow[None]:
    """Set-up words, then turns until the end of a turn that met an end condition."""
    st = p.state
    set_up(p)
    st.active = st.first
    while True:
        player = st.players[st.active]
        if player.tiles_left:
            yield from turn(p, player)
        else:
            p.emit("no-tiles", msg("{player} has no tiles left and passes.", player=player.name),
                   player=player.name)
        if st.ending is not None or not any(pl.tiles_left for pl in st.players):
            reckoning.finish(p)
            return
        st.active = (st.active + 1) % st.count


def set_up(p: Playing) -> None:
    st = p.state
    first = st.players[st.first].name
    p.step("setup", msg("Lay out the map for {n} players and put {figures} figures of each caste beside it; "
                        "return the rest to the box.", n=st.count, figures=st.figures_start),
           players=st.count, figures=st.figures_start)
    p.step("setup", msg("Each player takes a screen and the 20 tiles of one colour, keeps 5 face up behind the "
                        "screen and shuffles the other 15 face down beside it."))
    p.step("setup", msg("Put one figure of each caste in Edo. From {player} on, clockwise, each player moves a "
                        "figure to a city until every city has 2 different figures, then to a town until "
                        "every town has 1.", player=first), player=first)


def turn_prompt(st: State, player: Player) -> Prompt:
    options = [c for c in captures.pickable(st)] + (["pass"] if st.this_turn else [])
    if st.this_turn:
        text = msg("{player}: tap each further tile you play, then press Pass ({n} played this turn). A "
                   "settlement surrounded? Press its castes.", player=player.name, n=len(st.this_turn))
    else:
        text = msg("{player}'s turn: tap each tile as you play it, then press Pass. A settlement surrounded? "
                   "Press its castes.", player=player.name)
    return Prompt(player.name, "turn", text, tuple(options), tap="tile")


def turn(p: Playing, player: Player) -> Flow[None]:
    st = p.state
    st.turn += 1
    st.this_turn = []
    st.phase = "play"
    while True:
        value = yield turn_prompt(st, player)
        if isinstance(value, Tap):
            yield from play_tile(p, player, value.card)
            continue
        option = captures.option_of(value)
        if option == "pass":
            break
        yield from captures.capture(p, option)
    st.this_turn = []
    refill(p, player)


def play_tile(p: Playing, player: Player, tid: str) -> Flow[None]:
    """A tile played: on the board, or discarded for a Switch; a Move then asks which tile it replaced."""
    st = p.state
    tile = st.tile(tid)
    player.played.append(tid)
    st.this_turn.append(tid)
    if tile.type == "switch":
        st.discarded.append(tid)
        p.step("switch", msg("{player} plays the Switch: swap any 2 figures on the board (the figures in a city "
                             "must stay different), then put the Switch back in the box.", player=player.name),
               player=player.name, tile=tid)
        return
    st.board.append(tid)
    if tile.type != "move":
        where = msg("a sea space") if tile.type == "ship" else msg("an empty land space")
        p.emit("play", msg("{player} plays {tile} on {where}.", player=player.name, tile=tid, where=where),
               player=player.name, tile=tid)
        return
    p.emit("move-played", msg("{player} plays {tile}.", player=player.name, tile=tid), player=player.name, tile=tid)
    value = yield Prompt(player.name, "move", msg("{player}'s Move replaces one of {player}'s normal tiles on the "
                                                  "board: tap the tile it replaces.", player=player.name),
                         tap="own-tile", subject=tid)
    assert isinstance(value, Tap)
    st.moved[tid] = value.card
    p.step("move", msg("{player}'s Move takes the place of {tile}: put {tile} on an empty land space elsewhere.",
                       player=player.name, tile=value.card), player=player.name, tile=tid, replaced=value.card)


def refill(p: Playing, player: Player) -> None:
    left = player.tiles_left
    if left > HAND:
        p.step("refill", msg("{player} ends the turn and draws tiles to have 5 behind the screen again.",
                             player=player.name), player=player.name, left=left)
    elif left:
        p.emit("refill", msg_n("{player} ends the turn with the last tile behind the screen.",
                               "{player} ends the turn with the last {n} tiles behind the screen.",
                               player=player.name, n=left), player=player.name, left=left)
    else:
        p.emit("refill", msg("{player} ends the turn with every tile played.", player=player.name),
               player=player.name, left=0)
