"""Tenno's advisor hooks: advice at the Monk prompt, from the public counts, with a heuristic worth playing out.

The shared proof that advice reads no private knowledge runs for Tenno in
tests/engine/test_advice_secrecy.py, with twins that fought some duels with
other cards. This file adds a stronger one: games whose every duel it could
was fought with other cards (other prisoners, other discards) rebuild to
the same play after every turn.
"""

from __future__ import annotations

import json
import random
from typing import Any

from test_tenno_secrecy import _twins

from engine import Choose, Match, Tap, get_game
from engine.core.advisor import Budget, advise
from engine.core.registry import entry
from engine.protocol import ProtocolSession
from games.tenno import advice
from games.tenno.play import Play
from games.tenno.simulate import play_one

GAME = get_game("tenno")
SETUP = {"players": ["red", "blue", "green", "yellow"], "first": "red"}


def _at_monk(setup: dict[str, Any], seed: int) -> Match:
    """A policy game stopped at its first Monk prompt."""
    inputs = play_one(GAME, setup, seed, 0.2).inputs
    match = Match(GAME, setup, seed)
    for value in inputs:
        if match.play.prompt is not None and match.play.prompt.kind == "monk" and match.play.state.turn > 3:
            return match
        match.apply(value)
    raise AssertionError("no Monk prompt after turn 3 in this game")


def test_tenno_registers_its_advisor() -> None:
    assert entry("tenno").advisor == "games.tenno.advice"
    assert entry("tenno").advice() is advice


def test_only_the_monk_prompt_is_advised() -> None:
    match = _at_monk(SETUP, 3)
    actor = match.play.prompt.actor  # type: ignore[union-attr]
    assert advice.choices(match) == {"monk": Tap(f"{actor}-monk"), "pass": Choose("pass")}
    assert advice.advisable(match)
    start = Match(GAME, SETUP, 3)
    assert start.play.prompt is not None and start.play.prompt.kind == "attack"
    assert not advice.advisable(start) and advice.choices(start) == {}


def test_determinize_keeps_the_public_view_the_duel_and_the_defender_s_monk() -> None:
    for seed in range(6):
        match = _at_monk(SETUP, seed)
        real = match.play
        assert isinstance(real, Play)
        rebuilt = advice.determinize(match, random.Random(seed))
        assert isinstance(rebuilt, Play)
        assert rebuilt.public_view() == real.public_view()
        assert rebuilt.prompt == real.prompt
        monk = real.state.catalogue.monk[real.prompt.actor]  # type: ignore[union-attr]
        assert monk not in rebuilt.state.out
        for player in real.state.players:
            mine = rebuilt.state.by_name(player.name)
            assert len(mine.prisoners) == len(player.prisoners) and mine.lost == player.lost
            assert not any(rebuilt.state.colour(c) == player.name for c in mine.prisoners)


def test_determinize_reads_no_prisoner_pile() -> None:
    """Twins whose duels took other cards (same shapes) rebuild to the very same play after every turn."""
    compared = differing = 0
    for seed in range(4):
        inputs, twin, turns_over = _twins(SETUP, seed)
        a, b = Match(GAME, SETUP, seed), Match(GAME, SETUP, seed)
        for number, (one, two) in enumerate(zip(inputs, twin, strict=True), start=1):
            a.apply(one)
            b.apply(two)
            if number not in turns_over or a.play.prompt is None:
                continue
            differing += a.play.state.out != b.play.state.out  # type: ignore[attr-defined]
            mine = advice.determinize(a, random.Random(number)).state  # type: ignore[attr-defined]
            theirs = advice.determinize(b, random.Random(number)).state  # type: ignore[attr-defined]
            assert mine.out == theirs.out and mine.discard == theirs.discard
            assert [p.prisoners for p in mine.players] == [p.prisoners for p in theirs.players]
            compared += 1
    assert compared >= 20 and differing >= 5


def test_the_heuristic_beats_the_simple_policy_on_the_same_seeds() -> None:
    for label in ("2 players", "4 players"):
        setup = advice.STRENGTH_TABLES[label]
        simple = sum(advice.strength(setup, seed, "simple") for seed in range(150))
        heuristic = sum(advice.strength(setup, seed, "heuristic") for seed in range(150))
        assert heuristic >= simple + 20, (label, simple, heuristic)


def test_advice_at_the_monk_prompt_is_deterministic() -> None:
    match = _at_monk(SETUP, 1)
    first = advise(advice, match, 5, Budget(playouts=40)).to_json()
    assert first == advise(advice, match, 5, Budget(playouts=40)).to_json()
    assert [o["option"] for o in first["options"]] == ["monk", "pass"] and first["playouts"] == 40
    assert first["heuristic"] == "monk"


def test_the_protocol_answers_advise_for_tenno() -> None:
    session = ProtocolSession(lambda: 1)
    match = _at_monk(SETUP, 2)
    answer = json.loads(session.handle_line(json.dumps({"new": {"game": "tenno", **SETUP, "seed": 2}})))
    assert answer["ok"], answer
    for value in match.inputs:
        assert json.loads(session.handle_line(json.dumps(value.to_json())))["ok"]
    answer = json.loads(session.handle_line(json.dumps({"advise": {"playouts": 60}})))
    assert answer["ok"], answer
    result = answer["advice"]
    assert [o["option"] for o in result["options"]] == ["monk", "pass"]
    assert result["playouts"] == 60 and result["best"] in ("monk", "pass")
    for option in result["options"]:
        assert 0 <= option["low"] <= option["estimate"] <= option["high"] <= 1 and option["playouts"] == 30
    session.handle_line(json.dumps({"choose": "pass"}))
    refused = json.loads(session.handle_line(json.dumps({"advise": {"playouts": 60}})))
    assert not refused["ok"] and "No advice here" in refused["error"]
