"""What the engine knows about hidden stacks, and the taps it refuses."""

from __future__ import annotations

import json

from conftest import Table


def test_a_card_already_in_a_line_cannot_be_drawn(table: type[Table]) -> None:
    t = table(["kyuzo", "heihachi"])
    t.do("fight", "tap 3-hat-barricade", "confront")
    t.do("fight")
    assert t.refuse("tap 3-hat-barricade") == "3-hat-barricade is already in Kyuzo's combat line"


def test_discarded_and_defended_cards_are_known(table: type[Table]) -> None:
    t = table(["kyuzo", "heihachi"])
    t.arrange(discard=["2-hat-none"], defence={"heihachi": ["2-doll-none"]})
    t.do("fight")
    assert t.refuse("tap 2-hat-none") == "2-hat-none is on the discard pile"
    assert t.refuse("tap 2-doll-none") == "2-doll-none is already on Heihachi's defence side"


def test_unknown_ids_and_wrong_moments_are_refused(table: type[Table]) -> None:
    t = table(["kyuzo", "heihachi"])
    assert t.refuse("tap 9-hat-none") == "unknown card '9-hat-none'"
    assert t.refuse("tap 1-hat-none").startswith("not waiting for a card now")
    t.do("fight")
    assert "tap a card first" in t.refuse("press confront")


def test_possible_taps_shrink_as_plunderers_are_used_up(table: type[Table]) -> None:
    t = table(["kyuzo", "heihachi"])
    t.do("fight")
    assert len(t.play.possible_taps()) == 52


def test_a_hidden_tap_is_known_to_the_engine_but_never_shown(table: type[Table]) -> None:
    t = table(["kyuzo", "heihachi"])
    t.do("support", "hidden 4-doll-wound")
    assert "4-doll-wound" not in json.dumps(t.view()["stacks"]) + json.dumps(t.view()["samurai"])
    t.do("fight")
    assert "4-doll-wound" in t.play.possible_taps(), "public list keeps the secret"
    assert t.refuse("tap 4-doll-wound") == "4-doll-wound is in the Intruder stack"


def test_hidden_tap_needs_an_unidentified_intruder_card(table: type[Table]) -> None:
    t = table(["kyuzo", "heihachi"])
    assert "no card went face down" in t.refuse("hidden 4-doll-wound")
    t.do("support")
    t.do("hidden 4-doll-wound")
    assert "no card went face down" in t.refuse("hidden 3-doll-wound")


def test_a_hidden_card_must_match_when_revealed(table: type[Table]) -> None:
    t = table(["kyuzo", "heihachi"])
    t.arrange(defence={"kyuzo": ["1-hat-none", "1-farm-no-support", "1-doll-none"],
                       "heihachi": ["2-hat-none", "2-farm-no-support", "2-doll-none"]})
    t.keep_raider(2)
    t.do("support", "hidden 4-doll-wound", "fight", "tap 3-hat-none")
    assert t.prompt.tap == "intruder" and "Family bonus C" in t.prompt.text
    assert t.refuse("tap 4-hat-none") == "4-hat-none is not the card that was slid face down onto the Intruder stack"
    t.do("tap 4-doll-wound")
