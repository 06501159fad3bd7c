"""The Trick Raiders heuristic: positions where the rules decide the right card, and determinism.

Each position is reached on a 3-player table (ann, ben, cy clockwise) and
the heuristic's own hand is set where the policy keeps it (`_hands`, its
deal of the unseen cards), so the test knows what it holds. The same cards
lead to opposite decisions when the drop-out rules say so.
"""

from __future__ import annotations

import random

from raiders_table import Raiders

from engine.core.inputs import Tap
from games.trick_raiders import advice
from games.trick_raiders.advice import HeuristicPolicy
from games.trick_raiders.heuristic import declaration

THREE = ("ann", "ben", "cy")
BEN_LEADS = {
    "ann": ["clubs-5", "diamonds-6", "hearts-7", "spades-8"],
    "ben": ["spades-3", "hearts-8", "clubs-6", "diamonds-7"],
    "cy": ["clubs-4", "diamonds-4", "hearts-5", "spades-6"],
}
"""Lead cards with which ben leads the first trick (his 3 is the smallest lead card)."""
ANN_LEADS = {
    "ann": ["spades-3", "hearts-4", "clubs-9a", "spades-10a"],
    "ben": ["clubs-4", "diamonds-5", "hearts-8", "spades-6"],
    "cy": ["clubs-6", "diamonds-4", "hearts-5", "spades-7"],
}
"""Lead cards with which ann leads the first trick (her 3 is the smallest lead card)."""
ANN_HAND = ["hearts-10a", "hearts-3", "clubs-9b", "diamonds-9a", "spades-4", "clubs-3", "diamonds-3", "spades-5",
            "hearts-6"]


def table(lead: dict[str, list[str]]) -> Raiders:
    t = Raiders(players=THREE)
    t.start(lead=lead)
    return t


def decide(t: Raiders, hand: list[str]) -> str:
    """ann's card from the heuristic, holding `hand`."""
    t.arrange(hand={"ann": len(hand)})
    policy = HeuristicPolicy(random.Random(3))
    policy._hands[t.st.round] = {"ann": list(hand), "ben": [], "cy": []}
    value = policy.choose(t.play)
    assert isinstance(value, Tap)
    return value.card


def test_without_lead_cards_it_loses_the_trick() -> None:
    """"You become the leader, but you have no lead cards: the player drops out": winning would make ann lead."""
    t = table(BEN_LEADS)
    t.arrange(lead={"ann": []})
    t.do("hearts-8", "hearts-9b")
    assert t.prompt.actor == "ann" and t.prompt.kind == "follow"
    assert decide(t, ANN_HAND) in ("hearts-3", "hearts-6")


def test_it_beats_a_leader_with_no_hand_card_to_push_him_out() -> None:
    """"You are not the leader and have no more follow cards: you drop out": ben, with an empty hand, must win
    his own lead, and with 3 players "if there is even 1 dropout ... end the round" with ann safe."""
    t = table(BEN_LEADS)
    t.arrange(hand={"ben": 0})
    t.do("hearts-8", "hearts-9b")
    assert decide(t, ANN_HAND) == "hearts-10a"


def test_it_lets_a_winner_without_lead_cards_keep_the_trick() -> None:
    """cy has no lead card left: if cy wins, "you become the leader, but you have no lead cards" drops cy, and
    the round ends with ann safe; ann, whose hand is short, would otherwise win it."""
    t = table(BEN_LEADS)
    t.arrange(lead={"cy": []})
    t.do("hearts-8", "hearts-9b")
    assert decide(t, ANN_HAND[:3]) == "hearts-3"
    short = table(BEN_LEADS)
    short.do("hearts-8", "hearts-9b")
    assert decide(short, ANN_HAND[:3]) == "hearts-10a"


def test_a_leader_with_an_empty_hand_plays_the_top_trump() -> None:
    """With no hand card left, losing the trick means following the next one with nothing: "you drop out"."""
    t = table(ANN_LEADS)
    t.arrange(lead={"ann": ["hearts-4", "spades-10a"]})
    assert t.prompt.actor == "ann" and t.prompt.kind == "lead"
    assert decide(t, []) == "spades-10a"


def test_a_leader_with_a_full_hand_keeps_its_last_lead_cards() -> None:
    """Two lead cards and a full hand: winning would leave one lead card for the next trick and none after it,
    so the weak card is led to lose the trick."""
    t = table(ANN_LEADS)
    t.arrange(lead={"ann": ["hearts-4", "spades-10a"]})
    assert decide(t, ANN_HAND) == "hearts-4"


def test_a_strong_hand_declares_aggressively_a_weak_one_does_not() -> None:
    """"6 or more cards in their lead cards and ... the most": every other player loses a chip if it survives."""
    t = Raiders()
    t.deal()
    strong = ["spades-10a", "spades-10b", "spades-9a", "spades-8", "hearts-10a", "clubs-10a", "diamonds-9a",
              "hearts-2", "clubs-3", "diamonds-4", "hearts-5", "clubs-6", "diamonds-7"]
    weak = ["spades-1", "hearts-1", "clubs-1", "diamonds-1", "hearts-2", "clubs-2", "diamonds-2", "hearts-3",
            "clubs-3", "diamonds-3", "hearts-4", "clubs-4", "diamonds-6"]
    assert declaration(t.st, strong) == 6
    assert declaration(t.st, weak) <= 3


def test_the_heuristic_is_deterministic() -> None:
    """The same seed gives the same inputs, game after game (play-outs and the bench rely on it)."""

    def inputs(seed: int) -> list[object]:
        t = Raiders(players=THREE)
        pilot = advice.heuristic(seed)
        played = []
        while t.prompt is not None:
            value = pilot(t.play)
            played.append(value)
            t.match.apply(value)
        return played

    assert inputs(7) == inputs(7)
    assert inputs(7) != inputs(8)
