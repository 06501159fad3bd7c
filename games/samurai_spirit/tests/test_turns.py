"""Turn order, the three actions, Support tokens and the end of a round's play."""

from __future__ import annotations

from games.samurai_spirit.rules import turn
from games.samurai_spirit.tests.spirit_table import Table


def test_a_turn_offers_exactly_fight_support_pass(table: type[Table]) -> None:
    t = table(["kyuzo", "heihachi"])
    assert t.prompt.kind == "action" and t.prompt.options == ("fight", "support", "pass")
    assert t.refuse("press confront") == ("Confront not possible yet: first turn over the top Raider card and tap it, "
                                          "then press Confront.")


def test_past_the_kiai_forces_a_pass(table: type[Table]) -> None:
    t = table(["kyuzo", "daisuke"])
    t.arrange(combat={"daisuke": ["4-hat-none", "4-doll-none", "1-hat-none"]})
    events = t.do("fight", "tap 3-doll-none", "defend")
    assert "Daisuke is past the Kiai (9 of 8) and must Pass: lay the meeple down." in t.texts(events)
    assert t.sam("daisuke").passed and t.prompt.actor == "kyuzo"


def test_flip_at_turn_start_can_lift_the_forced_pass_faq(table: type[Table]) -> None:
    t = table(["kyuzo", "daisuke"])
    t.arrange(combat={"daisuke": ["4-hat-none", "4-doll-none", "1-hat-wound"]}, wounds={"daisuke": 1})
    events = t.do("fight", "tap 3-doll-none", "defend")
    assert "flip Daisuke's board to the animal side" in t.texts(events)
    assert t.prompt.actor == "daisuke" and t.prompt.options == ("fight", "support", "pass")


def test_flip_onto_the_animal_kiai_activates_it_faq(table: type[Table]) -> None:
    t = table(["kyuzo", "daisuke"])
    t.arrange(combat={"daisuke": ["4-hat-none", "4-doll-none", "2-hat-none", "1-hat-wound"]},
              wounds={"daisuke": 1})
    events = t.do("fight", "tap 3-doll-none", "defend")
    assert "Daisuke reaches the Kiai (11) exactly!" in t.texts(events)
    assert t.prompt.kind == "kiai" and t.prompt.actor == "daisuke"


def test_support_needs_another_samurai_in_the_round_faq(table: type[Table]) -> None:
    t = table(["kyuzo", "heihachi"], first="heihachi")
    t.do("pass")
    assert t.prompt.options == ("fight", "pass")
    assert t.refuse("press support") == ("Support needs another Samurai still in the round. "
                                         "Kyuzo: turn over the top Raider card and tap it - or press Pass.")


def test_support_hands_the_token_and_sends_a_card_unseen_to_the_intruders(table: type[Table]) -> None:
    t = table(["kyuzo", "heihachi", "daisuke"])
    raider = t.view()["stacks"]["raider"]
    events = t.do("support", "daisuke")
    assert "hand over the support token" in t.texts(events)
    stacks = t.view()["stacks"]
    assert stacks["raider"] == raider - 1 and stacks["intruder"] == 1
    assert t.sam("kyuzo").token_holder == "daisuke"
    t.do("fight", "tap 4-hat-none", "defend")  # Heihachi
    assert t.sam("kyuzo").token_holder == "daisuke", "kept until the receiver's own turn ends"
    t.do("fight", "tap 4-doll-none", "defend")  # Daisuke, with Kyuzo's token
    assert t.sam("kyuzo").token_holder == "kyuzo"


def test_support_needs_the_own_token_in_hand(table: type[Table]) -> None:
    t = table(["kyuzo", "heihachi", "daisuke"])
    t.sam("kyuzo").token_holder = "daisuke"
    why = turn.why_not_support(t.play, t.sam("kyuzo"))
    assert why is not None and why.text == "Support not allowed: Kyuzo's support token is with Daisuke"
    assert turn.actions(t.play, t.sam("kyuzo")) == ["fight", "pass"]


def test_passed_samurai_are_skipped(table: type[Table]) -> None:
    t = table(["kyuzo", "heihachi", "daisuke"])
    events = t.do("pass")
    assert "Kyuzo passes: lay the meeple down on 0" in t.texts(events)
    t.do("fight", "tap 4-hat-none", "defend", "fight", "tap 4-doll-none", "defend")
    assert t.prompt.actor == "heihachi"


def test_the_round_ends_when_the_last_card_is_played(table: type[Table]) -> None:
    t = table(["kyuzo", "heihachi"])
    t.keep_raider(1)
    events = t.do("fight", "tap 4-hat-none", "defend")
    assert "End of round 1." in t.texts(events)


def test_when_all_pass_the_rest_of_the_stack_joins_the_intruders(table: type[Table]) -> None:
    t = table(["kyuzo", "heihachi"])
    t.keep_raider(3)
    events = t.do("pass", "pass")
    assert "Everyone has passed: put the remaining Raider cards (3) on top of the Intruder stack." in t.texts(events)
    assert t.prompt.tap == "intruder" and t.prompt.actor == "table"
