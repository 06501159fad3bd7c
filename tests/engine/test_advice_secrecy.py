"""Advice reads no hidden card, for every game with an advisor: the twin test and its planted leak.

A game and its twin (each game's `hidden_twin` hook, see
tests/engine/test_secrecy_all_games.py) differ only in what is hidden:
cards tapped face down, who took a captured figure, which cards left the
game for which pile, the cards nobody sees. Wherever the two show the table
the same thing at a decision the advisor weighs, the advice must be the
same, option for option and play-out for play-out, for the same seed; and
the play the advisor rebuilds (`determinize`) must hold the same secrets in
both. Decisions at which the twins differ behind the screen are taken
first, and each game must offer some, or the test would compare a game
with itself.

The planted-leak counterpart: a `determinize` that replays every input as
the engine holds it (hidden taps, the real captors, the real prisoner
piles) must be caught by the same comparison.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.core.advisor import Budget, advise, replay_public
from engine.core.flow import FlowPlay
from engine.core.match import Match
from engine.core.registry import entry, game_names, get_game

ADVISED = [name for name in game_names() if entry(name).advisor]
BUDGET = Budget(playouts=24)
REBUILDS = 4
"""Rebuilt plays compared per decision, each from its own random source."""
ADVISED_PER_GAME = 5
"""Decisions per game whose whole advice is compared (the rest compare the rebuilt plays only): advice costs."""
DIFFERING = 3
"""Decisions per game, at least, at which the twins differ behind the screen."""
PER_GAME = 3
"""Decisions taken from each sampled game at which the twins differ behind the screen (and one at which not)."""


def _public(match: Match) -> Any:
    prompt = match.play.prompt
    return match.play.public_view(), prompt.to_json() if prompt else None, match.play.possible_taps()


def decisions(name: str) -> list[tuple[Match, Match, bool]]:
    """Advised decisions at which a game and its twin look the same, as two matches and whether they then differ
    behind the screen, the differing ones first; a few sampled games of each set-up."""
    game, hooks, advisor = get_game(name), entry(name).hooks(), entry(name).advice()
    assert advisor is not None
    found: list[tuple[Match, Match, bool]] = []
    for setup in hooks.SETUPS[:3]:
        for seed in range(2):
            inputs = hooks.play_inputs(setup, seed)
            twin_seed, twin_inputs = hooks.hidden_twin(setup, seed, inputs)
            hidden = hooks.hidden_content(setup, seed, inputs), hooks.hidden_content(setup, twin_seed, twin_inputs)
            a, b = Match(game, setup, seed), Match(game, setup, twin_seed)
            stops = []
            for number, (one, two) in enumerate(zip(inputs, twin_inputs, strict=True)):
                if (a.play.prompt is not None and advisor.advisable(a) and advisor.advisable(b)
                        and _public(a) == _public(b)):
                    stops.append((number, hidden[0][number] != hidden[1][number]))
                a.apply(one)
                b.apply(two)
            # A few of each kind, spread over the game: each needs a replay.
            differing, alike = [stop for stop in stops if stop[1]], [stop for stop in stops if not stop[1]]
            for number, differs in _spread(differing, PER_GAME) + _spread(alike, 1):
                found.append((Match.replay(game, setup, seed, inputs[:number]),
                              Match.replay(game, setup, twin_seed, twin_inputs[:number]), differs))
    return sorted(found, key=lambda stop: not stop[2])


def _spread(stops: list[tuple[int, bool]], count: int) -> list[tuple[int, bool]]:
    """At most `count` of `stops`, evenly spaced, the last one included."""
    step = len(stops) / count
    return stops if len(stops) <= count else [stops[int(len(stops) - 1 - i * step)] for i in range(count)]


def advice_difference(name: str, a: Match, b: Match, seed: int, whole: bool) -> str | None:
    """How the advisor told the twins apart at this decision (None: it did not)."""
    hooks, advisor = entry(name).hooks(), entry(name).advice()
    assert advisor is not None
    for sample in range(REBUILDS):
        mine, theirs = (advisor.determinize(m, random.Random(sample)) for m in (a, b))
        assert isinstance(mine, FlowPlay) and isinstance(theirs, FlowPlay)
        if mine.public_view() != theirs.public_view() or mine.prompt != theirs.prompt:
            return f"rebuild {sample} shows the table something else"
        if hooks.secret(mine) != hooks.secret(theirs):
            return f"rebuild {sample} holds other secrets: {hooks.secret(mine)} / {hooks.secret(theirs)}"
    if whole:
        first, second = advise(advisor, a, seed, BUDGET).to_json(), advise(advisor, b, seed, BUDGET).to_json()
        if first != second:
            return f"advice {first} / {second}"
    return None


def _first_difference(name: str, stops: list[tuple[Match, Match, bool]]) -> str | None:
    for index, (a, b, _) in enumerate(stops):
        where = f"{name}, decision {index} ({a.play.prompt and a.play.prompt.kind}, {len(a.inputs)} inputs)"
        difference = advice_difference(name, a, b, 1000 + index, index < ADVISED_PER_GAME)
        if difference is not None:
            return f"{where}: {difference}"
    return None


STOPS: dict[str, list[tuple[Match, Match, bool]]] = {}


def _stops(name: str) -> list[tuple[Match, Match, bool]]:
    if name not in STOPS:
        STOPS[name] = decisions(name)
    return STOPS[name]


@pytest.mark.parametrize("name", ADVISED)
def test_twins_that_differ_only_in_hidden_identities_get_the_same_advice(name: str) -> None:
    stops = _stops(name)
    differing = sum(differs for _, _, differs in stops)
    assert differing >= DIFFERING, f"{name}: only {differing} compared decisions differ behind the screen"
    difference = _first_difference(name, stops)
    assert difference is None, difference


def _leaky(name: str) -> bool:
    hooks = entry(name).hooks()
    return any(hooks.secret(a.play) != hooks.secret(b.play) for a, b, _ in _stops(name))


@pytest.mark.parametrize("name", ADVISED)
def test_a_determinize_that_reads_the_hidden_inputs_is_caught(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Replaying every input as the engine holds it is the leak Knizia's advice had (its hidden captures)."""
    if not _leaky(name):
        pytest.skip(f"{name}'s engine holds nothing hidden: a rebuild from every input knows nothing more")
    advisor = entry(name).advice()
    monkeypatch.setattr(advisor, "determinize", lambda match, rng: replay_public(match, rng))
    assert _first_difference(name, _stops(name)) is not None, f"{name}: a leaking determinize passed the twin test"


def test_knizia_s_estimates_at_a_move_no_longer_know_who_took_a_figure(monkeypatch: pytest.MonkeyPatch) -> None:
    """The issue's case: twins that differ only in who took a figure get the same estimates at a Move, and did
    not when the play-outs scored the real captors (`determinize` replaying every capture as it was)."""
    advisor = entry("samurai-knizia").advice()
    assert advisor is not None
    stops = [(a, b) for a, b, differs in _stops("samurai-knizia") if differs][:3]

    def alike() -> list[bool]:
        return [advise(advisor, a, 5, BUDGET).to_json() == advise(advisor, b, 5, BUDGET).to_json() for a, b in stops]

    assert len(stops) == 3 and all(alike())
    monkeypatch.setattr(advisor, "determinize", lambda match, rng: replay_public(match, rng))
    assert not all(alike())
