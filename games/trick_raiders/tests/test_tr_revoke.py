"""Revokes: flagged at once, naming the trick, offered as an undo back to that trick's first card.

Must follow cannot be checked when a card is played (the hand is hidden), so
the engine flags a revoke only when a played card proves it: a follower who
did not follow a suit and later plays that suit from a hand card held since
then. The table then answers an undo offer: undo back to the first card of
that trick (the app or a protocol client does the undo) or play on (an
input, journaled, so the same revoke never asks twice).
"""

from __future__ import annotations

from typing import Any

from raiders_table import DEAL, Raiders

from engine import Choose, Match, get_game
from engine.core.inputs import Input
from engine.core.prompt import PLAY_ON, TABLE
from games.trick_raiders.play import Play
from games.trick_raiders.simulate import play_one

GAME = get_game("trick-raiders")


def _ann_revokes_in_trick_2(t: Raiders) -> int:
    """ann fails to follow Diamonds in tricks 1 and 2, then plays a Diamond in trick 3; returns trick 1's first input."""
    t.start()
    first = len(t.match.inputs) + 1
    t.do("diamonds-6", "clubs-9b", "diamonds-10a", "diamonds-9a")
    t.do("diamonds-8", "diamonds-4", "diamonds-1", "hearts-5")
    t.do("hearts-8", "hearts-6", "hearts-3")
    return first


def test_a_revoke_stops_the_game_with_an_undo_offer_back_to_the_tricks_first_card(table: type[Raiders]) -> None:
    t = table()
    first = _ann_revokes_in_trick_2(t)
    events = t.do("diamonds-7")
    assert [e.kind for e in events] == ["revoke", "play"], "the revoke is the first thing the table reads"
    assert events[0].data["trick"] == 1 and events[0].data["undo_to"] == first
    prompt = t.prompt
    assert (prompt.actor, prompt.kind, prompt.options, prompt.undo_to) == (TABLE, "revoke", (PLAY_ON,), first)
    assert prompt.text == "ann revoked in trick 1: undo to trick 1 and play it again, or play on."
    pending = t.view()["pending"]
    assert pending["undo_to"] == first and pending["undo_steps"] == len(t.match.inputs) - first + 1
    assert pending["options"] == [PLAY_ON] and pending["player"] == TABLE
    assert prompt.to_json()["undo_to"] == first
    assert "Not waiting for a card now" in t.refuse("spades-7")
    t.match.undo(pending["undo_steps"])
    assert len(t.match.inputs) == first - 1
    assert (t.prompt.actor, t.prompt.kind) == ("dee", "lead") and t.view()["trick_number"] == 1
    assert t.view()["revokes"] == [] and t.view()["discard"] == []


def test_play_on_goes_on_and_the_same_revoke_never_asks_again(table: type[Raiders]) -> None:
    t = table()
    _ann_revokes_in_trick_2(t)
    t.do("diamonds-7")
    events = t.do(f"choose {PLAY_ON}")
    assert [e.kind for e in events][:2] == ["play-on", "won"]
    assert len(t.view()["revokes"]) == 1 and t.view()["pending"].get("undo_to") is None
    events = t.do("spades-6", "spades-4", "spades-5", "diamonds-2")
    assert "revoke" not in t.kinds(events), "both failures to follow Diamonds were one revoke, flagged once"
    assert t.prompt.kind != "revoke"


def test_the_offer_survives_a_replay_and_play_on_is_journaled(table: type[Raiders]) -> None:
    t = table()
    _ann_revokes_in_trick_2(t)
    t.do("diamonds-7")
    again = Match.replay(GAME, t.match.setup.to_json(), t.match.seed, t.match.inputs)
    assert again.play.prompt == t.prompt
    t.do(f"choose {PLAY_ON}")
    again = Match.replay(GAME, t.match.setup.to_json(), t.match.seed, t.match.inputs)
    assert t.match.inputs[-1] == Choose(PLAY_ON) and again.play.public_view() == t.view()


def test_other_suits_and_lead_cards_are_no_revoke(table: type[Raiders]) -> None:
    """Playing another suit after a void, or leading a lead card of the void suit, proves nothing."""
    t = table()
    t.start(lead={**DEAL, "ann": ["spades-3", "diamonds-2", "clubs-5"]})
    t.do("diamonds-6", "spades-7", "diamonds-10a", "diamonds-9a")
    assert t.prompt.actor == "ann" and t.prompt.kind == "lead"
    events = t.do("diamonds-2", "diamonds-7", "diamonds-4", "diamonds-1")
    events += t.do("hearts-8", "hearts-1", "hearts-3", "clubs-6")
    assert "revoke" not in t.kinds(events)
    assert t.view()["revokes"] == []


def test_the_flag_reads_only_played_cards() -> None:
    """Two tables dealt different hidden hands that play the same public cards get the same flags and offers."""
    flagged = 0
    for index in range(40):
        names = ["ann", "ben", "cy", "dee"][: 3 + index % 2]
        setup: dict[str, Any] = {"players": names, "lives": 2, "first": names[0]}
        original = play_one(GAME, setup, index, explore=0.1, revoke=0.15)
        inputs: list[Input] = list(original.inputs)
        a, b = Match(GAME, setup, index), Match(GAME, setup, index + 777)
        for value in inputs:
            ea, eb = a.apply(value), b.apply(value)
            revokes = [e.to_json() for e in ea if e.kind == "revoke"]
            assert revokes == [e.to_json() for e in eb if e.kind == "revoke"]
            assert a.play.prompt == b.play.prompt
            flagged += len(revokes)
            for revoke in revokes:
                data = revoke["data"]
                played = [v for v in a.inputs if getattr(v, "card", None) == data["card"]]
                assert played and a.inputs[-1] == played[-1], "a revoke is flagged when its card is played"
        play = a.play
        assert isinstance(play, Play)
        assert len(play.state.revokes) == len(play.public_view()["revokes"])
    assert flagged >= 5, "random play with revokes flags some"


def test_a_policy_answers_the_offer_by_playing_on() -> None:
    """Simulations, fuzzing and the demo go on through an offer: its one option is a legal input."""
    match = play_one(GAME, {"players": ["ann", "ben", "cy", "dee"], "lives": 2}, 3, explore=0.1, revoke=0.3)
    assert match.play.result == "over"
    assert Choose(PLAY_ON) in match.inputs
