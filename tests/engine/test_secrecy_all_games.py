"""Hidden stays hidden, for every registered game: one property, each game's hooks.

Each game's `testing` hooks (see `engine.core.registry.GameEntry`) play a
whole game (`play_inputs`) and make its twin (`hidden_twin`): the same
public inputs with every hidden identity changed (Samurai Spirit: the cards
tapped face down; Trick Raiders: another shuffle behind the same taps).
After every input both plays must show the table the same events, prompt,
options, possible taps and public view, and at some moments refuse or
accept every probe (a tap of each card, face up and hidden, each option
pressed and chosen) with the same words. The game, setup, seed and input
number are named when they differ.
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from engine.core.errors import RuleError
from engine.core.game import Game, Play
from engine.core.inputs import Choose, Input, Press, Tap
from engine.core.match import Match
from engine.core.registry import entry, game_names, get_game

SEEDS = range(int(os.environ.get("SECRECY_SEEDS", "6")))
"""Seeds per set-up; `SECRECY_SEEDS=1000 pytest tests/engine/test_secrecy_all_games.py` runs thousands of games."""
PROBE_CHANCE = 0.1


def _public(play: Play, events: list[Any]) -> dict[str, Any]:
    prompt = play.prompt
    return {"events": [e.to_json() for e in events], "view": play.public_view(),
            "prompt": prompt.to_json() if prompt else None, "possible": play.possible_taps()}


def _probes(game: Game, play: Play) -> list[Input]:
    cards = [card["id"] for card in game.cards_json()]
    options = list(play.prompt.options) if play.prompt else []
    return [*(Tap(c) for c in cards), *(Tap(c, hidden=True) for c in cards),
            *(Press(o) for o in options), *(Choose(o) for o in options), Press("fight"), Choose("nobody")]


def _answer(play: Play, value: Input) -> str:
    try:
        play.check(value)
    except RuleError as exc:
        return exc.message.text
    return "accepted"


@pytest.mark.parametrize("name", game_names())
def test_twins_that_differ_only_in_hidden_identities_look_the_same(name: str) -> None:
    game, hooks = get_game(name), entry(name).hooks()
    rng = random.Random(name)
    for setup in hooks.SETUPS:
        for seed in SEEDS:
            inputs = hooks.play_inputs(setup, seed)
            twin_seed, twin_inputs = hooks.hidden_twin(setup, seed, inputs)
            assert len(twin_inputs) == len(inputs)
            a, b = Match(game, setup, seed), Match(game, setup, twin_seed)
            where = f"{name} {setup} seed {seed}"
            assert _public(a.play, list(a.opening)) == _public(b.play, list(b.opening)), f"{where}: set-up"
            for number, (one, two) in enumerate(zip(inputs, twin_inputs, strict=True)):
                seen = _public(a.play, a.apply(one)), _public(b.play, b.apply(two))
                assert seen[0] == seen[1], f"{where}: input {number} ({one.to_json()}) told the twins apart"
                if rng.random() < PROBE_CHANCE:
                    for probe in _probes(game, a.play):
                        assert _answer(a.play, probe) == _answer(b.play, probe), (
                            f"{where}: after input {number}, probe {probe.to_json()} told the twins apart")


def test_the_twins_of_a_game_with_hidden_taps_really_differ() -> None:
    """Without this the property above could pass by comparing a game with itself."""
    hooks = entry("samurai-spirit").hooks()
    changed = 0
    for seed in SEEDS:
        inputs = hooks.play_inputs(hooks.SETUPS[0], seed)
        changed += sum(x != y for x, y in zip(inputs, hooks.hidden_twin(hooks.SETUPS[0], seed, inputs)[1],
                                               strict=True))
    assert changed > 0
