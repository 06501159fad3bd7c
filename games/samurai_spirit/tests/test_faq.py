"""The rulebook's FAQ answers not covered next to their rules elsewhere."""

from __future__ import annotations

from games.samurai_spirit.tests.spirit_table import Table


def test_stacks_may_be_counted_and_the_discard_pile_seen_at_any_time(table: type[Table]) -> None:
    t = table(["kyuzo", "heihachi", "daisuke"])
    t.do("support", "heihachi", "fight", "tap 4-hat-none", "confront")
    t.arrange(discard=["2-hat-none"])
    stacks = t.view()["stacks"]
    assert stacks["raider"] == 21 - 2 - 1 and stacks["intruder"] == 1
    assert stacks["discard"] == ["2-hat-none"]


def test_no_board_holds_two_wound_tokens(table: type[Table]) -> None:
    t = table(["kyuzo", "heihachi"])
    t.arrange(combat={"heihachi": ["1-hat-wound"]}, wounds={"heihachi": 1})
    t.do("fight", "tap 4-hat-none", "defend")
    heihachi = t.view()["samurai"][1]
    assert heihachi["wounds"] == 2 and not heihachi["wound_token"] and heihachi["face"] == "animal"


def test_an_animal_board_without_a_token_cannot_be_healed_back(table: type[Table]) -> None:
    t = table(["heihachi", "kyuzo", "daisuke"])
    t.arrange(combat={"heihachi": ["4-hat-none", "4-doll-none", "2-hat-none"]},
              wounds={"heihachi": 2, "kyuzo": 2, "daisuke": 3}, barricades=1)
    t.do("fight", "tap 1-doll-none", "confront", "yes")
    assert t.prompt.kind == "kiai-heal" and t.prompt.options == ("daisuke", "no")
    t.do("daisuke")
    assert t.sam("daisuke").face == "animal" and t.sam("daisuke").wounds == 2
    assert t.sam("kyuzo").wounds == 2
