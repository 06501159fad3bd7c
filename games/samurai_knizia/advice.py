"""Knizia's Samurai's advisor hooks (engine.core.advisor.AdvisorHooks): a modest heuristic and the public view.

The hidden identities of this game are the tiles behind each screen (which
unplayed tiles a player holds) and, unless the table chose open captures,
the figures each player has taken. The engine keeps no map, so the
play-outs lay the tiles on the simple policy's pretend map
(games.samurai_knizia.policy), here taught that a Move takes the
place of the tile it replaces and sends that tile to another settlement.

Advised: only the Move's choice of which own normal tile it replaces. Its
options are the player's normal tiles on the board, all in the open, so the
table can judge it from the public view. Which tile to play from behind the
screen is the holder's secret (the advisor would have to guess the hand),
and a capture is a fact of the map, not a decision, so neither is advised.

`determinize` replays the inputs (every input of this game is a tile or a
press the table saw) and draws the game's random source afresh; the hands
in a play-out are the policy's own draws from its own seed. With hidden
captures it then forgets who took each figure: the table watched each
capture, but the figures went behind the screens and the view keeps no
tally, so the advice (shown to the whole table) must not know them either.
Each figure taken is given afresh to a player drawn at random; how many of
each caste were taken, and which were removed by a tie, is public and
kept. Without this the play-outs would score the real hidden captures, and
two games differing only in who took a figure would get different advice.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from engine.core.advisor import replay_public
from engine.core.flow import FlowPlay, Pilot
from engine.core.inputs import Input, Tap
from engine.core.match import Match
from engine.core.outcome import win_share
from games.samurai_knizia.play import Play
from games.samurai_knizia.policy import PASS, Settlement, SimplePolicy, _Fill, _tap, layout
from games.samurai_knizia.state import State

STRENGTH_TABLES: dict[str, dict[str, Any]] = {
    "2 players": {"players": ["red", "blue"], "first": "red"},
    "3 players": {"players": ["red", "blue", "green"], "first": "red"},
    "4 players": {"players": ["red", "blue", "green", "yellow"], "first": "red"},
}
"""The tables bench/policy_strength.py plays: the first seat uses the measured policy, the others the simple one."""

OPEN_WEIGHT = 0.6
"""How much a lead in a settlement not yet surrounded is worth against a figure taken: it may still turn."""
MARGIN_WEIGHT = 0.02
"""A small bonus per point of lead, so a wider lead (harder to overturn) is preferred."""


@dataclass
class _Moving(_Fill):
    """The pretend map, where a Move takes its replaced tile's place and that tile goes to another settlement."""

    moves: dict[str, str] | None = None

    def replace(self, move: str, replaced: str, seed: int) -> None:
        """The Move counts as the engine's next board tile but lands in `replaced`'s space, which lands anew."""
        self.board.append(move)
        for tiles in self.filled:
            if replaced in tiles:
                tiles[tiles.index(replaced)] = move
        self.land(replaced, seed)

    def land(self, tid: str, seed: int) -> None:
        """Lay `tid` on the map as a new tile without counting it as a new tile on the engine's board."""
        self.add(tid, seed)
        self.board.pop()

    def copy(self) -> _Moving:
        done = [(place, tiles) for place, tiles in self.done]
        filled = [list(tiles) for tiles in self.filled]
        ids = {id(tiles): filled[i] for i, tiles in enumerate(self.filled)}
        return _Moving(self.places, list(self.board), filled, list(self.open),
                       [(place, ids.get(id(tiles), list(tiles))) for place, tiles in done], dict(self.moves or {}))


class HeuristicPolicy(SimplePolicy):
    """Plays the tile that most improves its standing in the settlements it lands in; Moves a wasted tile.

    `heroes` names the players it plays this way (None: everybody); the
    others play like the simple policy, on the same pretend map. It reads
    the tiles on the board and its own hand (the policy's own draws), never
    a figure behind a screen, so it plays the same with open captures.
    """

    def __init__(self, rng: random.Random, heroes: frozenset[str] | None = None) -> None:
        super().__init__(rng)
        self.heroes = heroes
        self._moving: _Moving | None = None

    # --- the pretend map, with Moves ----------------------------------------------

    def surrounded(self, st: State) -> list[tuple[Settlement, list[str]]]:
        return self.fill(st).done

    def fill(self, st: State) -> _Moving:
        """The map as the board stands; a Move whose replaced tile is not tapped yet waits for that tap."""
        places = layout(self.seed, st.count)
        board = st.board
        memo = self._moving
        if (memo is None or memo.places is not places or memo.board != board[:len(memo.board)]
                or any(st.moved.get(m) != r for m, r in (memo.moves or {}).items())):
            memo = self._moving = _Moving(places, [], [[] for _ in places], list(range(len(places))), [], {})
        assert memo.moves is not None
        for tid in board[len(memo.board):]:
            if st.tile(tid).type != "move":
                memo.add(tid, self.seed)
            elif tid in st.moved:
                memo.moves[tid] = st.moved[tid]
                memo.replace(tid, st.moved[tid], self.seed)
            else:
                break
        return memo

    # --- decisions -------------------------------------------------------------------

    def choose(self, play: Play) -> Input:
        prompt = play.prompt
        assert prompt is not None
        if self.heroes is not None and prompt.actor not in self.heroes:
            return super().choose(play)
        if prompt.kind == "move":
            assert prompt.subject is not None
            return _tap(self.replaced(play.state, prompt.actor, prompt.subject, play.possible_taps()))
        if prompt.kind == "turn" and self._pending(play.state) is None:
            return self._play_tile(play)
        return super().choose(play)

    def replaced(self, st: State, name: str, move: str, options: list[str]) -> str:
        """The own tile whose trip to another settlement helps most; ties keep the strongest tile in place."""
        base = self.fill(st)
        return max(options, key=lambda tid: (_gain(st, base, _replaced(base, move, tid, self.seed), name),
                                             -st.tile(tid).value, tid))

    def _play_tile(self, play: Play) -> Input:
        st = play.state
        name = st.players[st.active].name
        possible = play.possible_taps()
        hand = [t for t in self.hand(st, st.by_name(name)) if t in possible and st.tile(t).type != "switch"]
        if not st.this_turn:
            normal = [t for t in hand if st.tile(t).normal] or hand
            if not normal:
                return super().choose(play)
            return _tap(self._best(st, name, normal)[1])
        fast = [t for t in hand if st.tile(t).fast]
        if not fast:
            return PASS
        gain, tid = self._best(st, name, fast)
        return _tap(tid) if gain > 0 else PASS

    def _best(self, st: State, name: str, tiles: list[str]) -> tuple[float, str]:
        """The tile that gains most where it lands; ties to the weaker tile, kept strong tiles for later."""
        base = self.fill(st)
        scored = []
        for tid in tiles:
            if st.tile(tid).type == "move":
                own = st.own_normal_on_board(st.by_name(name))
                gain = max((_gain(st, base, _replaced(base, tid, t, self.seed), name) for t in own), default=0.0)
            else:
                after = base.copy()
                after.land(tid, self.seed)
                gain = _gain(st, base, after, name)
            scored.append((gain, -st.tile(tid).value, tid))
        gain, _, tid = max(scored)
        return gain, tid


def _replaced(fill: _Moving, move: str, replaced: str, seed: int) -> _Moving:
    after = fill.copy()
    after.replace(move, replaced, seed)
    return after


def _gain(st: State, base: _Moving, after: _Moving, name: str) -> float:
    """What `after` is worth to `name` over `base`, counted in the settlements that changed and are not captured."""
    captured = {id(tiles) for _, tiles in base.done[:len(st.captures)]}
    total = 0.0
    for place, old, new in zip(base.places, base.filled, after.filled, strict=True):
        if old != new and id(old) not in captured:
            total += _worth(st, place, new, name) - _worth(st, place, old, name)
    return total


def _worth(st: State, place: Settlement, tiles: list[str], name: str) -> float:
    """`name`'s standing in one settlement: the figures it would take there, less a share of the others'."""
    if not tiles:
        return 0.0
    weight = 1.0 if len(tiles) >= place.spaces else OPEN_WEIGHT * len(tiles) / place.spaces
    total = 0.0
    for caste in place.castes:
        influence = st.influence(tiles, caste)
        mine = influence.pop(name)
        best = max(influence.values())
        lead = 1.0 if mine > best else (-1.0 / max(1, st.count - 1) if mine < best else 0.0)
        total += weight * lead + MARGIN_WEIGHT * (mine - best)
    return total


def heuristic(seed: int) -> Pilot:
    return HeuristicPolicy(random.Random(seed)).choose


def simple(seed: int) -> Pilot:
    """The simple policy on the same pretend map (Moves included), so the two are measured on one table."""
    return HeuristicPolicy(random.Random(seed), frozenset()).choose


def choices(match: Match) -> dict[str, Input]:
    """The decisions weighed, by option: the own normal tile on the board that the Move replaces."""
    prompt = match.play.prompt
    if prompt is None or prompt.kind != "move":
        return {}
    return {tid: Tap(tid) for tid in match.play.possible_taps()}


def advisable(match: Match) -> bool:
    return len(choices(match)) > 1


def determinize(match: Match, rng: random.Random) -> FlowPlay:
    """Every input replayed, the game's random source drawn afresh, hidden captors drawn anew (module's note)."""
    play = replay_public(match, rng)
    assert isinstance(play, Play)
    if not play.state.setup.open_captures:
        draw_captors(play.state, rng)
    return play


def draw_captors(st: State, rng: random.Random) -> None:
    """Give every captured figure to a player drawn at random, in the order of the captures.

    Only what the view shows is kept: each capture's castes and which of its
    figures a tie removed. The tiles counted (from which anyone could work out
    the captor again) are dropped from the rebuilt play's record.
    """
    names = [pl.name for pl in st.players]
    for player in st.players:
        player.captured = dict.fromkeys(player.captured, 0)
    for record in st.captures:
        figures = {caste: None if who is None else rng.choice(names) for caste, who in record["figures"].items()}
        for caste, who in figures.items():
            if who is not None:
                st.by_name(who).captured[caste] += 1
        record["figures"] = figures
        record["tiles"] = []


def score(play: Any, actor: str) -> float:
    """A share of the win: 1 for a sole winner, 1/n for each of n winners, 0 otherwise."""
    return win_share(play.outcome, actor)


def bench_table(setup: dict[str, Any], seed: int, policy: str = "heuristic") -> tuple[Play, Pilot, str]:
    """The bench's table for one seed: the first seat (the hero) plays `policy`, the others the simple policy.

    Returns the fresh play, the pilot that answers every seat, and the hero's name.
    """
    from engine.core.registry import get_game

    game = get_game("samurai-knizia")
    play, _ = game.new_play(game.parse_setup(setup), seed)
    assert isinstance(play, Play)
    hero = play.state.players[0].name
    heroes = frozenset({hero}) if policy == "heuristic" else frozenset()
    return play, HeuristicPolicy(random.Random(seed ^ 0x5EED), heroes).choose, hero


def strength(setup: dict[str, Any], seed: int, policy: str) -> float:
    """One seeded game: the first seat plays `policy`, the others the simple policy; its share of the win."""
    play, pilot, hero = bench_table(setup, seed, policy)
    play.play_out(pilot)
    return score(play, hero)
