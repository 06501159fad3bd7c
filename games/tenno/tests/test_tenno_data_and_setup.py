"""The component file (77 cards, unverified values flagged) and the set-up checks."""

from __future__ import annotations

import pytest

from engine import RuleError
from games.tenno import Tenno
from games.tenno.catalogue import load_catalogue, packaged_text


def test_seventy_seven_cards_in_seven_colours_of_eleven() -> None:
    """"77 Personenkarten (7 Sets à 11 Karten)": three Farmers 1, 2, 3, Ninja, Monk, Ronin, two Samurai, Daimyo,
    Shogun, Geisha."""
    cat = load_catalogue()
    assert len(cat.cards) == 77 and len(cat.colours) == 7
    assert all(len(ids) == 11 for ids in cat.by_colour.values())
    red = {c.id: (c.value, c.attack, c.defend) for c in cat.cards.values() if c.colour == "red"}
    assert red["red-farmer-1"] == (1, 1, 1) and red["red-farmer-3"] == (3, 3, 3)
    assert red["red-ninja"] == (4, 8, 4) and red["red-ronin"] == (6, 6, 6)
    assert "red-samurai-7" in red and "blue-geisha" in cat.cards


def test_what_the_rulebook_does_not_print_is_flagged_unverified() -> None:
    cat = load_catalogue()
    unverified = {cid.split("-", 1)[1] for cid in cat.unverified()}
    assert unverified == {"monk", "samurai-7", "samurai-8", "daimyo", "shogun", "geisha"}
    assert "UNVERIFIED" in packaged_text() and "colour names are not printed" in packaged_text()


@pytest.mark.parametrize(("old", "new", "said"), [
    ('id = "red-ninja"', 'id = "red-ninjo"', "entry 4 (id 'red-ninjo'): id 'red-ninjo' must be <colour>-<role>"),
    ('attack = 8, defend = 4', 'attack = 8.5, defend = 4', "attack 8.5 is not a whole number"),
    ('id = "red-shogun", kind = "card", label = "Red Shogun", attributes = { colour = "red", role = "shogun", '
     'value = 10, attack = 10, defend = 10',
     'id = "red-shogun", kind = "card", label = "Red Shogun", attributes = { colour = "red", role = "shogun", '
     'value = 10, attack = 10, defend = 9', "the Shogun must defend stronger than any attack"),
    ('role = "monk", value = 5', 'role = "ronin", value = 5', "does not match colour 'red' and role 'ronin'"),
])
def test_an_edited_file_is_checked_and_the_entry_at_fault_named(old: str, new: str, said: str) -> None:
    text = packaged_text()
    assert old in text
    with pytest.raises(RuleError) as caught:
        load_catalogue(text.replace(old, new, 1))
    assert said in str(caught.value)


def test_a_set_missing_a_card_is_refused() -> None:
    lines = [line for line in packaged_text().splitlines() if '"red-daimyo"' not in line]
    with pytest.raises(RuleError, match="the red set must hold"):
        load_catalogue("\n".join(lines))


@pytest.mark.parametrize(("setup", "said"), [
    ({"players": ["red"]}, "Tenno needs 2 to 7 players, not 1"),
    ({"players": ["red", "pink"]}, "'pink' is not a set colour"),
    ({"players": ["red", "red"]}, "red is named twice"),
    ({"players": ["red", "blue"], "first": "green"}, "first player 'green' is not one of the players"),
    ({"players": ["red", "blue"], "lives": 2}, "unknown setup field(s): lives"),
    (["red", "blue"], "setup must be a JSON object"),
])
def test_bad_setups_say_what_is_wrong(setup: object, said: str) -> None:
    with pytest.raises(RuleError) as caught:
        Tenno().parse_setup(setup)
    assert said in str(caught.value)


def test_a_setup_round_trips() -> None:
    game = Tenno()
    setup = game.parse_setup({"players": ["red", "blue", "white"], "first": "white", "seed": 3})
    assert game.parse_setup(setup.to_json()) == setup and setup.to_json() == {"players": ["red", "blue", "white"],
                                                                              "first": "white"}
