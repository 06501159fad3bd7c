"""Hidden stays hidden, for every registered game: one property, each game's hooks.

Each game's `testing` hooks (see `engine.core.registry.GameEntry`) play a
whole game (`play_inputs`) and make its twin (`hidden_twin`): a game that
differs only in what is hidden (Samurai Spirit: the cards tapped face down;
Knizia's Samurai: who took a captured figure; Tenno: which cards left the
game for which pile; Trick Raiders: the cards nobody sees, in other hands).
After every input that leaves nothing hidden on show (`shown`: a capture
being entered or just told, a duel on screen, the end's reveal) both plays
must have told the table the same narration and show it the same public
view, prompt, options and possible taps; at some of these moments
every probe (a tap of each card, face up and hidden, each option pressed and
chosen) must be refused or accepted with the same words, except a tap of a
card that left the game in one of them (`gone`). The game, setup, seed and
input number are named when they differ.

A property that compares a game with itself proves nothing, so the twins
must really differ behind the screen (`hidden_content`) in most sampled
games, and a leak planted in a game's view or narration (its `secret` put
on show) must be caught.
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from typing import Any

import pytest

from engine.core.errors import RuleError
from engine.core.events import Event
from engine.core.game import Game, Play
from engine.core.inputs import Choose, Input, Press, Tap
from engine.core.match import Match
from engine.core.messages import Message
from engine.core.registry import entry, game_names, get_game

SEEDS = range(int(os.environ.get("SECRECY_SEEDS", "6")))
"""Seeds per set-up; `SECRECY_SEEDS=1000 pytest tests/engine/test_secrecy_all_games.py` runs thousands of games."""
PROBE_CHANCE = 0.1


def _public(play: Play, events: list[Any]) -> dict[str, Any]:
    prompt = play.prompt
    return {"events": [e.to_json() for e in events], "view": play.public_view(),
            "prompt": prompt.to_json() if prompt else None, "possible": play.possible_taps()}


def _probes(game: Game, play: Play, gone: frozenset[str]) -> list[Input]:
    cards = [card["id"] for card in game.cards_json() if card["id"] not in gone]
    options = list(play.prompt.options) if play.prompt else []
    return [*(Tap(c) for c in cards), *(Tap(c, hidden=True) for c in cards),
            *(Press(o) for o in options), *(Choose(o) for o in options), Press("fight"), Choose("nobody")]


def _answer(play: Play, value: Input) -> str:
    try:
        play.check(value)
    except RuleError as exc:
        return exc.message.text
    return "accepted"


def _games(name: str) -> Iterator[tuple[dict[str, Any], int]]:
    for setup in entry(name).hooks().SETUPS:
        for seed in SEEDS:
            yield setup, seed


def first_difference(name: str, setup: dict[str, Any], seed: int, rng: random.Random) -> tuple[str | None, bool]:
    """Where the table could first tell the game and its twin apart (None: nowhere), and whether the twin
    differed behind the screen at a moment nothing hidden was on show."""
    game, hooks = get_game(name), entry(name).hooks()
    inputs = hooks.play_inputs(setup, seed)
    twin_seed, twin_inputs = hooks.hidden_twin(setup, seed, inputs)
    assert len(twin_inputs) == len(inputs)
    hidden = hooks.hidden_content(setup, seed, inputs), hooks.hidden_content(setup, twin_seed, twin_inputs)
    a, b = Match(game, setup, seed), Match(game, setup, twin_seed)
    where = f"{name} {setup} seed {seed}"
    if _public(a.play, list(a.opening)) != _public(b.play, list(b.opening)):
        return f"{where}: set-up", False
    differed = hidden[0][0] != hidden[1][0]
    for number, (one, two) in enumerate(zip(inputs, twin_inputs, strict=True)):
        said = a.apply(one), b.apply(two)
        if hooks.shown(a.play) or hooks.shown(b.play):
            continue
        differed = differed or hidden[0][number + 1] != hidden[1][number + 1]
        seen = _public(a.play, said[0]), _public(b.play, said[1])
        if seen[0] != seen[1]:
            return f"{where}: input {number} ({one.to_json()}) told the twins apart", differed
        if rng.random() < PROBE_CHANCE:
            for probe in _probes(game, a.play, hooks.gone(a.play) | hooks.gone(b.play)):
                if _answer(a.play, probe) != _answer(b.play, probe):
                    return f"{where}: after input {number}, probe {probe.to_json()} told the twins apart", differed
    return None, differed


@pytest.mark.parametrize("name", game_names())
def test_twins_that_differ_only_in_hidden_identities_look_the_same(name: str) -> None:
    rng = random.Random(name)
    differed = played = 0
    for setup, seed in _games(name):
        difference, hidden = first_difference(name, setup, seed, rng)
        assert difference is None, difference
        differed += hidden
        played += 1
    assert differed * 2 > played, f"{name}: the twins differed behind the screen in only {differed} of {played} games"


def _leaky_games() -> list[str]:
    """The games whose engine holds something the table must not see (Trick Raiders is never told a hidden card)."""
    out = []
    for name in game_names():
        hooks, game = entry(name).hooks(), get_game(name)
        setup = hooks.SETUPS[0]
        match = Match(game, setup, 0)
        for value in hooks.play_inputs(setup, 0):
            match.apply(value)
            if hooks.secret(match.play):
                out.append(name)
                break
    return out


LEAKY = _leaky_games()


def test_every_game_but_trick_raiders_holds_a_secret_to_plant() -> None:
    """Trick Raiders' engine is never told a card before everybody sees it; the others keep one."""
    assert set(LEAKY) == set(game_names()) - {"trick-raiders"}


@pytest.mark.parametrize("name", LEAKY)
def test_a_secret_planted_in_the_view_is_caught(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    hooks = entry(name).hooks()
    play_class = type(get_game(name).new_play(hooks.SETUPS[0], 0)[0])
    honest = play_class.public_view
    monkeypatch.setattr(play_class, "public_view", lambda self: {**honest(self), "leak": repr(hooks.secret(self))})
    caught = (first_difference(name, setup, seed, random.Random(0))[0] for setup, seed in _games(name))
    assert any(caught), f"{name}: a view showing the engine's secret passed the twin test"


@pytest.mark.parametrize("name", LEAKY)
def test_a_secret_planted_in_the_narration_is_caught(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    hooks = entry(name).hooks()
    play_class = type(get_game(name).new_play(hooks.SETUPS[0], 0)[0])
    honest = play_class.advance

    def advance(self: Any, value: Input) -> list[Event]:
        return [*honest(self, value), Event("leak", Message("{value}", {"value": repr(hooks.secret(self))}))]

    monkeypatch.setattr(play_class, "advance", advance)
    caught = (first_difference(name, setup, seed, random.Random(0))[0] for setup, seed in _games(name))
    assert any(caught), f"{name}: narration naming the engine's secret passed the twin test"
