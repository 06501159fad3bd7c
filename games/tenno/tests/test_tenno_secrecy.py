"""Hidden stays hidden in Tenno: two games that differ in who captured what look identical until the end.

"Gefangenenstapel dürfen niemals eingesehen werden": the prisoner piles
are never looked at, and what left the game is the players' memory, not
the screen's. So a game and its twin, in which every duel was fought with
other cards of the same players and ended the same way (the same side won,
the same piles grew, the same cards were discarded by count, the Monk was
asked for and used alike), must show the table the same thing once each
duel is over: the same view, prompt, possible taps, events of the OK that
ends the turn, and the same answer to every probe but a tap of a card that
left the game in one of them. Only the game-over reveals the piles.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine import Choose, Match, Press, RuleError, Tap, get_game
from engine.core.inputs import Input
from games.tenno.play import Play
from games.tenno.simulate import play_one
from games.tenno.testing import twin_inputs

GAME = get_game("tenno")
GAMES = 60
SETUPS = ({"players": ["red", "blue"], "first": "blue"},
          {"players": ["red", "blue", "green", "yellow"], "first": "red"},
          {"players": ["red", "blue", "green", "yellow", "purple", "orange", "white"], "first": "orange"})


def _twins(setup: dict[str, Any], seed: int) -> tuple[list[Input], list[Input], list[int]]:
    """A policy game, its twin with every duel it can fought with other cards, and the input counts at which a
    turn's OK was just pressed."""
    inputs = list(play_one(GAME, setup, seed, 0.3).inputs)
    twin = twin_inputs(setup, seed, inputs, random.Random(seed), swap=1.0)
    match = Match(GAME, setup, seed)
    turns_over = []
    for number, value in enumerate(inputs, start=1):
        prompt = match.play.prompt
        match.apply(value)
        if prompt is not None and prompt.kind == "done":
            turns_over.append(number)
    return inputs, twin, turns_over


def _differs(setup: dict[str, Any], seed: int) -> bool:
    """Whether the twin captured or discarded other cards before a turn's end (a 2-player game may allow no swap)."""
    inputs, twin, turns_over = _twins(setup, seed)
    a, b = Match(GAME, setup, seed), Match(GAME, setup, seed)
    for number, (one, two) in enumerate(zip(inputs, twin, strict=True), start=1):
        a.apply(one)
        b.apply(two)
        if number in turns_over and a.play.state.out != b.play.state.out:  # type: ignore[attr-defined]
            return True
    return False


def _public(play: Play) -> dict[str, Any]:
    prompt = play.prompt
    return {"view": play.public_view(), "prompt": prompt.to_json() if prompt else None,
            "possible": play.possible_taps()}


def _answer(play: Play, value: Input) -> str:
    try:
        play.check(value)
    except RuleError as exc:
        return exc.message.text
    return "accepted"


@pytest.mark.parametrize("index", range(GAMES))
def test_twins_that_captured_other_cards_look_the_same_after_every_duel(index: int) -> None:
    setup = SETUPS[index % len(SETUPS)]
    seed = next(seed for seed in range(index, index + 20 * GAMES, GAMES) if _differs(setup, seed))
    inputs, twin, turns_over = _twins(setup, seed)
    assert len(inputs) == len(twin)
    a, b = Match(GAME, setup, seed), Match(GAME, setup, seed)
    differ = 0
    for number, (one, two) in enumerate(zip(inputs, twin, strict=True), start=1):
        seen = a.apply(one), b.apply(two)
        play_a, play_b = a.play, b.play
        assert isinstance(play_a, Play) and isinstance(play_b, Play)
        counts = [[(p["hand"], p["prisoners"], p["lost"], p["gaps"]) for p in m.public_view()["players"]]
                  for m in (play_a, play_b)]
        assert counts[0] == counts[1], f"{setup} seed {seed}: input {number} changed the counts differently"
        if number not in turns_over:
            continue
        where = f"{setup} seed {seed}: after the OK of input {number}"
        assert [e.to_json() for e in seen[0]] == [e.to_json() for e in seen[1]], where
        assert _public(play_a) == _public(play_b), where
        gone = set(play_a.state.out) | set(play_b.state.out)
        differ += set(play_a.state.out) != set(play_b.state.out)
        probes = [Tap(c) for c in play_a.state.catalogue.cards if c not in gone]
        probes += [Choose("pass"), Press("ok"), Choose("ok"), Tap("red-ninja", True)]
        for probe in probes:
            assert _answer(play_a, probe) == _answer(play_b, probe), f"{where}: probe {probe.to_json()}"
    assert differ, "the twins never differed in what left the game"
    assert a.play.prompt is None and b.play.prompt is None


def test_the_prisoner_piles_are_revealed_only_when_the_game_is_over() -> None:
    match = play_one(GAME, SETUPS[1], 5)
    assert match.play.outcome is not None
    view = match.play.public_view()
    piles = view["outcome"]["detail"]["prisoners"]
    assert sum(len(p) for p in piles.values()) == sum(p["prisoners"] for p in view["players"])
    assert view["scores"] == view["outcome"]["scores"]
    before = Match.replay(GAME, SETUPS[1], 5, match.inputs[:-1]).play.public_view()
    assert before["scores"] is None and before["outcome"] is None
    assert not any(cid in json.dumps(before.get("players")) for cid in piles.get("red", []))
