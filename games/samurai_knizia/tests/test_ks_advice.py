"""Knizia's Samurai's advisor hooks: the heuristic, the Move advice, the pretend map with Moves, the protocol.

The twin test that proves the advice reads no private knowledge (no figure
behind a screen) runs for this game in tests/engine/test_advice_secrecy.py
(every game with an advisor).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.core.advisor import Budget, advise
from engine.core.errors import RuleError
from engine.core.inputs import Tap
from engine.core.match import Match
from engine.core.registry import entry, get_game
from engine.protocol import ProtocolSession
from games.samurai_knizia import advice
from games.samurai_knizia.play import Play

SETUP: dict[str, Any] = {"players": ["red", "blue", "green"], "first": "red"}


def _at_a_move(setup: dict[str, Any] = SETUP, seed: int = 1) -> Match:
    """A match stopped at the first Move with more than one tile to replace, in a game of the simple table."""
    hooks = entry("samurai-knizia").hooks()
    game = get_game("samurai-knizia")
    for attempt in range(seed, seed + 20):
        inputs = hooks.play_inputs(setup, attempt)
        match = Match(game, setup, attempt)
        for value in inputs:
            if advice.advisable(match):
                return match
            match.apply(value)
    raise AssertionError("no Move with a choice in 20 games")


def test_knizia_registers_its_advisor() -> None:
    assert entry("samurai-knizia").advisor == "games.samurai_knizia.advice"
    assert entry("samurai-knizia").advice() is advice


def test_only_the_move_is_advised_and_its_options_are_the_own_normal_tiles_on_the_board() -> None:
    match = Match(get_game("samurai-knizia"), SETUP, 1)
    assert not advice.advisable(match)
    with pytest.raises(RuleError, match="No advice here"):
        advise(advice, match, 1, Budget(playouts=6))
    match = _at_a_move()
    play = match.play
    assert isinstance(play, Play) and play.prompt is not None and play.prompt.kind == "move"
    player = play.state.by_name(play.prompt.actor)
    assert set(advice.choices(match)) == set(play.state.own_normal_on_board(player))
    assert all(value == Tap(tid) for tid, value in advice.choices(match).items())


def test_the_heuristic_reads_no_figure_behind_a_screen() -> None:
    """With closed captures, other figures behind the screens leave every heuristic choice as it was."""
    hooks = entry("samurai-knizia").hooks()
    game = get_game("samurai-knizia")
    setup = hooks.SETUPS[0]
    assert not setup.get("open_captures")
    inputs = hooks.play_inputs(setup, 3)
    mine, twin = Match(game, setup, 3), Match(game, setup, 3)
    compared = 0
    for value in inputs:
        assert isinstance(twin.play, Play)
        for player in twin.play.state.players:
            player.captured = {caste: n + 1 for caste, n in player.captured.items()}
        if mine.play.prompt is not None and mine.play.prompt.kind in ("turn", "move"):
            assert advice.heuristic(7)(mine.play) == advice.heuristic(7)(twin.play)
            compared += 1
        mine.apply(value)
        for player in twin.play.state.players:
            player.captured = {caste: n - 1 for caste, n in player.captured.items()}
        twin.apply(value)
    assert compared > 20


def test_a_move_puts_the_move_in_the_replaced_tile_s_place_on_the_pretend_map() -> None:
    match = _at_a_move()
    play = match.play
    assert isinstance(play, Play) and play.prompt is not None
    move = play.state.board[-1]
    policy = advice.HeuristicPolicy(random.Random(5))
    before = policy.fill(play.state).copy()
    replaced = next(t for t in play.possible_taps() if any(t in tiles for tiles in before.filled))
    match.apply(Tap(replaced))
    after = policy.fill(play.state)
    for old, new in zip(before.filled, after.filled, strict=True):
        if replaced in old:
            assert new[old.index(replaced)] == move
    assert sum(tiles.count(replaced) for tiles in after.filled) <= 1
    assert after.board == play.state.board


def test_the_heuristic_beats_the_simple_policy_on_the_same_seeds() -> None:
    for setup in advice.STRENGTH_TABLES.values():
        simple = sum(advice.strength(setup, seed, "simple") for seed in range(60))
        heuristic = sum(advice.strength(setup, seed, "heuristic") for seed in range(60))
        assert heuristic >= simple + 12, (setup, simple, heuristic)


def test_the_move_advice_weighs_the_options_differently_somewhere() -> None:
    """The Move matters on the pretend map: some decision's options get different estimates."""
    differing = 0
    for seed in range(1, 4):
        estimates = advise(advice, _at_a_move(seed=seed * 10), 3, Budget(playouts=60)).estimates
        differing += len({e.mean for e in estimates}) > 1
    assert differing


def test_the_protocol_answers_advise_at_a_move() -> None:
    match = _at_a_move()
    session = ProtocolSession(new_seed=lambda: 1)
    assert session.handle({"new": {"game": "samurai-knizia", **SETUP, "seed": match.seed}})["ok"]
    for value in match.inputs:
        assert session.handle(value.to_json())["ok"]
    answer = session.handle({"advise": {"playouts": 60, "seed": 2}})
    assert answer["ok"], answer
    result = answer["advice"]
    assert {o["option"] for o in result["options"]} == set(answer["state"]["pending"]["options"])
    assert result["best"] in answer["state"]["pending"]["options"]
    assert result["heuristic"] in answer["state"]["pending"]["options"]
    assert 60 - len(result["options"]) < result["playouts"] <= 60
    for option in result["options"]:
        assert 0 <= option["low"] <= option["estimate"] <= option["high"] <= 1


def test_determinize_rebuilds_the_public_view() -> None:
    match = _at_a_move()
    rebuilt = advice.determinize(match, random.Random(1))
    assert rebuilt.public_view() == match.play.public_view()


def _at_a_move_after_captures(setup: dict[str, Any]) -> Match:
    game = get_game("samurai-knizia")
    hooks = entry("samurai-knizia").hooks()
    for seed in range(20):
        inputs = hooks.play_inputs(setup, seed)
        match = Match(game, setup, seed)
        for value in inputs:
            if advice.advisable(match) and len(match.play.state.captures) >= 3:  # type: ignore[attr-defined]
                return match
            match.apply(value)
    raise AssertionError("no Move with a choice after three captures in 20 games")


def test_determinize_draws_who_took_each_hidden_figure_and_keeps_what_the_view_shows() -> None:
    match = _at_a_move_after_captures(SETUP)
    real = match.play
    assert isinstance(real, Play)
    seen = set()
    for sample in range(8):
        rebuilt = advice.determinize(match, random.Random(sample))
        assert isinstance(rebuilt, Play)
        assert rebuilt.public_view() == real.public_view()
        st = rebuilt.state
        for caste in ("castle", "buddha", "rice"):
            assert sum(p.captured[caste] for p in st.players) == sum(p.captured[caste] for p in real.state.players)
        assert [[who is None for who in c["figures"].values()] for c in st.captures] == [
            [who is None for who in c["figures"].values()] for c in real.state.captures]
        assert all(not c["tiles"] for c in st.captures) and all(c["tiles"] for c in real.state.captures)
        seen.add(repr([p.captured for p in st.players]))
    assert len(seen) > 1


def test_with_open_captures_determinize_keeps_the_captures() -> None:
    match = _at_a_move_after_captures({**SETUP, "open_captures": True})
    rebuilt = advice.determinize(match, random.Random(1))
    assert isinstance(rebuilt, Play) and isinstance(match.play, Play)
    assert [p.captured for p in rebuilt.state.players] == [p.captured for p in match.play.state.players]
    assert rebuilt.state.captures == match.play.state.captures
