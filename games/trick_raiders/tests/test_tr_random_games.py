"""Random legal games, 3 and 4 players, 2 and 3 lives (property tests).

Each game is played by the simple policy from real dealt hands, with
exploration so odd declarations happen and occasional revokes so their
detection runs; refused inputs are tried at random (they must change
nothing), undo and redo at random points, the invariants after every input,
and a replay of the whole journal at the end must equal the live state.
"""

from __future__ import annotations

import random
from typing import Any

from engine import Choose, Match, Press, RuleError, Tap, get_game
from games.trick_raiders.invariants import check_invariants
from games.trick_raiders.play import Play
from games.trick_raiders.policy import SimplePolicy
from games.trick_raiders.simulate import play_one, simulate
from tests.sizes import sized

GAME = get_game("trick-raiders")
GAMES = sized(ci=100, long=300)
"""Every event kind asserted below first happens within the first 10 games."""
CARD_IDS = sorted(card["id"] for card in GAME.cards_json())
NAMES = ("ann", "ben", "cy", "dee")


def _setup(index: int) -> dict[str, Any]:
    return {"players": list(NAMES[: 3 + index % 2]), "lives": 2 + index // 2 % 2}


def _probe(match: Match, rng: random.Random) -> None:
    before = match.play.public_view()
    count = len(match.inputs)
    value = rng.choice([Tap(rng.choice(CARD_IDS)), Press("ok"), Choose("ben"), Tap("nonsense")])
    try:
        match.play.check(value)
    except RuleError:
        assert match.play.public_view() == before and len(match.inputs) == count


def _play_checked(index: int) -> Match:
    match = Match(GAME, _setup(index), index)
    rng = random.Random(index * 7919)
    policy = SimplePolicy(random.Random(index), explore=0.2, revoke=0.05)
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


def test_random_games_keep_every_invariant() -> None:
    rounds: set[int] = set()
    kinds: set[str] = set()
    for index in range(GAMES):
        match = _play_checked(index)
        play = match.play
        assert isinstance(play, Play) and play.result == "over" and play.outcome is not None
        rounds.add(play.state.round)
        kinds |= {e.kind for events in match.history for e in events}
    assert {"trump", "life-steal", "lead-return", "revoke", "cancel", "dropout", "bonus"} <= kinds
    assert len(rounds) > 1


def test_simulate_is_deterministic_and_plays_whole_games() -> None:
    setup = {"players": ["ann", "ben", "cy", "dee"], "lives": 2}
    tally = simulate(GAME, setup, 20, 5)  # type: ignore[arg-type]
    assert tally.games == 20 and sum(tally.rounds.values()) == 20
    a = play_one(GAME, setup, 9)  # type: ignore[arg-type]
    b = play_one(GAME, setup, 9)  # type: ignore[arg-type]
    assert a.inputs == b.inputs
