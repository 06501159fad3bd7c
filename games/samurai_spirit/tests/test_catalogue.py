"""The component data file: contents and validation messages."""

from __future__ import annotations

import pytest

from engine import RuleError
from games.samurai_spirit.catalogue import load_catalogue, packaged_text, parse_catalogue


def test_packaged_catalogue_has_the_66_cards() -> None:
    cat = load_catalogue()
    values = [c.value for c in cat.cards.values()]
    assert len(values) == 66
    assert {v: values.count(v) for v in range(1, 7)} == {1: 13, 2: 13, 3: 13, 4: 13, 5: 7, 6: 7}
    assert sum(1 for c in cat.cards.values() if c.rank == "plunderer") == 52
    assert set(cat.samurai) == {"kikuchiyo", "kyuzo", "daisuke", "katsushiro", "gorobei", "heihachi", "kanbei"}
    assert sum(cat.farmstead_counts.values()) == 6
    assert len(cat.families) == 3


def test_rulebook_values_are_marked_verified_and_guesses_are_not() -> None:
    cat = load_catalogue()
    assert cat.cards["3-doll-wound"].verified and cat.cards["3-doll-wound"].flames
    assert cat.cards["1-doll-barricade"].verified
    assert cat.samurai["kikuchiyo"].kiai == {"human": 10, "animal": 13}
    assert cat.samurai["kikuchiyo"].verified == {"human": True, "animal": True}
    assert cat.samurai["kyuzo"].kiai["human"] == 9 and cat.samurai["kyuzo"].verified["human"]
    assert cat.samurai["daisuke"].kiai["human"] == 8
    assert cat.samurai["katsushiro"].kiai["human"] == 10
    assert not cat.samurai["gorobei"].verified["human"]
    notes = cat.unverified()
    assert any("Raider cards" in n for n in notes) and "Farmstead penalty split" in notes


def test_every_boss_penalty_and_two_penalty_bosses_exist() -> None:
    cards = load_catalogue().cards.values()
    boss_pens = {p for c in cards if c.value == 6 for p in c.penalties}
    assert {"must-pass", "shuffle-discard", "no-talent", "discard-defence"} <= boss_pens
    assert any(len(c.penalties) == 2 for c in cards if c.value == 6)
    assert {p for c in cards for p in c.penalties} >= {
        "barricade", "wound", "intruder", "no-defend", "no-support", "left-draws", "right-draws"}


def _edit(old: str, new: str) -> str:
    text = packaged_text()
    assert old in text
    return text.replace(old, new, 1)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('value = 1, symbol = "hat", penalties = []', 'value = 7, symbol = "hat", penalties = []',
         "entry 2 (id '1-hat-none'): value 7 is not a whole number from 1 to 6"),
        ('id = "1-hat-none"', 'id = "1-hat-wound"', "entry 2: id '1-hat-wound' appears twice"),
        ('value = 1, symbol = "hat", penalties = []', 'value = 2, symbol = "hat", penalties = []',
         "found 66: 12 of value 1, 14 of value 2"),
        ('symbol = "hat", penalties = ["wound"]', 'symbol = "cat", penalties = ["wound"]', "symbol 'cat'"),
        ('penalties = ["no-defend"]', 'penalties = ["must-pass"]', "penalty 'must-pass' is not one a Plunderer"),
        ("kiai = { human = 9, animal = 12 }", "kiai = { human = 9, animal = 2 }", "animal Kiai 2 is not"),
        ('{ penalty = "D" }', '{ penalty = "E" }', "entry 79 (id 'farmstead-6'): attributes must hold only penalty"),
        ('id = "family-3", kind = "family"', 'id = "family-3", kind = "farmstead"', "entry 82 (id 'family-3'): attributes must hold only penalty"),
        ("format = 1", "format = 2", "format 2 is not supported"),
        ("faces_verified = { human = true, animal = true } }, verified = true",
         "faces_verified = { human = true, animal = true } }, verified = false",
         "(id 'kikuchiyo'): verified must be true exactly when both faces_verified are true"),
    ],
)
def test_bad_data_is_refused_with_the_entry_named(old: str, new: str, message: str) -> None:
    with pytest.raises(RuleError, match="components.toml") as info:
        parse_catalogue(_edit(old, new))
    assert message in str(info.value)


def test_card_error_names_its_index_and_id() -> None:
    with pytest.raises(RuleError) as info:
        parse_catalogue(_edit('value = 3, symbol = "hat", penalties = []', 'value = 0, symbol = "hat", penalties = []'))
    assert "components.toml: entry 28 (id '3-hat-none'): value 0" in str(info.value)


def test_toml_syntax_error_names_the_line() -> None:
    with pytest.raises(RuleError, match="not valid TOML.*line"):
        parse_catalogue(packaged_text() + "\nthis is = = broken\n", "my-cards.toml")


def test_an_owner_can_correct_a_card_without_code() -> None:
    text = _edit('value = 2, symbol = "hat", penalties = [], flames = true',
                 'value = 2, symbol = "farm", penalties = ["wound"], flames = false')
    card = parse_catalogue(text).cards["2-hat-none"]
    assert (card.symbol, card.penalties, card.flames) == ("farm", ("wound",), False)
