"""A simple legal policy: plays every player and keeps a pretend map, for simulations and demos.

The engine keeps no map, so the policy invents one per player count from its
own seed: Edo with one figure of each caste, cities with two different
figures, towns with one, each with a number of land spaces around it. The
tiles on the board (in the order the engine lists them) fill those spaces,
a tile now and then touching two settlements; a settlement whose spaces are
all filled is surrounded, and the policy enters its capture. Everything is
computed from the engine's state and the seed, so an undo, a replay or a
fuzzer's stray inputs never leave the policy out of step: where its map
disagrees with the engine it falls back to any legal input.
"""

from __future__ import annotations

import random
import zlib
from dataclasses import dataclass
from functools import cache

from engine.core.inputs import Input, Press, Tap
from games.samurai_knizia.catalogue import CASTES
from games.samurai_knizia.play import Play
from games.samurai_knizia.rules.captures import pickable
from games.samurai_knizia.setup import FIGURES
from games.samurai_knizia.state import MAX_NEIGHBOURS, Player, State

HAND = 5
EXTRA_FAST = 0.35
"""The chance a player adds one more fast tile to the turn."""


@cache
def _tap(tile: str) -> Tap:
    return Tap(tile)


PASS, OK = Press("pass"), Press("ok")


@dataclass(frozen=True)
class Settlement:
    castes: tuple[str, ...]
    spaces: int


@dataclass
class _Fill:
    """The pretend map filling up: tiles seen so far, each settlement's tiles, those still open, those done."""

    places: tuple[Settlement, ...]
    board: list[str]
    filled: list[list[str]]
    open: list[int]
    done: list[tuple[Settlement, list[str]]]

    def add(self, tid: str, seed: int) -> None:
        """One more tile: into one of the next three open settlements, now and then touching a second."""
        self.board.append(tid)
        if not self.open:
            return
        roll = zlib.crc32(f"{seed}:{tid}".encode())
        picks = [self.open[roll % min(3, len(self.open))]]
        if roll % 5 == 0 and len(self.open) > 1:
            picks.append(self.open[(roll // 7) % len(self.open)])
        for i in dict.fromkeys(picks):
            self.filled[i].append(tid)
            if len(self.filled[i]) == self.places[i].spaces:
                self.open.remove(i)
                self.done.append((self.places[i], self.filled[i]))


@cache
def layout(seed: int, players: int) -> tuple[Settlement, ...]:
    """A pretend map: Edo, cities of two different castes and towns of one, using every figure once."""
    rng = random.Random(seed * 7 + players)
    rest = FIGURES[players] - 1
    pairs = ((CASTES[0], CASTES[1]), (CASTES[1], CASTES[2]), (CASTES[2], CASTES[0]))
    cities = [pair for _ in range(rest // 3) for pair in pairs]
    towns = [(caste,) for caste in CASTES for _ in range(rest - 2 * (rest // 3))]
    places = [Settlement(c, rng.randint(3, 5)) for c in cities] + [Settlement(t, rng.randint(2, 4)) for t in towns]
    rng.shuffle(places)
    return (Settlement(CASTES, MAX_NEIGHBOURS), *places)


class SimplePolicy:
    """Chooses an input for any prompt; its own random source, never the game's."""

    def __init__(self, rng: random.Random, explore: float = 0.0) -> None:
        self.rng = rng
        self.seed = rng.randrange(2**32)
        self.explore = explore
        self._memo: _Fill | None = None

    # --- the pretend map -----------------------------------------------------------

    def surrounded(self, st: State) -> list[tuple[Settlement, list[str]]]:
        """Settlements whose spaces the board's tiles filled, in the order they were filled, with their tiles.

        Worked out tile by tile from the board; the work for a board that only grew since the last call is
        kept, so a whole game costs one pass.
        """
        places = layout(self.seed, st.count)
        board = st.board
        memo = self._memo
        if memo is None or memo.places is not places or memo.board != board[:len(memo.board)]:
            memo = self._memo = _Fill(places, [], [[] for _ in places], list(range(len(places))), [])
        for tid in board[len(memo.board):]:
            memo.add(tid, self.seed)
        return memo.done

    def hand(self, st: State, player: Player) -> list[str]:
        """The tiles behind the player's screen: the first 5 unplayed in the policy's shuffle of the set."""
        order = [t.id for t in st.catalogue.of(player.name)]
        random.Random(f"{self.seed}:{player.name}").shuffle(order)
        played = set(player.played)
        return [t for t in order if t not in played][:HAND]

    # --- decisions -------------------------------------------------------------------

    def choose(self, play: Play) -> Input:
        prompt = play.prompt
        assert prompt is not None
        if prompt.kind == "move":
            return _tap(self.rng.choice(play.possible_taps()))
        if prompt.kind == "capture":
            return self._capture(play)
        return self._turn(play)

    def _pending(self, st: State) -> tuple[Settlement, list[str]] | None:
        done = self.surrounded(st)
        return done[len(st.captures)] if len(done) > len(st.captures) else None

    def _turn(self, play: Play) -> Input:
        st = play.state
        player = st.players[st.active]
        pending = self._pending(st)
        castes = pickable(st)
        if castes and (pending is not None or (self.explore and self.rng.random() < self.explore / 10)):
            wanted = [c for c in (pending[0].castes if pending else ()) if c in castes]
            return Press(wanted[0] if wanted else self.rng.choice(castes))
        possible = play.possible_taps()
        if st.this_turn and (not possible or self.rng.random() > EXTRA_FAST):
            return PASS
        hand = [t for t in self.hand(st, player) if t in possible]
        if self.explore and self.rng.random() < self.explore:
            hand = possible
        if not st.this_turn:
            normal = [t for t in hand if st.tile(t).normal]
            return _tap(self.rng.choice(normal or hand or possible))
        fast = [t for t in hand if st.tile(t).fast]
        return _tap(self.rng.choice(fast)) if fast else PASS

    def _capture(self, play: Play) -> Input:
        st = play.state
        cap = st.capture
        assert cap is not None
        pending = self._pending(st)
        if pending is not None:
            more = [c for c in pending[0].castes if c in pickable(st)]
            if more and not (self.explore and self.rng.random() < self.explore):
                return Press(more[0])
            tiles = [t for t in pending[1] if t in play.possible_taps()]
            if tiles:
                return _tap(tiles[0])
        if cap.tiles:
            return OK
        return _tap(self.rng.choice(play.possible_taps()))
