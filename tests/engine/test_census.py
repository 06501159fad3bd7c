"""The rulebook's totals as data, and the census that checks an owner's components against them.

Every registered game that ships a census keeps its own totals; the census
itself is tested on Samurai Spirit's, the richest (kinds with groups, extras,
distinct boards). A game's own totals are tested in its folder's tests/
(test_*_census.py). Every total here is the rulebook's: each test quotes the
sentence it comes from.
"""

from __future__ import annotations

from dataclasses import replace
from importlib import resources

import pytest

from engine.core.census import (
    Census,
    Named,
    Totals,
    Words,
    answered,
    check_entry,
    differences,
    effective,
    fitting,
    parse_totals,
    progress,
)
from engine.core.components import Component, digest, parse_components, render
from engine.core.errors import RuleError
from engine.core.messages import Message
from engine.core.registry import entry, game_names


def census_games() -> list[str]:
    """The registered games that ship a census (data/census.toml in their package): a game may have none."""
    return [name for name in game_names()
            if resources.files(entry(name).package).joinpath("data", "census.toml").is_file()]


def _load(package: str) -> tuple[Totals, list[Component]]:
    folder = resources.files(package if "." in package else f"games.{package}").joinpath("data")
    totals = parse_totals(folder.joinpath("census.toml").read_text("utf-8"), "census.toml")
    extras = {name for name, kind in totals.kinds.items() if kind.extras}
    entries = parse_components(folder.joinpath("components.toml").read_text("utf-8"), "components.toml",
                               set(totals.kinds), extras)
    return totals, entries


def _text(message: Message | None) -> str:
    assert message is not None, "expected a refusal"
    return message.text


SS_TOTALS, SS = _load("samurai_spirit")
BY_ID = {e.id: e for e in SS}


def _card(base: str, **answers: object) -> Component:
    return answered(SS_TOTALS.kinds["card"], BY_ID[base], answers)


@pytest.mark.parametrize("name", census_games())
def test_every_shipped_entry_keeps_every_total(name: str) -> None:
    totals, entries = _load(entry(name).package)
    assert totals.game == name, f"{name}: its census.toml is the census of {totals.game!r}"
    for component in entries:
        assert check_entry(totals, entries, component) is None, component.id
    everything = {e.id for e in entries}
    assert all(p.complete for p in progress(totals, entries, everything))


def test_a_fourteenth_3_is_refused_naming_the_total() -> None:
    """13 Plunderers of each value: a card corrected into a fourth value's place breaks its total."""
    refusal = check_entry(SS_TOTALS, SS, _card("4-doll-none", value=3))
    assert _text(refusal) == ("One too many: the rulebook's total is 13 Plunderers of value 3, and this would be "
                              "number 14.")
    assert check_entry(SS_TOTALS, SS, _card("3-doll-none", symbol="hat")) is None, "a 3 corrected in its own place"


def test_an_eighth_boss_is_refused_unless_declared_extra() -> None:
    """"7 Bosses (value: 6)": a promo Boss is only taken as an extra component."""
    boss = {"value": 6, "symbol": "hat", "penalties": ["wound"], "flames": True}
    plain = answered(SS_TOTALS.kinds["card"], None, boss, "promo-boss", extra=True)
    assert _text(check_entry(SS_TOTALS, SS, replace(plain, extra=False))) == (
        "One too many: the rulebook's total is 7 Bosses, and this would be number 8.")
    assert plain.extra and check_entry(SS_TOTALS, SS, plain) is None


def test_an_unknown_penalty_and_too_many_penalties_are_refused() -> None:
    """The printed penalty lists; "some Bosses show two" (one on every other card)."""
    assert _text(check_entry(SS_TOTALS, SS, _card("3-doll-none", penalties=["bogus"]))).startswith(
        "'bogus' is not a penalty printed on this component; the rulebook's are: 'barricade', 'wound'")
    assert "not a penalty" in _text(check_entry(SS_TOTALS, SS, _card("3-doll-none", penalties=["must-pass"]))), \
        "a Boss penalty on a Plunderer"
    assert _text(check_entry(SS_TOTALS, SS, _card("3-doll-none", penalties=["wound", "barricade"]))) == (
        "At most 1 penalty on this component, not 2.")
    assert check_entry(SS_TOTALS, SS, _card("6-doll-must-pass", penalties=["must-pass", "wound"])) is None
    assert _text(check_entry(SS_TOTALS, SS, _card("6-doll-must-pass", penalties=["must-pass", "wound", "intruder"]))
                 ) == "At most 2 penalties on this component, not 3."
    assert _text(check_entry(SS_TOTALS, SS, _card("6-doll-must-pass", penalties=["wound", "wound"]))) == (
        "'wound' is given twice.")


def test_one_symbol_at_most_and_answers_of_the_right_kind() -> None:
    """"Possibly a Defense symbol (hat, farm, doll)": one of them, or none."""
    assert "not a symbol printed" in _text(check_entry(SS_TOTALS, SS, _card("3-doll-none", symbol="hat+doll")))
    assert _text(check_entry(SS_TOTALS, SS, _card("3-doll-none", flames="yes"))) == (
        "flames must be yes or no, not 'yes'.")
    assert _text(check_entry(SS_TOTALS, SS, _card("3-doll-none", value="3"))) == (
        "value must be a whole number, not '3'.")


def test_a_second_kyuzo_and_a_kiai_off_the_track_are_refused() -> None:
    """"7 Samurai game boards", one per Samurai; the Kiai is a space of the battle track, and the animal side has
    "a longer battle track and a more powerful Kiai"."""
    kind = SS_TOTALS.kinds["samurai"]
    kyuzo = answered(kind, BY_ID["kyuzo"], {"id": "kyuzo", "kiai.human": 9, "kiai.animal": 12})
    assert check_entry(SS_TOTALS, SS, kyuzo) is None
    assert _text(check_entry(SS_TOTALS, SS, kyuzo, taken={"kyuzo"})) == (
        "A second Kyuzo: the box holds one, already checked.")
    assert _text(check_entry(SS_TOTALS, SS, answered(kind, BY_ID["kyuzo"], {"kiai.human": 25}))) == (
        "human Kiai 25 is outside the track: from 3 to 20.")
    assert _text(check_entry(SS_TOTALS, SS, answered(kind, BY_ID["kyuzo"], {"kiai.animal": 8}))) == (
        "animal Kiai 8 cannot be lower than human Kiai 9.")
    assert _text(check_entry(SS_TOTALS, SS, answered(kind, None, {"id": "musashi"}, extra=True))) == (
        "The rulebook's Samurai boards are all there is: no extra one can be declared.")
    assert "not a Samurai printed" in _text(check_entry(
        SS_TOTALS, SS, replace(answered(kind, BY_ID["kyuzo"], {}), id="musashi")))


def test_answers_set_a_board_s_faces_verified() -> None:
    kyuzo = answered(SS_TOTALS.kinds["samurai"], BY_ID["kyuzo"], {"kiai.human": 8, "kiai.animal": 11})
    assert kyuzo.verified and kyuzo.attributes["kiai"] == {"human": 8, "animal": 11}
    assert kyuzo.attributes["faces_verified"] == {"human": True, "animal": True}
    assert BY_ID["kyuzo"].attributes["kiai"] == {"human": 9, "animal": 12}, "the shipped entry is not changed"


def test_progress_says_what_is_missing() -> None:
    """"52 Plunderers (value: 1, 2, 3, or 4)", "7 Bosses": what the owner has not checked yet, by group."""
    left = {"4-hat-none", "4-doll-none", "6-plain-discard-defence"}
    checked = {e.id for e in SS if e.kind == "card"} - left
    cards = progress(SS_TOTALS, SS, checked)[0]
    assert cards.message.text == "63 of 66 Raider cards; missing: 2 Plunderers of value 4, 1 Boss."
    assert not cards.complete
    boards = progress(SS_TOTALS, SS, {"kyuzo", "kikuchiyo"})[1]
    assert boards.message.text == ("2 of 7 Samurai boards; missing: Daisuke, Katsushiro, Gorobei, Heihachi, "
                                   "Kanbei.")
    promo = answered(SS_TOTALS.kinds["card"], None, {"value": 6, "symbol": "", "penalties": [], "flames": True},
                     "promo", extra=True)
    every = progress(SS_TOTALS, [*SS, promo], {e.id for e in SS} | {"promo"})[0]
    assert every.message.text == "66 of 66 Raider cards: all there, and 1 extra."


def test_progress_words_come_in_the_tables_language() -> None:
    """The data names each group in four languages; the edge picks one (companion.census.words)."""
    cards = progress(SS_TOTALS, SS, set())[0]
    boss = cards.missing[-1]
    assert (boss.text("en"), boss.text("de"), boss.text("fr"), boss.text("nl")) == (
        "7 Bosses", "7 Bosse", "7 Chefs", "7 Bazen")
    assert cards.missing[0].text("fr") == "13 Pillards de valeur 1"
    assert Named(1, Words((("en", "Boss", "Bosses"),))).text("de") == "1 Boss", "English when a language is missing"


def test_the_entries_that_fit_come_first_then_the_nearest_to_correct() -> None:
    fits = fitting(SS_TOTALS, SS, "card", {"value": 4, "symbol": "hat"})
    assert [f.entry.id for f in fits if f.exact] == ["4-hat-barricade", "4-hat-right-draws", "4-hat-none"]
    assert all(not f.exact and "value" not in f.differs for f in fits[3:]) and len(fits) == 6
    checked_first = fitting(SS_TOTALS, SS, "card", {"value": 4, "symbol": "hat"}, checked={"4-hat-barricade"})
    assert [f.entry.id for f in checked_first[:3]] == ["4-hat-right-draws", "4-hat-none", "4-hat-barricade"]
    one = fitting(SS_TOTALS, SS, "card", {"value": 3, "symbol": "doll", "penalties": ["wound"], "flames": True})
    assert one[0].entry.id == "3-doll-wound" and one[0].exact
    partial = fitting(SS_TOTALS, SS, "card", {"value": 6, "penalties": ["shuffle-discard"]})
    assert [f.entry.id for f in partial if f.exact] == ["6-plain-no-defend+shuffle-discard"]
    nothing = fitting(SS_TOTALS, SS, "card", {"value": 2, "symbol": "hat", "penalties": ["left-draws"]})
    assert not any(f.exact for f in nothing) and {f.entry.attributes["value"] for f in nothing} == {2}


def test_the_data_in_force_and_the_differences() -> None:
    mine = [_card("6-doll-must-pass", penalties=["no-talent"]),
            replace(BY_ID["1-hat-none"], verified=True),
            answered(SS_TOTALS.kinds["card"], None, {"value": 6, "symbol": "hat", "penalties": ["wound"],
                                                     "flames": True}, "promo", label="Promo Boss", extra=True)]
    entries = effective(SS, mine)
    assert len(entries) == len(SS) + 1 and entries[-1].id == "promo"
    assert next(e for e in entries if e.id == "6-doll-must-pass").attributes["penalties"] == ["no-talent"]
    found = differences(SS, mine, SS_TOTALS)
    assert [(d.id, d.change) for d in found] == [("1-hat-none", "checked"), ("6-doll-must-pass", "changed"),
                                                 ("promo", "added")]
    assert found[1].fields == (("penalties", ["must-pass"], ["no-talent"]),)


def test_an_owner_entry_under_an_earlier_id_means_the_same_card() -> None:
    """The hat, doll and farm Bosses were renamed when their penalties were corrected (`formerly`)."""
    old = replace(_card("6-doll-must-pass"), id="6-doll-no-talent")
    entries = effective(SS, [old])
    assert [e.id for e in entries].count("6-doll-must-pass") == 1 and len(entries) == len(SS)
    assert next(e for e in entries if e.id == "6-doll-must-pass").verified
    census = Census(SS_TOTALS, SS, [old])
    assert census.checked() == {"6-doll-must-pass"}


def test_the_components_text_reads_back_as_the_same_entries() -> None:
    text = render(SS, "a head\nof two lines", {"game": "samurai-spirit"})
    again = parse_components(text, "x.toml", set(SS_TOTALS.kinds), {"card"})
    assert again == SS and [e.formerly for e in again] == [e.formerly for e in SS]
    assert render(again, "a head\nof two lines", {"game": "samurai-spirit"}) == text
    assert digest(text) == digest(render(SS, "a head\nof two lines", {"game": "samurai-spirit"}))


@pytest.mark.parametrize(("old", "new", "said"), [
    ("count = 66", "count = -1", "count must be a whole number"),
    ('type = "names"', 'type = "list"', "type 'list' is not one of int, text, bool, names"),
    ("most = 1\n", "most = 0\n", "most must be a whole number from 1"),
    ('format = 1', 'format = 2', "format 2 is not supported"),
])
def test_a_bad_census_file_is_named(old: str, new: str, said: str) -> None:
    text = resources.files("games.samurai_spirit").joinpath("data", "census.toml").read_text("utf-8")
    assert old in text
    with pytest.raises(RuleError, match="census.toml") as info:
        parse_totals(text.replace(old, new, 1), "census.toml")
    assert said in str(info.value)
