"""Outcome: rankings share ties, winners come from the ranking."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.core.messages import msg
from engine.core.outcome import TABLE, Outcome, rank_by
from engine.core.registry import entry, game_names


def test_rank_by_shares_ties_best_first() -> None:
    scores = {"ann": (12, 3), "ben": (12, 3), "cy": (15, 0), "dee": (12, 1)}
    assert rank_by(scores) == (("cy",), ("ann", "ben"), ("dee",))


def test_outcome_checks_its_seats() -> None:
    ranking = rank_by({"ann": (2,), "ben": (2,)})
    shared = Outcome(("ann", "ben"), ranking, {"ann": 2, "ben": 2}, msg("Ann and Ben share the win"))
    assert shared.to_json()["ranking"] == [["ann", "ben"]]
    assert Outcome((TABLE,), ((TABLE,),), {TABLE: 8}, msg("The village holds")).winners == (TABLE,)
    with pytest.raises(ValueError):
        Outcome(("zed",), ranking, {}, msg("nobody"))
    with pytest.raises(ValueError):
        Outcome((), (("ann",), ("ann",)), {}, msg("twice"))


def _finished_samurai_spirit(result: str) -> Any:
    from games.samurai_spirit import SamuraiSpirit
    from games.samurai_spirit.simulate import play_one

    game = SamuraiSpirit()
    setup = {"samurai": ["kyuzo", "heihachi", "daisuke"], "difficulty": "normal"}
    for seed in range(200):
        play = play_one(game, setup, seed).play
        if play.result == result:
            return play
    raise AssertionError(f"no {result} game in 200 seeds")


def test_samurai_spirit_win_is_shared_by_every_samurai_with_the_score() -> None:
    play = _finished_samurai_spirit("won")
    outcome = play.outcome
    names = ("kyuzo", "heihachi", "daisuke")
    assert set(outcome.winners) == set(names) and outcome.ranking == (tuple(outcome.winners),)
    assert outcome.scores == {name: play.state.score for name in outcome.winners}
    assert outcome.detail["grade"] == f"{play.state.score}" + play.state.setup.level.grade
    assert "saved" in outcome.summary.text


def test_samurai_spirit_loss_has_no_winner_and_no_outcome_while_playing() -> None:
    play = _finished_samurai_spirit("lost")
    assert play.outcome.winners == () and play.outcome.detail["grade"] is None
    from games.samurai_spirit import SamuraiSpirit

    fresh, _ = SamuraiSpirit().new_play({"samurai": ["kyuzo", "heihachi"], "difficulty": "normal"}, 1)
    assert fresh.outcome is None


@pytest.mark.parametrize("name", game_names())
def test_protocol_state_carries_the_outcome_for_every_game(name: str) -> None:
    from engine.protocol import ProtocolSession

    session = ProtocolSession(lambda: 1)
    setup = entry(name).hooks().SETUPS[0]
    answer = json.loads(session.handle_line(json.dumps({"new": {"game": name, **setup, "seed": 3}})))
    assert answer["ok"], answer
    assert answer["state"]["outcome"] is None
