"""The card data file and the setup: what the rulebook prints, validated with errors that name the fault."""

from __future__ import annotations

import pytest

from engine import RuleError, get_game
from games.trick_raiders.catalogue import load_catalogue, packaged_text
from games.trick_raiders.setup import parse_setup


def test_fifty_two_cards_four_suits_one_to_eight_two_nines_three_tens() -> None:
    """"Game cards: 52 cards [4 suits x 13 cards, 1-8, 9 (2), and 10 (3)]"."""
    cards = load_catalogue().cards
    assert len(cards) == 52
    for suit in ("spades", "hearts", "diamonds", "clubs"):
        values = sorted(c.value for c in cards.values() if c.suit == suit)
        assert values == [1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 10, 10, 10]
    assert {"clubs-7", "hearts-9a", "hearts-9b", "spades-10c"} <= set(cards)


def test_the_special_cards_and_what_is_unverified() -> None:
    """"8, 9 of Clubs", "5 of Diamonds", "2 copies of 9 of hearts, one special and one normal"."""
    cards = load_catalogue().cards
    special = {cid: c.special for cid, c in cards.items() if c.special}
    assert special == {"clubs-8": "trump-change", "clubs-9a": "trump-change", "diamonds-5": "life-steal",
                       "hearts-9a": "lead-return"}
    assert sorted(load_catalogue().unverified()) == ["clubs-9a", "clubs-9b", "hearts-9a", "hearts-9b"]
    assert get_game("trick-raiders").cards_json()[0]["kind"] == "card"


def test_three_player_deck_is_forty_cards() -> None:
    """"Remove 1, 2, and 10s from the deck ... From the remaining 40 cards"."""
    deck = load_catalogue().deck(3)
    assert len(deck) == 40 and not any(c.endswith(("-1", "-2", "-10c")) for c in deck)


@pytest.mark.parametrize(("old", "new", "reason"), [
    ('id = "clubs-7"', 'id = "clubs-77"', "entry 46 (id 'clubs-77'): id 'clubs-77' must be <suit>-<value>"),
    ('suit = "clubs", value = 7', 'suit = "clubs", value = 6', "entry 46 (id 'clubs-7'): the id does not match"),
    ('special = "life-steal"', 'special = ""', "1 card(s) must be special life-steal, not none"),
    ('verified = true }', 'verified = "yes" }', "entry 1 (id 'spades-1'): verified must be true or false"),
    ("format = 1", "format = 2", "format 2 is not supported"),
])
def test_a_broken_data_file_names_the_entry_at_fault(old: str, new: str, reason: str) -> None:
    text = packaged_text().replace(old, new, 1)
    with pytest.raises(RuleError) as info:
        load_catalogue(text)
    assert reason in str(info.value)


@pytest.mark.parametrize(("setup", "reason"), [
    ({"players": ["ann", "ben"]}, "needs 3 or 4 players, not 2"),
    ({"players": ["ann", "ben", "cy", "dee", "eve"]}, "needs 3 or 4 players, not 5"),
    ({"players": ["ann", "Ann", "cy"]}, "two players are called ann"),
    ({"players": ["ann", "ben", "cy"], "lives": 4}, "lives must be 2 (the rule) or 3"),
    ({"players": ["ann", "ben", "cy"], "first": "dee"}, "first player 'dee' is not one of the players"),
    ({"players": ["ann", "ben", ""]}, "each player's name must be 1 to 24 characters"),
    ({"players": ["ann", "ben", "cy"], "colour": 1}, "unknown setup field(s): colour"),
    ([], "setup must be a JSON object"),
])
def test_setup_errors_name_the_problem(setup: object, reason: str) -> None:
    with pytest.raises(RuleError) as info:
        parse_setup(setup)
    assert reason in str(info.value)


def test_lives_two_or_three() -> None:
    """"Deal 2 life chips to players" ... "you should set the initial life to 3"."""
    assert parse_setup({"players": ["ann", "ben", "cy"]}).lives == 2
    assert parse_setup({"players": ["ann", "ben", "cy"], "lives": 3}).to_json() == {"players": ["ann", "ben", "cy"],
                                                                                    "lives": 3}
