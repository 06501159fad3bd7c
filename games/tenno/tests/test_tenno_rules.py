"""Each rule of the Tenno rulebook, as a test that quotes its wording (German first, the English beside it).

The usual table: red, blue, green clockwise, red attacks first. Strengths
from the shipped data: Farmers 1-3, Ninja 8 attacking / 4 defending, Monk 5,
Ronin 6, Samurai 7 and 8, Daimyo 9, Shogun 10, Geisha one above her opponent.
"""

from __future__ import annotations

import pytest
from tenno_table import TennoTable

from games.tenno.rules import scoring


@pytest.fixture
def table() -> type[TennoTable]:
    """The Tenno table harness (tenno_table.py); no conftest.py here, whose module name would shadow
    games/samurai_spirit/tests/conftest.py for the modules collected after this folder."""
    return TennoTable


def test_set_up_three_farmers_face_down_and_eight_cards_in_hand(table: type[TennoTable]) -> None:
    """"legt die drei Bauern seines Sets ... verdeckt vor sich ab. Die restlichen Karten behält er auf der Hand."""
    t = table()
    assert [(p["row"], p["hand"], p["prisoners"], p["lost"]) for p in t.view()["players"]] == [(3, 8, 0, 0)] * 3
    assert "three Farmers face down" in t.texts(t.events)[0]


def test_the_eldest_begins_or_the_companion_draws(table: type[TennoTable]) -> None:
    """"Der älteste Spieler beginnt." / "The eldest player begins." Without `first` the seed draws, the same way
    each replay."""
    assert table(first="blue").prompt.actor == "blue"
    drawn = {table(first=None, seed=seed).prompt.actor for seed in range(20)}
    assert drawn == {"red", "blue", "green"}
    assert table(first=None, seed=4).prompt.actor == table(first=None, seed=4).prompt.actor


def test_the_attacker_wins_captures_face_down_and_turns_his_card_back(table: type[TennoTable]) -> None:
    """"Wenn der Angreifer gewinnt, bekommt er die unterlegene Karte des Gegners und legt diese verdeckt neben sich
    auf seinen Gefangenenstapel. Seine eigene Karte legt er wieder verdeckt an ihren Platz zurück.\""""
    t = table()
    events = t.do("red-daimyo", "blue-farmer-2")
    assert t.kinds(events) == ["attack", "duel", "refill", "exchange"]
    assert ("red wins: blue-farmer-2 face down onto red's prisoner pile, red-daimyo back face down in its place."
            in t.texts(events))
    assert t.events[1].data["attack"] == 9 and t.events[1].data["defend"] == 2
    assert t.player("red")["prisoners"] == 1 and t.player("blue")["lost"] == 1
    assert t.state.by_name("red").prisoners == ["blue-farmer-2"]


def test_the_defender_wins_the_attacking_card_is_discarded(table: type[TennoTable]) -> None:
    """"Wenn der Verteidiger gewinnt, wird die unterlegene Karte des Angreifers aus dem Spiel genommen und auf den
    Ablagestapel gelegt. Seine eigene Karte legt der Verteidiger wieder verdeckt an ihren Platz zurück.\""""
    t = table()
    events = t.do("red-farmer-1", "green-samurai-7")
    assert t.kinds(events)[:2] == ["attack", "duel"]
    assert ("green wins: red-farmer-1 to the discard pile, green-samurai-7 back face down in its place."
            in t.texts(events))
    assert t.state.discard == ["red-farmer-1"] and t.player("green")["prisoners"] == 0
    assert t.view()["discard_pile"] == 1


def test_equal_values_send_both_cards_to_the_discard_pile(table: type[TennoTable]) -> None:
    """"Sind die Kartenwerte von Angreifer und Verteidiger gleich hoch ..., kommen beide Karten auf den
    Ablagestapel.\""""
    t = table()
    t.do("red-samurai-8", "blue-samurai-8")
    assert t.prompt.kind == "monk"
    events = t.do("pass")
    assert "Neither wins: red-samurai-8 and blue-samurai-8 go to the discard pile." in t.texts(events)
    assert (events[0].data["attack"], events[0].data["defend"]) == (8, 8)
    assert sorted(t.state.discard) == ["blue-samurai-8", "red-samurai-8"]


def test_after_the_attack_the_losers_fill_their_gaps_from_the_hand(table: type[TennoTable]) -> None:
    """"Nach dem Angriff füllen Spieler, die Karten verloren haben, zunächst die Lücke in ihrer Auslage mit einer
    Handkarte ihrer Wahl verdeckt auf ... Die Reihenfolge der ausliegenden Karten darf dabei nicht geändert werden.\""""
    t = table()
    events = t.do("red-samurai-7", "blue-samurai-7", "pass")
    refills = [e for e in events if e.kind == "refill"]
    assert [e.data["filled"] for e in refills] == [{"red": 1, "blue": 1}]
    assert refills[0].text == "Fill the gaps from the hand, face down, order kept: red, blue."
    assert [(p["row"], p["hand"]) for p in t.view()["players"][:2]] == [(3, 7), (3, 7)]


def test_an_attacker_who_lost_nothing_may_exchange_or_swap(table: type[TennoTable]) -> None:
    """"Hat der Angreifer keine seiner Karten verloren, darf er nun noch eine seiner vor sich ausliegenden Karten
    mit einer Handkarte austauschen ... Hat er für diesen Austausch keine Karte mehr auf der Hand, darf er
    alternativ zwei Karten seiner Auslage miteinander vertauschen.\""""
    t = table()
    events = t.do("red-daimyo", "blue-farmer-1")
    assert "red lost no card: red may exchange a card of the row for a hand card." == t.texts(events)[-1]
    t.do("ok", "blue-farmer-2", "red-farmer-1", "pass", "ok", "green-farmer-3", "blue-daimyo", "ok")
    t.lose("red", *[f"red-{r}" for r in ("farmer-3", "ninja", "monk", "ronin", "samurai-7", "samurai-8")])
    assert t.player("red")["hand"] == 1
    t.lose("red", "red-geisha")
    events = t.do("red-daimyo", "green-farmer-1")
    assert "red lost no card and has no hand card: red may swap two cards of the row." == t.texts(events)[-1]


def test_a_defender_who_won_may_look_at_one_of_the_attackers_cards(table: type[TennoTable]) -> None:
    """"War der Verteidiger in diesem Zug siegreich, darf er nun noch eine der drei ausliegenden Karten des
    Angreifers anschauen (ohne dass andere Mitspieler die Karte sehen).\""""
    t = table()
    events = t.do("red-farmer-2", "green-daimyo")
    peek = [e for e in events if e.kind == "peek"]
    assert len(peek) == 1 and peek[0].text == "green won defending: green may secretly look at one of red's cards."
    assert t.kinds(events)[-2:] == ["refill", "peek"], "gaps first, then the peek"


def test_the_next_player_clockwise_attacks_once_the_table_pressed_ok(table: type[TennoTable]) -> None:
    """"Im Anschluss ist der nächste Spieler im Uhrzeigersinn an der Reihe." The duel stays on screen until OK."""
    t = table()
    t.do("red-daimyo", "blue-farmer-1")
    assert t.prompt.kind == "done" and t.prompt.options == ("ok",) and t.view()["duel"] is not None
    events = t.do("ok")
    assert t.kinds(events) == ["forget"] and t.view()["duel"] is None
    assert t.prompt.kind == "attack" and t.prompt.actor == "blue" and t.view()["active"] == "blue"
    t.do("blue-daimyo", "green-farmer-1", "ok")
    t.do("green-daimyo", "red-farmer-1", "ok")
    assert t.prompt.actor == "red" and t.view()["turn"] == 4


def test_ninja_attacks_with_8_and_defends_with_4(table: type[TennoTable]) -> None:
    """"Der Ninja hat in der Verteidigung eine Stärke von 4. Als Angreifer ... hat daher eine Stärke von 8.\""""
    t = table()
    events = t.do("red-ninja", "blue-farmer-3")
    assert (events[1].data["attack"], events[1].data["defend"], events[1].data["winner"]) == (8, 3, "red")
    t.do("ok", "blue-farmer-2", "green-ninja")
    duel = t.view()["duel"]
    assert (duel["attacker"]["strength"], duel["defender"]["strength"]) == (2, 4)


def test_the_monk_gives_plus_two_to_another_card_under_attack(table: type[TennoTable]) -> None:
    """"Der Mönch darf immer dann aufgedeckt werden, wenn eine andere Karte des Spielers angegriffen wird. Diese
    Karte erhält dadurch +2 in der Verteidigung. Der Mönch wird danach wieder verdeckt an seinen Platz gelegt.\""""
    t = table()
    t.do("red-daimyo", "blue-samurai-8")
    assert t.prompt.kind == "monk" and t.prompt.actor == "blue" and t.prompt.options == ("pass",)
    assert t.play.possible_taps() == ["blue-monk"]
    events = t.do("blue-monk")
    assert (events[1].data["attack"], events[1].data["defend"], events[1].data["winner"]) == (9, 10, "blue")
    assert t.kinds(events)[-1] != "monk-back" and "monk-back" in t.kinds(events)
    assert t.state.discard == ["red-daimyo"] and t.view()["duel"]["monk"] is True


def test_the_monk_only_helps_its_owner_and_never_itself(table: type[TennoTable]) -> None:
    """"... wenn eine andere Karte des Spielers angegriffen wird": another card of the same player."""
    t = table()
    t.do("red-daimyo", "blue-samurai-8")
    assert "Only blue's Monk can help now" in t.refuse("green-monk")
    assert "Only blue's Monk can help now" in t.refuse("blue-ninja")
    t.do("pass", "ok", "blue-ronin")
    events = t.do("red-monk")
    assert t.prompt.kind == "second-attack", "a Monk that defends itself is not asked for again"
    duel = next(e for e in events if e.kind == "duel")
    assert (duel.data["attack"], duel.data["defend"], duel.data["winner"]) == (6, 5, "blue")


def test_the_monk_is_asked_for_only_when_it_changes_the_result(table: type[TennoTable]) -> None:
    """The +2 matters only when the attack is equal to the defence or up to two above it; a Geisha wins anyway."""
    t = table()
    t.do("red-daimyo", "blue-farmer-1")
    assert t.prompt.kind == "done", "9 against 1: the Monk's +2 changes nothing"
    t.do("ok", "blue-farmer-3", "green-farmer-1")
    assert t.prompt.kind == "monk", "3 against 1: +2 turns a loss into a tie"
    t.do("pass", "ok", "green-samurai-8", "red-farmer-1")
    assert t.prompt.kind == "done", "8 against 1"
    t.do("ok", "red-samurai-7", "blue-samurai-7")
    assert t.prompt.kind == "monk", "7 against 7: +2 turns a tie into a win"
    t.do("pass", "ok", "blue-geisha", "green-farmer-2")
    assert t.prompt.kind == "done", "the Geisha is always one above"


def test_the_monk_may_be_used_any_number_of_times(table: type[TennoTable]) -> None:
    """"Wenn der Mönch ausliegt, darf seine Sonderfunktion in einer Partie beliebig oft benutzt werden.\""""
    t = table()
    t.do("red-daimyo", "blue-samurai-8", "blue-monk", "ok")
    t.do("blue-farmer-1", "green-farmer-2", "ok")
    t.do("green-samurai-8", "blue-samurai-7", "blue-monk")
    assert t.view()["duel"]["result"] == "defender" and t.view()["duel"]["monk"]


def test_a_monk_that_left_the_game_is_still_asked_for_but_its_tap_is_refused(table: type[TennoTable]) -> None:
    """Which cards left the game is the players' memory: the Monk step is offered all the same (games/tenno/README.md, reading 2)."""
    t = table()
    t.do("red-daimyo", "blue-monk", "ok", "blue-farmer-1", "green-farmer-2", "ok")
    t.do("green-samurai-8", "blue-samurai-7")
    assert t.prompt.kind == "monk"
    assert t.refuse("blue-monk").startswith("That card has left the game")
    t.do("pass")


def test_the_ronin_may_attack_a_second_time_before_any_gap_is_filled(table: type[TennoTable]) -> None:
    """"Der Ronin kämpft mit einer Stärke von 6. Nach seinem Angriff darf der Spieler entscheiden, ob er mit einer
    der beiden anderen vor sich ausliegenden Karten einen weiteren Angriff ... durchführen möchte. Dabei ist es egal,
    ob der Ronin zuvor seinen ersten Kampf gewonnen oder verloren hat. Erst im Anschluss an den zweiten Kampf darf
    der Spieler entstandene Lücken auffüllen.\""""
    t = table()
    events = t.do("red-ronin", "blue-samurai-7")
    assert (events[1].data["attack"], events[1].data["defend"], events[1].data["winner"]) == (6, 7, "blue")
    assert t.prompt.kind == "second-attack" and not any(e.kind == "refill" for e in events)
    assert t.player("red")["gaps"] == 1
    assert "The Ronin has attacked already" in t.refuse("red-ronin")
    assert "The Shogun never attacks" in t.refuse("red-shogun")
    t.do("red-daimyo")
    assert "was attacked already this turn" in t.refuse("blue-samurai-7")
    events = t.do("green-farmer-3")
    assert [e.data["filled"] for e in events if e.kind == "refill"] == [{"red": 1, "green": 1}]
    assert [e.data["player"] for e in events if e.kind == "peek"] == ["blue"]
    assert not any(e.kind == "exchange" for e in events), "red lost the Ronin this turn"


def test_the_ronin_may_also_stop_after_one_attack(table: type[TennoTable]) -> None:
    t = table()
    t.do("red-ronin", "blue-farmer-1")
    events = t.do("pass")
    assert t.kinds(events) == ["no-second-attack", "refill", "exchange"]


def test_the_shogun_never_attacks_and_captures_the_attacker_when_he_wins(table: type[TennoTable]) -> None:
    """"Der Shogun darf niemals angreifen. Gewinnt er als Verteidiger, nimmt er den Angreifer gefangen. Da er die
    höchste Stärke besitzt, kann er nur von der Geisha besiegt werden.\""""
    t = table()
    assert "The Shogun never attacks" in t.refuse("red-shogun")
    events = t.do("red-daimyo", "blue-shogun")
    assert "red-daimyo face down onto blue's prisoner pile" in t.texts(events)[1]
    assert t.state.by_name("blue").prisoners == ["red-daimyo"] and not t.state.discard
    t.do("ok", "blue-geisha", "green-shogun")
    assert t.view()["duel"]["result"] == "attacker", "only the Geisha beats him"
    assert t.state.by_name("blue").prisoners == ["red-daimyo", "green-shogun"]


def test_the_geisha_is_one_stronger_then_leaves_the_game(table: type[TennoTable]) -> None:
    """"Die Stärke der Geisha ist immer (Angriff und Verteidigung) um 1 höher als die ihres Gegners. Anschließend
    wird sie jedoch aus dem Spiel entfernt.\""""
    t = table()
    events = t.do("red-geisha", "blue-daimyo")
    assert t.texts(events)[1] == ("red wins: blue-daimyo face down onto red's prisoner pile, red-geisha to the "
                                  "discard pile.")
    assert (events[1].data["attack"], events[1].data["defend"]) == (10, 9)
    assert t.state.by_name("red").prisoners == ["blue-daimyo"] and t.state.discard == ["red-geisha"]
    assert not any(e.kind == "exchange" for e in events), "red lost the Geisha"
    t.do("ok", "blue-ninja", "green-geisha")
    assert t.view()["duel"]["defender"]["strength"] == 9
    assert sorted(t.state.discard) == ["blue-ninja", "green-geisha", "red-geisha"]


def test_two_geishas_remove_each_other(table: type[TennoTable]) -> None:
    """"Treffen 2 Geishas aufeinander, werden beide aus dem Spiel entfernt.\""""
    t = table()
    events = t.do("red-geisha", "blue-geisha")
    assert t.view()["duel"]["result"] == "tie" and t.prompt.kind == "done"
    assert sorted(t.state.discard) == ["blue-geisha", "red-geisha"]
    assert not any(e.kind == "peek" for e in events)


def test_a_card_that_left_the_game_or_belongs_to_nobody_here_is_refused(table: type[TennoTable]) -> None:
    t = table()
    t.do("red-daimyo", "blue-farmer-1", "ok")
    refused = t.refuse("blue-farmer-1")
    assert refused.startswith("That card has left the game"), refused
    assert "blue-farmer-1" not in refused, "the card lies face down on red's prisoner pile: the screen must not name it"
    assert "belongs to no player of this game" in t.refuse("white-ninja")
    assert "It is blue's turn" in t.refuse("red-ninja")
    assert "Nothing is tapped face down in Tenno" in t.refuse("blue-ninja", hidden=True)
    assert "Not waiting for a card now" not in t.refuse("nobody-card")
    t.do("blue-ninja")
    assert "the attacker's own card" in t.refuse("blue-farmer-2")
    assert "Pass is not possible now" in t.refuse("pass")


def test_the_game_ends_at_once_when_a_gap_cannot_be_filled(table: type[TennoTable]) -> None:
    """"Das Spiel endet sofort, wenn ein Spieler eine Lücke füllen muss, aber keine Karten mehr auf der Hand hat."
    / "The game is immediately over as soon as a player needs to fill a void ... but has no more cards in his
    hand to do so.\""""
    t = table(players=("red", "blue"))
    turns = [("red-daimyo", "blue-farmer-1"), ("blue-farmer-2", "red-daimyo"), ("red-daimyo", "blue-farmer-3"),
             ("blue-ninja", "red-daimyo"), ("red-daimyo", "blue-monk"), ("blue-samurai-7", "red-daimyo"),
             ("red-daimyo", "blue-samurai-8", "pass"), ("blue-ronin", "red-daimyo", "pass")]
    for moves in turns:
        t.do(*moves, "ok")
    assert t.player("blue")["hand"] == 0 and t.play.prompt is not None
    events = t.do("red-geisha", "blue-daimyo")
    assert "The game ends at once: blue must fill a gap but has no card left in the hand." in t.texts(events)
    assert t.kinds(events)[-1] == "game-over" and t.play.prompt is None and t.play.result == "over"
    outcome = t.play.outcome
    assert outcome is not None and outcome.winners == ("red",)
    assert outcome.scores == {"red": 1 + 3 + 5 + 8 + 9, "blue": 0}
    assert t.view()["scores"] == {"red": 26, "blue": 0}
    assert outcome.detail["prisoners"]["red"] == ["blue-farmer-1", "blue-farmer-3", "blue-monk", "blue-samurai-8",
                                                  "blue-daimyo"]


def test_the_end_is_checked_after_a_ronins_second_duel(table: type[TennoTable]) -> None:
    """The Ronin's gaps are filled "erst im Anschluss an den zweiten Kampf", so the end is checked there too."""
    t = table(players=("red", "blue"))
    t.lose("blue", *[f"blue-{r}" for r in ("farmer-3", "ninja", "monk", "ronin", "samurai-7", "samurai-8",
                                           "daimyo", "geisha")])
    t.do("red-ronin", "blue-farmer-1")
    assert t.play.prompt is not None and t.prompt.kind == "second-attack", "no end before the second duel"
    events = t.do("red-samurai-8", "blue-farmer-2")
    assert "blue must fill a gap" in t.texts(events)[-2] and t.play.prompt is None


def test_a_tie_on_prisoners_adds_hand_and_row_of_the_leaders(table: type[TennoTable]) -> None:
    """"Bei Gleichstand addieren die führenden Spieler die Werte ihrer Handkarten und ihrer ausliegenden Karten zu
    ihren Gefangenenpunkten. Der Spieler mit den meisten Punkten gewinnt.\""""
    t = table()
    st = t.state
    st.capture("green-farmer-3", st.by_name("red"))
    st.capture("green-farmer-1", st.by_name("blue"))
    st.capture("green-farmer-2", st.by_name("blue"))
    st.throw_out("red-daimyo")
    outcome = scoring.score(st)
    red_rest = 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 10 + 0
    blue_rest = red_rest + 9
    assert outcome.detail["prisoner_points"] == {"red": 3, "blue": 3, "green": 0}
    assert outcome.detail["tie_break"] == {"red": red_rest, "blue": blue_rest}, "green, not tied, adds nothing"
    assert outcome.winners == ("blue",) and outcome.scores == {"red": 3 + red_rest, "blue": 3 + blue_rest,
                                                                 "green": 0}
    assert outcome.ranking == (("blue",), ("red",), ("green",))
    assert "hand and row decide" in outcome.summary.text


def test_a_tie_that_survives_the_tie_break_is_shared(table: type[TennoTable]) -> None:
    t = table()
    st = t.state
    st.capture("green-farmer-3", st.by_name("red"))
    st.capture("green-farmer-2", st.by_name("blue"))
    st.capture("green-farmer-1", st.by_name("blue"))
    outcome = scoring.score(st)
    assert outcome.winners == ("red", "blue") and outcome.ranking[0] == ("red", "blue")


def test_a_monk_tapped_when_it_was_not_asked_for_is_told_it_cannot_change_the_duel(table: type[TennoTable]) -> None:
    """Against the Ronin's 6 the Samurai's 7 wins with or without the Monk's +2, so the engine does not ask
    for it; blue tapping the Monk anyway was told "It is red's turn", which says nothing about the Monk."""
    t = table()
    t.do("red-ronin", "blue-samurai-7")
    assert t.prompt.kind == "second-attack"
    refused = t.refuse("blue-monk")
    assert refused.startswith("blue's Monk cannot change this duel: its +2 would not change who wins"), refused
    assert "It is red's turn" not in refused
    t.do("pass")
    assert t.prompt.kind == "done"
    assert t.refuse("blue-monk").startswith("blue's Monk cannot change this duel")
    assert "Not waiting for a card now" in t.refuse("green-monk"), "green was not in the duel"
    t.do("ok")
    assert "It is blue's turn" in t.refuse("green-monk"), "a new turn: no duel the Monk could have helped in"


def test_a_monk_that_may_be_tapped_is_not_refused_as_a_helper(table: type[TennoTable]) -> None:
    """The Monk as the card attacked, and as the attacker's own card, stay ordinary taps."""
    t = table()
    t.do("red-monk", "blue-monk")
    assert t.view()["duel"]["attacker"]["card"] == "red-monk"
    assert t.view()["duel"]["defender"]["card"] == "blue-monk"
