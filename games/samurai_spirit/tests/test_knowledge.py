"""What the engine knows about hidden stacks, and the taps it refuses."""

from __future__ import annotations

import json

from games.samurai_spirit.tests.spirit_table import Table


def test_a_card_already_in_a_line_cannot_be_drawn(table: type[Table]) -> None:
    t = table(["kyuzo", "heihachi"])
    t.do("fight", "tap 3-hat-barricade", "confront")
    t.do("fight")
    assert t.refuse("tap 3-hat-barricade") == "3-hat-barricade is already in Kyuzo's combat line: tap the card just turned over."


def test_discarded_and_defended_cards_are_known(table: type[Table]) -> None:
    t = table(["kyuzo", "heihachi"])
    t.arrange(discard=["2-hat-none"], defence={"heihachi": ["2-doll-none"]})
    t.do("fight")
    assert t.refuse("tap 2-hat-none") == "2-hat-none is on the discard pile: tap the card just turned over."
    assert t.refuse("tap 2-doll-none") == "2-doll-none is already on Heihachi's defence side: tap the card just turned over."


def test_unknown_ids_and_wrong_moments_are_refused(table: type[Table]) -> None:
    t = table(["kyuzo", "heihachi"])
    assert t.refuse("tap 9-hat-none") == "Unknown card '9-hat-none': this tag is bound to no card of this game."
    assert t.refuse("tap 1-hat-none").startswith("Not waiting for a card now")
    t.do("fight")
    assert "Confront is not possible now. Kyuzo: turn over the top Raider card and tap it." == t.refuse("press confront")


def test_possible_taps_shrink_as_plunderers_are_used_up(table: type[Table]) -> None:
    t = table(["kyuzo", "heihachi"])
    t.do("fight")
    assert len(t.play.possible_taps()) == 52


def test_a_hidden_tap_is_known_to_the_engine_but_never_shown(table: type[Table]) -> None:
    t = table(["kyuzo", "heihachi"])
    t.do("support", "hidden 4-doll-wound")
    assert t.st.cards.hidden == {"4-doll-wound"}
    assert "4-doll-wound" not in json.dumps(t.view())
    t.do("fight")
    assert "4-doll-wound" in t.play.possible_taps(), "public list keeps the secret"


def test_hidden_tap_needs_an_unidentified_intruder_card(table: type[Table]) -> None:
    t = table(["kyuzo", "heihachi"])
    assert "No card went face down" in t.refuse("hidden 4-doll-wound")
    t.do("support")
    t.do("hidden 4-doll-wound")
    assert "No card went face down" in t.refuse("hidden 3-doll-wound")


LIEUTENANTS = ["5-doll-intruder", "5-farm-barricade", "5-hat-wound", "5-plain-barricade", "5-plain-intruder",
               "5-plain-no-support", "5-plain-wound"]


def _round_two(table: type[Table]) -> Table:
    """Two Samurai pass at once, the round-1 Intruders are revealed: round 2 with 2 unknown Lieutenants."""
    t = table(["kyuzo", "heihachi"], first="heihachi")
    t.do("pass", "pass")
    while t.prompt.tap == "intruder":
        t.do("tap " + t.play.possible_taps()[0])
    assert t.view()["round"] == 2
    return t


def test_options_after_both_lieutenants_went_face_down_still_list_every_lieutenant(table: type[Table]) -> None:
    """Issue 9: the options of the next draw told the table which Lieutenants were face down."""
    t = _round_two(table)
    t.do("support", "hidden 5-hat-wound", "support", "hidden 5-plain-wound")
    t.do("fight")
    possible = t.play.possible_taps()
    assert [c for c in possible if c.startswith("5-")] == LIEUTENANTS
    assert t.view()["pending"]["options"] == possible


def test_a_card_noted_face_down_can_still_be_drawn_and_the_note_is_dropped(table: type[Table]) -> None:
    """Refusing it would tell the table where the hidden card is; the later, public tap wins."""
    t = table(["kyuzo", "heihachi"])
    t.do("support", "hidden 4-doll-wound")
    assert t.st.cards.hidden == {"4-doll-wound"}
    t.do("fight", "tap 4-doll-wound")
    assert t.prompt.subject == "4-doll-wound"
    assert t.st.cards.hidden == set()


def test_a_second_hidden_tap_of_the_same_card_replaces_the_first_note(table: type[Table]) -> None:
    t = table(["kyuzo", "heihachi"])
    t.do("support", "hidden 4-doll-wound", "support", "hidden 4-doll-wound")
    assert t.st.cards.hidden == {"4-doll-wound"}
    assert "No card went face down" in t.refuse("hidden 3-doll-wound")


def test_a_revealed_intruder_card_is_checked_against_public_knowledge_only(table: type[Table]) -> None:
    t = table(["kyuzo", "heihachi"])
    t.arrange(defence={"kyuzo": ["1-hat-none", "1-farm-no-support", "1-doll-none"],
                       "heihachi": ["2-hat-none", "2-farm-no-support", "2-doll-none"]})
    t.keep_raider(2)
    t.do("support", "hidden 4-doll-wound", "fight", "tap 3-hat-none")
    assert t.prompt.tap == "intruder" and "Family bonus C" in t.prompt.text
    assert t.refuse("tap 2-hat-none") == "2-hat-none is already on Heihachi's defence side: tap the card just turned over."
    t.do("tap 4-hat-none")
    assert t.st.cards.hidden == set()
