"""Each rule of the Trick Raiders rulebook, as a test that quotes its wording.

The usual table (conftest.DEAL): ann, ben, cy, dee clockwise, each dealt 3
lead cards; with no change dee leads first (her 1 of Spades is the smallest
lead card). Card ids not in DEAL are cards from the players' hands.
"""

from __future__ import annotations

from raiders_table import DEAL, Raiders


def test_the_deal_is_tapped_seat_by_seat_and_hands_are_counted(table: type[Raiders]) -> None:
    """"deal 3 cards to each player. The three cards are placed face up ... Then deal 10 cards face down"."""
    t = table()
    assert t.prompt.kind == "deal" and t.prompt.actor == "ann" and t.prompt.tap == "dealt"
    t.do("spades-3", "hearts-4", "clubs-5")
    assert t.prompt.actor == "ben"
    assert "spades-3 is one of ann's lead cards" in t.refuse("spades-3")
    t.deal()
    view = t.view()
    assert [p["lead"] for p in view["players"]][0] == ["spades-3", "hearts-4", "clubs-5"]
    assert all(p["hand"] == 10 for p in view["players"]) and view["trump"] == "spades"
    assert t.prompt.kind == "declare" and t.prompt.actor == "ann"


def test_add_to_the_lead_cards(table: type[Raiders]) -> None:
    """"A. Add to the lead cards ... they reveal any number of cards from their hand and adds them"."""
    t = table()
    t.deal()
    events = t.do("hearts-10a", "clubs-10b")
    assert t.kinds(events) == ["add", "add"]
    ann = t.view()["players"][0]
    assert ann["lead"] == ["spades-3", "hearts-4", "clubs-5", "hearts-10a", "clubs-10b"] and ann["hand"] == 8


def test_collect_lead_cards(table: type[Raiders]) -> None:
    """"B. Collect lead cards ... collect any number of cards from the lead cards and add them to your hand"."""
    t = table()
    t.deal()
    events = t.do("spades-3", "hearts-4")
    assert t.kinds(events) == ["collect", "collect"]
    ann = t.view()["players"][0]
    assert ann["lead"] == ["clubs-5"] and ann["hand"] == 12 and ann["known_hand"] == ["spades-3", "hearts-4"]


def test_do_nothing_declares_three(table: type[Raiders]) -> None:
    """"C. Do Nothing: If nothing is done, they declare they will be the leader 3 times"."""
    t = table()
    t.deal()
    events = t.do("ok")
    assert "ann declares 3 leads." in t.texts(events)
    assert t.prompt.actor == "ben"


def test_add_and_collect_cannot_be_mixed(table: type[Raiders]) -> None:
    """"You cannot "collect" the lead cards and "add" to it at the same time"."""
    t = table()
    t.deal()
    t.do("hearts-10a")
    assert "either adds or collects" in t.refuse("spades-3")
    t.do("ok", "spades-6")
    assert "either adds or collects" in t.refuse("clubs-10a")
    assert "cy's lead cards" in t.refuse("clubs-2")


def test_aggressive_bonus_needs_six_the_most_and_no_tie(table: type[Raiders]) -> None:
    """"a player who has 6 or more cards in their lead cards and has the most among all players (no ties)"."""
    t = table()
    t.start({"ann": ["hearts-10a", "clubs-10b", "spades-10a"]})
    assert [p["bonus"] for p in t.view()["players"]] == ["aggressive", None, None, None]
    tie = table()
    tie.start({"ann": ["hearts-10a", "clubs-10b", "spades-10a"], "ben": ["hearts-10b", "clubs-10c", "spades-10b"]})
    assert [p["bonus"] for p in tie.view()["players"]] == [None, None, None, None]


def test_passive_bonus_only_for_a_single_player_without_lead_cards(table: type[Raiders]) -> None:
    """"If there is only 1 player with no lead cards ... also receives a bonus declaration token"."""
    t = table()
    t.start({"ann": ["spades-3", "hearts-4", "clubs-5"]})
    assert [p["bonus"] for p in t.view()["players"]] == ["passive", None, None, None]
    two = table()
    two.start({"ann": ["spades-3", "hearts-4", "clubs-5"], "ben": ["spades-6", "hearts-8", "diamonds-8"]})
    assert all(p["bonus"] is None for p in two.view()["players"])


def test_first_leader_most_lead_cards_then_smallest_card(table: type[Raiders]) -> None:
    """"The first leader is the player with the most lead cards. If the number of cards is the same, the player
    with the smallest card in the lead cards is the leader, If that's the same, then the 2nd smallest card"."""
    t = table()
    t.start()
    assert t.view()["leader"] == "dee" and t.prompt.kind == "lead" and t.prompt.actor == "dee"
    most = table()
    most.start({"cy": ["hearts-1"]})
    assert most.view()["leader"] == "cy"
    second = table()
    second.start(lead={**DEAL, "cy": ["spades-2", "diamonds-3", "hearts-3"], "dee": ["diamonds-6", "hearts-7", "clubs-2"]})
    assert second.view()["leader"] == "cy"  # both have a 2; cy's 2nd smallest (3) beats dee's (6)


def test_the_leader_plays_a_lead_card_and_the_others_hand_cards(table: type[Raiders]) -> None:
    """"The leader always chooses one card from the lead cards and plays it. After that, the turns proceed
    clockwise. Everyone else must play a hand card"."""
    t = table()
    t.start()
    assert "plays a lead card" in t.refuse("diamonds-10a")
    assert "ann's lead cards" in t.refuse("spades-3")
    t.do("diamonds-6")
    assert t.prompt.actor == "ann" and t.prompt.kind == "follow"
    assert "only the leader plays a lead card" in t.refuse("spades-3")
    assert "dee's lead cards" not in t.refuse("diamonds-6")


def test_highest_card_of_the_lead_suit_wins_and_other_suits_cannot(table: type[Raiders]) -> None:
    """"the player with the highest card of the lead suit wins the trick. A card with a different suit than the
    lead cannot win, no matter how big the card ... The winning player becomes the leader for the next trick"."""
    t = table()
    t.start()
    events = t.do("diamonds-6", "diamonds-9a", "diamonds-10a", "clubs-10a")
    assert "ben wins trick 1 with diamonds-10a." in t.texts(events)
    assert t.view()["leader"] == "ben" and t.prompt.actor == "ben" and t.prompt.kind == "lead"
    assert t.view()["players"][1]["hand"] == 9


def test_spades_are_trump_and_win_however_small(table: type[Raiders]) -> None:
    """"spade cards are the "trump suit". Even if the trump card is a different suit than the lead, it wins no
    matter how small the number. Between trump cards, the higher number wins"."""
    t = table()
    t.start()
    events = t.do("hearts-7", "spades-2", "hearts-10a", "spades-4")
    assert "cy wins trick 1 with spades-4." in t.texts(events)


def test_cancellation_example(table: type[Raiders]) -> None:
    """"the trump card is originally strong, but the 9 of spades canceled each other, so the 7 of hearts wins"."""
    t = table()
    t.start()
    t.do("hearts-7", "spades-9a", "spades-9b")
    assert [c["cancelled"] for c in t.view()["trick"]] == [False, True, True]
    events = t.do("hearts-3")
    assert "dee wins trick 1 with hearts-7." in t.texts(events)
    assert t.view()["last_trick"]["cards"][1] == {"player": "ann", "card": "spades-9a", "cancelled": True}


def test_no_winner_left_after_cancellation_the_leader_wins(table: type[Raiders]) -> None:
    """"If the winner of a trick cannot be determined because of cancellations, the leader wins." A cancelled
    special 9 of Clubs did not win, so the trump stays."""
    t = table()
    t.start({"dee": ["clubs-9a"]})
    t.do("clubs-9a", "clubs-9b", "hearts-5", "diamonds-4")
    assert "No card can win trick 1: dee led it and wins it." in t.texts()
    assert t.view()["trump"] == "spades" and t.view()["leader"] == "dee"


def test_clubs_change_the_trump_spades_hearts_diamonds(table: type[Raiders]) -> None:
    """"8, 9 of Clubs: When you play this card and win the trick, the trump suit is forced to change ... the first
    time it wins in a round, it goes from spades to hearts, and the second win it goes from hearts to diamonds"."""
    t = table()
    t.start({"dee": ["clubs-8", "clubs-9a"]})
    events = t.do("clubs-8", "clubs-3", "clubs-4", "clubs-6")
    assert "Put clubs-8 on the trump card: hearts are trump now." in t.texts(events)
    t.do("clubs-9a", "diamonds-2", "diamonds-4", "diamonds-7")
    assert t.view()["trump"] == "diamonds"
    events = t.do("spades-1", "diamonds-1", "spades-10a", "spades-10b")
    assert "ann wins trick 3 with diamonds-1." in t.texts(events)


def test_the_five_of_diamonds_takes_a_life_the_winner_picks_among_ties(table: type[Raiders]) -> None:
    """"5 of Diamonds: When you play this card and win the trick, take 1 life chip from another player with the
    most life chips." The winner picks among tied players; the chip goes to the winner."""
    t = table()
    t.start({"dee": ["diamonds-5"]})
    t.do("diamonds-5", "diamonds-1", "diamonds-4", "hearts-9b")
    assert t.prompt.kind == "life-steal" and t.prompt.actor == "dee" and t.prompt.options == ("ann", "ben", "cy")
    assert "is not an option now" in t.refuse("choose dee")
    t.do("choose ben")
    assert [p["lives"] for p in t.view()["players"]] == [2, 1, 2, 3]
    alone = table()
    alone.start({"dee": ["diamonds-5"]})
    alone.arrange(lives={"cy": 3})
    events = alone.do("diamonds-5", "diamonds-1", "diamonds-4", "hearts-9b")
    assert "dee takes one life chip from cy (diamonds-5)." in alone.texts(events)


def test_the_nine_of_hearts_moves_a_lead_card_of_whoever_wins(table: type[Raiders]) -> None:
    """"9 of Hearts: When you win a trick where this card is played, select one card from your lead cards, put it
    in your hand ... *Please note that this effect occurs even if someone other than the owner wins"."""
    t = table()
    t.start()
    t.do("hearts-7", "hearts-9a", "hearts-10a", "hearts-3")
    assert t.prompt.kind == "lead-return" and t.prompt.actor == "ben" and t.prompt.tap == "winner-lead"
    assert "must put one of the lead cards" in t.refuse("spades-3")
    t.do("hearts-8")
    ben = t.view()["players"][1]
    assert ben["lead"] == ["spades-6", "diamonds-8"] and ben["known_hand"] == ["hearts-8"] and ben["hand"] == 10
    assert "not a card from the hand" in t.refuse("hearts-8")


def test_both_nines_of_hearts_cancel_but_the_effect_happens(table: type[Raiders]) -> None:
    """"If both cards are played in the same trick, they will cancel out. However, the effect still happens"."""
    t = table()
    t.start()
    t.do("hearts-7", "hearts-9a", "hearts-9b", "hearts-3")
    assert t.prompt.kind == "lead-return" and t.prompt.actor == "dee"


def test_the_nine_of_hearts_with_one_lead_card_left_means_dropping_out(table: type[Raiders]) -> None:
    """"If you have only one lead card left, you will drop out because you will have no more lead cards"."""
    t = table()
    t.start()
    t.arrange(lead={"dee": ["hearts-7", "diamonds-6"]})
    events = t.do("hearts-7", "hearts-9a", "hearts-9b", "hearts-3")
    assert "dee puts diamonds-6 from the lead cards into the hand (hearts-9a): 0 lead cards left." in t.texts(events)
    assert t.view()["players"][3]["lead"] == [] and t.view()["players"][3]["known_hand"] == ["diamonds-6"]
    assert "dee drops out: dee must lead but has no lead card left" in t.texts(events)
    assert t.prompt.actor == "ann" and t.prompt.kind == "lead-from-hand"


def test_dropping_out_as_leader_the_left_neighbour_leads_from_the_hand(table: type[Raiders]) -> None:
    """"A. You become the leader, but you have no lead cards ... The player to the left takes the lead instead by
    playing a card from their hand. *Caution! This card is from your hand, NOT a lead card"."""
    t = table()
    t.start({"ann": ["spades-3", "hearts-4", "clubs-5"]})
    events = t.do("diamonds-6", "diamonds-10a", "diamonds-9a", "diamonds-2")
    assert "ann drops out" in t.texts(events) and t.view()["players"][0]["lives"] == 1
    assert t.prompt.actor == "ben" and t.prompt.kind == "lead-from-hand"
    assert "leads from the hand this time" in t.refuse("spades-6")
    t.do("clubs-10a")
    assert t.view()["leader"] == "ben" and t.view()["lead_suit"] == "clubs"


def test_dropping_out_as_follower_without_hand_cards(table: type[Raiders]) -> None:
    """"B. You are not the leader and have no more follow cards You drop out because you can't play anything.
    Move on to the next player." The player "exits the round, and does not play any more cards"."""
    t = table()
    t.start()
    t.arrange(hand={"ben": 0})
    events = t.do("diamonds-6", "diamonds-9a")
    assert "ben drops out: no card left in the hand to play" in t.texts(events)
    assert t.prompt.actor == "cy" and t.view()["players"][1]["out"] is True
    t.do("clubs-10a")
    t.do("spades-3")
    assert t.prompt.actor == "cy"  # ben is skipped from now on


def test_no_hand_cards_is_no_drop_out_until_a_hand_card_is_needed(table: type[Raiders]) -> None:
    """"*Even if you have 0 cards in your hand, you do not immediately drop out. It is only if you have 0 follow
    cards in hand and you must play a follow card that you must drop out"."""
    t = table()
    t.deal()
    t.do("ok", "ok", "ok")
    t.do(*[f"{suit}-10{c}" for suit in ("spades", "hearts", "clubs") for c in "abc"], "clubs-9a", "ok")
    dee = t.view()["players"][3]
    assert dee["hand"] == 0 and not dee["out"] and dee["bonus"] == "aggressive"
    t.do("spades-10a", "clubs-1", "clubs-3", "clubs-4")
    assert t.prompt.actor == "dee" and t.prompt.kind == "lead"


def test_the_drop_out_example_two_drop_outs_finish_the_trick_and_end_the_round(table: type[Raiders]) -> None:
    """"1 Leader Drops out due to the lack of lead cards 2 The player to the left of that player also drops out due
    to the lack of any follow cards 3 This player leads this trick Because 2 players "dropped out", after this
    trick, the round ends." ("When there are 2 or more dropouts, finish the trick and end the round.")"""
    t = table()
    t.start({"ann": ["spades-3", "hearts-4", "clubs-5"]})
    t.do("diamonds-6", "diamonds-10a", "diamonds-9a")
    t.arrange(hand={"ben": 0})
    events = t.do("diamonds-2")
    text = t.texts(events)
    assert "ann drops out: ann must lead" in text and "ben drops out: no card left in the hand" in text
    assert t.prompt.actor == "cy" and t.prompt.kind == "lead-from-hand"
    t.do("hearts-10a")
    events = t.do("hearts-9b")
    assert "Round 1 ends after trick 2." in t.texts(events)
    assert "ann dropped out: the bonus declaration brings nothing." in t.texts(events)
    assert t.view()["round"] == 2 and t.prompt.kind == "deal"
    assert [p["lives"] for p in t.view()["players"]] == [1, 1, 2, 2]


def test_a_new_round_starts_with_spades_as_trump(table: type[Raiders]) -> None:
    """"The trump suit returns to spade every new round." ... "Shuffle the cards again ... play another round"."""
    t = table()
    t.start({"dee": ["clubs-8"]})
    t.do("clubs-8", "clubs-3", "clubs-4", "clubs-6")
    assert t.view()["trump"] == "hearts"
    t.arrange(hand={"ann": 0, "ben": 0})
    t.do("spades-1", "spades-10a")
    assert t.view()["round"] == 2 and t.view()["trump"] == "spades"
    assert all(p["lead"] == [] and p["hand"] == 10 and not p["out"] for p in t.view()["players"])
    assert t.prompt.actor == "ben"  # the taps of round 2 start one seat further clockwise


def test_aggressive_bonus_achieved_every_other_player_loses_a_life(table: type[Raiders]) -> None:
    """"Aggressive Bonus: All players other than yourself (Dropped out or not) lose 1 life chip"."""
    t = table()
    t.start({"ann": ["hearts-10a", "clubs-10b", "spades-10a"]})
    t.arrange(hand={"ben": 0, "cy": 0})
    events = t.do("spades-10a", "spades-4")
    assert "ann survived the aggressive declaration" in t.texts(events)
    assert [p["lives"] for p in t.view()["players"]] == [2, 0, 0, 1]
    assert t.view()["result"] == "over" and t.view()["winners"] == ["ann"]
    assert t.play.outcome is not None and t.play.outcome.ranking == (("ann",), ("dee",), ("ben", "cy"))


def test_passive_bonus_achieved_adds_a_life_even_above_two(table: type[Raiders]) -> None:
    """"Passive Bonus: Increase your life chips by 1 (can be 3 or more)"."""
    t = table()
    t.start({"ann": ["spades-3", "hearts-4", "clubs-5"]})
    t.arrange(hand={"ben": 0, "cy": 0})
    events = t.do("diamonds-6", "diamonds-9a")
    assert "ann survived the passive declaration: ann takes one life chip from the centre (3 now)." in t.texts(events)
    assert [p["lives"] for p in t.view()["players"]] == [3, 1, 1, 2]


def test_game_end_the_most_lives_win_and_ties_share(table: type[Raiders]) -> None:
    """"If someone has no life chips at the end of the round, the game is over. The player with the most life chips
    wins! In the event of a tie (which often happens), they share the victory"."""
    t = table()
    t.start()
    t.arrange(hand={"ben": 0, "cy": 0}, lives={"ben": 1, "cy": 1})
    events = t.do("diamonds-6", "diamonds-9a")
    assert t.play.result == "over" and t.prompt is None
    assert t.view()["winners"] == ["ann", "dee"]
    assert "Winning with 2 life chips: ann, dee." in t.texts(events)
    assert "The game is over" in t.refuse("spades-1")


def test_everyone_can_drop_out_at_once_and_all_share(table: type[Raiders]) -> None:
    """"It's very rare, but it's possible for everyone to drop out at once (everyone has 1 life and loses it)"."""
    t = table(lives=2)
    t.start()
    t.do("diamonds-6", "diamonds-9a")
    t.arrange(lead={"ben": []}, hand={"ann": 0, "cy": 0, "dee": 0}, lives={"ann": 1, "ben": 1, "cy": 1, "dee": 1})
    events = t.do("diamonds-10a")
    assert t.kinds(events).count("dropout") == 4 and "empty-trick" in t.kinds(events)
    assert [p["lives"] for p in t.view()["players"]] == [0, 0, 0, 0]
    assert t.view()["winners"] == ["ann", "ben", "cy", "dee"]


def test_cards_running_out_eliminates_all_but_the_last_trick_winner(table: type[Raiders]) -> None:
    """"If no one drops out after completing all tricks, as a special rule, all players other than the winner of
    the final trick are "eliminated" and will lose 1 life chip"."""
    t = table()
    t.start()
    t.arrange(lead={"dee": ["diamonds-6"], "ann": [], "ben": [], "cy": []}, hand={"ann": 1, "ben": 1, "cy": 1, "dee": 0})
    events = t.do("diamonds-6", "diamonds-9a", "diamonds-10a", "hearts-10a")
    text = t.texts(events)
    assert "The cards ran out: ann did not win the last trick" in text and "ben did not win" not in text
    assert [p["lives"] for p in t.view()["players"]] == [1, 2, 1, 1]


def test_the_nine_of_hearts_has_no_effect_in_the_last_trick(table: type[Raiders]) -> None:
    """"If this card comes up in the last trick of the round, it has no effect as there is no next trick"."""
    t = table()
    t.start()
    t.arrange(hand={"ben": 0, "cy": 0})
    events = t.do("hearts-7", "hearts-9a")
    assert "hearts-9a has no effect in the last trick of the round." in t.texts(events)


def test_lead_cards_do_not_count_for_must_follow_but_a_revoke_is_flagged(table: type[Raiders]) -> None:
    """"Players other than the leader must play a card from their hand that is the same suit as the lead"; "Cards
    in the lead cards are not played to satisfy must follow." A follower who did not follow and later plays that
    suit from the hand revoked: flagged at once, naming the trick and the input to undo back to."""
    t = table()
    t.start()
    t.do("diamonds-6", "clubs-9b", "diamonds-10a", "diamonds-9a")
    wrong = len(t.match.inputs) - 2
    events = t.do("hearts-8", "hearts-5", "hearts-6", "diamonds-7")
    revoke = [e for e in events if e.kind == "revoke"]
    assert len(revoke) == 1
    assert revoke[0].text == "Revoke: ann did not follow diamonds in trick 1 but held diamonds-7 then."
    assert revoke[0].data == {"player": "ann", "card": "diamonds-7", "suit": "diamonds", "round": 1, "trick": 1,
                              "input": wrong, "undo_to": wrong - 1}
    assert t.view()["revokes"] == [revoke[0].data]
    t.match.undo(len(t.match.inputs) - wrong + 1)
    assert t.prompt.actor == "ann" and t.prompt.kind == "follow"


def test_a_card_that_joined_the_hand_later_is_no_revoke(table: type[Raiders]) -> None:
    """A card given back to the hand by the 9 of Hearts after the void was not "held since then"."""
    t = table()
    t.start(lead={**DEAL, "ann": ["spades-3", "hearts-4", "diamonds-2"]})
    t.do("diamonds-6", "clubs-9b", "diamonds-10a", "clubs-1")
    t.do("hearts-8", "hearts-9a", "hearts-5", "hearts-10a")
    t.do("diamonds-2")
    assert t.view()["players"][0]["known_hand"] == ["diamonds-2"]
    t.do("spades-3", "spades-4", "spades-5", "spades-10a")
    events = t.do("spades-1", "diamonds-2")
    assert "revoke" not in t.kinds(events)


def test_three_players_deck_deal_bonus_and_one_drop_out(table: type[Raiders]) -> None:
    """"Changes in 3-player games: Remove 1, 2, and 10s ... From the remaining 40 cards, deal 4 lead cards and 9
    hand cards ... The condition for aggressive bonus is 8 or more, most, only ... There is no passive bonus ...
    If there is even 1 dropout, finish the trick and end the round"."""
    t = table(players=("ann", "ben", "cy"))
    assert "not used with 3 players" in t.refuse("clubs-1")
    assert "not used with 3 players" in t.refuse("spades-10c")
    t.deal({"ann": ["spades-3", "hearts-4", "clubs-5", "clubs-6"], "ben": ["spades-6", "hearts-8", "diamonds-8",
                                                                          "clubs-10a"],
            "cy": ["clubs-3", "diamonds-3", "hearts-3", "hearts-5"]})
    assert [p["hand"] for p in t.view()["players"]] == [9, 9, 9]
    t.do("spades-3", "hearts-4", "clubs-5", "clubs-6", "ok")
    t.do("hearts-10a", "clubs-10b", "spades-10a", "ok", "ok")
    view = t.view()
    assert [p["bonus"] for p in view["players"]] == [None, None, None]  # 7 is not 8, and no passive bonus
    assert view["leader"] == "ben"
    t.arrange(hand={"cy": 0})
    events = t.do("hearts-10a", "hearts-9a")
    assert "Round 1 ends after trick 1." in t.texts(events)
