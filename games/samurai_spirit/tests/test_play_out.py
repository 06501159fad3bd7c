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
from engine.core.errors import RuleError
from engine.core.inputs import Choose, Input, Tap
from engine.core.match import Match
from engine.core.messages import msg
from engine.core.prompt import Prompt
from games.samurai_spirit import SamuraiSpirit
from games.samurai_spirit.catalogue import SAMURAI
from games.samurai_spirit.play import Play
from games.samurai_spirit.policy import SimplePolicy
from games.samurai_spirit.rules.turn import actions
from games.samurai_spirit.simulate import play_one, play_out_one

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


def test_a_pilot_answering_what_the_prompt_does_not_offer_is_refused_inside_the_flow() -> None:
    """The prompts a play-out asks again (each Samurai's action, a card faced) still refuse a wrong answer."""
    assert isinstance(GAME, SamuraiSpirit)
    play, _ = GAME.new_play(GAME.parse_setup({"samurai": ["kyuzo", "heihachi", "daisuke"], "difficulty": "normal"}), 5)
    assert isinstance(play, Play)
    policy = SimplePolicy(random.Random(5))
    asked: list[Prompt] = []

    def pilot(p: Play) -> Input:
        prompt = p.prompt
        assert prompt is not None
        if policy.answered >= 6 and not prompt.tap:
            asked.append(prompt)
            return Choose("nonsense")
        return policy.choose(p)

    with pytest.raises(RuleError, match="Nonsense is not possible now"):
        play.play_out(pilot)
    assert len(asked) == 1 and asked[0].kind in ("action", "fight")


def test_the_prompts_asked_again_are_the_prompts_a_table_would_be_asked() -> None:
    """Shared prompts (made once per Samurai, see `Said`) say what a prompt made at that moment would say."""
    assert isinstance(GAME, SamuraiSpirit)
    match = play_one(GAME, {"samurai": ["kyuzo", "kikuchiyo", "katsushiro", "daisuke"], "difficulty": "normal"}, 11)
    replay = Match(GAME, match.setup, 11)
    play = replay.play
    assert isinstance(play, Play)
    seen = {"action": 0, "fight": 0, "fight-again": 0}
    drawn = None
    for value in match.inputs:
        prompt = play.prompt
        assert prompt is not None
        who = prompt.actor
        if prompt.kind == "action" and len(prompt.options) > 1:
            sam = play.state.by_name(who)
            if "support" in prompt.options:
                words = msg("{samurai}: turn over the top Raider card and tap it - or press Support or Pass.",
                            samurai=who)
            else:
                words = msg("{samurai}: turn over the top Raider card and tap it - or press Pass.", samurai=who)
            assert prompt == Prompt(who, "action", words, tuple(actions(play, sam)))
        elif prompt.kind == "fight":
            assert prompt.subject == drawn
            if "defend" in prompt.options:
                words = msg("{samurai} faces {card}: press Confront or Defend.", samurai=who, card=drawn)
            else:
                words = msg("{samurai} faces {card}: press Confront.", samurai=who, card=drawn)
            assert prompt.message == words and prompt.options[0] == "confront"
        elif prompt.kind == "fight-again":
            assert prompt == Prompt(who, "fight-again", msg("{samurai}: fight a second time (Kikuchiyo's talent)?",
                                                            samurai=who), ("yes", "no"))
        if prompt.kind in seen:
            seen[prompt.kind] += 1
        if isinstance(value, Tap) and prompt.tap == "raider":
            drawn = value.card
        replay.apply(value)
    assert all(seen.values()), seen
