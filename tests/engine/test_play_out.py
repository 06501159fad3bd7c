"""Play-out mode: the same rules, fed by a policy inside the flow, must play exactly the same game.

A play-out (`FlowPlay.play_out`) skips the events and the journal, so it is
compared with the game played input by input through a Match: same result,
score, round, number of inputs, card books and random state, for every
player count and difficulty (the 2-Samurai deal check and the exploring
policy's rarer branches included).
"""

from __future__ import annotations

import random

import pytest

from engine import get_game
from engine.games.samurai_spirit import SamuraiSpirit
from engine.games.samurai_spirit.catalogue import SAMURAI
from engine.games.samurai_spirit.play import Play
from engine.games.samurai_spirit.simulate import play_one, play_out_one

GAME = get_game("samurai-spirit")
DIFFICULTIES = ("easy", "normal", "hard", "heroic")


def _fingerprint(play: Play) -> tuple[object, ...]:
    st = play.state
    cards = st.cards
    return (st.result, st.score, st.round, st.turn, st.barricades, st.farmsteads, tuple(st.families),
            tuple((s.wounds, tuple(s.combat), tuple(s.defence), s.passed) for s in st.samurai),
            tuple(cards.raider), tuple(cards.intruder), tuple(cards.discard), st.rng.getstate())


@pytest.mark.parametrize("count", range(2, 8))
def test_a_play_out_is_the_same_game_as_input_by_input(count: int) -> None:
    assert isinstance(GAME, SamuraiSpirit)
    for seed in range(40):
        rng = random.Random(seed * 7 + count)
        setup = {"samurai": rng.sample(list(SAMURAI), count), "difficulty": DIFFICULTIES[seed % 4]}
        explore = (0.0, 0.3)[seed % 2]
        match = play_one(GAME, setup, seed, explore=explore)
        played, inputs = play_out_one(GAME, setup, seed, explore=explore)
        assert isinstance(match.play, Play)
        assert inputs == len(match.inputs)
        assert _fingerprint(played) == _fingerprint(match.play)


def test_a_play_out_makes_no_events_and_ends_the_game() -> None:
    assert isinstance(GAME, SamuraiSpirit)
    played, inputs = play_out_one(GAME, {"samurai": ["kyuzo", "heihachi", "daisuke"], "difficulty": "hard"}, 3)
    assert played.prompt is None and played.result in ("won", "lost") and inputs > 20
    assert played.events == []
