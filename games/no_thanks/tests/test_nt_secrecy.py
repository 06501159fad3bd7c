"""No Thanks!'s secret is each player's chips: counted by the engine, shown to nobody before the end.

"Chips are kept secret at the table: the companion counts them (it sees
every No thanks and every take) but never shows a player's chip count
before the end."
"""

from __future__ import annotations

import json
import random

from engine import Match, Press, Tap
from engine.core.registry import entry
from games.no_thanks import NoThanks, testing
from games.no_thanks.advice import determinize

SETUP = testing.SETUPS[0]


def test_no_view_names_a_players_chips_before_the_end() -> None:
    for seed in range(4):
        match = Match(NoThanks(), SETUP, seed)
        for value in testing.play_inputs(SETUP, seed):
            view = match.play.public_view()
            if match.play.prompt is not None:
                assert all(set(seat) == {"name", "seat", "cards", "points"} for seat in view["players"])
                assert view["scores"] is None and view["outcome"] is None
            match.apply(value)
        assert match.play.public_view()["outcome"]["detail"]["chips"] == match.play.state.chips


def test_the_twin_ends_the_same_cards_in_the_same_hands_with_other_chips() -> None:
    """The twin: one card round the table once more, the next once less (testing.py's note)."""
    differed = 0
    for seed in range(6):
        inputs = testing.play_inputs(SETUP, seed)
        _, twin = testing.hidden_twin(SETUP, seed, inputs)
        a, b = Match.replay(NoThanks(), SETUP, seed, inputs), Match.replay(NoThanks(), SETUP, seed, twin)
        cards = [[p["cards"] for p in m.play.public_view()["players"]] for m in (a, b)]
        assert cards[0] == cards[1] and len(twin) == len(inputs)
        differed += a.play.state.chips != b.play.state.chips
    assert differed >= 4


def test_a_forced_take_looks_like_any_take() -> None:
    """"A forced take (no chips) must not give away more than the table can see": the same prompt and buttons."""
    match = Match(NoThanks(), SETUP, 2)
    match.play.state.by_name("red").chips = 0
    match.play.state.by_name("blue").chips = 22
    match.apply(Tap("n-25"))
    forced = match.play.prompt
    other = Match(NoThanks(), SETUP, 2)
    other.apply(Tap("n-25"))
    assert forced == other.play.prompt and match.play.public_view() == other.play.public_view()
    said = [e.to_json() for e in match.apply(Press("take"))]
    assert said == [e.to_json() for e in other.apply(Press("take"))]


def test_the_advisor_rebuilds_the_hands_from_the_public_view_only() -> None:
    seed = 1
    inputs = testing.play_inputs(SETUP, seed)
    _, twin = testing.hidden_twin(SETUP, seed, inputs)
    for cut in range(len(inputs)):
        a, b = (Match.replay(NoThanks(), SETUP, seed, run[:cut]) for run in (inputs, twin))
        if a.play.prompt is None or a.play.prompt.kind != "decide" or a.play.public_view() != b.play.public_view():
            continue
        if a.play.state.chips == b.play.state.chips:
            continue
        mine, theirs = determinize(a, random.Random(3)), determinize(b, random.Random(3))
        assert testing.secret(mine) == testing.secret(theirs)  # type: ignore[arg-type]
        assert json.dumps(mine.public_view()) == json.dumps(theirs.public_view())
        return
    raise AssertionError("no decision where the twins look alike and hold other chips")


def test_the_registration_names_every_hook() -> None:
    hooks = entry("no-thanks").hooks()
    assert hooks.SHORTEST_GAME == 48 and "no-thanks" in hooks.STEP_KINDS
