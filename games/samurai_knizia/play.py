"""One play-through of Knizia's Samurai: the state and where the rules stand.

The rules run as one generator (see `rules`); this class feeds it checked
inputs and keeps the prompt it is waiting on. `check` refuses a bad input
before anything moves, and it reads only what the table has seen: the
tiles on the board and the figures that left it. Which tiles a player holds
behind the screen is never asked, so any tile not yet played may be played.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core.flow import StatePlay, first_seat
from engine.core.inputs import Tap
from engine.core.messages import Items, Message, msg, msg_n
from engine.core.prompt import Prompt
from games.samurai_knizia import view
from games.samurai_knizia.catalogue import CASTES, Catalogue
from games.samurai_knizia.rules import turns
from games.samurai_knizia.setup import FIGURES, Setup
from games.samurai_knizia.state import MAX_NEIGHBOURS, Player, State


class Play(StatePlay[State]):
    """A game in progress; built by KniziasSamurai.new_play."""

    def __init__(self, catalogue: Catalogue, setup: Setup, seed: int) -> None:
        rng = random.Random(seed)
        names = setup.players
        first = first_seat(names, setup.first, rng)
        players = [Player(name, seat) for seat, name in enumerate(names)]
        self.state = State(catalogue=catalogue, setup=setup, rng=rng, players=players, first=first,
                           figures_left=dict.fromkeys(CASTES, FIGURES[len(names)]))
        self.start(turns.game(self))

    # --- the Play contract ----------------------------------------------------

    def possible_taps(self) -> list[str]:
        """The tiles the pending tap could be, all from what lies open on the table."""
        prompt = self._prompt
        if prompt is None or prompt.tap is None:
            return []
        st = self.state
        if prompt.kind == "capture":
            assert st.capture is not None
            if len(st.capture.tiles) >= MAX_NEIGHBOURS:
                return []
            return [t for t in st.board if t not in st.capture.tiles]
        player = st.by_name(prompt.actor)
        if prompt.kind == "move":
            return st.own_normal_on_board(player)
        return [t for t in st.unplayed(player) if self._why_not_play(player, t) is None]

    def public_view(self) -> dict[str, Any]:
        return view.public_view(self)

    # --- refusals, in words for the table ---------------------------------------

    def _why_not_option(self, prompt: Prompt, option: str) -> Message:
        st = self.state
        if option in CASTES:
            if not st.board:
                return msg("No settlement can be surrounded yet: no tile is on the board.")
            if st.capture is not None and option in st.capture.castes:
                return msg("{caste} is already named: a settlement holds at most one figure of each caste.",
                           caste=option)
            if st.figures_left.get(option, 0) == 0:
                return msg("No {caste} figure is left on the board: press the castes that are in the settlement.",
                           caste=option)
        if prompt.kind == "turn" and option == "pass":
            return msg("{player} must play at least one tile before passing: tap it as it is played.",
                       player=prompt.actor)
        if prompt.kind == "capture" and option == "ok":
            return msg("Tap every tile next to the settlement first, then OK.")
        if prompt.kind == "capture" and option == "pass":
            return msg("Finish the capture first: tap every tile next to the settlement, then OK (Undo takes back "
                       "a wrong caste).")
        if prompt.kind == "move":
            return msg("{option} is not possible now. {prompt}", option=option, prompt=prompt.message)
        return msg("{option} is not an option now. {prompt} Choices: {options}.", option=option,
                   prompt=prompt.message, options=Items(prompt.options))

    def _why_not_tap(self, prompt: Prompt, value: Tap) -> Message | None:
        st = self.state
        tid = value.card
        if tid not in st.catalogue.tiles:
            return msg("Unknown tile '{id}': this tag is bound to no tile of this game.", id=tid)
        if value.hidden:
            return msg("Nothing is tapped face down in Knizia's Samurai: tap {tile} face up.", tile=tid)
        if prompt.tap is None:
            return msg("Not waiting for a tile now. {prompt}", prompt=prompt.message)
        owner = st.owner(tid)
        if owner is None:
            return msg("{tile} is not in this game: only {players} play.", tile=tid,
                       players=Items(pl.name for pl in st.players))
        if prompt.kind == "capture":
            return self._why_not_adjacent(tid)
        player = st.by_name(prompt.actor)
        if prompt.kind == "move":
            return self._why_not_replace(player, tid)
        if owner is not player:
            return msg("{tile} is {player2}'s tile, but it is {player}'s turn: {player} plays only {player}'s "
                       "tiles.", tile=tid, player=player.name, player2=owner.name)
        return self._why_not_play(player, tid)

    def _why_not_play(self, player: Player, tid: str) -> Message | None:
        st = self.state
        if tid in st.discarded:
            return msg("{tile} was used and put back in the box.", tile=tid)
        if tid in player.played:
            return msg("{tile} is already on the board.", tile=tid)
        tile = st.tile(tid)
        normal = st.normal_this_turn()
        if tile.normal and normal is not None:
            return msg("{player} already played a normal tile this turn ({tile2}): only fast tiles (Ronin, Ships, "
                       "Switch) may follow.", player=player.name, tile2=normal)
        if tile.type == "move" and not st.own_normal_on_board(player):
            return msg("{tile} replaces one of {player}'s normal tiles on the board, and there is none yet: play "
                       "another tile.", tile=tid, player=player.name)
        return None

    def _why_not_replace(self, player: Player, tid: str) -> Message | None:
        st = self.state
        tile = st.tile(tid)
        if tile.colour != player.name:
            return msg("The Move replaces one of {player}'s own tiles, not {tile}.", player=player.name, tile=tid)
        if tid not in st.board:
            return msg("{tile} is not on the board: tap the tile the Move replaced.", tile=tid)
        if tile.fast or tile.type == "move":
            return msg("The Move replaces a normal tile (not Ronin, Ships or the Move itself), not {tile}.", tile=tid)
        return None

    def _why_not_adjacent(self, tid: str) -> Message | None:
        st = self.state
        cap = st.capture
        assert cap is not None
        if tid in st.discarded:
            return msg("{tile} was discarded when it was played: a Switch never stays on the board.", tile=tid)
        if tid not in st.board:
            return msg("{tile} has not been played: only tiles on the board count. Tap the tiles next to the "
                       "settlement.", tile=tid)
        if tid in cap.tiles:
            return msg("{tile} is already counted for this settlement.", tile=tid)
        if len(cap.tiles) >= MAX_NEIGHBOURS:
            return msg_n("A settlement has at most {n} space next to it and {n} tile is counted: press OK, "
                         "or undo a wrong tap.",
                         "A settlement has at most {n} spaces next to it and {n} tiles are counted: press "
                         "OK, or undo a wrong tap.",
                         n=MAX_NEIGHBOURS)
        return None
