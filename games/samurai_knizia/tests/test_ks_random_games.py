"""Random legal games, 2 to 4 players, hidden and open captures (property tests).

Each game is played by the simple policy with exploration; refused inputs are
tried at random (they must change nothing), undo and redo at random points,
the invariants after every input, and a replay of the whole journal at the
end must equal the live state. Across the games every ending, every
tie-break and the Move and Switch must be reached.
"""

from __future__ import annotations

import random
from typing import Any

from engine import Choose, Match, Press, RuleError, Tap, get_game
from games.samurai_knizia.invariants import check_invariants
from games.samurai_knizia.play import Play
from games.samurai_knizia.policy import SimplePolicy
from games.samurai_knizia.simulate import play_one, simulate
from tests.sizes import sized

GAME = get_game("samurai-knizia")
GAMES = sized(ci=60, long=240)
"""Seeded random games; every ending, tie-break and event kind asserted below is reached by the 19th."""
TILE_IDS = sorted(tile["id"] for tile in GAME.cards_json())
COLOURS = ("red", "blue", "green", "yellow")


def _setup(index: int) -> dict[str, Any]:
    return {"players": list(COLOURS[: 2 + index % 3]), "open_captures": index % 5 == 0}


def _probe(match: Match, rng: random.Random) -> None:
    before = match.play.public_view()
    count = len(match.inputs)
    value = rng.choice([Tap(rng.choice(TILE_IDS)), Press("ok"), Press("pass"), Press("castle"), Choose("rice"),
                        Tap("nonsense"), Tap(rng.choice(TILE_IDS), hidden=True)])
    try:
        match.play.check(value)
    except RuleError:
        assert match.play.public_view() == before and len(match.inputs) == count


def _play_checked(index: int) -> Match:
    match = Match(GAME, _setup(index), index)
    rng = random.Random(index * 7919)
    policy = SimplePolicy(random.Random(index), explore=0.2)
    while match.play.prompt is not None:
        roll = rng.random()
        if roll < 0.03:
            _probe(match, rng)
        elif roll < 0.04 and match.inputs:
            taken = match.undo(1)
            match.apply(taken[0])
        play = match.play
        assert isinstance(play, Play)
        match.apply(policy.choose(play))
        check_invariants(play)
    again = Match.replay(GAME, match.header()["setup"], match.seed, match.inputs)
    assert again.play.public_view() == match.play.public_view()
    return match


def test_random_games_keep_every_invariant_and_reach_every_ending_and_tie_break() -> None:
    endings: set[str] = set()
    decided: set[str] = set()
    kinds: set[str] = set()
    for index in range(GAMES):
        match = _play_checked(index)
        play = match.play
        assert isinstance(play, Play) and play.result == "over" and play.outcome is not None
        endings.add(play.outcome.detail["ending"]["reason"])
        decided.add(play.outcome.detail["decided_by"])
        kinds |= {e.kind for events in match.history for e in events}
    assert endings == {"caste", "ties", "tiles"}
    assert decided == {"castes", "not-led", "figures", "shared"}
    assert {"move", "switch", "tie", "captured", "ties-warning", "ending", "no-tiles", "show-figures"} <= kinds


def test_simulate_is_deterministic_and_plays_whole_games() -> None:
    setup = {"players": ["red", "blue", "green"]}
    tally = simulate(GAME, setup, 20, 5)  # type: ignore[arg-type]
    assert tally.games == 20 and sum(tally.endings.values()) == 20
    a = play_one(GAME, setup, 9)  # type: ignore[arg-type]
    b = play_one(GAME, setup, 9)  # type: ignore[arg-type]
    assert a.inputs == b.inputs
