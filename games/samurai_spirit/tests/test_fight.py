"""Fight: Confront, Defend, the battle track, and the four drawing talents."""

from __future__ import annotations

from games.samurai_spirit.tests.spirit_table import Table


def test_confront_moves_the_track_to_the_combat_total(table: type[Table]) -> None:
    t = table(["kyuzo", "heihachi"])
    t.do("fight", "tap 4-hat-none")
    assert t.prompt.kind == "fight" and t.prompt.options == ("confront", "defend")
    t.do("press confront")
    kyuzo = t.view()["samurai"][0]
    assert kyuzo["combat"] == ["4-hat-none"] and kyuzo["track"] == 4 and kyuzo["defence"] == []


def test_defend_puts_the_card_left_and_leaves_the_track(table: type[Table]) -> None:
    t = table(["kyuzo", "heihachi"])
    t.do("fight", "tap 3-doll-none", "defend")
    kyuzo = t.view()["samurai"][0]
    assert kyuzo["defence"] == ["3-doll-none"] and kyuzo["defends"] == ["doll"] and kyuzo["track"] == 0


def test_a_card_without_symbol_must_be_confronted(table: type[Table]) -> None:
    t = table(["kyuzo", "heihachi"])
    events = t.do("fight", "tap 1-plain-barricade")
    assert "Defend not allowed: 1-plain-barricade has no symbol: Kyuzo must Confront" in t.texts(events)
    assert t.sam("kyuzo").combat == ["1-plain-barricade"]
    assert t.prompt.actor == "heihachi"


def test_defend_refused_when_the_symbol_is_already_defended(table: type[Table]) -> None:
    t = table(["kyuzo", "heihachi"])
    t.arrange(defence={"kyuzo": ["2-hat-none"]}, combat={"kyuzo": ["4-doll-none"]})
    t.do("fight", "tap 4-hat-none")
    assert t.prompt.options == ("confront", "discard")
    assert t.refuse("press defend") == "Defend not allowed: Kyuzo already defends a hat: press Confront."
    assert "pass" in t.refuse("press pass").lower()


def test_at_most_three_defence_cards_one_per_symbol(table: type[Table]) -> None:
    t = table(["kikuchiyo", "kyuzo"])
    t.arrange(defence={"kikuchiyo": ["1-hat-none", "2-doll-none", "1-farm-no-support"]})
    events = t.do("fight", "tap 3-hat-none")
    assert "already defends a hat" in t.texts(events)
    assert len(t.sam("kikuchiyo").defence) == 3


def test_past_the_kiai_removes_a_barricade(table: type[Table]) -> None:
    t = table(["daisuke", "kyuzo"])
    t.arrange(combat={"daisuke": ["4-hat-none", "3-hat-none"]})
    events = t.do("fight", "tap 2-doll-none", "confront")
    assert t.st.track(t.sam("daisuke")) == 9
    assert "Daisuke is overcome (9 past Kiai 8): remove one Barricade (3 left)." in t.texts(events)
    assert t.view()["village"]["barricades"] == 3


def test_past_the_kiai_without_barricades_destroys_a_farmstead(table: type[Table]) -> None:
    t = table(["daisuke", "kyuzo"])
    t.arrange(combat={"daisuke": ["4-hat-none", "3-hat-none"]}, barricades=0)
    events = t.do("fight", "tap 2-doll-none", "confront")
    assert "no Barricade is left: destroy one Farmstead (5 left)" in t.texts(events)
    assert t.view()["village"]["farmsteads"] == 5


def test_kikuchiyo_fights_twice_rulebook_example(table: type[Table]) -> None:
    t = table(["kikuchiyo", "kyuzo"])
    t.do("fight", "tap 3-farm-no-support", "defend")
    assert t.prompt.kind == "fight-again" and t.prompt.actor == "kikuchiyo"
    t.do("yes", "tap 2-hat-none", "confront")
    kiku = t.view()["samurai"][0]
    assert kiku["defence"] == ["3-farm-no-support"] and kiku["combat"] == ["2-hat-none"] and kiku["track"] == 2
    assert t.prompt.actor == "kyuzo" and t.prompt.kind == "action"


def test_kikuchiyo_may_stop_after_one_fight(table: type[Table]) -> None:
    t = table(["kikuchiyo", "kyuzo"])
    t.do("fight", "tap 3-farm-no-support", "defend", "no")
    assert t.prompt.actor == "kyuzo"


def test_kyuzo_discards_a_duplicate_given_by_heihachi_rulebook_example(table: type[Table]) -> None:
    t = table(["heihachi", "kyuzo"])
    t.arrange(combat={"kyuzo": ["2-hat-none", "4-hat-none", "2-doll-none"]})
    t.do("fight", "tap 2-plain-barricade")
    assert t.prompt.options == ("confront", "kyuzo")
    t.do("kyuzo")
    assert t.prompt.actor == "kyuzo" and t.prompt.options == ("confront", "discard")
    events = t.do("discard")
    assert "Kyuzo's talent: 2-plain-barricade matches" in t.texts(events)
    assert t.view()["stacks"]["discard"] == ["2-plain-barricade"]
    assert t.st.track(t.sam("kyuzo")) == 8


def test_heihachi_support_does_not_help_an_odd_card_rulebook_example(table: type[Table]) -> None:
    t = table(["heihachi", "kyuzo", "daisuke"])
    t.do("support", "kyuzo")
    assert t.view()["samurai"][0]["token_with"] == "kyuzo"
    t.do("pass")
    assert t.sam("kyuzo").passed
    assert t.view()["samurai"][0]["token_with"] == "heihachi"


def test_support_token_lends_heihachis_talent_for_one_turn(table: type[Table]) -> None:
    t = table(["kyuzo", "heihachi", "daisuke"], first="heihachi")
    t.do("support", "kyuzo", "fight", "tap 4-doll-none", "defend")
    assert t.prompt.actor == "kyuzo"
    t.do("fight", "tap 3-hat-none")
    assert t.prompt.options == ("confront", "defend")
    t.do("confront")
    assert t.sam("heihachi").token_holder == "heihachi"
    t.do("pass", "pass", "fight", "tap 4-hat-none")
    assert t.prompt.actor == "kyuzo" and t.prompt.options == ("confront", "defend")


def test_gift_chain_faq_a_receiver_uses_his_own_talent_off_turn(table: type[Table]) -> None:
    t = table(["kyuzo", "heihachi", "daisuke"], first="heihachi")
    t.do("support", "kyuzo", "fight", "tap 4-doll-none", "defend")
    t.do("fight", "tap 2-hat-none")
    assert t.prompt.options == ("confront", "defend", "heihachi", "daisuke")
    t.do("heihachi")
    assert t.prompt.actor == "heihachi" and t.prompt.options == ("confront", "defend", "daisuke")
    t.do("daisuke")
    assert t.prompt.actor == "daisuke"
    t.do("confront")
    assert t.sam("daisuke").combat == ["2-hat-none"]


def test_daisuke_gives_odd_cards_but_not_to_a_passed_neighbour(table: type[Table]) -> None:
    t = table(["daisuke", "kyuzo", "heihachi"], first="kyuzo")
    t.do("pass", "fight", "tap 4-doll-none", "defend")
    t.do("fight", "tap 3-hat-none")
    assert t.prompt.actor == "daisuke" and t.prompt.options == ("confront", "defend", "heihachi")
    t.do("defend")
    t.do("fight", "tap 2-hat-none")
    assert t.prompt.actor == "heihachi"
    assert "daisuke" in t.prompt.options and "kyuzo" not in t.prompt.options


def test_katsushiro_puts_a_card_under_and_must_keep_the_next(table: type[Table]) -> None:
    t = table(["katsushiro", "kyuzo"])
    t.do("fight", "tap 4-hat-none")
    assert "under" in t.prompt.options
    events = t.do("under")
    assert "put 4-hat-none under the Raider stack" in t.texts(events)
    assert t.view()["stacks"]["raider_bottom"] == ["4-hat-none"]
    assert t.prompt.kind == "reveal"
    assert "is elsewhere in the Raider stack" in t.refuse("tap 4-hat-none")
    t.do("tap 3-hat-none")
    assert "under" not in t.prompt.options
    t.do("confront")
    assert t.st.track(t.sam("katsushiro")) == 3
