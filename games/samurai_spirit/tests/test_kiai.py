"""Kiai: exact activation, the discarded first card, and all 14 effects."""

from __future__ import annotations

from games.samurai_spirit.tests.spirit_table import Table


def test_kyuzo_kiai_at_nine_rulebook_example(table: type[Table]) -> None:
    t = table(["kyuzo", "heihachi"])
    t.arrange(combat={"kyuzo": ["4-hat-none", "2-hat-none"]})
    events = t.do("fight", "tap 3-hat-none", "confront")
    assert "Kyuzo reaches the Kiai (9) exactly!" in t.texts(events)
    assert t.prompt.kind == "kiai" and t.prompt.options == ("yes", "no")
    events = t.do("no")
    assert "Put Kyuzo's first combat card (4-hat-none) on the discard pile; move the meeple to 5." in t.texts(events)
    assert t.sam("kyuzo").combat == ["2-hat-none", "3-hat-none"]
    assert t.view()["stacks"]["discard"] == ["4-hat-none"]


def test_penalty_draw_reaching_kiai_offers_it_to_the_drawer(table: type[Table]) -> None:
    t = table(["kyuzo", "heihachi"], first="kyuzo")
    t.arrange(combat={"kyuzo": ["4-hat-none", "2-hat-none"], "heihachi": ["3-hat-left-draws"]})
    t.do("fight", "tap 1-doll-none", "defend")
    events = t.do("tap 3-doll-none")
    assert "Kyuzo lays 3-doll-none in the combat line; move the meeple to 9" in t.texts(events)
    assert t.prompt.kind == "kiai" and t.prompt.actor == "kyuzo"
    t.do("no")
    assert t.prompt.actor == "heihachi" and t.prompt.kind == "action"


def _at_kiai(table: type[Table], who: str, line: list[str], last: str, wounds: int = 0,
             others: list[str] | None = None, **arrange: object) -> Table:
    names = [who, *(others or ["kyuzo" if who != "kyuzo" else "heihachi"])]
    t = table(names)
    combat = {who: line, **arrange.pop("combat", {})}  # type: ignore[dict-item]
    t.arrange(combat=combat, wounds={who: wounds}, **arrange)  # type: ignore[arg-type]
    t.do("fight", f"tap {last}", "confront")
    assert t.prompt.kind == "kiai", t.texts()
    return t


def test_effect_is_optional_but_the_first_card_always_goes(table: type[Table]) -> None:
    t = _at_kiai(table, "heihachi", ["4-hat-none", "3-hat-none"], "1-doll-none", barricades=2)
    t.do("no")
    assert t.view()["village"]["barricades"] == 2
    assert t.view()["stacks"]["discard"] == ["4-hat-none"]


def test_heihachi_human_adds_a_barricade_but_never_above_the_start(table: type[Table]) -> None:
    t = _at_kiai(table, "heihachi", ["4-hat-none", "3-hat-none"], "1-doll-none", barricades=2)
    events = t.do("yes")
    assert "Heihachi's Kiai: add one Barricade (3 now)." in t.texts(events)


def test_heihachi_kiai_skipped_when_it_can_do_nothing(table: type[Table]) -> None:
    t = table(["heihachi", "kyuzo"])
    t.arrange(combat={"heihachi": ["4-hat-none", "3-hat-none"]})
    events = t.do("fight", "tap 1-doll-none", "confront")
    assert "Heihachi reaches the Kiai" in t.texts(events)
    assert "first combat card (4-hat-none)" in t.texts(events)
    assert t.prompt.kind == "action" and t.prompt.actor == "kyuzo"


def test_heihachi_animal_adds_a_barricade_and_heals(table: type[Table]) -> None:
    t = table(["heihachi", "kyuzo"])
    t.arrange(combat={"heihachi": ["4-hat-none", "4-doll-none", "2-hat-none"]}, wounds={"heihachi": 2, "kyuzo": 1},
              barricades=1)
    t.do("fight", "tap 1-doll-none", "confront", "yes")
    assert t.prompt.kind == "kiai-heal" and t.prompt.options == ("kyuzo", "no")
    events = t.do("kyuzo")
    assert "remove the Wound token from Kyuzo's board" in t.texts(events)
    assert t.sam("kyuzo").wounds == 0 and t.st.barricades == 2


def test_daisuke_human_moves_a_card_to_another_samurai(table: type[Table]) -> None:
    t = _at_kiai(table, "daisuke", ["4-hat-none", "3-hat-none"], "1-hat-none",
                 combat={"kyuzo": ["2-doll-none"]})
    t.do("yes")
    assert t.prompt.kind == "kiai-source" and t.prompt.options == ("daisuke", "kyuzo")
    events = t.do("kyuzo")
    assert "Only one choice: Daisuke." in t.texts(events), "the only other Samurai is the target"
    assert "move 2-doll-none from Kyuzo's combat line to Daisuke" in t.texts(events)
    assert t.prompt.actor == "daisuke" and t.prompt.kind == "side"
    t.do("confront")
    assert t.sam("daisuke").combat == ["3-hat-none", "1-hat-none", "2-doll-none"]
    assert t.sam("kyuzo").combat == []


def test_daisuke_moves_own_last_card_to_a_samurai_who_defends_it(table: type[Table]) -> None:
    t = _at_kiai(table, "daisuke", ["4-hat-none", "3-hat-none"], "1-doll-none")
    t.do("yes")
    assert t.prompt.actor == "kyuzo" and t.prompt.kind == "side" and t.prompt.options == ("confront", "defend")
    t.do("defend")
    assert t.sam("kyuzo").defence == ["1-doll-none"]
    assert t.sam("daisuke").combat == ["3-hat-none"], "the move, then the first card discarded"


def test_daisuke_animal_may_move_twice(table: type[Table]) -> None:
    t = table(["daisuke", "kyuzo", "heihachi"])
    t.arrange(combat={"daisuke": ["4-hat-none", "4-doll-none", "2-hat-none"], "kyuzo": ["1-hat-none"],
                      "heihachi": ["1-doll-none"]}, wounds={"daisuke": 2})
    t.do("fight", "tap 1-farm-no-support", "confront", "yes")
    t.do("kyuzo", "heihachi", "confront")
    assert t.prompt.kind == "kiai-source" and "no" in t.prompt.options
    t.do("heihachi", "kyuzo", "confront")
    assert t.sam("heihachi").combat == ["1-doll-none"], "Heihachi's last card was the one just moved to him"
    assert t.sam("kyuzo").combat == ["1-hat-none"]


def test_daisuke_move_can_trigger_the_receivers_kiai(table: type[Table]) -> None:
    t = _at_kiai(table, "daisuke", ["4-hat-none", "3-hat-none"], "1-hat-none",
                 combat={"kyuzo": ["4-doll-none", "4-farm-no-support"]})
    t.do("yes", "daisuke")
    events = t.do("confront")
    assert "Kyuzo reaches the Kiai (9) exactly!" in t.texts(events)
    assert t.prompt.kind == "kiai" and t.prompt.actor == "kyuzo"
    t.do("no")
    assert t.sam("kyuzo").combat == ["4-farm-no-support", "1-hat-none"]


def test_gorobei_discards_the_top_raider_cards(table: type[Table]) -> None:
    t = _at_kiai(table, "gorobei", ["4-hat-none", "3-hat-none"], "2-doll-none")
    raider = t.view()["stacks"]["raider"]
    t.do("yes", "tap 1-hat-none", "tap 2-hat-none")
    assert t.view()["stacks"]["discard"][:2] == ["1-hat-none", "2-hat-none"]
    assert t.view()["stacks"]["raider"] == raider - 2


def test_gorobei_animal_discards_three(table: type[Table]) -> None:
    t = _at_kiai(table, "gorobei", ["4-hat-none", "4-doll-none", "2-hat-none"], "2-doll-none", wounds=2)
    t.do("yes", "tap 1-hat-none", "tap 1-doll-none", "tap 3-hat-none")
    assert t.view()["stacks"]["discard"] == ["1-hat-none", "1-doll-none", "3-hat-none", "4-hat-none"]


def test_kanbei_discards_the_top_intruder_cards(table: type[Table]) -> None:
    t = _at_kiai(table, "kanbei", ["4-hat-none", "4-doll-none"], "1-doll-none", intruder=3)
    t.do("yes")
    assert t.prompt.tap == "intruder"
    t.do("tap 1-hat-none", "tap 2-hat-none")
    assert t.view()["stacks"]["intruder"] == 1


def test_kanbei_animal_discards_three_and_kiai_needs_intruders(table: type[Table]) -> None:
    t = _at_kiai(table, "kanbei", ["4-hat-none", "4-doll-none", "3-hat-none"], "1-doll-none", wounds=2, intruder=2)
    t.do("yes", "tap 1-hat-none", "tap 2-hat-none")
    assert t.view()["stacks"]["intruder"] == 0
    empty = table(["kanbei", "kyuzo"])
    empty.arrange(combat={"kanbei": ["4-hat-none", "4-doll-none"]})
    empty.do("fight", "tap 1-doll-none", "confront")
    assert empty.prompt.kind == "action", "no Intruder card: nothing to choose"


def test_kikuchiyo_discards_the_last_card_of_a_line(table: type[Table]) -> None:
    t = _at_kiai(table, "kikuchiyo", ["4-hat-none", "4-doll-none"], "2-doll-none",
                 combat={"kyuzo": ["3-hat-none", "1-hat-none"]})
    t.do("yes", "kyuzo")
    assert t.sam("kyuzo").combat == ["3-hat-none"]
    assert "1-hat-none" in t.view()["stacks"]["discard"]


def test_kikuchiyo_animal_twice(table: type[Table]) -> None:
    t = _at_kiai(table, "kikuchiyo", ["4-hat-none", "4-doll-none", "3-hat-none"], "2-doll-none", wounds=2,
                 combat={"kyuzo": ["3-doll-none", "1-hat-none"]})
    t.do("yes", "kyuzo", "kyuzo")
    assert t.sam("kyuzo").combat == []


def test_kyuzo_kiai_moves_a_support_token(table: type[Table]) -> None:
    t = _at_kiai(table, "kyuzo", ["4-hat-none", "3-hat-none"], "2-doll-none", others=["heihachi", "daisuke"])
    t.do("yes")
    assert t.prompt.kind == "kiai-source"
    t.do("heihachi", "daisuke")
    assert t.sam("heihachi").token_holder == "daisuke"


def test_kyuzo_animal_also_adds_a_barricade(table: type[Table]) -> None:
    t = _at_kiai(table, "kyuzo", ["4-hat-none", "4-doll-none", "2-hat-none"], "2-doll-none", wounds=2,
                 barricades=1)
    t.do("yes", "no")
    assert t.st.barricades == 2


def test_katsushiro_orders_the_top_cards_face_up(table: type[Table]) -> None:
    t = _at_kiai(table, "katsushiro", ["4-hat-none", "4-doll-none"], "2-doll-none")
    t.do("yes", "tap 1-hat-none", "tap 3-hat-none")
    assert t.prompt.kind == "kiai-order" and t.prompt.options == ("1-hat-none", "3-hat-none")
    t.do("3-hat-none")
    assert t.view()["stacks"]["raider_face_up"] == ["3-hat-none", "1-hat-none"]
    t.do("fight")
    assert t.play.possible_taps() == ["3-hat-none"]
    who = t.prompt.actor.capitalize()
    assert t.prompt.text == f"{who}: take the face-up 3-hat-none from the top of the Raider stack and tap it."
    assert t.refuse("tap 2-hat-none") == "The top Raider card is the face-up 3-hat-none: tap that card."


def test_katsushiro_animal_looks_at_three(table: type[Table]) -> None:
    t = _at_kiai(table, "katsushiro", ["4-hat-none", "4-doll-none", "3-hat-none"], "2-doll-none", wounds=2)
    t.do("yes", "tap 1-hat-none", "tap 2-hat-none", "tap 1-doll-none", "2-hat-none", "1-doll-none")
    assert t.view()["stacks"]["raider_face_up"] == ["2-hat-none", "1-doll-none", "1-hat-none"]


KYUZO_NOTE = ("If he were to take a support token for himself during his own turn, then he would have to give it "
              "back after his turn, and thus get no benefit from it.")


def test_a_token_kyuzo_takes_on_his_own_turn_gives_no_benefit(table: type[Table]) -> None:
    """Rulebook, Kyuzo's Kiai, the note (KYUZO_NOTE): Kikuchiyo's token must not give him a second Fight."""
    t = table(["kyuzo", "kikuchiyo", "heihachi"])
    t.arrange(combat={"kyuzo": ["4-hat-none", "2-hat-none"]})
    t.do("fight", "tap 3-hat-none", "confront", "yes")
    assert t.prompt.kind == "kiai-source" and "kikuchiyo" in t.prompt.options
    t.do("kikuchiyo")
    assert t.prompt.kind == "kiai-target" and "kyuzo" in t.prompt.options
    events = t.do("kyuzo")
    texts = t.texts(events)
    assert "Kyuzo's Kiai: hand Kikuchiyo's support token to Kyuzo." in texts
    assert "fight a second time" not in texts and t.prompt.kind != "fight-again"
    assert "Kyuzo hands Kikuchiyo's support token back." in texts
    assert t.prompt.actor == "kikuchiyo" and t.prompt.kind == "action"
    assert t.sam("kikuchiyo").token_holder == "kikuchiyo"


def test_a_token_kyuzo_hands_to_another_samurai_helps_on_that_samurai_s_turn(table: type[Table]) -> None:
    """The note is about one's own turn only: a token handed to the next Samurai gives him its talent."""
    t = table(["kyuzo", "heihachi", "kikuchiyo"])
    t.arrange(combat={"kyuzo": ["4-hat-none", "2-hat-none"]})
    t.do("fight", "tap 3-hat-none", "confront", "yes", "kikuchiyo", "heihachi")
    assert t.prompt.actor == "heihachi" and t.prompt.kind == "action"
    t.do("fight", "tap 1-doll-none", "defend")
    assert t.prompt.kind == "fight-again" and t.prompt.actor == "heihachi"

